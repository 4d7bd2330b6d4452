"""How packs switch rules on and scope them: configuring is not enabling, tracks that list the
rules they run, the template a pack names, and the poster track that checks a poster."""

from __future__ import annotations

from pathlib import Path

import pytest

from axiomcheck.api import check_file
from axiomcheck.packs import PackError, resolve, validate_pack
from pdfbuild import pdf_file, stream

A1_POINTS = (1683.78, 2383.94)


def _pack(tmp_path: Path, text: str, name: str = "child.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _names(venue: str, track: str, stage: str) -> set[str]:
    return {c.rule.name for c in resolve(venue, track, stage).rules}


def test_a_childs_option_change_never_enables_a_rule(tmp_path: Path) -> None:
    """The base runs identifying-link only on paper submissions; a child that changes its options
    must not switch it on for the camera-ready or the poster."""
    child = _pack(tmp_path, """
pack: child
extends: axiom-2026
rules:
  identifying-link: {anonymous: ['anonymous\\.4open\\.science\\b', 'myhost\\.example\\b']}
""")
    for track, stage in (("poster", "submission"), ("poster", "camera-ready"), ("paper", "camera-ready")):
        assert "identifying-link" not in _names("axiom-2026", track, stage)
        assert "identifying-link" not in _names(child, track, stage), (track, stage)
    submission = {c.rule.name: c for c in resolve(child, "paper", "submission").rules}
    assert "myhost\\.example\\b" in submission["identifying-link"].options.anonymous


def test_a_child_enables_explicitly_and_in_its_own_tracks(tmp_path: Path) -> None:
    child = _pack(tmp_path, """
pack: child
extends: axiom-2026
stages:
  camera-ready:
    enable: [identifying-link]
tracks:
  short:
    description: two pages
    rules:
      page-limit: {main_body_pages: 2}
""")
    assert "identifying-link" in _names(child, "paper", "camera-ready")
    assert "identifying-link" not in _names(child, "poster", "camera-ready")  # the poster lists what it runs
    short = {c.rule.name: c for c in resolve(child, "short", "submission").rules}
    assert short["page-limit"].options.main_body_pages == 2


def test_the_poster_track_runs_only_what_it_lists(tmp_path: Path) -> None:
    assert _names("axiom-2026", "poster", "submission") == {"page-size", "page-count"}
    child = _pack(tmp_path, """
pack: child
extends: axiom-2026
rules:
  hidden-text: {allow: [watermark]}
  reviewer-prompt: {enabled: true}
""")
    assert _names(child, "poster", "camera-ready") == {"page-size", "page-count"}


def _poster(width: float, height: float, pages: int = 1) -> bytes:
    """A drawing tool's poster: Helvetica, not embedded, one big title."""
    kids = b" ".join(b"%d 0 R" % (4 + 2 * i) for i in range(pages))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for index in range(pages):
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /Font << /F1 3 0 R >> >> "
                       b"/Contents %d 0 R >>" % (width, height, 5 + 2 * index))
        objects.append(stream(b"BT /F1 72 Tf 100 2200 Td (Sparse Features Under a Budget) Tj ET "
                              b"BT /F1 28 Tf 100 2000 Td (Results, methods and a QR code to the paper.) Tj ET"))
    return pdf_file(objects)


@pytest.mark.parametrize("size,pages,errors", [
    (A1_POINTS, 1, []),
    ((1729.13, 2551.18), 1, []),                       # 61 x 90 cm
    ((A1_POINTS[1], A1_POINTS[0]), 1, ["AX103"]),       # landscape
    ((612, 792), 1, ["AX103"]),                         # a paper page, not a poster
    (A1_POINTS, 2, ["AX104"]),
])
def test_a_poster_is_checked_as_a_poster(tmp_path: Path, size: tuple[float, float], pages: int,
                                         errors: list[str]) -> None:
    path = tmp_path / "poster.pdf"
    path.write_bytes(_poster(*size, pages=pages))
    for stage in ("submission", "camera-ready"):
        result = check_file(str(path), "axiom-2026", "poster", stage).files[0]
        assert sorted({f.rule for f in result.findings if f.severity == "error"}) == errors, result.findings
        assert result.status == ("pass" if not errors else "fail")


def test_packs_name_a_template_instead_of_its_numbers() -> None:
    paper = {c.rule.name: c.options for c in resolve("axiom-2026", "paper", "submission").rules}
    assert resolve("axiom-2026", "paper", "submission").template == "neurips-2026"
    assert (paper["text-block"].left, paper["text-block"].bottom) == (108.0, 720.0)
    assert paper["template-notice"].expected.startswith("Submitted to 40th Conference")
    camera = {c.rule.name: c.options for c in resolve("axiom-2026", "paper", "camera-ready").rules}
    assert camera["template-notice"].expected.endswith("Workshop: AXIOM Foundations of Efficient Deep Learning.")
    assert (camera["template-notice"].mode, camera["template-notice"].track) == ("final", "workshop")


