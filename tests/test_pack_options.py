"""Option values are checked when a pack loads, not when a paper is checked: a choice outside
its list, a number outside its range, a text that must be a regular expression and is not
one. Each is a `PackError` naming the file, the line, the key and what is allowed, and
through every command that takes a pack (check, batch, serve, inspect) exit 2 with one line,
before any file is read."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest
from click.testing import CliRunner

from axiomcheck.cli import main
from axiomcheck.packs import PackError, validate_pack
from axiomcheck.packs.schema import option_schema
from axiomcheck.rules import REGISTRY
from conftest import FIXTURES

HEAD = "pack: broken\ndefault_track: paper\ntracks:\n  paper:\n    rules:\n"
BROKEN = {
    "regex": (HEAD + "      identifying-link:\n        personal:\n          - 'github\\.com/(?P<account>[\\w.\\-]+)'\n"
                     "          - 'gitlab\\.com/(?P<account'\n", 9,
              ["rule 'identifying-link'", "option 'personal' (item 2)", "not a regular expression", "missing >"]),
    "orientation": (HEAD + "      page-size: {orientation: sideways}\n", 6,
                    ["rule 'page-size'", "option 'orientation'", "'sideways'", "portrait, landscape, any"]),
    "range": (HEAD + "      page-limit:\n        main_body_pages: 0\n", 7,
              ["rule 'page-limit'", "option 'main_body_pages'", "at least 1", "not 0"]),
    "size": (HEAD + "      page-size: {sizes: [letter, legal]}\n", 6,
             ["rule 'page-size'", "option 'sizes'", "'legal'", "letter, a4"]),
    "group": (HEAD + "      named-institution: {prose: 'at (?P<place>\\w+)'}\n", 6,
              ["rule 'named-institution'", "option 'prose'", "(?P<institution>"]),
    "section": (HEAD + "      required-section: {kind: limitation}\n", 6,
                ["rule 'required-section'", "option 'kind'", "'limitation'", "limitations"]),
}


def _pack(tmp_path: Path, case: str) -> Path:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN[case][0], encoding="utf-8")
    return path


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_value_outside_what_the_option_allows_is_refused_at_load(tmp_path: Path, case: str) -> None:
    _, line, words = BROKEN[case]
    path = _pack(tmp_path, case)
    with pytest.raises(PackError) as caught:
        validate_pack(str(path))
    assert (caught.value.path, caught.value.line) == (str(path), line), str(caught.value)
    assert caught.value.key is not None and caught.value.key.startswith("tracks.paper.rules."), caught.value.key
    for word in words:
        assert word in str(caught.value), str(caught.value)


def test_every_default_is_a_value_a_pack_could_write() -> None:
    """Each rule's declared choices, ranges and regular expressions reach the pack schema, and
    its defaults obey them (a default a pack could not write would be the rule's own bug)."""
    from jsonschema import Draft202012Validator

    constrained = 0
    for rule in REGISTRY.values():
        hints = typing.get_type_hints(rule.options)
        defaults = rule.options()
        for field in dataclasses.fields(rule.options):
            schema = option_schema(hints[field.name], field.metadata)
            constrained += any(key in str(schema) for key in ("enum", "minimum", "regex", "pattern"))
            value = getattr(defaults, field.name)
            if value is not None:
                plain = list(value) if isinstance(value, tuple) else value
                Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER).validate(plain)
    assert constrained >= 20


def _cli(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize("case", ["regex", "orientation", "range"])
@pytest.mark.parametrize("command", ["check", "batch", "inspect", "serve"])
def test_every_command_that_takes_a_pack_stops_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       command: str, case: str) -> None:
    monkeypatch.chdir(tmp_path)
    path = _pack(tmp_path, case)
    pdf = str(FIXTURES / "over-limit.pdf")
    db = tmp_path / "results.sqlite"
    args = {"check": ["check", pdf, "--venue", str(path)],
            "batch": ["batch", pdf, "--venue", str(path), "--db", str(db), "--progress", "none"],
            "inspect": ["inspect", pdf, "--venue", str(path)],
            "serve": ["serve", "--venue", str(path), "--port", "9"]}[command]
    result = _cli(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert f"{path}:{BROKEN[case][1]}:" in line and "Fix:" in line, line
    assert not db.exists()  # nothing was stored, so nothing was checked
