"""Small PDFs built byte by byte for the isolation, hostile-input and fuzz tests.

`pdf_file` writes a PDF from object bodies with a correct xref table; `text_pdf` is a tiny
valid paper-like file; `zero_bomb` is a stream that inflates to gigabytes of zeros from a
few kilobytes; `incremental_update` appends new versions of objects to an existing plain
(uncompressed) PDF, which is how the fuzzer plants cycles, deep nesting and bombs.
"""

from __future__ import annotations

import re
import zlib

PAGE_WIDTH, PAGE_HEIGHT = 612, 792
OBJECT_RE = re.compile(rb"(?<![0-9])(\d+)\s+(\d+)\s+obj\b(.*?)endobj", re.DOTALL)


def pdf_file(objects: list[bytes], root: int = 1, version: bytes = b"1.7") -> bytes:
    """A PDF whose object N (1-based) has body `objects[N-1]`, with an xref table and trailer."""
    out = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref)
    return bytes(out)


def stream(data: bytes, extra: bytes = b"") -> bytes:
    """An object body holding a stream of `data` (already encoded as `extra` says)."""
    return b"<< /Length %d %s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def text_pdf(pages: int = 1, text: str = "A study of sparse models", content: bytes | None = None) -> bytes:
    """A letter-size PDF with `pages` pages, each showing `text` in Helvetica (or `content`)."""
    page_numbers = [4 + 2 * index for index in range(pages)]
    kids = b" ".join(b"%d 0 R" % number for number in page_numbers)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for index in range(pages):
        body = content if content is not None else (
            b"BT /F1 11 Tf 72 700 Td (%s, page %d.) Tj ET" % (text.encode("latin-1"), index + 1))
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R >> >> "
                       b"/Contents %d 0 R >>" % (PAGE_WIDTH, PAGE_HEIGHT, 5 + 2 * index))
        objects.append(stream(body))
    return pdf_file(objects)


def blank_pdf(pages: int = 1) -> bytes:
    """Pages with nothing on them: no text layer."""
    return text_pdf(pages, content=b"")


def no_pages_pdf() -> bytes:
    """A well-formed PDF whose page tree is empty."""
    return pdf_file([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])


def zero_bomb(mebibytes: int) -> bytes:
    """`mebibytes` MiB of zeros, deflated twice: about 2.4 KB per GiB. Deflate output for
    identical input after a full flush is identical, so one block is built and repeated."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    zeros = bytes(1 << 20)
    compressor.compress(zeros)
    compressor.flush(zlib.Z_FULL_FLUSH)
    block = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    total = mebibytes << 20
    adler = ((total % 65521) << 16) | 1  # Adler-32 of `total` zero bytes
    inner = b"\x78\xda" + block * mebibytes + compressor.flush(zlib.Z_FINISH) + adler.to_bytes(4, "big")
    return zlib.compress(inner, 9)


def bomb_body(mebibytes: int) -> bytes:
    """An object body: a content stream that inflates to `mebibytes` MiB."""
    return stream(zero_bomb(mebibytes), b"/Filter [/FlateDecode /FlateDecode]")


def objects_of(data: bytes) -> dict[int, bytes]:
    """Object number -> body of the last definition of each uncompressed object."""
    return {int(m.group(1)): m.group(3).strip() for m in OBJECT_RE.finditer(data)}


def page_numbers(data: bytes) -> list[int]:
    """Numbers of the uncompressed page objects of `data`."""
    return [number for number, body in objects_of(data).items()
            if re.search(rb"/Type\s*/Page(?![a-zA-Z])", body)]


def incremental_update(data: bytes, objects: dict[int, bytes]) -> bytes:
    """`data` with an incremental update that (re)defines `objects`, as a PDF editor saves."""
    previous = [int(m.group(1)) for m in re.finditer(rb"startxref\s+(\d+)", data)]
    root = re.findall(rb"/Root\s+(\d+\s+\d+\s+R)", data)
    size = max([*objects_of(data), *objects]) + 1
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    offsets = {}
    for number, body in sorted(objects.items()):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n"
    for number, offset in sorted(offsets.items()):
        out += b"%d 1\n%010d 00000 n \n" % (number, offset)
    prev = b" /Prev %d" % previous[-1] if previous else b""
    out += b"trailer\n<< /Size %d /Root %s%s >>\nstartxref\n%d\n%%%%EOF\n" % (
        size, root[-1] if root else b"1 0 R", prev, xref)
    return bytes(out)


def damaged_xmp_pdf() -> bytes:
    """`text_pdf`'s paper whose catalog names an XMP packet that cannot be decoded (a
    FlateDecode stream of bytes that are not zlib data)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>",
               b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R >> >> "
               b"/Contents 5 0 R >>" % (PAGE_WIDTH, PAGE_HEIGHT),
               stream(b"BT /F1 11 Tf 72 700 Td (A study of sparse models, page 1.) Tj ET"),
               stream(b"this is not zlib data, though the filter says so", b"/Type /Metadata /Subtype /XML "
                                                                            b"/Filter /FlateDecode")]
    return pdf_file(objects)


def aes_encrypted(pdf: bytes, algorithm: str = "AES-256") -> bytes:
    """`pdf` encrypted with `algorithm` (AES-256 as `qpdf --encrypt "" owner 256` writes it,
    or AES-128), an empty user password and an owner password: it opens without one."""
    import io

    import pikepdf

    revision = {"AES-256": 6, "AES-128": 4}[algorithm]
    out = io.BytesIO()
    with pikepdf.open(io.BytesIO(pdf)) as document:
        document.save(out, encryption=pikepdf.Encryption(owner="owner", user="", R=revision, aes=True))
    return out.getvalue()
