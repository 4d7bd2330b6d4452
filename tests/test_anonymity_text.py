"""AX302 e-mail, AX303 ORCID/phone, AX306 acknowledgments, AX308 self-reference and AX311
leftover anonymization on synthetic papers: failing cases and false-positive guards."""

from __future__ import annotations

import pytest
from docmaker import CAMERA_READY_NOTICE, SUBMITTED_NOTICE, Paper, run_rule

from axiomcheck.model import BBox, LinkTarget, Severity
from axiomcheck.rules._text import sentence_around
from axiomcheck.rules.anonymity.acknowledgments import visible_acknowledgments
from axiomcheck.rules.anonymity.contact import email_address, orcid_valid, personal_identifier
from axiomcheck.rules.anonymity.institutions import named_institution
from axiomcheck.rules.anonymity.wording import leftover_anonymization, self_reference


def paper(*body: str, refs: tuple[str, ...] = (), authors: tuple[str, ...] | None = None,
          notice: str = SUBMITTED_NOTICE, after_body: tuple[str, ...] = ()) -> Paper:
    """A short paper: `body` lines inside the introduction, `after_body` headings/lines before the
    references (a line starting with '#' is a heading), then `refs`."""
    start = Paper().title("Sparse Features Under a Budget")
    start = start.anonymous_authors() if authors is None else start.authors(*authors)
    result = start.abstract(4).notice(notice).heading("1 Introduction").text(8)
    for line in body:
        result.sentence("The filler above ends here.").sentence(line)
    result.sentence("Filler follows.").text(4)
    for line in after_body:
        result.heading(line[1:]) if line.startswith("#") else result.sentence(line)
    result.heading("References")
    for line in refs or ("[1] J. Frankle and M. Carbin. The lottery ticket hypothesis. In ICLR, 2019.",):
        result.sentence(line, size=8.97)
    return result


# -- AX302 email-address -------------------------------------------------------------------
def test_email_in_the_body_is_a_warning_with_page_box_and_evidence() -> None:
    doc = paper("The data are available on request from m.keller@fastprune-lab.org for anyone.").build()
    [finding] = run_rule(email_address, doc)
    assert finding.severity is None  # the rule's default: warning
    assert finding.page == 1 and finding.bbox is not None
    assert "m.keller@fastprune-lab.org" in finding.message and "on request" in finding.evidence


def test_email_in_the_author_block_is_an_error() -> None:
    doc = paper(authors=("Anonymous Author(s)", "jane.doe@tugraz.at")).build()
    [finding] = run_rule(email_address, doc)
    assert finding.severity is Severity.ERROR and "author area" in finding.message


@pytest.mark.parametrize("address", ["anonymous@email.com", "anon.email@domain.com", "first1.last1@xxx.edu"])
def test_a_placeholder_address_in_the_author_block_names_nobody(address: str) -> None:
    assert run_rule(email_address, paper(authors=("Anonymous Author(s)", address)).build()) == []


def test_email_in_a_page_one_footnote_is_an_error() -> None:
    doc = paper().footnote("∗Corresponding author: jane.doe@tugraz.at", page=1).build()
    [finding] = run_rule(email_address, doc)
    assert finding.severity is Severity.ERROR


@pytest.mark.parametrize("line", [
    "Every address was replaced by user@example.com or someone@example.org before training.",
    "The e-mail and E-mail fields and any email header were dropped.",
    "Authors are listed as Full Name <email@domain.com> in the template.",
    "ICML prints Anonymous Author <anon.email@domain.com> in review mode.",
    "Write to anonymous@email.com or author1@institution.edu during the review.",
])
def test_placeholder_addresses_and_the_word_email_are_not_flagged(line: str) -> None:
    assert run_rule(email_address, paper(line).build()) == []


@pytest.mark.parametrize("line, address", [
    ("Contact: {jdoe, kroe}@tugraz.at for the data.", "{jdoe, kroe}@tugraz.at"),
    ("Contact: jdoe{at}tugraz.at for the data.", "jdoe{at}tugraz.at"),
])
def test_address_lists_and_obfuscated_addresses_are_found(line: str, address: str) -> None:
    [finding] = run_rule(email_address, paper(line).build())
    assert address in finding.message


def test_a_hidden_mailto_link_is_found() -> None:
    doc = paper("Write to the corresponding author for the data.").with_metadata(
        links=(LinkTarget(page=1, uri="mailto:jane.doe@tugraz.at", bbox=BBox(108, 250, 200, 260)),)).build()
    [finding] = run_rule(email_address, doc)
    assert "jane.doe@tugraz.at" in finding.message


