"""`axiomcheck serve`: the upload page and JSON API for authors (docs/web.md)."""

from __future__ import annotations

import ipaddress

import click

from .common import fail_usage, limit_options, limits_from


@click.command()
@click.option("--venue", "venues", multiple=True,
              help="Venue to offer: a shipped pack id or a path to a YAML pack; repeat for several "
                   "(default: every shipped pack).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; keep the default behind a reverse proxy.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Checks run at once, each in its own isolated worker process.")
@click.option("--queue", "queue_size", type=click.IntRange(0, 10000), default=64, show_default=True,
              help="Uploads that may wait for a free worker; more get 503 with Retry-After.")
@click.option("--queue-timeout", type=click.FloatRange(0, 3600), default=60.0, show_default=True,
              help="Seconds an upload waits for a free worker before it gets 503.")
@click.option("--root-path", default="", help="URL prefix when a proxy serves the app below a path (e.g. /check).")
@limit_options
def serve(venues: tuple[str, ...], host: str, port: int, workers: int, queue_size: int, queue_timeout: float,
          root_path: str, timeout: float, max_memory: int, max_size: int, max_pages: int, max_decoded: int) -> None:
    """Serve a web page where authors upload a PDF and see each problem on a picture of
    its page, and a JSON API (POST /api/check, GET /api/packs, GET /healthz, /openapi.json).

    Needs the web extra (`pip install -e '.[web]'` in the checkout). --max-size caps each upload (413 past it); each
    file is checked in an isolated worker under --timeout and --max-memory; uploads and
    pictures are deleted once the answer is sent.
    """
    from ..pack_catalog import shipped_packs  # noqa: PLC0415 - the packs load only to serve
    from ..packs import PackError  # noqa: PLC0415 - as above

    try:
        from ..web.app import create_app  # noqa: PLC0415 - the [web] extra may be missing
        from ..web.server import run_server  # noqa: PLC0415 - as above
        from ..web.settings import WebSettings  # noqa: PLC0415 - as above
    except ImportError as error:
        fail_usage(f"the web server needs its extra: pip install -e '.[web]' in the axiomcheck checkout "
                   f"({error.name} is missing).")
    limits = limits_from(timeout, max_memory, max_size, max_pages, max_decoded)
    try:
        settings = WebSettings(venues=venues or tuple(shipped_packs()), limits=limits, workers=workers,
                               queue_size=queue_size, queue_timeout=queue_timeout)
        app = create_app(settings)
    except PackError as error:
        fail_usage(str(error))
    if not _loopback(host):
        click.echo(f"axiomcheck: listening on {host}: serve it to the public through a TLS reverse proxy "
                   "(docs/web.md).", err=True)
    run_server(app, host, port, root_path, uploads=workers + queue_size, graceful_seconds=int(limits.timeout) + 5)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
