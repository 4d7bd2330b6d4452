"""The Starlette application: the upload form, the result page, the JSON API.

Routes: `GET /` (form), `POST /check` (result page), `POST /api/check` (JSON report),
`GET /api/packs`, `GET /healthz`, `GET /openapi.json`, `/static/...`. Every upload is read
with its size capped (`uploads`) and saved under a random name in a private folder of its
own, inside the server's; it is checked by the run loop (`batch.run.run_items`) through a
leased checker process (`dispatch`), whose worker draws the evidence pictures into the
upload's folder; the server reads them from there, and the folder is deleted once the
answer is sent. The pictures travel inline in the page. No error shows a stack trace: an
unexpected one is logged and the page says that the fault is the server's.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import shutil
import stat
import tempfile
from collections.abc import AsyncIterator
from http import HTTPStatus
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.schemas import SchemaGenerator
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from .. import __version__
from ..batch.inputs import Item
from ..batch.plan import Group, RunPlan
from ..batch.run import RunSettings, run_items
from ..codec import report_to_json
from ..limits import Limits, format_duration, format_size
from ..pipeline import Known, precheck_result
from ..report import Finding, Report
from .dispatch import Busy, CheckerLease, CheckerRefused, Checkers
from .folders import ServerFolder, sweep_left_behind
from .security import SecurityHeaders
from .settings import WebSettings
from .uploads import SavedUpload, read_form, save_upload
from .venues import CHOICE_SEPARATOR, ChoiceError, Offered
from .view import public_report, result_view

LOG = logging.getLogger("axiomcheck.web")
RETRY_AFTER_SECONDS = 10
MAX_PICTURE_BYTES = 16 * 1024 * 1024
"""The largest evidence picture a page shows (a page drawn at the pictures' resolution is a
few hundred KB; a larger file is not one the worker drew as asked)."""
NO_STORE = {"Cache-Control": "no-store"}
SCHEMAS = SchemaGenerator({"openapi": "3.0.0",
                           "info": {"title": "axiomcheck", "version": __version__,
                                    "description": "Check a paper PDF against a venue's formatting rules."}})


@dataclass(frozen=True)
class _Outcome:
    """A checked upload: the public report, its pictures (finding index -> base64 PNG), the
    name the author uploaded, and whether the prechecks refused it before any parser."""

    report: Report
    pictures: dict[str, str]
    name: str
    prechecked: bool


class _Upload:
    """One upload's private folder (inside the server's): the PDF and its pictures. It is
    deleted when the answer has been sent, or, when the author went away first, once the
    check still running on it has finished."""

    def __init__(self, server_folder: Path) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="upload-", dir=server_folder))  # mode 0700
        self.evidence = self.folder / "evidence"
        self.check: asyncio.Future[Report] | None = None

    def discard(self) -> None:
        if self.check is None or self.check.done():
            shutil.rmtree(self.folder, ignore_errors=True)
        else:
            self.check.add_done_callback(lambda _: shutil.rmtree(self.folder, ignore_errors=True))


class _Refused(Exception):
    """The upload cannot be checked as sent; `message` tells the author why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def create_app(settings: WebSettings) -> Starlette:
    """The web application for `settings` (the packs are resolved here: PackError if broken)."""
    server = _Server(settings, Offered.load(settings.venues))
    return Starlette(routes=server.routes(), lifespan=server.lifespan, middleware=[Middleware(SecurityHeaders)],
                     exception_handlers={HTTPException: server.http_error, Busy: server.busy,
                                         CheckerRefused: server.server_fault, Exception: server.server_fault})


