"""The per-stream cap where qpdf's decoders cannot hold it (pikepdf before 10.18, on Python
3.10): a stream's filters are run with bounded output before qpdf decodes it."""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Callable

import pikepdf
import pytest

from axiomcheck.pdf import stream_data
from axiomcheck.pdf.object_walk import is_damage

CAP = 1_000_000
_OWNER = pikepdf.new()


def _stream(data: bytes, *filters: str) -> pikepdf.Stream:
    stream = pikepdf.Stream(_OWNER, data)
    if filters:
        stream.Filter = pikepdf.Array([pikepdf.Name(name) for name in filters])
    return stream


def test_nested_flate_bomb_over_the_cap_raises_as_damage() -> None:
    payload = b"\0" * (CAP * 20)
    bomb = _stream(zlib.compress(zlib.compress(payload, 9), 9), "/FlateDecode", "/FlateDecode")
    assert len(bomb.read_raw_bytes()) < 2_000  # a few hundred bytes that decode to 20 MB
    with pytest.raises(pikepdf.PdfError) as raised:
        stream_data.read_decoded(bomb, CAP, qpdf_holds_cap=False)
    assert is_damage(raised.value) and "more than 1,000,000 bytes" in str(raised.value)


@pytest.mark.parametrize("data, filters", [
    (zlib.compress(b"x" * (CAP - 10)), ("/FlateDecode",)),
    (binascii.hexlify(zlib.compress(b"<x:xmpmeta/>" * 100)) + b">", ("/ASCIIHexDecode", "/FlateDecode")),
    (base64.a85encode(zlib.compress(b"stream text")) + b"~>", ("/ASCII85Decode", "/FlateDecode")),
    (b"plain bytes", ()),
])
def test_streams_within_the_cap_decode_as_qpdf_decodes_them(data: bytes, filters: tuple[str, ...]) -> None:
    stream = _stream(data, *filters)
    assert stream_data.read_decoded(stream, CAP, qpdf_holds_cap=False) == stream.read_bytes()


def test_a_filter_not_decoded_here_is_bounded_by_its_largest_expansion() -> None:
    small = _stream(b"\x81\x00" * 10, "/RunLengthDecode")  # 20 bytes: at most 80 KB decoded
    assert _outcome(lambda: stream_data.read_decoded(small, CAP, qpdf_holds_cap=False)) == _outcome(small.read_bytes)
    large = _stream(b"\x81\x00" * 500, "/RunLengthDecode")  # 1,000 bytes could grow past 1 MB
    with pytest.raises(pikepdf.PdfError, match="more than 1,000,000 bytes"):
        stream_data.read_decoded(large, CAP, qpdf_holds_cap=False)


def _outcome(read: Callable[[], bytes]) -> bytes | str:
    """What reading gives: the data, or the message of the error qpdf raised."""
    try:
        return read()
    except pikepdf.PdfError as error:
        return str(error)


def test_damaged_flate_data_is_left_to_qpdf() -> None:
    damaged = _stream(zlib.compress(b"abc" * 1000)[:-8] + b"\xff" * 8, "/FlateDecode")
    capped = _outcome(lambda: stream_data.read_decoded(damaged, CAP, qpdf_holds_cap=False))
    assert capped == _outcome(damaged.read_bytes)


def test_the_reader_holds_the_cap_itself_when_qpdf_cannot(monkeypatch) -> None:
    settings = pytest.importorskip("pikepdf.settings")
    monkeypatch.setattr(stream_data, "_applied_cap", None)
    monkeypatch.setattr(stream_data, "_stream_cap", CAP)
    if hasattr(settings, "set_qpdf_limits"):
        before = settings.get_qpdf_limits()
        monkeypatch.delattr(settings, "set_qpdf_limits")
    else:
        before = None
    try:
        stream_data.load_pikepdf()
        assert stream_data._qpdf_holds_cap is False
        bomb = _stream(zlib.compress(zlib.compress(b"\0" * CAP * 5, 9), 9), "/FlateDecode", "/FlateDecode")
        with pytest.raises(pikepdf.PdfError):
            stream_data.decoded(bomb)
    finally:
        monkeypatch.undo()
        if before is not None:
            settings.set_qpdf_limits(**{key: value for key, value in before.items()
                                        if key != "dct_throw_on_corrupt_data"})
        monkeypatch.setattr(stream_data, "_applied_cap", None)
