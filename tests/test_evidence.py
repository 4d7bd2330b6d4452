"""Evidence pictures (`check --evidence DIR`): one PNG per finding with a box, named in the
finding's `evidence_image`, showing the page with the box drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from PIL import Image

from axiomcheck.packs import resolve
from axiomcheck.pdf.render import BOX_COLOUR, SCALE
from axiomcheck.api import check_path
from axiomcheck.reporters.evidence import attach_evidence, with_evidence
from axiomcheck.model import BBox, RegionKind, Severity
from axiomcheck.report import Finding
from axiomcheck.codec import to_json
from conftest import FIXTURES

WHITE_SENTENCE = "these hidden words are printed in white ink"


def _tiny_pdf(path: Path) -> Path:
    """A one-page US Letter PDF: a visible line and a white sentence 300 pt from the top."""
    content = (b"BT /F1 10 Tf 108 700 Td (A visible line of ordinary body text.) Tj ET\n"
               b"1 1 1 rg BT /F1 10 Tf 108 492 Td (" + WHITE_SENTENCE.encode() + b") Tj ET\n")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
        b"/Contents 4 0 R >>",
        b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"endstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    data = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(data))
        data += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(data)
    data += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    data += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    data += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(data))
    return path


def test_findings_with_a_box_get_a_picture_of_their_page(tmp_path: Path) -> None:
    pdf = _tiny_pdf(tmp_path / "tiny.pdf")
    checked = check_path(str(pdf), resolve("axiom-2026", "paper", "submission"))
    result = with_evidence(checked, str(tmp_path / "evidence"))
    findings = result.findings
    hidden = next(f for f in findings if f.name == "hidden-text")
    assert WHITE_SENTENCE in hidden.message and hidden.bbox is not None
    for finding in findings:
        assert (finding.evidence_image is not None) == (finding.bbox is not None and finding.page is not None)
    picture = Path(hidden.evidence_image)
    assert picture.parent == tmp_path / "evidence" and picture.name.startswith("tiny-")
    assert picture.name.endswith(f"-{hidden.rule}-p1.png")
    assert to_json(hidden)["evidence_image"] == str(picture)
    with Image.open(picture) as image:
        assert image.width == round(612 * SCALE) and image.height > round(792 * SCALE)  # the legend is under the page
        x0, y0, x1, y1 = (round(v * SCALE) for v in hidden.bbox)
        left_edge = [image.getpixel((x, (y0 + y1) // 2)) for x in range(x0 - 8, x0 + 2)]
        assert BOX_COLOUR in left_edge, "the box is drawn just outside the finding's bbox"


def test_findings_without_a_box_are_left_alone(tmp_path: Path) -> None:
    pdf = _tiny_pdf(tmp_path / "tiny.pdf")
    plain = Finding(rule="AX104", name="page-count", severity=Severity.ERROR, message="m", hint="h", page=1)
    assert attach_evidence(str(pdf), [plain], str(tmp_path / "none")) == [plain]
    assert not (tmp_path / "none").exists()
    assert "evidence_image" not in to_json(plain)


def _legend_band(image: Image.Image) -> Image.Image:
    return image.crop((0, round(792 * SCALE) + 1, image.width, image.height))


def test_the_page_limit_picture_marks_the_limit_and_shades_the_overflow(tmp_path: Path) -> None:
    pdf = FIXTURES / "over-limit.pdf"
    result = with_evidence(check_path(str(pdf), resolve("axiom-2026", "paper", "submission")), str(tmp_path))
    [limit] = [f for f in result.findings if f.name == "page-limit"]
    kinds = {region.kind for region in limit.regions}
    assert kinds == {RegionKind.LIMIT, RegionKind.SHADE} and all(region.page == 5 for region in limit.regions)
    assert to_json(limit)["regions"] == [{"page": r.page, "bbox": list(r.bbox), "kind": r.kind.value}
                                          for r in limit.regions]
    [shade] = [region.bbox for region in limit.regions if region.kind == RegionKind.SHADE]
    assert shade[1] < 100 and 250 < shade[3] < 300  # the body text above References, 30% down page 5
    with Image.open(limit.evidence_image) as image:
        rgb = image.convert("RGB")
        x, y = round((shade[0] + 10) * SCALE), round((shade[1] + shade[3]) / 2 * SCALE)
        inside = [rgb.getpixel((x + dx, y)) for dx in range(0, 200, 5)]
        assert any(r > g + 20 and r > 200 for r, g, _ in inside), "the overflow is shaded red"
        below = rgb.getpixel((x, round((shade[3] + 120) * SCALE)))
        assert below[0] - below[1] < 20, "the references below are not shaded"
        legend = _legend_band(rgb)
        assert legend.convert("L").getextrema()[0] < 100, "a legend is printed"


def test_a_box_off_the_page_is_shown_on_the_edge_it_lies_beyond(tmp_path: Path) -> None:
    pdf = _tiny_pdf(tmp_path / "tiny.pdf")
    off = Finding(rule="AX401", name="hidden-text", severity=Severity.ERROR, message="m", hint="h", page=1,
                  bbox=BBox(700.0, 300.0, 900.0, 310.0))
    [drawn] = attach_evidence(str(pdf), [off], str(tmp_path / "off"))
    with Image.open(drawn.evidence_image) as image:
        rgb = image.convert("RGB")
        edge = [rgb.getpixel((rgb.width - 3, round(y * SCALE))) for y in range(300, 311, 2)]
        assert all(pixel == BOX_COLOUR for pixel in edge), "a bar on the right edge at the box's height"
        assert rgb.getpixel((rgb.width - 3, round(500 * SCALE))) != BOX_COLOUR


@pytest.mark.slow
def test_every_error_with_a_page_has_a_box_and_a_picture_on_the_fixtures(tmp_path: Path) -> None:
    missing = []
    for sidecar in sorted(FIXTURES.glob("*.expected.yaml")):
        spec = yaml.safe_load(sidecar.read_text(encoding="utf-8"))
        pdf = sidecar.with_name(sidecar.name.removesuffix(".expected.yaml") + ".pdf")
        for run in spec.get("checks", []):
            pack = resolve(run["venue"], run["track"], run["stage"])
            result = with_evidence(check_path(str(pdf), pack), str(tmp_path))
            missing += [(pdf.name, run["stage"], f.rule, f.message) for f in result.findings
                        if f.severity == "error" and f.page is not None
                        and (f.bbox is None or f.evidence_image is None or not Path(f.evidence_image).is_file())]
    assert missing == []


def test_a_legend_never_draws_an_empty_box_for_a_character_its_font_lacks() -> None:
    from PIL import ImageFont

    from axiomcheck.pdf.render import drawable

    font = ImageFont.load_default()
    if not isinstance(font, ImageFont.FreeTypeFont):
        pytest.skip("Pillow before 10.1 draws legends in a Latin-1 bitmap font")
    text = drawable("Müller – naïve ≥ 3 → 中 “ok”", font)
    assert text.startswith("Muller - naive >= 3 -> ") and "中" not in text
    missing = font.getmask("\U0010fffd")
    assert all(c.isascii() or bytes(font.getmask(c)) != bytes(missing) for c in text)
