"""Fuzzing: mutated fixture PDFs through the real command line; no crash, hang or traceback.

A seeded mutator damages the fixtures (and plain, uncompressed rewrites of them, where
objects can be edited) in the ways hostile files do: truncation, flipped bytes, cut and
repeated ranges, duplicated objects, wild numbers, reference cycles, deep nesting, and
decompression bombs. Every case must get a verdict (or a normal result) with no internal
error and nothing on standard error.

The suite runs a few hundred cases. For a long run:

    AXIOMCHECK_FUZZ_CASES=10000 python -m pytest tests/test_fuzz.py -s

(`AXIOMCHECK_FUZZ_SEED` picks another sequence; the summary line gives the counts.)
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import FIXTURES
from pdfbuild import bomb_body, incremental_update, objects_of, page_numbers, stream, text_pdf

CASES = int(os.environ.get("AXIOMCHECK_FUZZ_CASES", "300"))
SEED = int(os.environ.get("AXIOMCHECK_FUZZ_SEED", "20260601"))
FILES_PER_RUN = 500
LIMITS = ["--timeout", "20s", "--max-memory", "768MiB"]
"""Tighter than the defaults so that bombs end quickly; a hang would still show as a timeout."""
SEED_FILES = 12
INTEGER_RE = re.compile(rb"(?<![\w.])\d+(?![\w.])")

Mutator = Callable[[bytes, random.Random], bytes]


def plain(data: bytes) -> bytes:
    """`data` rewritten by qpdf without object streams, so that objects can be edited."""
    import pikepdf

    out = io.BytesIO()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        pdf.save(out, object_stream_mode=pikepdf.ObjectStreamMode.disable, deterministic_id=True)
    return out.getvalue()


def seed_files() -> list[bytes]:
    """Small fixtures (or generated papers when the fixtures are not built), each also in plain form."""
    found = sorted(FIXTURES.glob("*.pdf"), key=lambda p: (p.stat().st_size, p.name))[:SEED_FILES]
    originals = [p.read_bytes() for p in found] or [text_pdf(pages) for pages in (1, 2, 3, 5)]
    return originals + [plain(data) for data in originals]


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(1, len(data))]


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    damaged = bytearray(data)
    for _ in range(rng.choice((1, 2, 8, 64))):
        damaged[rng.randrange(len(damaged))] ^= rng.randrange(1, 256)
    return bytes(damaged)


def cut_or_repeat(data: bytes, rng: random.Random) -> bytes:
    start = rng.randrange(len(data))
    end = min(len(data), start + rng.choice((1, 16, 512, 8192)))
    if rng.random() < 0.5:
        return data[:start] + data[end:]
    at = rng.randrange(len(data))
    return data[:at] + data[start:end] * rng.choice((1, 2, 50)) + data[at:]


def duplicate_object(data: bytes, rng: random.Random) -> bytes:
    spans = [m.span() for m in re.finditer(rb"\d+\s+\d+\s+obj\b.*?endobj", data, re.DOTALL)]
    if not spans:
        return flip_bytes(data, rng)
    start, end = rng.choice(spans)
    copy = data[start:end]
    if rng.random() < 0.5:  # same number, other content: which one wins?
        copy = copy.replace(b"/Page\n", b"/Pages\n", 1).replace(b"/Type /Page ", b"/Type /Font ", 1)
    at = rng.choice(spans)[rng.randrange(2)]
    return data[:at] + copy + b"\n" + data[at:]


def wild_number(data: bytes, rng: random.Random) -> bytes:
    numbers = list(INTEGER_RE.finditer(data))
    if not numbers:
        return flip_bytes(data, rng)
    match = rng.choice(numbers)
    value = rng.choice((b"0", b"-1", b"2147483648", b"99999999999999999999", b"1e308", b"-0.0", b"65535"))
    return data[:match.start()] + value + data[match.end():]


def _page(data: bytes, rng: random.Random) -> tuple[int, bytes] | None:
    pages = page_numbers(data)
    if not pages:
        return None
    number = rng.choice(pages)
    return number, objects_of(data)[number]


def _with(body: bytes, key: bytes, value: bytes) -> bytes:
    """A dictionary body with `key` set to `value` (replacing a reference value when present)."""
    entry = rb"(/" + key + rb")\s+(\[[^\]]*\]|\d+\s+\d+\s+R|<<[^>]*>>)"
    replaced, count = re.subn(entry, rb"\1 " + value, body, count=1)
    return replaced if count else body.replace(b"<<", b"<< /" + key + b" " + value, 1)


def cycle(data: bytes, rng: random.Random) -> bytes:
    found = _page(data, rng)
    if found is None:
        return duplicate_object(data, rng)
    number, body = found
    fresh = max(objects_of(data)) + 1
    ref = b"%d 0 R" % number
    kind = rng.randrange(4)
    if kind == 0:  # the page is its own parent
        return incremental_update(data, {number: _with(body, b"Parent", ref)})
    if kind == 1:  # the page tree lists its root among its kids
        root = re.search(rb"/Parent\s+(\d+)\s+\d+\s+R", body)
        if root is None:
            return duplicate_object(data, rng)
        parent = int(root.group(1))
        tree = objects_of(data).get(parent)
        if tree is None:  # an earlier mutation broke the tree's object: nothing to point back at
            return duplicate_object(data, rng)
        return incremental_update(data, {parent: _with(tree, b"Kids", b"[%s %d 0 R]" % (ref, parent))})
    if kind == 2:  # a form XObject that draws itself
        form = stream(b"q /X0 Do Q", b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] "
                                     b"/Resources << /XObject << /X0 %d 0 R >> >>" % fresh)
        page = _with(_with(body, b"Resources", b"<< /XObject << /X0 %d 0 R >> >>" % fresh),
                     b"Contents", b"%d 0 R" % (fresh + 1))
        return incremental_update(data, {number: page, fresh: form, fresh + 1: stream(b"/X0 Do")})
    return incremental_update(data, {number: _with(body, b"Contents", b"[%s %s]" % (ref, ref))})


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    found = _page(data, rng)
    if found is None:
        return duplicate_object(data, rng)
    number, body = found
    depth = rng.choice((100, 1000, 10_000, 100_000))
    if rng.random() < 0.5:
        value = b"[" * depth + b"0" + b"]" * depth
    else:
        value = b"<< /A " * depth + b"0" + b" >>" * depth
    return incremental_update(data, {number: _with(body, b"Deep", value)})


def deep_page_tree(data: bytes, rng: random.Random) -> bytes:
    """The page hangs below thousands of intermediate page-tree nodes."""
    found = _page(data, rng)
    root = re.search(rb"/Pages\s+(\d+)\s+\d+\s+R", data)
    if found is None or root is None:
        return duplicate_object(data, rng)
    number, body = found
    depth, first = rng.choice((50, 500, 5000)), max(objects_of(data)) + 1
    objects = {}
    for level in range(depth):
        node = first + level
        child = b"%d 0 R" % (node + 1) if level < depth - 1 else b"%d 0 R" % number
        objects[node] = b"<< /Type /Pages /Kids [%s] /Count 1 >>" % child
    objects[number] = _with(body, b"Parent", b"%d 0 R" % (first + depth - 1))
    catalog = int(re.search(rb"/Root\s+(\d+)", data).group(1)) if re.search(rb"/Root\s+(\d+)", data) else 1
    objects[catalog] = b"<< /Type /Catalog /Pages %d 0 R >>" % first
    return incremental_update(data, objects)


def bomb(data: bytes, rng: random.Random) -> bytes:
    found = _page(data, rng)
    if found is None:
        return truncate(data, rng)
    number, body = found
    fresh = max(objects_of(data)) + 1
    return incremental_update(data, {number: _with(body, b"Contents", b"%d 0 R" % fresh),
                                     fresh: bomb_body(rng.choice((256, 1024, 4096)))})


MUTATORS: dict[str, tuple[Mutator, int]] = {
    "truncate": (truncate, 4), "flip-bytes": (flip_bytes, 6), "cut-or-repeat": (cut_or_repeat, 4),
    "duplicate-object": (duplicate_object, 3), "wild-number": (wild_number, 4), "cycle": (cycle, 3),
    "deep-nesting": (deep_nesting, 2), "deep-page-tree": (deep_page_tree, 1), "bomb": (bomb, 1),
}
"""Each mutator and its weight."""


def make_case(index: int, seeds: list[bytes]) -> tuple[str, bytes]:
    """Case `index` of the seeded sequence: its mutators' names and its bytes."""
    rng = random.Random(f"{SEED}:{index}")
    data = rng.choice(seeds)
    names = rng.choices(list(MUTATORS), weights=[w for _, w in MUTATORS.values()], k=rng.choice((1, 1, 1, 2, 3)))
    for name in names:
        data = MUTATORS[name][0](data, rng)
    return "+".join(names), data


