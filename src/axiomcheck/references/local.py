"""The local reference index as a `lookup.WorkSource`."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from ..model import KnownWork, ReferenceEntry
from ..model.bibliography import title_key
from .lookup import SourceFailure, search_words
from .store import ReferenceIndex


class LocalIndex:
    """Works of an index file, by arXiv id, DOI and title (the title's key, else its longest words)."""

    def __init__(self, index: ReferenceIndex) -> None:
        self.index = index
        self.description = f"the index {Path(index.path).name} ({index.works():,} works)"

    def prepare(self, entries: Sequence[ReferenceEntry]) -> None:
        return None

    def by_arxiv(self, arxiv_id: str) -> list[KnownWork]:
        return self._ask(self.index.by_arxiv, arxiv_id)

    def by_doi(self, doi: str) -> list[KnownWork]:
        return self._ask(self.index.by_doi, doi)

    def by_title(self, title: str) -> list[KnownWork]:
        exact = self._ask(self.index.by_title, title_key(title))
        return exact or self._ask(self.index.by_words, search_words(title))

    def _ask(self, question: object, argument: object) -> list[KnownWork]:
        try:
            return question(argument)  # type: ignore[operator, no-any-return]
        except sqlite3.Error as error:
            raise SourceFailure(f"the index {self.index.path} cannot be read ({error})") from error
