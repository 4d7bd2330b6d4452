"""AX307 identifying-link on synthetic papers: an account, page or share is the authors' (an
error when it spells a known author's name, a warning when a surname, an affiliation, the
acknowledgments or the text make it theirs) or someone else's (information); anonymous hosting,
OpenReview, public projects and the references are not flagged."""

from __future__ import annotations

import pytest
from docmaker import paper_with, run_rule

from axiomcheck.model import BBox, LinkTarget, Severity
from axiomcheck.rules.anonymity.links import (IdentifyingLinkOptions, identifying_link, normalise_url,
                                              personal_account)


OWN = None
"""The rule's own severity (warning): the text makes the link the authors'."""


@pytest.mark.parametrize("line, account, severity", [
    ("Code: https://github.com/jdoe/fastprune for all runs.", "jdoe", OWN),
    ("Code is at https://github.com/kroe/sparse-widgets for all runs.", "kroe", OWN),
    ("Complete reproduction package at github.com/kroe/repro-2026 with every script.", "kroe", OWN),
    ("The benchmark is available at https://huggingface.co/datasets/kroe/calib today.", "kroe", OWN),
    ("Our implementation is at https://github.com/jdoe/fastprune today.", "jdoe", OWN),
    ("We release the weights at https://huggingface.co/jdoe/sparse-7b today.", "jdoe", OWN),
    ("The source code is publicly available at gitlab.com/kroe/sparse-tools for everyone.", "kroe", OWN),
    ("Project page: https://jdoe.github.io/fastprune/ for videos.", "jdoe", OWN),
    ("See gitlab.com/kroe/sparse-tools for the kernels.", "kroe", Severity.INFO),
    ("Data at huggingface.co/datasets/jdoe/calib today.", "jdoe", Severity.INFO),
    ("Homepage http://www.cs.tugraz.at/~jdoe/ has more.", "jdoe", Severity.INFO),
    ("Slides: https://drive.google.com/file/d/1AbC/view shared.", "drive.google.com", Severity.INFO),
    ("Our results are in https://www.dropbox.com/s/abc123/results.zip here.", "dropbox.com", Severity.INFO),
])
def test_personal_links_name_the_account_and_say_whose_it_is(line: str, account: str,
                                                             severity: Severity | None) -> None:
    [finding] = run_rule(identifying_link, paper_with(line).build())
    assert f"'{account}'" in finding.message and finding.severity == severity
    assert finding.page == 1 and finding.bbox is not None and finding.evidence


@pytest.mark.parametrize("line", [
    "We fine-tune https://huggingface.co/CarperAI/openai_summarize_tldr_sft with our method.",
    "Training uses the trainer of https://github.com/OpenRLHF/OpenRLHF as is.",
    "Answers are ranked with the reward model huggingface.co/llm-blender/PairRM by default.",
    "We make use of https://github.com/fxsjy/jieba for segmentation.",
])
def test_third_party_repositories_are_information(line: str) -> None:
    [finding] = run_rule(identifying_link, paper_with(line).build())
    assert finding.severity == Severity.INFO and "nothing in the paper ties it to the authors" in finding.message
    assert "someone else" not in finding.message  # it says what it knows, never whose work it is


def test_an_account_that_spells_a_known_author_is_an_error() -> None:
    doc = paper_with("Training uses https://github.com/janedoe/fastprune as is.").build()
    assert run_rule(identifying_link, doc)[0].severity == Severity.INFO
    [finding] = run_rule(identifying_link, doc, authors=("Jane Doe", "Karl Roe"))
    assert finding.severity == Severity.ERROR and "Jane Doe" in finding.message
    [surname] = run_rule(identifying_link, paper_with("Kernels: see https://github.com/rossi-lab/kernels now.").build(),
                         authors=("Karl Rossi",))
    assert surname.severity is None and "surname" in surname.message


def test_an_author_listed_surname_first_is_spelled_given_name_first() -> None:
    doc = paper_with("Training uses https://github.com/jdoe/fastprune as is.").build()
    [finding] = run_rule(identifying_link, doc, authors=("Doe, Jane",))
    assert finding.severity == Severity.ERROR and "'Doe, Jane'" in finding.message


def test_a_short_name_spells_only_a_whole_account() -> None:
    unrelated = paper_with("Rules come from https://github.com/symbolic-ai/rules as is.").build()
    assert run_rule(identifying_link, unrelated, authors=("Bo Li",))[0].severity == Severity.INFO
    own = paper_with("Rules come from https://github.com/boli42/rules as is.").build()
    assert run_rule(identifying_link, own, authors=("Bo Li",))[0].severity == Severity.ERROR
    short = paper_with("Training uses https://github.com/ai/fastprune as is.").build()
    assert run_rule(identifying_link, short, affiliations=("Allen Institute for AI",))[0].severity == Severity.INFO


def test_an_account_named_after_the_affiliation_or_the_acknowledgments_is_the_authors() -> None:
    line = "Training uses https://github.com/tugraz-ml/fastprune as is."
    [finding] = run_rule(identifying_link, paper_with(line).build(), affiliations=("TUGraz ML",))
    assert finding.severity is None and "affiliation" in finding.message
    doc = (paper_with(line).heading("Acknowledgments").sentence("We thank the tugraz-ml group for compute.")
           .build())
    [thanked] = run_rule(identifying_link, doc)
    assert thanked.severity is None and "acknowledgments" in thanked.message