@pytest.mark.parametrize("text,words", [
    ("pack: x\ntemplate: neurips-2031\ntracks: {paper: {rules: {text-block: {}}}}\n",
     ["no template named 'neurips-2031'", "neurips-2026"]),
    ("pack: x\ntracks: {paper: {rules: {leading: {}}}}\n", ["leading", "names no template", "template:"]),
    ("pack: x\ntemplate: acl\ntracks: {paper: {rules: {columns: {applies_to: [cvpr]}}}}\n",
     ["unknown template family 'cvpr'", "acl, iclr, icml, neurips"]),
    ("pack: x\ntracks: {paper: {only: [page-size, nope]}}\n", ["`only:` names an unknown rule 'nope'"]),
    ("pack: x\ntemplate: neurips-2026\ntracks: {paper: {rules: {template-notice: {notice: final-workshp}}}}\n",
     ["neurips-2026 has no 'notices.final-workshp'", "final-workshop"]),
    ("pack: x\ntracks: {paper: {rules: {template-family: {}}}}\n", ["template-family", "names no template"]),
])
def test_template_mistakes_in_a_pack_name_the_fix(tmp_path: Path, text: str, words: list[str]) -> None:
    with pytest.raises(PackError) as caught:
        validate_pack(_pack(tmp_path, text, "pack.yaml"))
    for word in words:
        assert word in str(caught.value)


def test_an_unknown_track_names_the_pack_not_a_path() -> None:
    with pytest.raises(PackError) as caught:
        resolve("axiom-2026", "foo")
    assert str(caught.value).startswith("axiom-2026 has no track 'foo'; tracks: paper, grand-challenge, poster.")
    assert "site-packages" not in str(caught.value) and "/" not in str(caught.value).split(" Fix:")[0]


def test_a_pack_may_name_a_template_file_of_its_own(tmp_path: Path) -> None:
    (tmp_path / "mystyle-2026.yaml").write_text(
        "template: mystyle-2026\nextends: neurips-2026\nyear: 2026\nfamily: mystyle\nfamily_label: My Style\n"
        "text_block: {left: 72.0, right: 540.0, top: 72.0, bottom: 720.0, tolerance: 6.0}\n", encoding="utf-8")
    pack = _pack(tmp_path, "pack: mine\ntemplate: mystyle-2026.yaml\ntracks: {paper: {rules: {text-block: {}, "
                           "template-family: {}, leading: {tolerance: 1.0}}}}\n", "mine.yaml")
    rules = {c.rule.name: c.options for c in resolve(pack, "paper").rules}
    assert (rules["text-block"].left, rules["text-block"].right) == (72.0, 540.0)
    assert (rules["template-family"].expected, rules["template-family"].label) == ("mystyle-2026", "My Style 2026")
    assert (rules["leading"].leading, rules["leading"].tolerance) == (11.0, 1.0)  # the pack's option wins


def test_a_mistake_in_a_packs_own_template_file_names_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mystyle-2026.yaml").write_text(
        "template: mystyle-2026\nextends: neurips-2026\nyear: 2026\npage: b5\n", encoding="utf-8")
    _pack(tmp_path, "pack: mine\ntemplate: mystyle-2026.yaml\ntracks: {paper: {rules: {text-block: {}}}}\n",
          "mine.yaml")
    monkeypatch.chdir(tmp_path)  # the pack named from its own folder, as a user types it
    with pytest.raises(PackError) as caught:
        resolve("mine.yaml", "paper")
    assert "mystyle-2026.yaml:4" in str(caught.value) and "b5" in str(caught.value)


def test_a_notice_text_whose_braces_nothing_fills_is_a_pack_error(tmp_path: Path) -> None:
    """The workshop notice names {workshop_title}: a pack that asks for it without the title is
    refused when it is loaded, at the rule's line, instead of expecting the braces in papers."""
    pack = _pack(tmp_path, "pack: x\ntemplate: neurips-2026\ntracks:\n  paper:\n    rules:\n"
                           "      template-notice: {notice: final-workshop}\n", "pack.yaml")
    with pytest.raises(PackError) as caught:
        resolve(pack, "paper")
    error = caught.value
    assert (error.path, error.line) == (pack, 6)
    assert "{workshop_title}" in error.problem and "neurips-2026.yaml:" in error.problem
    assert "`workshop_title:`" in error.fix
    filled = _pack(tmp_path, "pack: y\ntemplate: neurips-2026\ntracks:\n  paper:\n    rules:\n"
                             "      template-notice: {notice: final-workshop, workshop_title: Tiny ML}\n", "ok.yaml")
    [notice] = [c.options for c in resolve(filled, "paper").rules if c.rule.name == "template-notice"]
    assert notice.expected.endswith("Workshop: Tiny ML.")


def test_a_schema_mistake_names_the_key_it_is_at(tmp_path: Path) -> None:
    pack = _pack(tmp_path, "pack: x\ntracks:\n  paper:\n    rules:\n      page-limit: {main_body_pages: many}\n")
    with pytest.raises(PackError) as caught:
        validate_pack(pack)
    assert caught.value.key == "tracks.paper.rules.page-limit.main_body_pages" and caught.value.line == 5
