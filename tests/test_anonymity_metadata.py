"""AX304 metadata-identity and AX305 embedded-path, on synthetic metadata and on a small PDF
whose figure and image objects carry a home path, authors (PDF info, XMP, JPEG EXIF) and a link."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from docmaker import SUBMITTED_NOTICE, Paper, run_rule

from axiomcheck.model import EmbeddedAuthor
from axiomcheck.analysis.paper import open_document
from axiomcheck.pdf.xmp import jpeg_authors
from axiomcheck.rules.anonymity.metadata import embedded_path, identifies, metadata_identity, names_person

TITLE = "Sparse Features Under a Budget"


def paper() -> Paper:
    return (Paper().title(TITLE).anonymous_authors().abstract(4).notice(SUBMITTED_NOTICE)
            .heading("1 Introduction").text(10).heading("References").text(3))


# -- AX304 metadata-identity --------------------------------------------------------------------
@pytest.mark.parametrize("value", ["Jane Doe", "J. Doe and K. Lee", "Doe, Jane", "Jane Doe; John Roe", "jdoe",
                                   "Dong Yin, Raphael Gontijo Lopes, Jon Shlens"])
def test_a_person_in_the_author_field_is_an_error(value: str) -> None:
    doc = paper().with_metadata(info={"Author": value, "Creator": "LaTeX with hyperref"}).build()
    [finding] = run_rule(metadata_identity, doc)
    assert value in finding.message and finding.evidence == f"document information /Author: {value}"


@pytest.mark.parametrize("info", [
    {"Author": "", "Title": "", "Creator": "LaTeX with hyperref", "Producer": "pdfTeX-1.40.26"},
    {"Author": "Anonymous Authors", "Subject": "Proceedings of the International Conference on Machine Learning 2026",
     "Keywords": "Machine Learning, ICML"},
    {"Author": "Anonymous Author(s)", "Title": TITLE},
    {"Author": "Microsoft Office User", "Creator": "Microsoft® Word for Microsoft 365"},
    {"Title": "Large Language Diffusion Models", "Keywords": "Sparse Training, Pruning, Curvature Spectrum"},
    {"Creator": "Matplotlib v3.8.0, https://matplotlib.org", "Producer": "Overleaf"},
    {"Subject": "Browser Test", "Creator": "Amgraf OneForm Designer Plus", "Keywords": "Normal, Example"},
    {"Keywords": "Lottery Tickets, Mixed Precision", "Title": "Jane Doe"},
    {"Author": "Firstname1 Lastname1, Firstname2 Lastname2, Firstname8 Lastname8"},
    {"Author": "Anonymous Author <anon.email@domain.com>", "Subject": "anonymous@email.com"},
    {"Author": "First Author and Second Author", "Keywords": "first1.last1@xxx.edu"},
    {"Author": "Antiquus S. Hippocampus, Natalia Cerebro & Amelie P. Amygdale"},
])
def test_tools_placeholders_and_the_papers_title_pass(info: dict[str, str]) -> None:
    assert run_rule(metadata_identity, paper().with_metadata(info=info).build()) == []


@pytest.mark.parametrize("info", [{"Title": "Jane Doe and John Roe"}, {"Subject": "Paper by Jane Doe"},
                                  {"Keywords": "pruning, jane.doe@tugraz.at"}, {"Title": "J. Doe"},
                                  {"dc:title": "Doe, J."}])
def test_a_name_or_address_in_another_field_is_an_error(info: dict[str, str]) -> None:
    assert len(run_rule(metadata_identity, paper().with_metadata(info=info).build())) == 1


def test_xmp_creator_is_an_error() -> None:
    doc = paper().with_metadata(info={"Author": ""}, xmp={"dc:creator": ["Jane Doe"], "dc:title": [TITLE]}).build()
    [finding] = run_rule(metadata_identity, doc)
    assert "XMP dc:creator" in finding.message


def test_name_heuristics() -> None:
    assert names_person("K. Lee") and names_person("Jürgen Müller-Lüdenscheidt and Ana Roe")
    assert not names_person("Curvature Spectra Predict the Cost") and not names_person("ICML 2026")
    assert not names_person("J. Doe and K. Lee", name_lists=False) and names_person("x@y.org", name_lists=False)
    assert identifies("T158848") and not identifies("Anonymous") and not identifies("pdfTeX-1.40")
    assert not identifies("author1") and identifies("ME")


# -- AX305 embedded-path --------------------------------------------------------------------------
@pytest.mark.parametrize("path, user", [("/home/jdoe/papers/axiom/fig1.pdf", "jdoe"),
                                        ("/Users/Jane/Desktop/plot.pdf", "Jane"),
                                        ("C:\\Users\\xingj\\Dropbox\\Research\\a.eps", "xingj"),
                                        ("/Volumes/data/Dropbox (MIT)/paper/fig.pdf", "")])
def test_personal_paths_are_warnings_quoting_the_path(path: str, user: str) -> None:
    doc = paper().with_metadata(embedded_paths=((2, path),)).build()
    [finding] = run_rule(embedded_path, doc)
    assert finding.evidence == path and finding.page == 2
    assert (f"'{user}'" in finding.message) == bool(user)


@pytest.mark.parametrize("path", ["./figs/plot.pdf", "figs/plot.pdf", "/compile/figs/plot.pdf",
                                  "/home/runner/work/paper/fig.pdf", "/tmp/axfix-1/fig-bars.pdf"])
def test_relative_build_and_ci_paths_pass(path: str) -> None:
    assert run_rule(embedded_path, paper().with_metadata(embedded_paths=((1, path),)).build()) == []


def test_figure_authors_are_warnings_and_tools_are_not() -> None:
    authors = (EmbeddedAuthor(3, "Rubini Ruiz, Luana Ianara", "/Author of the included PDF ./a.pdf"),
               EmbeddedAuthor(4, "Matplotlib v3.8", "XMP dc:creator of an included figure or image"))
    [finding] = run_rule(embedded_path, paper().with_metadata(embedded_authors=authors).build())
    assert "Rubini Ruiz" in finding.message and finding.page == 3


# -- objects: what a real PDF's figures carry -------------------------------------------------------
def _jpeg_with_artist(artist: str, creator: str) -> bytes:
    value = artist.encode() + b"\0"
    ifd = struct.pack("<H", 1) + struct.pack("<HHII", 0x013B, 2, len(value), 26) + struct.pack("<I", 0)
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd + value
    exif = b"Exif\0\0" + tiff
    xmp = (b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><dc:creator><rdf:Seq><rdf:li>" + creator.encode()
           + b"</rdf:li></rdf:Seq></dc:creator></x:xmpmeta>")
    segments = b"".join(b"\xff\xe1" + struct.pack(">H", len(s) + 2) + s for s in (exif, xmp))
    return b"\xff\xd8" + segments + b"\xff\xd9"


def test_jpeg_authors_reads_exif_artist_and_xmp_creator() -> None:
    assert jpeg_authors(_jpeg_with_artist("Jane Doe", "John Roe")) == [("EXIF Artist", "Jane Doe"),
                                                                        ("XMP dc:creator", "John Roe")]
    assert jpeg_authors(b"not a jpeg") == []


def _figure_pdf(path: Path) -> None:
    import pikepdf
    from pikepdf import Array, Dictionary, Name, String

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(612, 792))
    form = pikepdf.Stream(pdf, b"")
    form.Type, form.Subtype, form.BBox = Name.XObject, Name.Form, Array([0, 0, 10, 10])
    form["/PTEX.FileName"] = String("/home/jdoe/papers/fig1.pdf")
    form["/PTEX.InfoDict"] = pdf.make_indirect(Dictionary(Author=String("Jane Doe")))
    image = pikepdf.Stream(pdf, _jpeg_with_artist("Kim Lee", "Ana Roe"))
    image.Type, image.Subtype, image.Filter = Name.XObject, Name.Image, Name.DCTDecode
    image.Width, image.Height, image.BitsPerComponent, image.ColorSpace = 1, 1, 8, Name.DeviceGray
    page = pdf.pages[0]
    page.Resources = Dictionary(XObject=Dictionary(Fm1=pdf.make_indirect(form), Im1=pdf.make_indirect(image)))
    link = Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([100, 700, 200, 712]), Border=Array([0, 0, 0]),
                      A=Dictionary(S=Name.URI, URI=String("https://github.com/jdoe/fastprune")))
    page.Annots = Array([pdf.make_indirect(link)])
    pdf.trailer.Info = pdf.make_indirect(Dictionary(Author=String("Anonymous Authors"),
                                                    Creator=String("LaTeX with hyperref")))
    pdf.save(path, fix_metadata_version=False)


def test_figure_paths_authors_and_links_are_read_from_the_pdf(tmp_path: Path) -> None:
    pdf = tmp_path / "figure.pdf"
    _figure_pdf(pdf)
    with open_document(str(pdf)) as doc:
        metadata = doc.metadata
        assert metadata.embedded_paths == ((1, "/home/jdoe/papers/fig1.pdf"),)
        assert [(a.page, a.value) for a in metadata.embedded_authors] == [(1, "Jane Doe"), (1, "Kim Lee"),
                                                                          (1, "Ana Roe")]
        [link] = metadata.links
        assert link.uri == "https://github.com/jdoe/fastprune" and link.bbox.y0 == pytest.approx(80)
        assert len(run_rule(embedded_path, doc)) == 4
        assert run_rule(metadata_identity, doc) == []
