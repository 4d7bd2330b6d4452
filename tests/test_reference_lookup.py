"""Judging bibliography entries against the works a source knows: found, mismatch, not found,
unchecked; the same judgement for the local index and the online services."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from axiomcheck.analysis.reference_parts import parse
from axiomcheck.model import BBox, Bibliography, EntryPart, KnownWork, ReferenceEntry, Verdict
from axiomcheck.model.bibliography import title_key
from axiomcheck.references import ReferenceSettings
from axiomcheck.references.lookup import SourceFailure, check_bibliography, judge
from axiomcheck.references.run import look_up
from conftest import FIXTURES

PART = (EntryPart(3, BBox(108, 100, 504, 120)),)
ATTENTION = KnownWork("Attention Is All You Need", ("Ashish Vaswani", "Noam Shazeer"), 2017,
                      source="dblp journals/corr/VaswaniSPUJGKP17", arxiv_id="1706.03762")
MEMORY = KnownWork("Long Short-Term Memory", ("Sepp Hochreiter", "Jürgen Schmidhuber"), 1997,
                   source="dblp journals/neco/HochreiterS97", doi="10.1162/neco.1997.9.8.1735")
DROPOUT = KnownWork("Dropout: a simple way to prevent neural networks from overfitting",
                    ("Nitish Srivastava", "Geoffrey E. Hinton"), 2014, source="dblp journals/jmlr/SrivastavaHKSS14")


class Known:
    """A source that knows a few works, and can be told to fail."""

    description = "a test source"

    def __init__(self, *works: KnownWork, failing: bool = False) -> None:
        self.works = works
        self.failing = failing
        self.asked = 0

    def prepare(self, entries: Sequence[ReferenceEntry]) -> None:
        return None

    def _answer(self, keep: object) -> list[KnownWork]:
        self.asked += 1
        if self.failing:
            raise SourceFailure("api.example.org could not be reached (Connection refused)")
        return [work for work in self.works if keep(work)]  # type: ignore[operator]

    def by_arxiv(self, arxiv_id: str) -> list[KnownWork]:
        return self._answer(lambda work: work.arxiv_id == arxiv_id)

    def by_doi(self, doi: str) -> list[KnownWork]:
        return self._answer(lambda work: work.doi == doi.lower())

    def by_title(self, title: str) -> list[KnownWork]:
        return self._answer(lambda work: set(title_key(title)[:8]) <= set(title_key(work.title)))


def _entry(text: str, number: int = 1) -> ReferenceEntry:
    return parse(number, str(number), text, PART)


def test_an_entry_printed_otherwise_is_still_found() -> None:
    printed = ("A. Vaswani, N. Shazeer, N. Parmar, et al. Attention is all you need. In Advances in Neural Information "
               "Processing Systems, 2017.")
    assert judge(_entry(printed), Known(ATTENTION)).verdict is Verdict.FOUND
    accented = "S. Hochreiter and J. Schmidhüber. LONG SHORT-TERM MEMORY. Neural Computation, 9(8), 1997."
    assert judge(_entry(accented), Known(MEMORY)).verdict is Verdict.FOUND
    ligature = ("N. Srivastava and G. Hinton. Dropout: A simple way to prevent neural networks from "
                "over\ufb01tting. 2014.")
    assert judge(_entry(ligature), Known(DROPOUT)).verdict is Verdict.FOUND
    hyphenated = "N. Srivastava et al. Drop-out: A simple way to prevent neural net-works from overfitting. JMLR, 2014."
    assert judge(_entry(hyphenated), Known(DROPOUT)).verdict is Verdict.FOUND


def test_a_preprint_a_year_before_its_proceedings_is_found() -> None:
    assert judge(_entry("A. Vaswani and N. Shazeer. Attention is all you need. In NeurIPS, 2018."),
                 Known(ATTENTION)).verdict is Verdict.FOUND


def test_other_authors_or_another_year_are_a_mismatch_naming_the_work() -> None:
    other = judge(_entry("J. Smith and K. Lee. Attention is all you need. In NeurIPS, 2017."), Known(ATTENTION))
    assert other.verdict is Verdict.MISMATCH
    assert other.reason == ("the title is known by other authors, 'Attention Is All You Need' (Ashish Vaswani et al., "
                            "2017)")
    late = judge(_entry("A. Vaswani and N. Shazeer. Attention is all you need. In NeurIPS, 2021."), Known(ATTENTION))
    assert late.verdict is Verdict.MISMATCH and "another year" in late.reason


def test_an_identifier_of_another_work_is_a_mismatch() -> None:
    wrong_id = judge(_entry("T. B. Brown et al. Language models are few-shot learners. NeurIPS, 2020. "
                            "arXiv:1706.03762."), Known(ATTENTION))
    assert wrong_id.verdict is Verdict.MISMATCH and wrong_id.work == ATTENTION
    assert wrong_id.reason.startswith("its arXiv id 1706.03762 names another work, 'Attention Is All You Need'")
    wrong_doi = judge(_entry("A. B. Other. Some other title entirely. 1997. doi: 10.1162/neco.1997.9.8.1735"),
                      Known(MEMORY))
    assert wrong_doi.verdict is Verdict.MISMATCH and "DOI 10.1162/neco.1997.9.8.1735" in wrong_doi.reason
    right = judge(_entry("A. Vaswani. Attention is all you need. arXiv:1706.03762, 2017."), Known(ATTENTION))
    assert right.verdict is Verdict.FOUND


def test_an_unknown_work_is_not_found_and_one_without_title_is_unchecked() -> None:
    fabricated = judge(_entry("M. Albrecht and T. Okonkwo. Quantum gradient folding for sparse transformer "
                              "distillation. In NeurIPS, 2023."), Known(ATTENTION, MEMORY))
    assert fabricated.verdict is Verdict.NOT_FOUND
    assert judge(_entry(""), Known(ATTENTION)).verdict is Verdict.UNCHECKED


def test_a_source_that_fails_leaves_the_rest_unchecked_with_its_reason() -> None:
    entries = tuple(_entry(f"A. Vaswani. Attention is all you need. 2017. Copy {n}.", n) for n in range(1, 4))
    check = check_bibliography(Bibliography(entries=entries, style="numbered"), Known(ATTENTION, failing=True), 30)
    assert {lookup.verdict for lookup in check.lookups} == {Verdict.UNCHECKED}
    assert check.lookups[0].reason == "api.example.org could not be reached (Connection refused)"


def test_the_time_given_to_looking_up_is_kept() -> None:
    entries = tuple(_entry(f"A. Vaswani. Attention is all you need. 2017. Copy {n}.", n) for n in range(1, 4))
    ticks = iter([0.0, 0.0, 5.0, 50.0, 50.0])
    check = check_bibliography(Bibliography(entries=entries, style="numbered"), Known(ATTENTION), 10.0,
                               now=lambda: next(ticks))
    assert [lookup.verdict for lookup in check.lookups] == [Verdict.FOUND, Verdict.FOUND, Verdict.UNCHECKED]
    assert check.lookups[2].reason == "the 10 s given to looking references up ran out"


def test_a_missing_index_file_makes_the_check_unchecked_not_an_error(tmp_path: Path) -> None:
    bibliography = Bibliography(entries=(_entry("A. Vaswani. Attention is all you need. 2017."),), style="numbered")
    check = look_up(bibliography, ReferenceSettings(index=str(tmp_path / "gone.sqlite")), 10)
    assert check.unchecked is not None and "no such reference index" in check.unchecked


def test_the_local_index_answers_the_fixture_bibliography(tmp_path: Path) -> None:
    from axiomcheck.analysis.paper import open_document
    from axiomcheck.references.build import build_index

    database = str(tmp_path / "refs.sqlite")
    build_index([str(FIXTURES / "references" / "dblp-sample.xml"), str(FIXTURES / "references" / "venue-sample.bib")],
                database)
    with open_document(str(FIXTURES / "references-fabricated.pdf")) as doc:
        check = look_up(doc.bibliography, ReferenceSettings(index=database), 10)
    assert check.source == "the index refs.sqlite (13 works)"
    assert [lookup.verdict.value for lookup in check.lookups] == ["found"] * 6 + ["not found", "mismatch", "found"]


def test_a_title_that_holds_a_known_title_and_more_is_another_work() -> None:
    extended = judge(_entry("A. Vaswani and N. Shazeer. Attention is all you need revisited: quantum folding for "
                            "transformers. In NeurIPS, 2023."), Known(ATTENTION))
    assert extended.verdict is Verdict.NOT_FOUND
    with_year = judge(_entry("A. Vaswani and N. Shazeer. Attention is all you need, 2017."), Known(ATTENTION))
    assert with_year.verdict is Verdict.FOUND
    cut_short = judge(_entry("S. Hochreiter. Long short-term. Memory and more. 1997."), Known(MEMORY))
    assert cut_short.verdict is Verdict.FOUND
