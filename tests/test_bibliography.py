"""The bibliography: the references section split into entries, each entry's parts, and the
rules that need no reference index, on synthetic pages and entry texts built from the mechanism."""

from __future__ import annotations

import pytest

from axiomcheck.analysis.bibliography import joined
from axiomcheck.analysis.reference_parts import parse
from axiomcheck.model import BBox, EntryPart
from axiomcheck.model.bibliography import doi_is_well_formed, name_key, title_key
from axiomcheck.rules import REGISTRY
from axiomcheck.rules.references import arxiv_problem
from docmaker import LEFT, Paper, run_rule

PART = (EntryPart(1, BBox(108, 100, 504, 110)),)
NUMBERED = [
    ["[1] A. Vaswani, N. Shazeer, and N. Parmar. Attention is all you need. In Advances in Neural",
     "Information Processing Systems, 2017."],
    ["[2] K. He, X. Zhang, S. Ren, and J. Sun. Deep residual learning for image recognition. In",
     "CVPR, pages 770-778, 2016."],
    ["[3] D. P. Kingma and J. Ba. Adam: A method for stochastic optimization. arXiv preprint",
     "arXiv:1412.6980, 2014."],
]
AUTHOR_YEAR = [
    ["Alain, G. and Bengio, Y. Understanding intermediate layers using linear classifier probes.",
     "In ICLR Workshop, 2017."],
    ["Belinkov, Y. Probing classifiers: Promises, shortcomings, and advances. Computational",
     "Linguistics, 48(1):207-219, 2022."],
    ["Burns, C., Ye, H., Klein, D., and Steinhardt, J. Discovering latent knowledge in language",
     "models without supervision. In ICLR, 2023."],
]


def _paper(entries: list[list[str]], indent: float, label_width: float = 0.0, gap: float = 0.0,
           body_lines: int = 20, size: float = 9.0) -> Paper:
    paper = Paper(line_numbers=False).title("Sparse Features").anonymous_authors().abstract(3)
    paper.heading("1 Introduction").text(body_lines).heading("References")
    for entry in entries:
        for index, text in enumerate(entry):
            paper.line(text, size=size, x=LEFT + (0.0 if index == 0 else indent + label_width),
                       space_before=gap if index == 0 else 0.0)
    return paper


def test_a_numbered_list_splits_at_its_labels() -> None:
    bibliography = _paper(NUMBERED, indent=0.0, label_width=16.0).build().bibliography
    assert bibliography.style == "numbered"
    assert [entry.label for entry in bibliography.entries] == ["1", "2", "3"]
    assert bibliography.entries[0].title == "Attention is all you need"
    assert bibliography.entries[2].arxiv_id == "1412.6980"
    assert all(entry.page == 1 and entry.bbox.x0 == pytest.approx(LEFT) for entry in bibliography.entries)


def test_an_author_year_list_splits_at_its_hanging_indent() -> None:
    bibliography = _paper(AUTHOR_YEAR, indent=10.0).build().bibliography
    assert bibliography.style == "hanging"
    assert [entry.surnames[0] for entry in bibliography.entries] == ["Alain", "Belinkov", "Burns"]
    assert bibliography.entries[2].title == "Discovering latent knowledge in language models without supervision"
    assert [entry.year for entry in bibliography.entries] == [2017, 2022, 2023]


def test_a_list_set_apart_by_space_only_splits_at_the_space() -> None:
    bibliography = _paper(AUTHOR_YEAR, indent=0.0, gap=6.0).build().bibliography
    assert bibliography.style == "spaced"
    assert len(bibliography.entries) == len(AUTHOR_YEAR)


def test_an_entry_that_runs_onto_the_next_page_is_one_entry_in_two_parts() -> None:
    words = "editors volume series publisher address month note pages chapter edition organization".split()
    long_entry = ["[3] D. P. Kingma and J. Ba. Adam: A method for stochastic optimization. In Proceedings"] + [
        " ".join(words[n % 11:] + words[:n % 11]) + f" {n}," for n in range(12)] + ["where it ends, 2015."]
    last = ["[4] K. He. Deep residual learning for image recognition. In CVPR, 2016."]
    paper = _paper([*NUMBERED[:2], long_entry, last], indent=0.0, label_width=16.0, body_lines=78)
    entries = paper.build().bibliography.entries
    assert [entry.label for entry in entries] == ["1", "2", "3", "4"]
    assert [part.page for part in entries[2].parts] == [2, 3]
    assert entries[2].text.endswith("where it ends, 2015.") and entries[2].year == 2015


def test_no_references_section_no_entries() -> None:
    doc = Paper().title("A Study").anonymous_authors().abstract(3).heading("1 Introduction").text(10).build()
    assert doc.bibliography.entries == () and doc.bibliography.heading_page is None


