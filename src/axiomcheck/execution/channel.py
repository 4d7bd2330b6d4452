"""A channel between two processes: one end of a socket pair carrying framed messages.

A frame is an 8-byte length and that many bytes of a message (`codec`). The sender writes
whole frames, blocking; the reader either waits for one message (`receive`) or, in a parent
that watches many children at once, takes whatever bytes have arrived without blocking
(`read_ready`) and keeps a partial frame for later, so a child that stalls half-way through
a reply never blocks its parent. A frame longer than the reader's `max_frame` is refused
before it is read (`FrameTooLarge`): the reader's memory is bounded whatever its peer sends.

When the peer process ends, its end of the pair closes with it (no other process holds it:
`process.fork_child` closes every inherited descriptor in the child), so the reader sees
the end of the stream (`ChannelClosed`), with `truncated` set when it ended inside a frame.
"""

from __future__ import annotations

import select
import socket
import struct
import time
from typing import Any, TypeVar

from ..codec.wire import decode_message, encode_message

_T = TypeVar("_T")
_HEADER = struct.Struct("!Q")
_READ_BYTES = 1 << 20
"""The most a non-blocking read takes at once (more arrives at the next one)."""


class ChannelClosed(EOFError):
    """The peer's end is closed: the process has ended (or closed it)."""

    def __init__(self, truncated: bool) -> None:
        super().__init__("the other process closed the channel" + (" in the middle of a message" if truncated else ""))
        self.truncated = truncated


class FrameTooLarge(ValueError):
    """The peer announced a message longer than this reader accepts."""


class Channel:
    """One end of a socket pair; see the module docstring. `max_frame` bounds what it reads."""

    def __init__(self, sock: socket.socket, max_frame: int) -> None:
        self.sock = sock
        self.max_frame = max_frame
        self._buffer = bytearray()
        self._frames: list[bytes] = []
        self.closed = False
        """True once the peer's end is known to be closed (every frame before it is still read)."""

    @classmethod
    def pair(cls, max_frame_here: int, max_frame_there: int) -> tuple[Channel, Channel]:
        """Two connected ends: (this process's, the other process's)."""
        here, there = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        return cls(here, max_frame_here), cls(there, max_frame_there)

    def fileno(self) -> int:
        return self.sock.fileno()

    def send(self, message: Any, limit: int | None = None) -> None:
        """Write `message` as one frame (blocking); FrameTooLarge, with nothing written, when it
        is longer than `limit` bytes. OSError (BrokenPipeError, ...) when the peer is gone."""
        data = encode_message(message)
        if limit is not None and len(data) > limit:
            raise FrameTooLarge(f"a message of {len(data):,} bytes is over the {limit:,}-byte limit")
        self.sock.sendall(_HEADER.pack(len(data)) + data)

    def receive(self, kinds: tuple[type[_T], ...], timeout: float | None = None) -> _T:
        """The next message, of one of `kinds` (`codec.CodecError` otherwise); waits up to
        `timeout` seconds (TimeoutError), forever when None. ChannelClosed at the end."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._frames:
            if self.closed:
                raise ChannelClosed(truncated=bool(self._buffer))
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.sock], [], [], left)
            if not ready:
                raise TimeoutError("no message in time")
            self._read()
        return decode_message(self._frames.pop(0), kinds)

    def read_ready(self, kinds: tuple[type[_T], ...]) -> list[_T]:
        """The messages complete so far, without blocking (possibly none); `closed` tells
        whether the peer's end has closed. A message of another kind raises `codec.CodecError`."""
        if not self.closed:
            self._read()
        frames, self._frames = self._frames, []
        return [decode_message(frame, kinds) for frame in frames]

    @property
    def truncated(self) -> bool:
        """The peer closed its end in the middle of a frame."""
        return self.closed and bool(self._buffer)

    def _read(self) -> None:
        """Take every byte that has arrived, without blocking, into complete frames."""
        while True:
            try:
                chunk = self.sock.recv(_READ_BYTES, socket.MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:  # a reset connection ends the stream like a close
                chunk = b""
            if not chunk:
                self.closed = True
                break
            self._buffer += chunk
            self._split()

    def _split(self) -> None:
        while len(self._buffer) >= _HEADER.size:
            (length,) = _HEADER.unpack_from(self._buffer)
            if length > self.max_frame:
                raise FrameTooLarge(f"a message of {length:,} bytes is over the {self.max_frame:,}-byte limit")
            end = _HEADER.size + length
            if len(self._buffer) < end:
                return
            self._frames.append(bytes(self._buffer[_HEADER.size:end]))
            del self._buffer[:end]

    def close(self) -> None:
        """Close this end (the peer then sees the end of the stream)."""
        self.sock.close()
