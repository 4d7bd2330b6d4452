"""Rule packs: shipped packs load; mistakes name the file, the line, the key and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from axiomcheck.pack_catalog import shipped_packs
from axiomcheck.packs import PackDeprecationWarning, PackError, resolve, validate_pack


def _write(tmp_path: Path, text: str, name: str = "pack.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_packs_load_in_every_track_and_stage() -> None:
    assert "axiom-2026" in shipped_packs()
    for pack in shipped_packs():
        info = validate_pack(pack)
        assert info.tracks and info.stages


def test_axiom_tracks_and_limits() -> None:
    paper = resolve("axiom-2026", "paper")
    assert paper.stage == "submission"
    limits = {c.rule.name: c.options for c in paper.rules}
    assert limits["page-limit"].main_body_pages == 4
    assert "appendix-forbidden" not in limits
    challenge = {c.rule.name: c.options for c in resolve("axiom-2026", "grand-challenge").rules}
    assert challenge["page-limit"].main_body_pages == 1
    assert "appendix-forbidden" in challenge
    poster = {c.rule.name: c.options for c in resolve("axiom-2026", "poster", "camera-ready").rules}
    assert poster["page-size"].sizes == ("a1", "poster-61x90")
    assert poster["page-count"].max_total_pages == 1
    assert "page-limit" not in poster and "anonymous-author-block" not in poster


def test_stage_switches_notice_and_line_numbers() -> None:
    submission = {c.rule.name: c.options for c in resolve("axiom-2026", "paper", "submission").rules}
    camera = {c.rule.name: c.options for c in resolve("axiom-2026", "paper", "camera-ready").rules}
    assert submission["line-numbers"].required and not camera["line-numbers"].required
    assert camera["template-notice"].workshop_title == "AXIOM Foundations of Efficient Deep Learning"
    assert "anonymous-author-block" in submission and "anonymous-author-block" not in camera


def test_extends_merges_rule_by_rule(tmp_path: Path) -> None:
    path = _write(tmp_path, """
pack: my-workshop
extends: axiom-2026
tracks:
  paper:
    rules:
      page-limit: {main_body_pages: 6, severity: warning}
    disable: [line-numbers]
