"""A stream's decoded data, never more than the per-stream cap (`cap_decoded_streams`).

From pikepdf 10.18 on, qpdf's own decoders hold the cap (`pikepdf.settings.set_qpdf_limits`)
and a stream that would decode to more raises inside qpdf. Python 3.10 cannot install that
pikepdf (10.13 is the last for 3.10), so there the same cap is held here: before qpdf decodes
a stream, its chain of filters is run through Python's own decoders for the filters that can
multiply the size of the data (Flate, with a bounded output) and the ones that shrink it
(ASCIIHex, ASCII85); a filter neither kind (LZW, RunLength, a predictor's parameters do not
matter for the size) is bounded by how much it can expand at most. A stream over the cap
raises `pikepdf.PdfError`, as a damaged object does, and the walks skip it as damaged.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from types import ModuleType
from typing import Any

_MOST_EXPANSION = 4096
"""The most one byte can grow to through a filter not decoded here: an LZW code of at least
9 bits stands for at most 4,096 bytes, and RunLength turns 2 bytes into at most 128."""
_CHUNK = 1 << 16

DEFAULT_STREAM_CAP = 75_000_000
"""The most one stream may decode to, in bytes, unless a run sets less (`cap_decoded_streams`)."""
_stream_cap = DEFAULT_STREAM_CAP
_applied_cap: int | None = None
_qpdf_holds_cap = False
"""Whether qpdf's decoders hold the cap (pikepdf 10.18 on); else `read_decoded` holds it."""


def cap_decoded_streams(max_bytes: int) -> None:
    """Cap how much qpdf may decode from one stream in this process (a few kilobytes of
    nested compression can otherwise expand to gigabytes); a capped stream raises, and the
    object is skipped as damaged. The cap is applied when pikepdf is first used, so that
    setting it does not import pikepdf."""
    global _stream_cap
    _stream_cap = max(1_000_000, min(max_bytes, DEFAULT_STREAM_CAP))


def load_pikepdf() -> ModuleType:
    """pikepdf, imported on first use, under the stream cap."""
    global _applied_cap, _qpdf_holds_cap
    import pikepdf  # noqa: PLC0415 - tens of milliseconds: only when a fact of the objects is asked
    import pikepdf.settings  # noqa: PLC0415 - part of pikepdf, loaded with it

    if _applied_cap != _stream_cap:
        set_qpdf_limits = getattr(pikepdf.settings, "set_qpdf_limits", None)  # pikepdf 10.18 on
        if set_qpdf_limits is not None:
            cap = _stream_cap  # what each of qpdf's decoders may produce from one stream
            set_qpdf_limits(flate_max_memory=cap, png_max_memory=cap, run_length_max_memory=cap,
                            tiff_max_memory=cap, dct_max_memory=cap)
        _qpdf_holds_cap = set_qpdf_limits is not None
        _applied_cap = _stream_cap
    return pikepdf


def decoded(stream: Any) -> bytes:
    """A stream object's decoded data, under this process's stream cap (`read_decoded`)."""
    return read_decoded(stream, _stream_cap, _qpdf_holds_cap)


def read_decoded(stream: Any, cap: int, qpdf_holds_cap: bool) -> bytes:
    """`stream`'s decoded data; raises `pikepdf.PdfError` if it would decode to more than `cap`
    bytes. `qpdf_holds_cap`: whether qpdf's decoders already hold the cap."""
    if not qpdf_holds_cap:
        _check_size(stream, cap)
    data: bytes = stream.read_bytes()
    return data


def _check_size(stream: Any, cap: int) -> None:
    """Raise `pikepdf.PdfError` when `stream` would decode to more than `cap` bytes."""
    import pikepdf  # noqa: PLC0415 - loaded already: `stream` is one of its objects

    value = stream.get("/Filter")
    filters = [] if value is None else [str(name) for name in value] if isinstance(value, pikepdf.Array) \
        else [str(value)]
    size = _decoded_size(stream.read_raw_bytes(), filters, cap)
    if size > cap:
        raise pikepdf.PdfError(f"Pl_Flate memory limit exceeded: the stream decodes to more than {cap:,} bytes")


def _decoded_size(data: bytes, filters: list[str], cap: int) -> int:
    """How many bytes `data` decodes to through `filters`, or a number over `cap` as soon as
    it is known to exceed it."""
    for position, name in enumerate(filters):
        if name in ("/FlateDecode", "/Fl"):
            data = _inflate(data, cap)
        elif name in ("/ASCIIHexDecode", "/AHx"):
            data = _hex(data)
        elif name in ("/ASCII85Decode", "/A85"):
            data = _ascii85(data)
        else:
            bound = len(data)
            for _ in filters[position:]:
                bound *= _MOST_EXPANSION
            return bound
        if len(data) > cap:
            return len(data)
    return len(data)


def _inflate(data: bytes, cap: int) -> bytes:
    """Flate-decoded `data`, stopping one byte past `cap`; damaged data gives what came out."""
    inflater = zlib.decompressobj()
    parts: list[bytes] = []
    size = 0
    try:
        pending = data
        while pending and size <= cap and not inflater.eof:
            part = inflater.decompress(pending, _CHUNK)
            parts.append(part)
            size += len(part)
            pending = inflater.unconsumed_tail
    except zlib.error:
        pass
    return b"".join(parts)


def _hex(data: bytes) -> bytes:
    """ASCIIHex-decoded `data`: the digits before the end mark, a lone last digit padded."""
    digits = bytes(byte for byte in data.split(b">", 1)[0] if chr(byte) in "0123456789abcdefABCDEF")
    try:
        return binascii.unhexlify(digits + b"0" * (len(digits) % 2))
    except binascii.Error:
        return b""


def _ascii85(data: bytes) -> bytes:
    """ASCII85-decoded `data`, or nothing when it is damaged."""
    body = data.strip()
    body = body[2:] if body.startswith(b"<~") else body
    body = body.split(b"~>", 1)[0]
    try:
        return base64.a85decode(body, ignorechars=b" \t\n\r\x0b\x0c")
    except ValueError:
        return b""