def run_batch(paths: list[str]) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "axiomcheck", "check", *paths, "--venue", "axiom-2026",
                           "--format", "json", "--jobs", "2", *LIMITS],
                          capture_output=True, text=True, timeout=60 + 30 * len(paths))
    return done, time.monotonic() - start


@pytest.mark.slow
def test_mutated_fixtures_never_crash_hang_or_print(tmp_path: Path) -> None:
    seeds = seed_files()
    verdicts: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    batch_seconds = []
    for first in range(0, CASES, FILES_PER_RUN):
        cases = {}
        for index in range(first, min(CASES, first + FILES_PER_RUN)):
            name, data = make_case(index, seeds)
            path = tmp_path / f"case-{index:05d}.pdf"
            path.write_bytes(data)
            cases[str(path)] = name
        done, seconds = run_batch(list(cases))
        batch_seconds.append(seconds)
        assert done.stderr == "", done.stderr[-2000:]
        assert done.returncode in (0, 1), f"exit {done.returncode}"
        report = json.loads(done.stdout)
        assert [f["path"] for f in report["files"]] == list(cases)
        for result in report["files"]:
            rules = {f["rule"] for f in result["findings"]}
            assert not rules & {"AX990", "AX999"}, (result["path"], cases[result["path"]], result["findings"])
            if result["status"] == "error":
                assert any(rule.startswith("AX9") for rule in rules), result["path"]
            else:
                assert result["pages"] and result["structure"], (result["path"], cases[result["path"]])
            statuses[result["status"]] += 1
            verdicts.update(rule for rule in rules if rule.startswith("AX9"))
        for path in cases:
            os.remove(path)
    print(f"\nfuzz: {CASES} cases (seed {SEED}), statuses {dict(statuses)}, verdicts {dict(sorted(verdicts.items()))}, "
          f"{sum(batch_seconds):.0f} s in {len(batch_seconds)} run(s)")


def test_mutators_damage_and_are_repeatable() -> None:
    seeds = seed_files()
    first = [make_case(index, seeds) for index in range(40)]
    assert first == [make_case(index, seeds) for index in range(40)]
    assert sum(1 for _, data in first if data not in seeds) >= 38
    rng = random.Random(1)
    paper = plain(text_pdf(2))
    assert b"FlateDecode /FlateDecode" in bomb(paper, rng)
    assert b"[[[" in deep_nesting(paper, random.Random(2)) or b"<< /A << /A" in deep_nesting(paper, random.Random(2))
