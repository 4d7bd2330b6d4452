"""Read pypdf's facts (page count, metadata, fonts) in a helper process, on a spare core.

pypdf costs about 100 ms a paper (its import, then parsing the object streams in Python)
and needs nothing from PDFium, so a single-file check forks a helper that reads them while
this process reads the text. The helper sends back model objects only: the reply is
unpickled with an allowlist of `axiomcheck.model` classes (the package's modules) and plain
containers, so a helper subverted by a hostile file cannot make the worker run code.

Any trouble (the helper dies, is killed by the memory cap, sends something unexpected, or
pypdf raised) makes `result` answer None, and the caller reads the fact itself, in-process,
exactly as without a helper: verdicts never depend on the helper. Facts arrive one at a
time, so the fonts pypdf reads last (needed only when PDFium cannot describe a font, see
`pdfium_objects`) never delay the page count and metadata.
"""

from __future__ import annotations

import ctypes
import io
import os
import pickle
import signal
from collections.abc import Callable
from typing import Any

from .memory_guard import guard_child

_ALLOWED_BUILTINS = frozenset({"tuple", "list", "dict", "set", "frozenset", "str", "int", "float", "bool"})
_PR_SET_PDEATHSIG = 1


class _ModelUnpickler(pickle.Unpickler):
    """Unpickles model dataclasses and plain containers, nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "axiomcheck.model" or module.startswith("axiomcheck.model.") or \
                (module == "builtins" and name in _ALLOWED_BUILTINS):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed")


def _die_with_parent() -> None:
    """Linux: the helper is killed when its parent is (a worker killed at its timeout)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the CPU limit inherited from the worker still ends it
        return


class AsideReader:
    """A forked helper computing named facts from a reader; see the module docstring.

    Facts are sent one by one as they are computed, in the order given, so the caller waits
    only for the facts it asks for; a helper still working on facts nobody asked for is
    killed by `close`. A fact whose reading raised ends the helper: it and the facts after
    it are read in-process by the caller."""

    def __init__(self, open_reader: Callable[[], Any], readers: dict[str, Callable[[Any], Any]]) -> None:
        read_end, write_end = os.pipe()
        self._pid = os.fork()
        if self._pid == 0:  # the helper: compute, send, and leave without running any cleanup
            os.close(read_end)
            _die_with_parent()
            guard_child()
            try:
                with os.fdopen(write_end, "wb") as pipe:
                    reader = open_reader()
                    for key, read in readers.items():
                        pickle.dump((key, read(reader)), pipe, protocol=pickle.HIGHEST_PROTOCOL)
                        pipe.flush()
            finally:
                os._exit(0)
        os.close(write_end)
        self._pipe: io.BufferedReader | None = os.fdopen(read_end, "rb")
        self._facts: dict[str, Any] = {}

    def result(self, key: str) -> tuple[bool, Any]:
        """(True, value) when the helper read `key`; (False, None) when it could not."""
        while key not in self._facts and self._pipe is not None:
            try:
                fact = _ModelUnpickler(self._pipe).load()
                name, value = fact
                if not isinstance(name, str):
                    raise pickle.UnpicklingError("a fact is named by a string")
            except Exception:  # the end of the replies, a truncated or an unexpected one
                self._finish(kill=False)
                break
            self._facts[name] = value
        return (True, self._facts[key]) if key in self._facts else (False, None)

    def close(self) -> None:
        """Stop and reap the helper, whatever it was still reading."""
        self._finish(kill=True)

    def _finish(self, kill: bool) -> None:
        if self._pipe is None:
            return
        if kill:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._pipe.close()
        self._pipe = None
        os.waitpid(self._pid, 0)