@pytest.mark.parametrize("line", [
    "Code: https://anonymous.4open.science/r/fastprune-3F2A for review.",
    "Reviews at https://openreview.net/forum?id=abc123 are public.",
    "We build on https://github.com/pytorch/pytorch and huggingface.co/docs/transformers here.",
    "Data: https://huggingface.co/datasets/HuggingFaceH4/ultrachat_200k was used.",
    "An OSF link https://osf.io/abcd/?view_only=0123456789 hides the owner.",
    "The file model.pt and config.yaml set e.g. the seed.",
])
def test_anonymous_and_public_links_pass(line: str) -> None:
    assert run_rule(identifying_link, paper_with(line).build()) == []


def test_public_repository_in_the_references_passes() -> None:
    refs = ("[1] A. Paszke et al. PyTorch: An imperative style library. In NeurIPS, 2019. https://github.com/pytorch/",
            "pytorch.")
    assert run_rule(identifying_link, paper_with(refs=refs).build()) == []


def test_personal_repository_in_the_references_is_only_checked_on_request() -> None:
    doc = paper_with(refs=("[1] J. Doe. Fast pruning. 2024. https://github.com/jdoe/fastprune.",)).build()
    assert run_rule(identifying_link, doc) == []
    assert len(run_rule(identifying_link, doc, check_references=True)) == 1


def test_the_allowlists_are_options() -> None:
    doc = paper_with("Code: https://github.com/jdoe/fastprune for all runs.").build()
    assert run_rule(identifying_link, doc, public_accounts=("jdoe",)) == []


def test_a_url_cut_at_a_line_end_is_joined() -> None:
    paper = paper_with("Our code is at https://github.com/", "jdoe/fastprune today.")
    [finding] = run_rule(identifying_link, paper.build())
    assert finding.evidence == "github.com/jdoe/fastprune"


def test_a_link_target_behind_other_text_is_found() -> None:
    doc = paper_with("Our code is available here for everyone.").with_metadata(
        links=(LinkTarget(page=1, uri="https://github.com/jdoe/fastprune", bbox=BBox(300, 240, 330, 250)),))
    [finding] = run_rule(identifying_link, doc.build())
    assert finding.evidence == "github.com/jdoe/fastprune"


def test_an_account_is_reported_once() -> None:
    doc = paper_with("Code https://github.com/jdoe/a and", "also https://github.com/jdoe/b here.").build()
    assert len(run_rule(identifying_link, doc)) == 1


def test_url_helpers() -> None:
    assert normalise_url("https://www.GitHub.com/jdoe/x).") == "github.com/jdoe/x"
    assert normalise_url("https://github.com/jdoe/x_(v2)).") == "github.com/jdoe/x_(v2)"
    options = IdentifyingLinkOptions()
    assert personal_account("github.com/jdoe", options) == "jdoe"
    assert personal_account("anonymous-fastprune.github.io/", options) is None
    assert personal_account("github.com/features/copilot", options) is None


def test_an_account_matching_a_printed_email_address_is_a_warning_that_says_so() -> None:
    doc = (paper_with("Code is at https://github.com/janedoe/sparse-widgets for every run.")
           .footnote("Correspondence: jane.doe@nowhere.edu", page=1).build())
    [finding] = run_rule(identifying_link, doc)
    assert finding.severity is None  # the rule's warning
    assert "'janedoe'" in finding.message and "matches the e-mail address 'jane.doe@nowhere.edu' printed on page 1" \
        in finding.message
    quiet = (paper_with("Training uses https://github.com/janedoe/sparse-widgets as is.")
             .footnote("Correspondence: jane.doe@nowhere.edu", page=1).build())
    [unclaimed] = run_rule(identifying_link, quiet)
    assert unclaimed.severity is None and "jane.doe@nowhere.edu" in unclaimed.message


@pytest.mark.parametrize("address, account", [("yang.deng@nus.edu.sg", "dengyang17"), ("jdoe@tugraz.at", "jdoe"),
                                              ("{kroe, jdoe}@tugraz.at", "jdoe")])
def test_an_address_matches_the_ways_an_account_spells_its_person(address: str, account: str) -> None:
    doc = (paper_with(f"Training uses https://github.com/{account}/fastprune as is.")
           .footnote(f"Contact: {address}", page=1).build())
    assert run_rule(identifying_link, doc)[0].severity is None


def test_placeholder_addresses_tie_no_account_to_anyone() -> None:
    doc = (paper_with("Training uses https://github.com/anonymous/fastprune as is.")
           .footnote("Correspondence: anonymous@email.com", page=1).build())
    assert run_rule(identifying_link, doc)[0].severity == Severity.INFO


def test_a_homepage_spelling_a_name_printed_in_the_author_block_is_a_warning() -> None:
    doc = paper_with("More examples are on https://dengyang17.github.io/project for readers.",
                     authors=("Yang Deng1, Wenqiang Lei2", "1National University of Singapore")).build()
    [finding] = run_rule(identifying_link, doc)
    assert finding.severity is None and "'Yang Deng', a name printed in the author block" in finding.message
    anonymous = paper_with("More examples are on https://dengyang17.github.io/project for readers.").build()
    assert run_rule(identifying_link, anonymous)[0].severity == Severity.INFO


def test_the_authors_affiliation_in_the_block_is_no_person() -> None:
    doc = paper_with("See https://github.com/nationaluniversity/tools for the kernels.",
                     authors=("Yang Deng", "National University of Singapore")).build()
    assert run_rule(identifying_link, doc)[0].severity == Severity.INFO
