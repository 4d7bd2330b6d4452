"""The one codec and the channels: typed values round-trip exactly, anything else is refused,
frames of any size arrive whole, and a closed or oversized stream says so."""

from __future__ import annotations

import dataclasses
import os
import pickle
import socket
from pathlib import Path

import pytest

from axiomcheck.aggregate import MAX_REPORT_BYTES, cap_report
from axiomcheck.api import check_path
from axiomcheck.execution.channel import Channel, ChannelClosed, FrameTooLarge
from axiomcheck.codec.wire import CodecError, decode_message, decode_value, encode_message, encode_value
from axiomcheck.execution.messages import FROM_WORKER, MAX_REPLY_BYTES, TO_WORKER, CheckFile, FileChecked
from axiomcheck.model import BBox, EmbeddedAuthor, Font, LinkTarget, Metadata, Severity, Submission, Word
from axiomcheck.packs import resolve
from axiomcheck.pdf.page_split import PageFacts
from axiomcheck.pdf.pdfium_objects import PageFont
from axiomcheck.report import FileResult, FileStatus, Finding
from conftest import FIXTURES

SOURCE = Path(__file__).resolve().parents[1] / "src" / "axiomcheck" / "execution"


def test_model_values_come_back_with_their_types() -> None:
    metadata = Metadata(info={"Author": "A"}, xmp={"dc:creator": ["A", "B"]}, embedded_paths=((1, "/x"), (None, "y")),
                        embedded_authors=(EmbeddedAuthor(None, "v", "s"),), links=(LinkTarget(2, "u", None),),
                        xmp_repeats={"dc:creator": {"A": 2}})
    assert decode_value(encode_value(metadata), Metadata) == metadata
    fonts = [Font("Times", "Type1", True, (1, 2))]
    assert decode_value(encode_value(fonts), list[Font]) == fonts
    page: PageFacts = ([Word("a", BBox(1.5, 2, 3, 4), 10, "F", True, False, False, None, True)], 2,
                       (PageFont("F", "Type1", True, True),), (LinkTarget(1, "u", BBox(0, 0, 1, 1)),))
    back = decode_value(encode_value(page), PageFacts)
    assert back == page and type(back[0][0]) is Word and type(back[0][0].bbox) is BBox
    assert type(back[0][0].size) is int, "a whole number stays one, so a message prints it as before"


def test_a_file_result_and_a_request_round_trip() -> None:
    checked = check_path(str(FIXTURES / "over-limit.pdf"), resolve("axiom-2026", "paper"))
    result = dataclasses.replace(checked, internal_error=True, track="poster")
    assert result.structure is not None and any(f.regions for f in result.findings)
    reply = FileChecked(result, retire=True)
    assert decode_message(encode_message(reply), FROM_WORKER) == reply
    request = CheckFile("p.pdf", Submission(authors=("A",), id="7"), result.findings[0], True, "/tmp/e")
    assert decode_message(encode_message(request), TO_WORKER) == request


@pytest.mark.parametrize("data, kind", [
    (b'{"info": {}, "xmp": {}, "extra": 1}', Metadata),  # an unknown field
    (b'{"info": {"a": 1}, "xmp": {}}', Metadata),  # a value of another type
    (b'["a", [1, 2, 3], 10, "f", true, false]', Word),  # a box of three numbers
    (b'[["a", [1, 2, 3, 4], 10, "f", true, false], ["b"]]', list[Word]),  # a word of one value
    (b'{"__class__": "os.system"}', Font),
    (b"\x80\x04\x95", Font),  # a pickle is not JSON
    (b'[1, 2', int),
])
def test_anything_else_is_refused(data: bytes, kind: object) -> None:
    with pytest.raises(CodecError):
        decode_value(data, kind)


def test_no_process_handling_code_uses_pickle() -> None:
    for path in SOURCE.glob("*.py"):
        assert "import pickle" not in path.read_text(encoding="utf-8"), path.name
    with pytest.raises(TypeError):
        encode_value(pickle)  # a module, or any object that is not data, cannot be sent


def test_frames_of_any_size_arrive_whole_and_in_order() -> None:
    here, there = Channel.pair(1 << 30, 1 << 30)
    big = FileChecked(FileResult(path="p", sha256=None, status=FileStatus.PASS, findings=[
        Finding("AX302", "email", Severity.ERROR, "y" * 5_000_000, "h")]), False)
    small = FileChecked(FileResult(path="q", sha256=None, status=FileStatus.PASS), True)
    pid = os.fork()
    if pid == 0:
        here.close()
        there.send(big)
        there.send(small)
        os._exit(0)
    there.close()
    assert here.receive(FROM_WORKER, timeout=60) == big
    assert here.receive(FROM_WORKER, timeout=60) == small
    with pytest.raises(ChannelClosed) as closed:
        here.receive(FROM_WORKER, timeout=60)
    assert not closed.value.truncated
    os.waitpid(pid, 0)


def test_a_stream_that_ends_inside_a_frame_is_truncated() -> None:
    here, there = socket.socketpair()
    there.sendall((100).to_bytes(8, "big") + b"only part of it")
    there.close()
    channel = Channel(here, 1000)
    assert channel.read_ready(FROM_WORKER) == [] and channel.closed and channel.truncated


def test_a_frame_over_the_limit_is_refused_before_it_is_read() -> None:
    here, there = socket.socketpair()
    there.sendall((10**12).to_bytes(8, "big"))
    with pytest.raises(FrameTooLarge):
        Channel(here, 1000).read_ready(FROM_WORKER)
    with pytest.raises(FrameTooLarge):
        Channel(there, 1000).send(FileChecked(FileResult(path="p" * 2000, sha256=None, status=FileStatus.PASS), False),
                                  limit=1000)


def test_the_largest_report_a_worker_sends_fits_a_reply() -> None:
    """Reports are cut to their size limit before they are sent; the reply's own limit is
    well above that, whatever the report holds (long texts, non-ASCII, pictures' names)."""
    findings = [Finding("AX302", "email", Severity.ERROR, "é\\\"<" * 3000, "h" * 3000, page=n,
                        bbox=BBox(1.0, 2.0, 3.0, 4.0), evidence_image=f"/tmp/evidence/paper-{n:02d}-AX302-p{n}.png")
                for n in range(2000)]
    checked = check_path(str(FIXTURES / "over-limit.pdf"), resolve("axiom-2026", "paper"))
    assert checked.structure is not None
    structure = dataclasses.replace(checked.structure, title="t" * 100_000)
    result = cap_report(FileResult(path="p.pdf", sha256="0" * 64, status=FileStatus.FAIL, pages=300,
                                   structure=structure,
                                   findings=findings))
    assert result.truncated is not None
    assert MAX_REPORT_BYTES * 0.9 < len(encode_message(FileChecked(result, retire=False))) <= MAX_REPLY_BYTES
