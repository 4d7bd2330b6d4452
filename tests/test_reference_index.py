"""The reference index: reading DBLP, OpenAlex and BibTeX dumps as streams, building and
resuming an index, and finding works in it by identifier and by title."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from axiomcheck.references.bibtex import latex_to_text, read_bibtex
from axiomcheck.references.build import SourceError, build_index, describe, kind_of, sources
from axiomcheck.references.dblp import read_dblp
from axiomcheck.references.openalex import read_openalex
from axiomcheck.references.store import ReferenceIndex, ReferenceIndexError
from conftest import FIXTURES

DBLP = FIXTURES / "references" / "dblp-sample.xml"
BIBTEX = FIXTURES / "references" / "venue-sample.bib"


def _records(batches: object) -> list:
    return [record for batch in batches for record in batch.records]  # type: ignore[attr-defined]


def test_dblp_records_are_read_with_their_entities_ids_and_people() -> None:
    works = {work.key: work for work in _records(read_dblp(str(DBLP)))}
    assert "homepages/v/AshishVaswani" not in works  # a person's page is no publication
    assert works["journals/corr/OordDZSVGKSK16"].authors[0] == "Aäron van den Oord"
    assert works["conf/nips/VaswaniSPUJGKP17"].authors[6] == "Łukasz Kaiser"
    assert works["conf/cvpr/HeZRS16"].authors[1] == "Xiangyu Zhang"  # DBLP's homonym number dropped
    assert works["conf/cvpr/HeZRS16"].doi == "10.1109/cvpr.2016.90"
    assert works["journals/corr/KingmaB14"].arxiv_id == "1412.6980"
    assert works["conf/nips/HoJA20"].title == "Denoising Diffusion Probabilistic Models"
    assert works["journals/neco/HochreiterS97"].year == 1997


def test_dblp_reads_the_same_without_its_doctype_and_gzipped(tmp_path: Path) -> None:
    text = DBLP.read_bytes().replace(b'<!DOCTYPE dblp SYSTEM "dblp.dtd">\n', b"")
    plain = tmp_path / "dblp.xml"
    plain.write_bytes(text)
    packed = tmp_path / "dblp.xml.gz"
    packed.write_bytes(gzip.compress(DBLP.read_bytes()))
    assert _records(read_dblp(str(plain))) == _records(read_dblp(str(DBLP))) == _records(read_dblp(str(packed)))


def test_a_dblp_read_resumed_at_any_batch_gives_the_works_a_whole_read_gives(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    packed = tmp_path / "dblp.xml.gz"
    packed.write_bytes(gzip.compress(DBLP.read_bytes()))
    whole = _records(read_dblp(str(packed)))
    monkeypatch.setattr("axiomcheck.references.dblp.CHUNK", 100)  # a batch every 100 bytes
    batches = list(read_dblp(str(packed), batch=1))
    assert len(batches) > len(whole) / 2 and batches[-1].position == -1
    for done, stop in enumerate(batches[:-1], start=1):
        before = [record for batch in batches[:done] for record in batch.records]
        resumed = _records(read_dblp(str(packed), stop.position, stop.prolog, batch=1))
        assert resumed[-1] == whole[-1]
        assert [r.key for r in before] + [r.key for r in resumed if r.key not in {b.key for b in before}] == \
            [r.key for r in whole]


def test_bibtex_entries_lose_their_latex() -> None:
    works = {work.key: work for work in _records(read_bibtex(str(BIBTEX)))}
    bert = works["venue-sample.bib:devlin-etal-2019-bert"]
    assert bert.title == "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding"
    assert bert.authors == ("Jacob Devlin", "Ming-Wei Chang", "Kenton Lee", "Kristina Toutanova")
    assert bert.venue is not None and bert.venue.startswith("Proceedings of the 2019 Conference")
    assert bert.doi == "10.18653/v1/n19-1423"
    assert works["venue-sample.bib:scholkopf2002learning"].authors[0] == "Bernhard Schölkopf"
    assert works["venue-sample.bib:kingma2015adam"].arxiv_id == "1412.6980"
    assert latex_to_text(r"Nguy\~{\^e}n, \c{C}a\u{g}lar and \emph{Ren{\'e}} --- {\o}st {\ss}") == \
        "Nguyễn, Çağlar and René — øst ß"


def test_a_broken_bibtex_entry_costs_that_entry_only(tmp_path: Path) -> None:
    broken = tmp_path / "broken.bib"
    broken.write_text("@article{a, title = {First}, year = 2001}\n@misc{b, title = {No closing\n"
                      "@article{c, title = {Third}, author = {Doe, Jane}, year = 2003}\n", encoding="utf-8")
    titles = [work.title for work in _records(read_bibtex(str(broken)))]
    assert titles[0] == "First"


def test_openalex_works_lines_are_read_and_bad_lines_skipped(tmp_path: Path) -> None:
    lines = [
        {"id": "https://openalex.org/W2963403868", "doi": "https://doi.org/10.5555/3295222.3295349",
         "title": "Attention is All you Need", "publication_year": 2017,
         "authorships": [{"author": {"display_name": "Ashish Vaswani"}}],
         "primary_location": {"source": {"display_name": "Neural Information Processing Systems"}},
         "locations": [{"landing_page_url": "https://arxiv.org/abs/1706.03762"}]},
        {"id": "https://openalex.org/W1", "title": None},
        "not an object",
    ]
    part = tmp_path / "updated_date=2026-01-01" / "part_000.gz"
    part.parent.mkdir()
    part.write_bytes(gzip.compress(("\n".join(json.dumps(line) for line in lines) + "\n{broken\n").encode()))
    works = _records(read_openalex(str(part)))
    assert len(works) == 1
    work = works[0]
    assert (work.key, work.doi, work.arxiv_id, work.year) == ("W2963403868", "10.5555/3295222.3295349", "1706.03762",
                                                              2017)
    assert sources([str(tmp_path)]) == [(part, "openalex")]


def test_an_index_is_built_extended_and_resumed(tmp_path: Path) -> None:
    database = str(tmp_path / "refs.sqlite")
    lines: list[str] = []
    built = build_index([str(DBLP)], database, lambda progress: lines.append(describe(progress)))
    assert (built.added, built.works, built.skipped) == (10, 10, 0)
    assert lines and lines[-1].endswith("done")
    again = build_index([str(DBLP), str(BIBTEX)], database)
    assert (again.added, again.works, again.skipped) == (3, 13, 1)
    with ReferenceIndex(database) as index:
        assert index.generation() == "2"
        assert [work.title for work in index.by_arxiv("1706.03762")] == ["Attention Is All You Need"]
        assert [work.source for work in index.by_doi("10.1109/CVPR.2016.90")] == ["dblp conf/cvpr/HeZRS16"]
        assert {work.source for work in index.by_words(["attention", "need"])} >= {
            "dblp conf/nips/VaswaniSPUJGKP17", "dblp journals/corr/VaswaniSPUJGKP17", "dblp conf/icml/DongCL21"}


def test_a_build_stopped_after_a_batch_goes_on_from_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = str(tmp_path / "refs.sqlite")
    monkeypatch.setattr("axiomcheck.references.build.BATCH", 2)
    monkeypatch.setattr("axiomcheck.references.dblp.CHUNK", 100)
    stops = iter([False, True])

    def report(progress: object) -> None:
        if next(stops, False):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_index([str(DBLP)], database, report)
    with ReferenceIndex(database) as index:
        assert 4 <= index.works() < 10  # two batches of two (or more) written before the stop
        state = index.source_state(str(DBLP.resolve()))
        assert state is not None and not state.done and state.position > state.prolog > 0
    resumed = build_index([str(DBLP)], database)
    assert resumed.works == 10


def test_a_source_that_changed_is_read_again_and_an_unknown_one_is_refused(tmp_path: Path) -> None:
    database = str(tmp_path / "refs.sqlite")
    bib = tmp_path / "a.bib"
    bib.write_text("@article{a, title = {One}, year = 2001}\n", encoding="utf-8")
    build_index([str(bib)], database)
    bib.write_text("@article{a, title = {One}, year = 2001}\n@article{b, title = {Two}, year = 2002}\n",
                   encoding="utf-8")
    assert build_index([str(bib)], database).works == 2
    other = tmp_path / "notes.txt"
    other.write_text("just some notes", encoding="utf-8")
    with pytest.raises(SourceError, match="not a DBLP XML dump"):
        kind_of(other)
    with pytest.raises(SourceError, match="no such file"):
        sources([str(tmp_path / "missing.xml.gz")])


def test_a_file_that_is_no_index_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ReferenceIndexError, match="no such reference index"):
        ReferenceIndex(tmp_path / "missing.sqlite")
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(ReferenceIndexError, match="not a reference index"):
        ReferenceIndex(junk)
