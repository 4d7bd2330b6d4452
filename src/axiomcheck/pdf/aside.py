"""Read pypdf's facts (page count, metadata, fonts) in a helper process, on a spare core.

pypdf costs about 100 ms a paper (its import, then parsing the object streams in Python)
and needs nothing from PDFium, so a single-file check forks a helper that reads them while
this process reads the text. The helper sends back model objects only: the reply is
unpickled with an allowlist of `axiomcheck.model` classes and plain containers, so a
helper subverted by a hostile file cannot make the worker run code.

Any trouble (the helper dies, is killed by the memory cap, sends something unexpected, or
pypdf raised) makes `result` answer None, and the caller reads the fact itself, in-process,
exactly as without a helper: verdicts never depend on the helper.
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
        if module == "axiomcheck.model" or (module == "builtins" and name in _ALLOWED_BUILTINS):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed")


def _die_with_parent() -> None:
    """Linux: the helper is killed when its parent is (a worker killed at its timeout)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the CPU limit inherited from the worker still ends it
        return


class AsideReader:
    """A forked helper computing named facts from a pypdf reader; see the module docstring."""

    def __init__(self, open_reader: Callable[[], Any], readers: dict[str, Callable[[Any], Any]]) -> None:
        read_end, write_end = os.pipe()
        self._pid = os.fork()
        if self._pid == 0:  # the helper: compute, send, and leave without running any cleanup
            os.close(read_end)
            _die_with_parent()
            guard_child()
            try:
                reader = open_reader()
                facts = {key: read(reader) for key, read in readers.items()}
                data = pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write_end, "wb") as pipe:
                    pipe.write(data)
            finally:
                os._exit(0)
        os.close(write_end)
        self._read_end = read_end
        self._facts: dict[str, Any] | None = None

    def _collect(self) -> dict[str, Any]:
        if self._facts is None:
            chunks = []
            with os.fdopen(self._read_end, "rb") as pipe:
                while chunk := pipe.read(1 << 16):
                    chunks.append(chunk)
            os.waitpid(self._pid, 0)
            try:
                facts = _ModelUnpickler(io.BytesIO(b"".join(chunks))).load() if chunks else {}
            except Exception:  # a truncated or unexpected reply: read in-process instead
                facts = {}
            self._facts = facts if isinstance(facts, dict) else {}
        return self._facts

    def result(self, key: str) -> tuple[bool, Any]:
        """(True, value) when the helper read `key`; (False, None) when it could not."""
        facts = self._collect()
        return (True, facts[key]) if key in facts else (False, None)

    def close(self) -> None:
        """Reap the helper if nobody asked for its facts."""
        if self._facts is None:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.close(self._read_end)
            os.waitpid(self._pid, 0)
            self._facts = {}