def test_the_same_address_is_reported_once() -> None:
    doc = paper("Mail a@tugraz.at for data.", "Mail a@tugraz.at for code.").build()
    assert len(run_rule(email_address, doc)) == 1


# -- AX303 personal-identifier ----------------------------------------------------------------
def test_orcid_check_digit() -> None:
    assert orcid_valid("0000-0002-1825-0097") and orcid_valid("0000-0002-9079-593X")
    assert not orcid_valid("0000-0002-1825-0098")


def test_orcid_and_phone_are_errors() -> None:
    doc = paper("Write to the first author (ORCID iD 0000-0002-1825-0097, phone +43 316 873 4567).").build()
    findings = run_rule(personal_identifier, doc)
    assert ["ORCID" in f.message for f in findings] == [True, False]
    assert "+43 316 873 4567" in findings[1].message


def test_phone_after_a_keyword_is_found() -> None:
    [finding] = run_rule(personal_identifier, paper("Questions: Tel. (0316) 873-4567 on weekdays.").build())
    assert "873-4567" in finding.message


@pytest.mark.parametrize("line", [
    "Accuracy rose from 71.2 to +3.4 points and the loss fell by +0.25 on 2015 2016 2017 2018 data.",
    "A serial number 1234-5678-9012-3456 is not an ORCID iD.",
    "Mobile devices grew 1.2x per year between 2015 and 2020.",
])
def test_numbers_that_are_not_identifiers_pass(line: str) -> None:
    assert run_rule(personal_identifier, paper(line).build()) == []


# -- AX306 visible-acknowledgments ------------------------------------------------------------
def test_a_visible_acknowledgments_section_is_an_error() -> None:
    doc = paper(after_body=("#Acknowledgments", "We thank Mara Lindqvist for discussions on curvature.")).build()
    [finding] = run_rule(visible_acknowledgments, doc)
    assert "Acknowledgments" in finding.message and "Mara Lindqvist" in finding.evidence
    assert finding.bbox is not None


@pytest.mark.parametrize("heading", ["#Acknowledgements", "#Funding", "#Acknowledgments and Disclosure of Funding"])
def test_every_spelling_of_the_heading_is_found(heading: str) -> None:
    doc = paper(after_body=(heading, "This work was funded by a national science agency.")).build()
    assert len(run_rule(visible_acknowledgments, doc)) == 1


def test_the_templates_instruction_text_is_not_a_leak() -> None:
    doc = paper(after_body=("#Acknowledgments", "Use unnumbered third level headings for the acknowledgments.",
                            "Do not include acknowledgments in the anonymized submission, only in the final paper.")
                ).build()
    assert run_rule(visible_acknowledgments, doc) == []


def test_a_grant_number_outside_an_acknowledgments_section_is_an_error() -> None:
    doc = paper("This work was supported by the Austrian Science Fund (FWF) under grant P 36512.").build()
    [finding] = run_rule(visible_acknowledgments, doc)
    assert "P 36512" in finding.message and "Austrian Science Fund" in finding.evidence


@pytest.mark.parametrize("line", [
    "We thank the reviewers of an earlier version for their comments.",
    "The project in 2023 grew to 1000 users.",
    "The award 2019 went to a different method entirely.",
])
def test_text_without_funding_passes(line: str) -> None:
    assert run_rule(visible_acknowledgments, paper(line).build()) == []


# -- AX308 self-reference ---------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "In our previous work [12], we showed that the spectrum stabilizes early.",
    "As we showed in [3], the spectrum stabilizes early in training.",
    "This extends our prior work on curvature to quantization.",
    "We previously proposed a curvature estimate for pruning.",
    "Our method [4] is extended here to quantized models.",
])
def test_self_references_are_warnings_quoting_the_sentence(line: str) -> None:
    [finding] = run_rule(self_reference, paper(line).build())
    assert finding.evidence.startswith(line.split()[0]) and finding.bbox is not None


@pytest.mark.parametrize("line", [
    "As we showed in Section 3, the spectrum stabilizes early in training.",
    "Doe et al. [12] showed that the spectrum stabilizes early.",
    "That is, use “In the previous work of Jones et al. [4],” not “In our previous work [4].”",
    "We previously showed in Figure 2 that pruning is cheap.",
])
def test_third_person_and_in_paper_references_pass(line: str) -> None:
    assert run_rule(self_reference, paper(line).build()) == []


