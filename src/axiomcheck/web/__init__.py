"""`axiomcheck serve`: a web page where authors upload a PDF and see every problem on a
picture of its page, and a small JSON API for the same check (docs/web.md).

The server (Starlette on uvicorn, `app.create_app`) never parses a PDF: each upload is saved
under a random name and handed to a checker process (`checker.serve_checks`) that owns the
isolated workers (`execution.WorkerPool`) with their time and memory limits.
`dispatch.Checkers` bounds how many checks run at once and how many wait.
"""

from .settings import WebSettings

__all__ = ["WebSettings"]
