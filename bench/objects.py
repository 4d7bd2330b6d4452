"""Fonts and link targets as PDFium reads them against qpdf's reading, file by file.

    python bench/objects.py [PDF ...]      # default: fixtures/*.pdf and the corpus papers

Fonts are compared as the rules read them: the names of the fonts that are not embedded or
are Type 3 (`rules` differ when these differ; exit code 1), then with the pages each is drawn
on (`pages` differ: qpdf counts a font on every page whose resources list it, PDFium on the
pages that draw it). Links are compared by page, target and box (to 0.1 pt, as reports print
it). Files where PDFium cannot describe a font are counted: their list comes from qpdf.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from axiomcheck.model import BBox, LinkTarget  # noqa: E402
from axiomcheck.pdf import objects  # noqa: E402
from axiomcheck.pdf.pdfium_objects import FontReader, fonts_complete, merge_fonts, page_links  # noqa: E402


def _qpdf_links(reader: Any) -> list[LinkTarget]:
    """URI link annotations as qpdf reads them (the reference PDFium's reading is held to)."""
    found: list[LinkTarget] = []
    for number, page in enumerate(reader.pdf.pages, start=1):
        height = float(max(page.cropbox[1], page.cropbox[3]))
        for annotation in page.obj.get("/Annots", ()):
            action = annotation.get("/A")
            uri = action.get("/URI") if action is not None else None
            if uri is not None:
                x0, y0, x1, y1 = (float(v) for v in annotation.get("/Rect"))
                found.append(LinkTarget(page=number, uri=str(uri), bbox=BBox(
                    min(x0, x1), height - max(y0, y1), max(x0, x1), height - min(y0, y1))))
    return found


def _rule_fonts(fonts: list, pages: bool) -> list:
    return [(f.name, f.pages if pages else ()) for f in fonts if not f.embedded or f.subtype == "Type3"]


def _links_key(links: list) -> list:
    return sorted((link.page, link.uri, list(link.bbox.rounded()) if link.bbox else None) for link in links)


def compare(path: Path) -> list[str]:
    import pypdfium2 as pdfium

    reader = objects.open_reader(str(path))
    old_fonts, old_links = objects.read_fonts(reader).fonts, _qpdf_links(reader)
    pdf = pdfium.PdfDocument(str(path))
    reader, fonts, links = FontReader(), [], []
    for index in range(len(pdf)):
        page = pdf[index]
        fonts.append((index + 1, reader.page_fonts(page.raw)))
        links += page_links(pdf.raw, page.raw, index + 1, page.get_cropbox()[3])
        page.close()
    pdf.close()
    problems = []
    if not fonts_complete(f for _, f in fonts):
        problems.append("  (fonts PDFium cannot describe: qpdf's list is used)")
    else:
        for level, pages in (("rules", False), ("pages", True)):
            old, new = _rule_fonts(old_fonts, pages), _rule_fonts(merge_fonts(fonts), pages)
            if old != new:
                problems.append(f"  fonts ({level}) qpdf {old}\n  fonts ({level}) pdfium {new}")
                break
    if _links_key(links) != _links_key(old_links):
        problems.append(f"  links qpdf  {_links_key(old_links)}\n  links pdfium {_links_key(links)}")
    return problems


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "fixtures").glob("*.pdf")) + sorted(
        (ROOT.parent / "shared" / "corpus" / "papers" / "pdfs").glob("*.pdf"))
    differ = fallback = 0
    for path in paths:
        problems = compare(path)
        real = [p for p in problems if not p.startswith(("  (", "  fonts (pages)"))]
        fallback += len(problems) > len(real)
        if problems:
            print(path.name, *problems, sep="\n")
        differ += bool(real)
    print(f"{len(paths)} files: {differ} differ in fonts (rules) or links, {fallback} need qpdf for their fonts")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
