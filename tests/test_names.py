"""Person names as every rule compares them (`rules._names`): one table of how a listed name
may be printed, and how text is cleaned and folded with its offsets kept."""

from __future__ import annotations

import pytest

from axiomcheck.rules._names import account_forms, clean, fold, name_patterns, name_words, squash

NAME_CASES = [
    # listed name, printed text, with initials, matched
    ("Jane Doe", "Jane Doe", False, True),
    ("Jane Doe", "JANE DOE", False, True),
    ("Jane Doe", "jane\ndoe", False, True),
    ("Jane Doe", "Jane Q. Doe", False, True),
    ("Jane Doe", "Jane Doe1", False, True),
    ("Jane Doe", "Jane Doe∗", False, True),
    ("Jane Doe", "Jane Doerr", True, False),
    ("Jane Doe", "John Doe", True, False),
    ("Jane Doe", "Janet Doe", True, False),
    ("Jane Doe", "J. Doe", True, True),
    ("Jane Doe", "J. Doe", False, False),
    ("Jane Doe", "J Doe", True, True),
    ("Jane Doe", "Doe, Jane", True, True),
    ("Jane Doe", "Doe, Jane", False, False),
    ("Jane Doe", "Doe, J.", True, True),
    ("Jane Doe", "Doe, Jo", True, False),
    ("Doe, Jane", "Jane Doe", False, True),
    ("Doe, Jane", "J. Doe", True, True),
    ("Jean-Pierre Dupont", "Jean-Pierre Dupont", False, True),
    ("Jean-Pierre Dupont", "Jean Pierre Dupont", False, True),
    ("Jean-Pierre Dupont", "Jeanpierre Dupont", False, True),
    ("Jean-Pierre Dupont", "J.-P. Dupont", True, True),
    ("Jean-Pierre Dupont", "J. P. Dupont", True, True),
    ("Jean-Pierre Dupont", "JP Dupont", True, True),
    ("Jean-Pierre Dupont", "Jean-Paul Dupont", True, False),
    ("Anna Smith-Jones", "Anna Smith Jones", False, True),
    ("Jan van der Berg", "Jan van der Berg", False, True),
    ("Jan van der Berg", "Jan Van Der Berg", False, True),
    ("Jan van der Berg", "J. v. d. Berg", True, True),
    ("Jan van der Berg", "van der Berg, Jan", True, True),
    ("Jan van der Berg", "Jan Bergman", True, False),
    ("María de la Cruz", "Maria de la Cruz", False, True),
    ("Jürgen Müller", "Jürgen Müller", False, True),
    ("Jürgen Müller", "Jurgen Muller", False, True),
    ("Jürgen Müller", "Juergen Mueller", False, True),
    ("Jürgen Mueller", "Jürgen Müller", False, True),
    ("Jürgen Müller", "J\u00a8 urgen M\u00a8 uller", False, True),
    ("Søren Kierkegaard", "Soren Kierkegaard", False, True),
    ("Søren Kierkegaard", "Soeren Kierkegaard", False, True),
    ("Anna Groß", "Anna Gross", False, True),
    ("Anna Gross", "Anna Groß", False, True),
    ("Zoë Ćorić", "Zoe Coric", False, True),
    ("Łukasz Nowak", "Lukasz Nowak", False, True),
    ("Carlo D'Eramo", "Carlo D\u2019Eramo", False, True),
    ("Carlo D'Eramo", "Carlo DEramo", False, True),
    ("Ana Fischer", "Ana \ufb01scher", False, True),
    ("Ana Fischer", "Ana Fi\ufb01scher", False, False),
    ("Fiona Lee", "\ufb01ona Lee", False, True),
]


@pytest.mark.parametrize("listed, printed, initials, matched", NAME_CASES)
def test_a_listed_name_as_printed(listed: str, printed: str, initials: bool, matched: bool) -> None:
    pattern = name_patterns(listed).any_form(initials)
    assert bool(pattern.search(fold(printed).text)) is matched


def test_a_one_word_name_has_no_short_forms() -> None:
    patterns = name_patterns("Müller")
    assert patterns.initial is None and patterns.reversed is None
    assert patterns.full.search(fold("Prof. Mueller").text)
    with pytest.raises(ValueError):
        name_patterns(" , ")


def test_name_words_put_the_given_name_first() -> None:
    assert name_words("Doe, Jane Q.") == ["jane", "q", "doe"]
    assert name_words("Jean-Pierre  Dupont") == ["jean-pierre", "dupont"]


@pytest.mark.parametrize("text, cleaned", [
    ("Zo\u00a8e M\u00a8 uller-L \u00a8 udenscheidt \u00a8", "Zoe Muller-Ludenscheidt "),
    ("Garc\u00b4\u0131a Bj\u00f8rn \ufb01sher", "Garcia Bjorn fisher"),
    ("Groß \u2013 Æsir", "Gross - AEsir"),
    ("plain ascii", "plain ascii"),
])
def test_clean(text: str, cleaned: str) -> None:
    assert clean(text) == cleaned


@pytest.mark.parametrize("text", ["Jürgen Müller", "ﬁsh Ø and Groß", "M\u00a8 uller, J\u00a8 urgen", "ascii only",
                                  "a\u00a0b\u2019c"])
def test_fold_maps_every_character_back(text: str) -> None:
    folded = fold(text)
    for start in range(len(folded.text)):
        for end in range(start + 1, len(folded.text) + 1):
            first, last = folded.span(start, end)
            assert 0 <= first < last <= len(text)
            assert clean(text[first:last]).lower().strip() != "" or folded.text[start:end].strip() == ""


def test_fold_locates_a_name_in_the_original_text() -> None:
    text = "Thanks to Jürgen Müller and Groß."
    folded = fold(text)
    match = name_patterns("Juergen Mueller").full.search(folded.text)
    assert match is not None
    start, end = folded.span(match.start(), match.end())
    assert text[start:end] == "Jürgen Müller"
    match = name_patterns("Gross").full.search(folded.text)
    assert match is not None and text[slice(*folded.span(match.start(), match.end()))] == "Groß"


def test_account_forms() -> None:
    full, surname = account_forms("Doe, Jane")
    assert {"janedoe", "jdoe", "doejane", "janed"} <= full and surname == set()  # "doe" is too short
    full, surname = account_forms("Jürgen Müller")
    assert "jmuller" in full and surname == {"muller"}
    assert account_forms("Cher") == (set(), set())
    assert squash("Jürgen-Müller 2") == "jurgenmuller2"