class _Server:
    """The application's pages and handlers over the offered packs; its upload folder and
    checker processes live from the application's start to its end (`lifespan`)."""

    def __init__(self, settings: WebSettings, offered: Offered) -> None:
        self.settings = settings
        self.offered = offered
        environment = jinja2.Environment(loader=jinja2.PackageLoader("axiomcheck.web", "pages"),
                                         autoescape=jinja2.select_autoescape(["html"]), trim_blocks=True,
                                         lstrip_blocks=True)
        self.templates = Jinja2Templates(env=environment)
        self.folder = Path()
        self.checkers: Checkers | None = None

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/", self.index, methods=["GET"]),
            Route("/check", self.check_page, methods=["POST"]),
            Route("/api/check", self.api_check, methods=["POST"]),
            Route("/api/packs", self.api_packs, methods=["GET"]),
            Route("/healthz", self.healthz, methods=["GET"]),
            Route("/openapi.json", self.openapi, methods=["GET"], include_in_schema=False),
            Mount("/static", StaticFiles(packages=[("axiomcheck.web", "static")]), name="static"),
        ]

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        for left in await asyncio.to_thread(sweep_left_behind):
            LOG.info("removed %s, which a server that was killed left behind", left)
        server_folder = ServerFolder()  # mode 0700: only this user
        self.folder = server_folder.path
        self.checkers = Checkers(self.settings)
        self.checkers.start()
        watching = asyncio.create_task(self.checkers.watch())
        app.state.upload_folder, app.state.checkers = self.folder, self.checkers
        try:
            yield
        finally:
            watching.cancel()
            self.checkers.stop()
            server_folder.remove()

    def _running(self) -> Checkers:
        assert self.checkers is not None, "the application has not started"
        return self.checkers

    # -- pages ---------------------------------------------------------------------------
    def page(self, request: Request, name: str, status: int = 200, headers: dict[str, str] | None = None,
             **context: Any) -> Response:
        return self.templates.TemplateResponse(
            request, name, {"limits": self.settings.limits, "format_size": format_size,
                            "format_duration": format_duration, **context},
            status_code=status, headers={**NO_STORE, **(headers or {})})

    def form_page(self, request: Request, status: int = 200, error: str | None = None) -> Response:
        return self.page(request, "index.html", status, offered=self.offered, separator=CHOICE_SEPARATOR,
                         error=error)

    # -- one upload ----------------------------------------------------------------------
    async def run_check(self, request: Request, from_form: bool) -> _Outcome:
        """Read, save, check and delete one upload. The upload form sends its venue and track
        as one `choice` field; the API sends `venue` and `track`."""
        checkers = self._running()
        if checkers.full:
            raise Busy()
        form = await read_form(request, self.settings.max_body, self.settings.limits.max_size)
        try:
            group = self._chosen(form, from_form)
            upload = form.get("file")
            if not isinstance(upload, UploadFile) or not upload.filename:
                raise _Refused(400, "Choose a PDF file to upload.")
            place = _Upload(self.folder)
            try:
                saved = await asyncio.to_thread(save_upload, upload, place.folder)
            except BaseException:
                place.discard()
                raise
        finally:
            await form.close()
        try:
            return await self.check_saved(saved, place, group, checkers, pictures=from_form)
        finally:
            place.discard()

    def _chosen(self, form: FormData, from_form: bool) -> Group:
        """The pack the upload asks for, among those offered (400 when it is not one of them)."""
        if from_form:
            venue, track = self.offered.split_choice(_text(form.get("choice")))
        else:
            venue, track = _text(form.get("venue")), _text(form.get("track"))
        try:
            return self.offered.choose(venue, track, _text(form.get("stage")))
        except ChoiceError as error:
            raise _Refused(400, str(error)) from None

    async def check_saved(self, saved: SavedUpload, place: _Upload, group: Group, checkers: Checkers,
                          pictures: bool) -> _Outcome:
        """The upload's report, and its pictures when `pictures` (the page shows them; the
        JSON API has none, so none are drawn for it)."""
        limits = self.settings.limits
        rejected = await asyncio.to_thread(precheck_result, str(saved.path), limits, saved.sha256)
        if rejected is not None:
            pack = group.pack
            refused = Report(venue=pack.venue, track=pack.track, stage=pack.stage, files=[rejected])
            return _Outcome(public_report(refused, saved.display_name), {}, saved.display_name, True)
        evidence = str(place.evidence) if pictures else None
        lease = await checkers.lease(evidence, Known(saved.sha256, prechecked=True))
        place.check = asyncio.get_running_loop().run_in_executor(
            checkers.threads, _check_upload, lease, saved, group, limits, evidence)
        place.check.add_done_callback(lambda _: checkers.release(lease))
        report = await asyncio.shield(place.check)  # the author leaving never frees a checker mid-job
        shown = await asyncio.to_thread(_read_pictures, report.files[0].findings, place.evidence,
                                        self.settings.max_pictures) if pictures else {}
        return _Outcome(public_report(report, saved.display_name), shown, saved.display_name, False)

    # -- routes --------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        return self.form_page(request)

    async def check_page(self, request: Request) -> Response:
        try:
            outcome = await self.run_check(request, from_form=True)
        except _Refused as refused:
            return self.form_page(request, refused.status, refused.message)
        if outcome.prechecked:  # not a PDF, empty, too large: the author picks another file
            finding = outcome.report.files[0].findings[0]
            return self.form_page(request, 422, f"{outcome.name}: {finding.message} {finding.hint}")
        return self.page(request, "result.html", view=result_view(outcome.report, outcome.pictures, outcome.name))

    async def api_check(self, request: Request) -> Response:
        """Check one uploaded PDF and return the JSON report (schema axiomcheck.report/1).
        ---
        summary: Check a PDF
        requestBody:
          required: true
          content:
            multipart/form-data:
              schema:
                type: object
                required: [file]
                properties:
                  file: {type: string, format: binary, description: the PDF}
                  venue: {type: string, description: a venue id from /api/packs (optional when one is served)}
                  track: {type: string, description: "a track of the venue (default: paper)"}
                  stage: {type: string, description: "a stage of the venue (default: the venue's default)"}
        responses:
          200: {description: "The report (docs/report-format.md); a file that is not a PDF gets status error."}
          400: {description: "No file, or a venue, track or stage the server does not offer."}
          413: {description: The upload is larger than the server's limit.}
          503: {description: "Every worker is busy and the queue is full; retry after Retry-After seconds."}
        """
        try:
            outcome = await self.run_check(request, from_form=False)
        except _Refused as refused:
            return JSONResponse({"error": refused.message}, refused.status, headers=NO_STORE)
        return JSONResponse(report_to_json(outcome.report), headers=NO_STORE)

    async def api_packs(self, request: Request) -> Response:
        """The venues this server checks, with their tracks and stages.
        ---
        summary: List venues, tracks and stages
        responses:
          200: {description: "{venues: [{id, name, tracks: [{id, description}], stages, default_stage}]}"}
        """
        return JSONResponse(self.offered.to_dict())

    async def healthz(self, request: Request) -> Response:
        """Liveness and load: checker processes alive, checks running, uploads waiting.
        ---
        summary: Health
        responses:
          200: {description: "{status: ok, checkers, busy, waiting}"}
          503: {description: "A checker process is down."}
        """
        checkers = self._running()
        alive = checkers.alive()
        healthy = alive == self.settings.workers
        body = {"status": "ok" if healthy else "degraded", "checkers": alive, "busy": checkers.busy,
                "waiting": checkers.waiting}
        return JSONResponse(body, 200 if healthy else 503, headers=NO_STORE)

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(SCHEMAS.get_schema(routes=request.app.routes))

    # -- errors --------------------------------------------------------------------------
    async def http_error(self, request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        if _wants_json(request):
            return JSONResponse({"error": error.detail}, error.status_code, headers=NO_STORE)
        if error.status_code == HTTPStatus.REQUEST_ENTITY_TOO_LARGE:
            return self.form_page(request, error.status_code, str(error.detail))
        return self.page(request, "error.html", error.status_code, title=_TITLES.get(error.status_code, "Error"),
                         message=str(error.detail))

    async def busy(self, request: Request, error: Exception) -> Response:
        message = ("Every checker is busy right now. Please try again in a few seconds; "
                   "your file was not kept.")
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        if _wants_json(request):
            return JSONResponse({"error": message}, 503, headers={**NO_STORE, **headers})
        return self.page(request, "error.html", 503, headers, title="Busy", message=message)

    async def server_fault(self, request: Request, error: Exception) -> Response:
        """A checker that could not run the job (logged here) or a bug (uvicorn logs its
        traceback): never shown."""
        if isinstance(error, CheckerRefused):
            LOG.error("a checker could not run the job: %s", error)
        message = ("The check failed on the server's side, not because of your file. Please try again; "
                   "if it happens again, tell the organizers.")
        if _wants_json(request):
            return JSONResponse({"error": message}, 500, headers=NO_STORE)
        return self.page(request, "error.html", 500, title="Server error", message=message)


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith(("/api/", "/healthz", "/openapi"))


_TITLES = {400: "Bad request", 404: "Not found", 405: "Not allowed", 413: "File too large"}


def _check_upload(lease: CheckerLease, saved: SavedUpload, group: Group, limits: Limits,
                  evidence_dir: str | None) -> Report:
    """The upload's report, checked by the run loop through the leased checker (in a thread)."""
    settings = RunSettings(RunPlan.of(group), limits, evidence_dir=evidence_dir)
    return run_items([Item(display=saved.display_name, path=str(saved.path))], settings, lease).report


def _read_pictures(findings: list[Finding], folder: Path, most: int) -> dict[str, str]:
    """Finding index -> its evidence picture as base64 PNG, for the first `most` pictures
    (blocking: run in a thread). Only regular files in the upload's own picture folder are
    read: a name elsewhere, or a link, is not a picture of this upload."""
    pictures: dict[str, str] = {}
    for index, finding in enumerate(findings):
        if finding.evidence_image is None or len(pictures) >= most:
            continue
        picture = Path(finding.evidence_image)
        if picture.parent != folder:
            continue
        try:
            descriptor = os.open(picture, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        with os.fdopen(descriptor, "rb") as handle:
            status = os.fstat(handle.fileno())
            if stat.S_ISREG(status.st_mode) and status.st_size <= MAX_PICTURE_BYTES:
                pictures[str(index)] = base64.b64encode(handle.read(MAX_PICTURE_BYTES)).decode("ascii")
    return pictures


def _text(value: object) -> str | None:
    return value.strip() or None if isinstance(value, str) else None
