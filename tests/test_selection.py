"""--select / --ignore / --extend-select over a resolved pack, as ruff users expect them."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.packs import Selection, SelectionError, resolve
from conftest import FIXTURES


def ids(pack) -> list[str]:
    return [c.rule.id for c in pack.rules]


def select_rules(pack, select=None, ignore=(), extend_select=()):
    """`pack` resolved again with a selection: selection is an input of resolution."""
    return resolve(pack.venue, pack.track, pack.stage, Selection.of(select, ignore, extend_select))


@pytest.fixture(scope="module")
def pack():
    return resolve("axiom-2026", "paper", "submission")


def test_no_selector_keeps_the_pack(pack) -> None:
    assert select_rules(pack) == pack


def test_select_prefix_keeps_only_that_group_of_the_pack(pack) -> None:
    chosen = ids(select_rules(pack, ["AX3"]))
    assert chosen and all(i.startswith("AX3") for i in chosen)
    assert set(chosen) == {i for i in ids(pack) if i.startswith("AX3")}


def test_more_specific_selector_wins_either_way(pack) -> None:
    assert "AX302" not in ids(select_rules(pack, ["AX3"], ignore=["AX302"]))
    assert ids(select_rules(pack, ["AX302"], ignore=["AX3"])) == ["AX302"]
    kept = ids(select_rules(pack, None, ignore=["AX3", "email-address"]))
    assert not any(i.startswith("AX3") for i in kept) and "AX101" in kept


def test_ignore_wins_a_tie_and_names_work(pack) -> None:
    assert "AX101" not in ids(select_rules(pack, ["page-limit"], ignore=["AX101"]))
    assert ids(select_rules(pack, ["page-limit,page-size"])) == ["AX101", "AX103"]


def test_extend_select_adds_a_rule_the_pack_leaves_out_with_defaults(pack) -> None:
    missing = next(i for i in ("AX102", "AX104", "AX211", "AX310", "AX311") if i not in ids(pack))
    extended = select_rules(pack, None, extend_select=[missing])
    assert set(ids(extended)) == set(ids(pack)) | {missing}
    # a prefix never pulls in rules the pack does not run for this track and stage
    assert missing not in ids(select_rules(pack, None, extend_select=[missing[:3]]))


def test_a_group_as_axiomcheck_rules_lists_it_selects_the_packs_rules_of_that_group(pack) -> None:
    chosen = ids(select_rules(pack, ["anonymity"]))
    assert chosen and set(chosen) == {c.rule.id for c in pack.rules if c.rule.group == "anonymity"}
    assert ids(select_rules(pack, ["Anonymity"], ignore=["email-address"])) == [i for i in chosen if i != "AX302"]
    assert "AX302" in ids(select_rules(pack, ["AX302"], ignore=["anonymity"]))  # an exact id beats a group


def test_all_selects_the_whole_pack(pack) -> None:
    assert ids(select_rules(pack, ["ALL"])) == ids(pack)


@pytest.mark.parametrize("selector, message", [("AX8", "no rule id, name, id prefix or group"),
                                               ("AX901", "verdict"), ("input", "verdict"), ("page-limt", "no rule"),
                                               ("AX950", "no rule id, name, id prefix or group 'AX950'")])
def test_unknown_selectors_are_refused_clearly(pack, selector: str, message: str) -> None:
    with pytest.raises(SelectionError, match=message):
        select_rules(pack, [selector])


def test_check_command_takes_the_selection() -> None:
    long = str(FIXTURES / "over-limit.pdf")
    runner = CliRunner()
    failing = runner.invoke(main, ["check", long, "--venue", "axiom-2026"])
    assert failing.exit_code == 1 and "AX101" in failing.output
    ignored = runner.invoke(main, ["check", long, "--venue", "axiom-2026", "--ignore", "page-limit"])
    assert "AX101" not in ignored.output
    bad = runner.invoke(main, ["check", long, "--venue", "axiom-2026", "--select", "AX8"])
    assert bad.exit_code == 2 and "AX8" in bad.output


def test_a_rule_added_by_select_reads_its_options_from_the_packs_template() -> None:
    poster = resolve("axiom-2026", "poster")
    added = {c.rule.name: c.options for c in select_rules(poster, ["text-block", "leading", "body-font-family"]).rules}
    paper = {c.rule.name: c.options for c in resolve("axiom-2026", "paper").rules}
    assert added["text-block"] == paper["text-block"] and added["leading"] == paper["leading"]
    assert added["body-font-family"].families and "Times" in added["body-font-family"].families