def test_line_ends_are_joined_as_printed() -> None:
    assert joined(["a self-super-", "vised method"]) == "a self-supervised method"
    assert joined(["URL https://github.com/meta-llama/llama3/", "blob/main/MODEL_CARD.md."]) == \
        "URL https://github.com/meta-llama/llama3/blob/main/MODEL_CARD.md."
    assert joined(["doi: 10.18653/v1/2022.", "emnlp-main.26."]) == "doi: 10.18653/v1/2022.emnlp-main.26."
    assert joined(["Systems, 2017. DOI: 10.", "1109/3477.752799."]) == "Systems, 2017. DOI: 10.1109/3477.752799."
    assert joined(["see https://example.org/x.", "In Proceedings"]) == "see https://example.org/x. In Proceedings"


@pytest.mark.parametrize(("text", "surnames", "title", "year"), [
    ("Guy W. Bemis and Mark A. Murcko. The properties of known drugs. Journal of Medicinal Chemistry, 1996.",
     ("Bemis", "Murcko"), "The properties of known drugs", 1996),
    ("Aakanksha Chowdhery, Sharan Narang, and 48 others. 2022. PaLM: Scaling language modeling with pathways. "
     "Preprint, arXiv:2204.02311.", ("Chowdhery", "Narang"), "PaLM: Scaling language modeling with pathways", 2022),
    ("Brown, B. et al. (2024). Large language monkeys: Scaling inference compute. arXiv:2407.21787.",
     ("Brown",), "Large language monkeys: Scaling inference compute", 2024),
    ("L. Ruiz, F. Gama, and A. Ribeiro, “Gated graph convolutional recurrent neural networks,” in EUSIPCO, 2019.",
     ("Ruiz", "Gama", "Ribeiro"), "Gated graph convolutional recurrent neural networks", 2019),
    ("Arreche, O., Guntur, T.R., Abdallah, M.: E-xai: Evaluating black-box explainable AI. Springer (2024)",
     ("Arreche", "Guntur", "Abdallah"), "E-xai: Evaluating black-box explainable AI", 2024),
    ("J. Devlin, M.-W. Chang, K. Lee, and K. Toutanova. BERT: Pre-training of deep bidirectional transformers. "
     "In NAACL, 2019.", ("Devlin", "Chang", "Lee", "Toutanova"), "BERT: Pre-training of deep bidirectional "
                                                                   "transformers", 2019),
    ("Scho\u00a8lkopf, B. and Smola, A. J. Learning with Kernels. MIT Press, 2002.", ("Scholkopf", "Smola"),
     "Learning with Kernels", 2002),
])
def test_an_entry_gives_its_authors_title_and_year(text: str, surnames: tuple[str, ...], title: str,
                                                  year: int) -> None:
    entry = parse(1, None, text, PART)
    assert entry.surnames == surnames
    assert entry.title == title
    assert entry.year == year


def test_identifiers_are_read_in_their_printed_forms() -> None:
    entry = parse(1, "4", "M. Valko. A paradigm. CoRR, abs/2310.12036, 2023. doi: https://doi.org/10.1016/"
                           "j.neuro.2020.107506. URL https://arxiv.org/abs/2310.12036v2.", PART)
    assert entry.arxiv_id == "2310.12036"
    assert entry.doi == "10.1016/j.neuro.2020.107506"
    assert entry.url == "https://doi.org/10.1016/j.neuro.2020.107506"
    assert parse(1, None, "X. Y. Old work. arXiv:hep-th/9901001, 1999.", PART).arxiv_id == "hep-th/9901001"
    assert parse(1, None, "X. Y. Encoded. https://doi.org/10.1088%2F1741-2552%2Fab6040.", PART).doi == \
        "10.1088/1741-2552/ab6040"


def test_titles_and_names_compare_without_case_accents_ligatures_hyphens_or_latex() -> None:
    assert title_key("{BERT}: Pre-training of Deep Bidirectional Transformers") == \
        title_key("BERT: pretraining of deep bidirectional transformers")
    assert title_key("Dropout: preventing over\ufb01tting") == title_key("Dropout: Preventing Overfitting")
    assert title_key("\\emph{Über} lernende Systeme") == title_key("Uber Lernende Systeme")
    assert name_key("Müller") == name_key("M\\\"uller") == name_key("MULLER") == "muller"
    assert name_key("Kıcıman") == name_key("Kiciman")


