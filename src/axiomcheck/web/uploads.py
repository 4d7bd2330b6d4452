"""Reading an upload: the body capped while it streams, the file saved under a random name.

The cap is enforced twice: a declared Content-Length over it is refused before any byte of
the body is read, and a body without one (chunked) is counted as it arrives and refused as
soon as it passes the cap. Either way the answer is 413. The PDF is written to the server's
private folder as `<random hex>.pdf`; the name the author's browser sent is only displayed.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import Message, Receive

from ..limits import format_size

FORM_FIELDS = 8
FIELD_BYTES = 4096
DISPLAY_NAME_CHARS = 120
COPY_CHUNK = 1 << 20
"""Bytes of an upload copied (and hashed) at a time."""


def too_large(max_size: int) -> HTTPException:
    return HTTPException(413, f"The file is larger than the {format_size(max_size)} this server accepts.")


def _capped(receive: Receive, max_body: int, max_size: int) -> Receive:
    received = 0

    async def capped_receive() -> Message:
        nonlocal received
        message = await receive()
        if message["type"] == "http.request":
            received += len(message.get("body", b""))
            if received > max_body:
                raise too_large(max_size)
        return message

    return capped_receive


async def read_form(request: Request, max_body: int, max_size: int) -> FormData:
    """The request's multipart form, refused with 413 once the body passes `max_body` bytes
    (or declares it will) and with 400 when it is not a small form with at most one file."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > max_body:
        raise too_large(max_size)
    capped = Request(request.scope, _capped(request.receive, max_body, max_size))
    return await capped.form(max_files=1, max_fields=FORM_FIELDS, max_part_size=FIELD_BYTES)


@dataclass(frozen=True)
class SavedUpload:
    """An uploaded file on disk under a name the server chose."""

    path: Path
    display_name: str
    sha256: str
    """The file's SHA-256, read as it was saved (the checks take it instead of reading the file again)."""


def display_name(sent: str | None) -> str:
    """The file name the browser sent, reduced to a short base name for display."""
    name = PurePosixPath((sent or "").replace("\\", "/")).name.strip()
    return name[:DISPLAY_NAME_CHARS] or "upload.pdf"


def save_upload(upload: UploadFile, folder: Path) -> SavedUpload:
    """Copy the upload into `folder` as `<random>.pdf`, hashing it on the way (blocking: run
    in a thread)."""
    path = folder / f"{secrets.token_hex(16)}.pdf"
    digest = hashlib.sha256()
    upload.file.seek(0)
    with open(path, "xb") as target:
        while chunk := upload.file.read(COPY_CHUNK):
            digest.update(chunk)
            target.write(chunk)
    return SavedUpload(path, display_name(upload.filename), digest.hexdigest())
