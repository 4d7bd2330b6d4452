"""A worker's death costs only the file it holds: killed while reading, while replying, or
while its helper runs, the worker is replaced and its file tried once more, then given its
verdict; no other file is touched. Helpers die with their worker; a helper's death costs
nothing. Misbehaviour is planted by a rule that reads the file name (the workers are forked
from this process and inherit it, and any monkeypatching)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from axiomcheck.model import Severity
from axiomcheck.api import check_path
from axiomcheck.execution import FileTask, WorkerPool
from axiomcheck.execution.channel import Channel
from axiomcheck.codec.wire import CodecError, decode_message, encode_message
from axiomcheck.execution.messages import FROM_WORKER, FileChecked
from axiomcheck.limits import Limits
from axiomcheck.packs import ConfiguredRule, ResolvedPack, resolve
from axiomcheck.pdf import object_facts
from axiomcheck.rules import Rule
from axiomcheck.rules.base import NoOptions
from axiomcheck.codec import to_json
from conftest import FIXTURES
from pdfbuild import text_pdf

LIMITS = Limits(timeout=120.0)
REAPED_WITHIN_SECONDS = 30.0
"""How long a killed helper may take to be gone (reaped by the system), at most."""


def marker(path: str, name: str) -> Path:
    return Path(path).with_suffix(f".{name}")


def helpers_of_this_process() -> list[int]:
    """Process ids whose parent is this process (a worker's helpers)."""
    me = os.getpid()
    return [pid for pid, parent in parents().items() if parent == me]


def parents() -> dict[int, int]:
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                found[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    return found


def gone(pid: int) -> bool:
    """The process has ended (a zombie waiting for its reaper counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


def _die(doc, options, context):
    """What it checks: nothing; it ends its worker as the file name asks. Why: tests. How to fix: n/a."""
    path = doc.source.path
    name = Path(path).stem
    with open(marker(path, "tries"), "a", encoding="utf-8") as tries:
        tries.write("try\n")
    first = not marker(path, "died").exists()
    if name.startswith("once") and first:
        marker(path, "died").touch()
        os.kill(os.getpid(), signal.SIGKILL)
    elif name.startswith("always"):
        os.kill(os.getpid(), signal.SIGKILL)
    elif name.startswith("helper-alive") and first:
        marker(path, "helpers").write_text(" ".join(map(str, helpers_of_this_process())))
        marker(path, "died").touch()
        os.kill(os.getpid(), signal.SIGKILL)
    elif name.startswith("kill-helpers") and not marker(path, "helpers").exists():  # in its worker only
        helpers = helpers_of_this_process()
        marker(path, "helpers").write_text(" ".join(map(str, helpers)))
        for pid in helpers:
            os.kill(pid, signal.SIGKILL)
    return iter(())


DIE = Rule(id="AX898", name="die", group="test", check=_die, options=NoOptions, severity=Severity.ERROR,
           confidence="high", needs_text=False)
DYING = ResolvedPack(venue="test", name="test", track="paper", stage="submission", main_body_excludes=(),
                     rules=(ConfiguredRule(DIE, NoOptions(), Severity.ERROR),))


def with_real_rules() -> ResolvedPack:
    """The shipped pack with the dying rule first (it runs before any rule reads the metadata)."""
    pack = resolve("axiom-2026", "paper")
    return ResolvedPack(venue=pack.venue, name=pack.name, track=pack.track, stage=pack.stage,
                        main_body_excludes=pack.main_body_excludes, rules=DYING.rules + pack.rules,
                        max_findings_per_rule=pack.max_findings_per_rule)


@pytest.fixture
def papers(tmp_path: Path):
    def make(*names: str) -> list[str]:
        paths = []
        for name in names:
            path = tmp_path / f"{name}.pdf"
            path.write_bytes(text_pdf(2))
            paths.append(str(path))
        return paths
    return make


def check(pack: ResolvedPack, paths: list[str], jobs: int = 1) -> tuple[list, list[int]]:
    """The results, and how many times the rules ran on each file."""
    with WorkerPool(pack, LIMITS, jobs) as pool:
        results = list(pool.check([FileTask(p) for p in paths]))
    return results, [len(marker(p, "tries").read_text().split()) if marker(p, "tries").exists() else 0
                     for p in paths]


def test_a_worker_killed_while_reading_costs_its_file_one_more_try(papers) -> None:
    paths = papers("fine1", "once", "fine2", "fine3")
    results, tries = check(DYING, paths, jobs=2)
    assert [r.path for r in results] == paths
    assert [r.status for r in results] == ["pass"] * 4  # the second try of `once` went through
    assert tries == [1, 2, 1, 1]


def test_a_file_that_loses_its_worker_twice_gets_its_verdict_and_no_other_file_is_touched(papers) -> None:
    paths = papers("fine1", "always", "fine2")
    results, tries = check(DYING, paths, jobs=2)
    assert [r.status for r in results] == ["pass", "error", "pass"]
    [verdict] = results[1].findings
    assert verdict.rule == "AX907" and "Killed from outside" in verdict.message and "(SIGKILL" in verdict.message
    assert "while running the rules" in verdict.message and not results[1].internal_error
    assert tries == [1, 2, 1]


def test_a_worker_killed_while_replying_costs_its_file_one_more_try(papers, monkeypatch: pytest.MonkeyPatch) -> None:
    [path] = papers("fine")
    send = Channel.send

    def half_then_die(self: Channel, message: object, limit: int | None = None) -> None:
        if isinstance(message, FileChecked) and not marker(path, "replied").exists():
            marker(path, "replied").touch()
            data = encode_message(message)
            self.sock.sendall(len(data).to_bytes(8, "big") + data[:len(data) // 2])
            os.kill(os.getpid(), signal.SIGKILL)
        send(self, message, limit)

    monkeypatch.setattr(Channel, "send", half_then_die)  # inherited by the forked workers
    results, tries = check(DYING, [path])
    assert [r.status for r in results] == ["pass"] and tries == [2]


def test_a_worker_killed_while_its_helper_runs_takes_the_helper_with_it(
        papers, monkeypatch: pytest.MonkeyPatch) -> None:
    def slowly(reader: object) -> int:
        time.sleep(3600)
        return 0

    monkeypatch.setitem(object_facts.OBJECT_FACTS, "never asked for", slowly)  # keeps the helper alive
    [path] = papers("helper-alive")
    results, tries = check(DYING, [path])  # a single file: the worker forks a helper
    assert [r.status for r in results] == ["pass"] and tries == [2]
    helpers = [int(pid) for pid in marker(path, "helpers").read_text().split()]
    assert helpers, "the worker had a helper when it was killed"
    deadline = time.monotonic() + REAPED_WITHIN_SECONDS
    while not all(gone(pid) for pid in helpers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(gone(pid) for pid in helpers), "a helper outlived its worker"


def test_a_killed_helper_costs_nothing(tmp_path: Path) -> None:
    path = tmp_path / "kill-helpers.pdf"
    path.write_bytes((FIXTURES / "metadata-author.pdf").read_bytes())
    pack = with_real_rules()
    results, tries = check(pack, [str(path)])  # a single file: helpers read qpdf's facts
    assert marker(str(path), "helpers").read_text().split(), "the rule found a helper to kill"
    assert [to_json(r) for r in results] == [to_json(check_path(str(path), pack))] and tries == [1]


def test_a_reply_that_is_not_our_protocol_is_our_bug(papers, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = papers("garbled", "fine")
    send = Channel.send

    def garbled(self: Channel, message: object, limit: int | None = None) -> None:
        if isinstance(message, FileChecked) and message.result.path == paths[0]:
            self.sock.sendall((4).to_bytes(8, "big") + b"\xff\xfe{]")
            return
        send(self, message, limit)

    monkeypatch.setattr(Channel, "send", garbled)
    results, _ = check(DYING, paths)
    assert results[0].internal_error and results[0].findings[0].rule == "AX999"
    assert "unreadable reply" in results[0].findings[0].message
    assert results[1].status == "pass"


def test_messages_of_another_kind_are_refused() -> None:
    data = encode_message(FileChecked(check_path(str(FIXTURES / "refs-midpage.pdf"), resolve("axiom-2026", "paper")),
                                      retire=False))
    assert isinstance(decode_message(data, FROM_WORKER), FileChecked)
    with pytest.raises(CodecError, match="unexpected message"):
        decode_message(b'["CheckFile", {"path": "x"}]', FROM_WORKER)