def test_self_reference_wording_in_the_references_is_ignored() -> None:
    doc = paper(refs=("[1] J. Doe. Extending our previous work on pruning. In ICML, 2024.",)).build()
    assert run_rule(self_reference, doc) == []


# -- AX311 leftover-anonymization ---------------------------------------------------------------
def camera_ready(*body: str, refs: tuple[str, ...] = (), after_body: tuple[str, ...] = ()) -> Paper:
    return paper(*body, refs=refs, after_body=after_body, authors=("Jane Doe", "Graz University of Technology"),
                 notice=CAMERA_READY_NOTICE)


def test_anonymous_link_citation_and_reference_are_warnings() -> None:
    doc = camera_ready("Code is at https://anonymous.4open.science/r/fastprune-3F2A and follows",
                       "Anonymous (2026) for the layer-wise estimate.",
                       refs=("[9] Anonymous. Curvature-aware pruning at scale. Under review, 2026.",)).build()
    findings = run_rule(leftover_anonymization, doc, stage="camera-ready")
    assert [f.message.split("'")[1] for f in findings] == [
        "https://anonymous.4open.science/r/fastprune-3F2A", "Anonymous (2026)", "[9] Anonymous"]


def test_anonymized_markers_are_warnings_once() -> None:
    doc = camera_ready("We publish all code at [anonymized for review].").build()
    [finding] = run_rule(leftover_anonymization, doc, stage="camera-ready")
    assert finding.evidence == "We publish all code at [anonymized for review]."


def test_thanking_the_anonymous_reviewers_and_acknowledgments_pass() -> None:
    doc = camera_ready(after_body=("#Acknowledgments", "We thank the anonymous reviewers for their comments.",
                                   "This work was supported by the FWF under grant P 36512.")).build()
    assert run_rule(leftover_anonymization, doc, stage="camera-ready") == []


# -- text scanning ------------------------------------------------------------------------------
def test_regions_follow_the_headings_and_footnotes_follow_the_text_above() -> None:
    doc = paper(after_body=("Text that cites a repository.",) * 60).footnote("1https://github.com/jdoe/x").build()
    assert doc.page_count == 2 and doc.sections.references.page == 2
    regions = [(passage.region, passage.text) for passage in doc.text.passages]
    assert [region for region, _ in regions] == ["title", "authors", "abstract", "body", "references", "body"]
    assert "Anonymous Author(s)" in regions[1][1] and regions[-1][1] == "1https://github.com/jdoe/x"


def test_sentence_around_skips_abbreviations() -> None:
    text = "First one. See Fig. 2 and Doe et al. for details, e.g. here. Last one."
    assert sentence_around(text, text.index("Doe"), text.index("Doe") + 3) == \
        "See Fig. 2 and Doe et al. for details, e.g. here."


def test_an_orcid_badge_link_is_found() -> None:
    doc = paper("Jane Doe is the corresponding author.").with_metadata(
        links=(LinkTarget(page=1, uri="https://orcid.org/0000-0002-1825-0097", bbox=BBox(108, 250, 118, 260)),))
    [finding] = run_rule(personal_identifier, doc.build())
    assert "0000-0002-1825-0097" in finding.message and finding.page == 1


def test_a_hidden_anonymous_link_in_a_camera_ready_is_found() -> None:
    doc = camera_ready("Our code is available here for everyone.").with_metadata(
        links=(LinkTarget(page=1, uri="https://anonymous.4open.science/r/x-1", bbox=BBox(300, 240, 330, 250)),))
    [finding] = run_rule(leftover_anonymization, doc.build(), stage="camera-ready")
    assert finding.evidence == "https://anonymous.4open.science/r/x-1 (link target)"


@pytest.mark.parametrize("withheld", ["[Redacted for anonymous review.]", "Omitted for anonymity.",
                                      "Acknowledgments will be added in the camera-ready version."])
def test_acknowledgments_that_withhold_their_content_are_information(withheld: str) -> None:
    doc = paper(after_body=("#Acknowledgments", withheld)).build()
    [finding] = run_rule(visible_acknowledgments, doc)
    assert finding.severity == Severity.INFO and "withheld" in finding.message and finding.bbox is not None


