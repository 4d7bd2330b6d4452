"""References: the reference index and the look-up of a paper's bibliography in it.

The index (`store.py`) is one SQLite file with FTS5, built by `axiomcheck references index`
(`build.py`) from the dumps organizers can download: DBLP's XML (`dblp.py`), OpenAlex works
snapshots (`openalex.py`) and BibTeX files (`bibtex.py`), read as streams, resumably. A run
given `--references FILE|online` (`settings.ReferenceSettings`) looks each bibliography entry
up (`lookup.py`, the same judgement for every source) in the local index (`local.py`), or in
OpenAlex, Crossref and arXiv through a polite client (`online.py`, `client.py`) whose answers
are kept in the same SQLite file.

`run.look_up` is what the pipeline calls, in the worker, before the rules: its `ReferenceCheck`
reaches the rules through their context (`rules/reference_lookup.py`). Rules never import
this package: they read only the model. docs/references.md is the user's guide. This module imports only the
settings: a check that looks nothing up loads no SQLite.
"""

from __future__ import annotations

from .settings import ONLINE, Endpoints, ReferenceSettings

__all__ = ["ONLINE", "Endpoints", "ReferenceSettings"]