@pytest.mark.parametrize(("identifier", "made", "problem"), [
    ("1706.03762", None, None),
    ("2401.12345", (2024, 3), None),
    ("1213.6203", None, "names month 13"),
    ("2006.1123", None, "has 4 digits after the dot; ids of 2020-06 have 5"),
    ("1404.12345", None, "has 5 digits after the dot; ids of 2014-04 have 4"),
    ("1503.09792", None, None),
    ("1503.09800", None, "is past the 9,792 submissions arXiv received in any month up to 2015-03"),
    ("2310.00000", None, "is numbered 0 (arXiv numbers the papers of a month from 1)"),
    ("2405.01234", (2024, 3), "dates from 2024-05, after this PDF was made (2024-03)"),
    ("0612.1234", None, "has the form arXiv used from April 2007, not in 2006-12"),
    ("hep-th/9901001", None, None),
    ("24011.2345", None, "has no arXiv form (YYMM.NNNNN, or archive/YYMMNNN before 2007)"),
])
def test_arxiv_ids_that_cannot_exist(identifier: str, made: tuple[int, int] | None, problem: str | None) -> None:
    assert arxiv_problem(identifier, made) == problem


def test_doi_syntax() -> None:
    assert doi_is_well_formed("10.1145/3368089.3409704")
    assert doi_is_well_formed("10.18653/v1/2022.emnlp-main.26")
    assert not doi_is_well_formed("10.1145")
    assert not doi_is_well_formed("10.12/abc")
    assert not doi_is_well_formed("11.1234/abc")


def _references(*entries: list[str], body: list[str] = (), info: dict[str, str] | None = None) -> Paper:
    paper = Paper(line_numbers=False, info=dict(info or {})).title("Sparse Features").anonymous_authors().abstract(3)
    paper.heading("1 Introduction")
    for text in body:
        paper.line(text)
    paper.text(10).heading("References")
    for entry in entries:
        for index, text in enumerate(entry):
            paper.line(text, size=9.0, x=LEFT + (0.0 if index == 0 else 16.0))
    return paper


def test_a_number_cited_past_the_list_is_reported() -> None:
    body = ["As [1] and [2, 3] show, and [2-3] agree, the gain holds [4] in general."]
    findings = run_rule(REGISTRY["citation-beyond-list"], _references(*NUMBERED, body=body).build())
    assert [f.message for f in findings] == ["The text cites [4], but the reference list has 3 entries (page 1 ends "
                                             "it)."]
    assert findings[0].page == 1 and findings[0].bbox is not None


def test_intervals_and_a_paper_that_does_not_cite_by_number_are_no_citations() -> None:
    body = ["Weights in [0, 1] and [1, 100] are scaled; as [1] shows, [2] and [3] agree."]
    assert run_rule(REGISTRY["citation-beyond-list"], _references(*NUMBERED, body=body).build()) == []
    assert run_rule(REGISTRY["citation-beyond-list"], _references(*NUMBERED, body=["See [5]."]).build()) == []


def test_a_work_listed_twice_is_reported_with_both_entries() -> None:
    again = ["[4] A. Vaswani, N. Shazeer, and N. Parmar. Attention Is All You Need. arXiv:1706.03762, 2017."]
    findings = run_rule(REGISTRY["duplicate-reference"], _references(*NUMBERED, again).build())
    assert len(findings) == 1 and findings[0].message.startswith("Entries [1] and [4] are the same work")
    assert findings[0].regions and findings[0].regions[0].page == 1


def test_impossible_arxiv_ids_and_malformed_dois_are_reported() -> None:
    entries = (["[1] A. B. One. A title of one work. arXiv:2006.1123, 2020."],
               ["[2] C. D. Two. A title of another work. arXiv:2405.01234, 2024."],
               ["[3] E. F. Three. A third title. Journal, 2019. doi: 10.1145"],
               ["[4] G. H. Four. A fourth title. Journal, 2019. doi: 10.1145/3368089.3409704"])
    doc = _references(*entries, info={"CreationDate": "D:20240315120000Z"}).build()
    assert [f.message for f in run_rule(REGISTRY["impossible-arxiv-id"], doc)] == [
        "Entry [1] gives the arXiv id 2006.1123, which has 4 digits after the dot; ids of 2020-06 have 5.",
        "Entry [2] gives the arXiv id 2405.01234, which dates from 2024-05, after this PDF was made (2024-03)."]
    assert [f.message for f in run_rule(REGISTRY["malformed-doi"], doc)] == [
        "Entry [3] gives the DOI '10.1145', which is not a DOI (10.NNNN/suffix)."]


def test_an_empty_references_section_is_reported_at_its_heading() -> None:
    doc = Paper().title("A Study").anonymous_authors().abstract(3).heading("1 Introduction").text(10) \
        .heading("References").heading("A Appendix").text(5).build()
    findings = run_rule(REGISTRY["empty-references"], doc)
    assert [f.message for f in findings] == ["The references section (page 1) lists no reference."]
    assert run_rule(REGISTRY["empty-references"], _references(*NUMBERED).build()) == []