def test_a_withheld_section_followed_by_other_text_acknowledges_nobody() -> None:
    """A run-in "Acknowledgments." whose note withholds the thanks and whose paragraph goes on
    about the supplementary material (the text of a real NeurIPS submission)."""
    doc = paper(after_body=("#Acknowledgments", "[Redacted for anonymous review.] An anonymized reproduction package "
                            "(code, benchmark, and analysis scripts) is included with this submission; full "
                            "activation data and model outputs will be released publicly upon acceptance.")).build()
    [finding] = run_rule(visible_acknowledgments, doc)
    assert finding.severity == Severity.INFO
    assert finding.message == \
        "The acknowledgments on page 1 are withheld for review: '[Redacted for anonymous review.]'."


def test_a_withholding_note_next_to_thanks_is_still_a_leak() -> None:
    doc = paper(after_body=("#Acknowledgments", "[Redacted for anonymous review.] We are grateful to the Vienna "
                            "Scientific Cluster for compute.")).build()
    [finding] = run_rule(visible_acknowledgments, doc)
    assert finding.severity is None


@pytest.mark.parametrize("line, said", [
    ("We build on the approach implemented at Adarga (who were funding this work) for entity linking.",
     "who were funding this work"),
    ("This research was partially supported by Adarga Ltd and the Alan Turing Institute.",
     "This research was partially supported by"),
    ("We gratefully acknowledge Adarga for funding and for access to their annotation tools.",
     "We gratefully acknowledge Adarga for funding"),
    ("Funding for this work was provided by the Leverhulme Trust.", "Funding for this work was provided by"),
])
def test_a_funder_named_in_prose_is_an_error(line: str, said: str) -> None:
    [finding] = run_rule(visible_acknowledgments, paper(line).build())
    assert finding.severity is None and f"('{said}')" in finding.message and finding.bbox is not None


@pytest.mark.parametrize("line", [
    "Public agencies funded 40 percent of the projects in the dataset we study.",
    "The support of the distribution is compact, which the proof below needs.",
    "Researchers who were funding their own studies reported smaller effects.",
])
def test_funding_as_a_topic_is_not_a_funding_statement(line: str) -> None:
    assert run_rule(visible_acknowledgments, paper(line).build()) == []


def test_thanks_that_mention_anonymity_are_still_a_leak() -> None:
    doc = paper(after_body=("#Acknowledgments", "We thank Mara Lindqvist, whose comments on an anonymized draft "
                            "shaped this paper, and the Austrian Science Fund for funding the project over three "
                            "years of work on curvature estimation and its applications.")).build()
    [finding] = run_rule(visible_acknowledgments, doc)
    assert finding.severity is None


# -- AX312 named-institution ---------------------------------------------------------------------
@pytest.mark.parametrize("line, institution", [
    ("All participants were recruited from the University of Memphis student body.", "University of Memphis"),
    ("At the University of Memphis we ran every session in the same room.", "University of Memphis"),
    ("The study was approved by the ethics board at Graz University of Technology.",
     "Graz University of Technology"),
])
def test_an_institution_of_the_authors_or_their_study_is_a_warning(line: str, institution: str) -> None:
    [finding] = run_rule(named_institution, paper(line).build())
    assert f"'{institution}'" in finding.message and finding.severity is None and finding.bbox is not None


@pytest.mark.parametrize("line", [
    "The benchmark was collected by the University of Washington and released publicly.",
    "Smith et al. from Stanford University proposed the original method.",
])
def test_third_person_institutions_are_not_reported(line: str) -> None:
    assert run_rule(named_institution, paper(line).build()) == []


def test_the_organizers_affiliations_are_found_anywhere_but_the_references() -> None:
    doc = paper("The cluster of the Vienna Scientific Cluster was used for every run.",
                refs=("[1] A. Author. A paper from the Institute of Science and Technology Austria. 2020.",)).build()
    [found] = run_rule(named_institution, doc, affiliations=("Vienna Scientific Cluster",))
    assert "Vienna Scientific Cluster" in found.message and found.severity is None
    assert run_rule(named_institution, doc, affiliations=("Institute of Science and Technology Austria",)) == []
    in_block = paper(authors=("Anonymous Author(s)", "Vienna Scientific Cluster")).build()
    [error] = run_rule(named_institution, in_block, affiliations=("Vienna Scientific Cluster",))
    assert error.severity == Severity.ERROR


def test_short_thanks_with_a_word_like_hidden_are_still_a_leak() -> None:
    doc = paper(after_body=("#Acknowledgments", "We thank Mara Lindqvist for the hidden layer probes.")).build()
    [finding] = run_rule(visible_acknowledgments, doc)
    assert finding.severity is None