""")
    resolved = resolve(str(path), "paper")
    rules = {c.rule.name: c for c in resolved.rules}
    assert rules["page-limit"].options.main_body_pages == 6
    assert rules["page-limit"].severity.value == "warning"
    assert "line-numbers" not in rules
    assert rules["template-notice"].options.expected.startswith("Submitted to 40th")
    assert resolved.venue == "my-workshop"


@pytest.mark.parametrize("text,line,words", [
    ("pack: x\ntracks:\n  paper:\n    rules:\n      page-limt: {}\n", 5, ["unknown rule 'page-limt'", "page-limit"]),
    ("pack: x\ntracks:\n  paper:\n    rules:\n      page-limit: {max_page: 4}\n", 5,
     ["no option 'max_page'", "main_body_pages"]),
    ("pack: x\ntracks:\n  paper:\n    rules:\n      page-limit:\n        main_body_pages: four\n", 6, ["whole number"]),
    ("pack: x\ntracks:\n  paper:\n    rules:\n      page-limit: {severity: fatal}\n", 5, ["severity"]),
    ("pack: x\ntraks:\n  paper: {}\n", 2, ["unknown key 'traks'", "tracks"]),
    ("pack: x\ntracks:\n  paper:\n    rules: [page-limit]\n", 4, ["must map rule names"]),
    ("pack: x\ntracks:\n  paper:\n    disable: [nope]\n", 4, ["unknown rule 'nope'"]),
    ("pack: x\ntracks:\n  paper: {rules: {page-limit: {main_body_pages: 4}}\n", 4, ["YAML syntax error"]),
    ("pack: x\nmain_body_excludes: [references, footnotes]\ntracks:\n  paper: {}\n", 2, ["section kinds"]),
])
def test_pack_errors_name_file_line_and_fix(tmp_path: Path, text: str, line: int, words: list[str]) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(PackError) as caught:
        validate_pack(str(path))
    error = caught.value
    assert error.path == str(path)
    assert error.line == line, str(error)
    for word in words:
        assert word in str(error)


def test_unknown_venue_track_and_stage() -> None:
    with pytest.raises(PackError, match="no rule pack named"):
        resolve("no-such-venue", "paper")
    with pytest.raises(PackError, match="no track 'workshop'"):
        resolve("axiom-2026", "workshop")
    with pytest.raises(PackError, match="no stage 'final'"):
        resolve("axiom-2026", "paper", "final")


def test_extends_loop_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "pack: a\nextends: b.yaml\ntracks: {paper: {}}\n", "a.yaml")
    _write(tmp_path, "pack: b\nextends: a.yaml\n", "b.yaml")
    with pytest.raises(PackError, match="loops"):
        resolve(str(tmp_path / "a.yaml"), "paper")


def test_a_cached_pack_resolves_as_a_parsed_one_and_an_edit_is_read_again(tmp_path: Path, monkeypatch) -> None:
    from axiomcheck import datacache as cache

    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    pack = tmp_path / "venue.yaml"
    pack.write_text("pack: venue\nextends: axiom-2026\ntracks:\n  paper:\n    rules:\n"
                    "      page-limit: {main_body_pages: 7}\n")
    parsed = resolve(str(pack), "paper")
    assert list((tmp_path / "cache").glob("tree-*.json"))
    assert resolve(str(pack), "paper") == parsed
    monkeypatch.setenv(cache.CACHE_ENV, "off")
    assert resolve(str(pack), "paper") == parsed
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    pack.write_text(pack.read_text().replace("main_body_pages: 7", "main_body_pages: 8\n      bogus: 1"))
    with pytest.raises(PackError) as error:
        resolve(str(pack), "paper")
    assert error.value.line == 7


def test_the_packs_listing_is_cached_until_a_pack_changes(tmp_path: Path, monkeypatch) -> None:
    from axiomcheck import datacache as cache
    from axiomcheck.packs import catalog

    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    first = catalog.validated_info("axiom-2026")
    assert first == validate_pack("axiom-2026")
    monkeypatch.setattr(catalog, "validate_pack", lambda pack_id: pytest.fail("validated again"))
    assert catalog.validated_info("axiom-2026") == first


def test_the_former_page_limit_key_still_works_and_says_its_new_name(tmp_path: Path) -> None:
    path = _write(tmp_path, "pack: old\nextends: axiom-2026\ntracks:\n  paper:\n    rules:\n"
                            "      page-limit: {max_pages: 6}\n      page-count: {max_pages: 9, enabled: true}\n")
    with pytest.warns(PackDeprecationWarning) as caught:
        resolved = resolve(str(path), "paper")
    rules = {c.rule.name: c.options for c in resolved.rules}
    assert rules["page-limit"].main_body_pages == 6 and rules["page-count"].max_total_pages == 9
    assert resolved.main_body_page_limit == 6
    messages = [(str(w.message), w.filename, w.lineno) for w in caught]
    assert ("rule 'page-limit': option 'max_pages' is now called 'main_body_pages'; the old name still works "
            "for now. Fix: Write `main_body_pages:` instead of `max_pages:`.", str(path), 6) in messages
    assert any("'max_total_pages'" in text and line == 7 for text, _, line in messages)


def test_the_page_limit_is_a_fact_of_the_resolved_pack_whatever_the_rule_is_called() -> None:
    assert resolve("axiom-2026", "paper").main_body_page_limit == 4
    assert resolve("axiom-2026", "grand-challenge").main_body_page_limit == 1
    assert resolve("axiom-2026", "poster").main_body_page_limit is None


def test_every_rule_option_can_be_written_in_a_pack() -> None:
    """The pack schema knows the JSON type (or the words) of every option of every rule (a new
    option type needs its JSON type in packs/schema.py first)."""
    import typing

    from axiomcheck.packs.schema import option_schema
    from axiomcheck.rules import REGISTRY

    for rule in REGISTRY.values():
        for name, annotation in typing.get_type_hints(rule.options).items():
            schema = option_schema(annotation)
            assert schema.get("type") or schema.get("enum") or schema.get("then"), f"{rule.name}.{name}"
    with pytest.raises(TypeError, match="cannot be written in a pack"):
        option_schema(dict[str, int])


def test_a_key_left_empty_is_a_key_not_given(tmp_path: Path) -> None:
    path = _write(tmp_path, "pack: x\nextends: axiom-2026\ndisable:\ntracks:\n  paper:\n    rules:\n  poster:\n")
    assert resolve(str(path), "paper").rules == resolve("axiom-2026", "paper").rules
    assert resolve(str(path), "poster").rules == resolve("axiom-2026", "poster").rules
