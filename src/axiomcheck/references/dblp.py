"""DBLP's XML dump (`dblp.xml.gz`, or the XML unpacked), read as a stream.

The dump is one `<dblp>` element holding a record per publication (`article`,
`inproceedings`, `book`, ...), each with its `key`, authors, title, year, venue and
electronic editions (`ee`: DOI and arXiv links; a CoRR record's volume `abs/2401.01234`).
Expat reads it a megabyte at a time, so memory stays flat whatever the dump's size.

DBLP writes accented letters as entities its DTD defines (`&uuml;`); the DTD is never
fetched: the document's external DTD is answered with a built-in table of the same
entities (HTML's Latin-1, symbol and special characters, which DBLP's DTD declares), so a
dump reads the same with or without its DOCTYPE and without a network.

Resuming: every record starts at a byte of the uncompressed stream; a batch's end is saved
as the start of the next record, with the prolog's length (the XML declaration, the
DOCTYPE and the opening `<dblp>`). A resumed read feeds the prolog again, skips to the saved
record and goes on, as if it had never stopped.
"""

from __future__ import annotations

import contextlib
import gzip
import html.entities
import re
import xml.parsers.expat
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from .records import Batch, WorkRecord, arxiv_id_in, doi_in, year_in

CHUNK = 1 << 20
"""Bytes read (and parsed) at a time."""
RECORDS = frozenset({"article", "inproceedings", "proceedings", "book", "incollection", "phdthesis",
                     "mastersthesis"})
"""The elements that are publications (`www`, a person's page, is not one)."""
RECORD_DEPTH, FIELD_DEPTH = 2, 3
"""A record is a child of `<dblp>`, its fields are its children."""
_FIELDS = frozenset({"author", "editor", "title", "booktitle", "journal", "year", "ee", "volume"})
_ENTITY_TABLE = "".join(f'<!ENTITY {name} "&#{code};">' for name, code in html.entities.name2codepoint.items())
"""The entities DBLP's DTD declares (Latin-1 letters and symbols), as a DTD of our own."""
_HOMONYM_RE = re.compile(r"\s+\d{4}$")
"""DBLP tells people of the same name apart with a number: "Wei Wang 0001"."""


@dataclass
class _Record:
    kind: str
    key: str
    fields: dict[str, list[str]] = field(default_factory=dict)


class _Reader:
    """Expat's handlers: the record being read and the finished ones."""

    def __init__(self, parser: xml.parsers.expat.XMLParserType) -> None:
        self.parser = parser
        self.depth = 0
        self.record: _Record | None = None
        self.field: str | None = None
        self.text: list[str] = []
        self.done: list[WorkRecord] = []
        self.first_record: int | None = None
        self.next_start: int | None = None
        parser.buffer_text = True  # one call per run of text, not one per line or entity
        parser.buffer_size = CHUNK
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        parser.UseForeignDTD(True)
        parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE)
        parser.ExternalEntityRefHandler = self.external

    def external(self, context: str | None, base: str | None, system: str | None, public: str | None) -> int:
        """Any external DTD (dblp.dtd) is read from the built-in entity table, never fetched."""
        self.parser.ExternalEntityParserCreate(context).Parse(_ENTITY_TABLE.encode("ascii"), True)
        return 1

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == RECORD_DEPTH:
            self.next_start = self.parser.CurrentByteIndex
            if self.first_record is None:
                self.first_record = self.next_start
            if name in RECORDS:
                self.record = _Record(name, attributes.get("key", ""))
        elif self.depth == FIELD_DEPTH and self.record is not None and name in _FIELDS:
            self.field, self.text = name, []

    def end(self, name: str) -> None:
        if self.depth == FIELD_DEPTH and self.field == name and self.record is not None:
            self.record.fields.setdefault(name, []).append(" ".join("".join(self.text).split()))
            self.field = None
        elif self.depth == RECORD_DEPTH and self.record is not None:
            work = _work(self.record)
            if work is not None:
                self.done.append(work)
            self.record = None
        self.depth -= 1

    def characters(self, text: str) -> None:
        if self.field is not None:
            self.text.append(text)


def _work(record: _Record) -> WorkRecord | None:
    fields = record.fields
    title = next(iter(fields.get("title", ())), "").rstrip(".")
    if not title:
        return None
    people = fields.get("author") or fields.get("editor") or []
    links = fields.get("ee", [])
    volume = next(iter(fields.get("volume", ())), "")
    arxiv = next((found for found in map(arxiv_id_in, [*links, volume]) if found), None)
    doi = next((doi_in(link) for link in links if "doi.org/" in link), None)
    venue = next(iter(fields.get("journal") or fields.get("booktitle") or ()), None)
    return WorkRecord(source="dblp", key=record.key, title=title,
                      authors=tuple(_HOMONYM_RE.sub("", person) for person in people),
                      year=year_in(next(iter(fields.get("year", ())), None)), venue=venue, doi=doi, arxiv_id=arxiv)


def read_dblp(path: str, position: int = 0, prolog: int = 0, batch: int = 20000) -> Iterator[Batch]:
    """The dump's works in batches of `batch`, from the record at `position` (0: the start),
    `prolog` being the length of the prolog a first read measured. A batch's `position` is
    where a later read resumes: the start of the last record begun (a record read twice is
    kept once by the index); -1 after the last batch."""
    parser = xml.parsers.expat.ParserCreate()
    reader = _Reader(parser)
    with open(path, "rb") as raw, uncompressed(raw) as stream:
        shift = 0
        if position > 0:
            parser.Parse(stream.read(prolog), False)
            skip(stream, position - prolog)
            shift = position - prolog
        while True:
            chunk = stream.read(CHUNK)
            parser.Parse(chunk, not chunk)
            if chunk and len(reader.done) < batch:
                continue
            records, reader.done = reader.done, []
            resume = reader.next_start + shift if chunk and reader.next_start is not None else -1
            yield Batch(records, resume, prolog or reader.first_record or 0, raw.tell())
            if not chunk:
                return


def uncompressed(raw: BinaryIO) -> contextlib.AbstractContextManager[BinaryIO]:
    """The file's bytes, through gzip when it is gzipped (`raw.tell()` then counts what was read
    of the compressed file); the caller closes `raw`."""
    gzipped = raw.read(2) == b"\x1f\x8b"
    raw.seek(0)
    if gzipped:
        return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    return contextlib.nullcontext(raw)


def skip(stream: BinaryIO, count: int) -> None:
    """Read past `count` bytes of `stream`."""
    while count > 0:
        skipped = len(stream.read(min(count, CHUNK)))
        if not skipped:
            return
        count -= skipped
