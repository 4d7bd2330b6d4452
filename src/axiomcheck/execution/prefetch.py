"""Helpers on the spare core: processes a worker forks to read facts while it reads the text.

qpdf's facts (page count, metadata, fonts, glyph names: `pdf.object_facts.OBJECT_FACTS`) cost
pikepdf's import and some tens of milliseconds a paper, and need nothing from PDFium; a long
file's later pages can be read by a second PDFium document (`pdf.page_split`). When a run
checks a single file, the worker forks a helper for each (`SpareCore`, the pipeline's
prefetch hooks) and takes their facts as it needs them. A helper sends each fact as soon as
it is read (`messages.Fact`, typed by the return type of the function that reads it), so the
page count never waits for the fonts.

A helper is confined like its worker (`Confinement.confine_helper`: it dies with the worker
and guards its own memory) and holds no descriptor but its channel. Any trouble (it dies, is
killed, sends something that is not the fact asked for, or its reading raised) makes
`result` answer (False, None), and the caller reads the fact itself, exactly as without a
helper: verdicts never depend on the helpers.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable
from typing import Any

from .channel import Channel, ChannelClosed, FrameTooLarge
from ..codec.wire import CodecError, decoder
from .confinement import Confinement
from .messages import FROM_HELPER, MAX_FACT_BYTES, Fact
from .process import Child, fork_child

_MAX_FRAME_TO_HELPER = 1024
"""A helper reads nothing from its channel; it only writes."""


class Helper:
    """A forked process reading named facts with `readers` from what `open_source` opens;
    see the module docstring. Facts arrive in the order of `readers`; a fact whose reading
    raised ends the helper, and it and the ones after it are left to the caller."""

    def __init__(self, open_source: Callable[[], Any], readers: dict[str, Callable[[Any], Any]],
                 confinement: Confinement) -> None:
        self._kinds = {key: _returned_type(read) for key, read in readers.items()}

        def run(channel: Channel) -> None:
            confinement.confine_helper()
            source = open_source()
            for key, read in readers.items():
                channel.send(Fact(key, read(source)))

        self._child: Child | None = fork_child(run, MAX_FACT_BYTES, _MAX_FRAME_TO_HELPER)
        self._facts: dict[str, Any] = {}

    @property
    def pid(self) -> int | None:
        return self._child.pid if self._child is not None else None

    def result(self, key: str) -> tuple[bool, Any]:
        """(True, value) when the helper read `key`; (False, None) when it could not."""
        while key not in self._facts and self._child is not None:
            try:
                fact = self._child.channel.receive(FROM_HELPER)
                self._facts[fact.key] = decoder(self._kinds[fact.key])(fact.value)
            except (ChannelClosed, OSError, CodecError, FrameTooLarge, KeyError):  # the end, or not a fact
                self.close()
        return (True, self._facts[key]) if key in self._facts else (False, None)

    def close(self) -> None:
        """Stop and reap the helper, whatever it was still reading."""
        if self._child is not None:
            self._child.end(kill=True)
            self._child = None


def _returned_type(read: Callable[[Any], Any]) -> Any:
    """The type a reader returns (its annotation), by which its fact is decoded."""
    return _return_annotation(read.func if isinstance(read, functools.partial) else read)


@functools.cache
def _return_annotation(function: Callable[..., Any]) -> Any:
    return typing.get_type_hints(function)["return"]


class SpareCore:
    """Pipeline hooks (`pipeline.Hooks`) for a single-file run: a helper reads qpdf's facts
    and, for a long file, another reads its later pages (`pdf.page_split`)."""

    def __init__(self, confinement: Confinement) -> None:
        self.confinement = confinement

    def entering(self, stage: str) -> None:
        return None

    def prefetch_objects(self, path: str) -> Helper:
        from ..pdf.object_facts import OBJECT_FACTS  # noqa: PLC0415 - in the worker; no PDF library yet
        from ..pdf.objects import open_reader  # noqa: PLC0415 - as above

        return Helper(functools.partial(open_reader, path), OBJECT_FACTS, self.confinement)

    def prefetch_pages(self, path: str, page_count: int) -> tuple[int, Helper] | None:
        from ..pdf.page_split import later_pages, split_point  # noqa: PLC0415 - in the worker only

        start = split_point(page_count)
        if start is None:
            return None
        return start, Helper(functools.partial(_own_source, path), dict(later_pages(start, page_count)),
                             self.confinement)


def _own_source(path: str) -> Any:
    """In the helper: the file opened with a PDFium document of its own."""
    from ..pdf.source import PdfSource  # noqa: PLC0415 - PDFium, in the helper only

    return PdfSource(path)
