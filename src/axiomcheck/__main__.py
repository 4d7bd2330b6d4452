"""`python -m axiomcheck` runs the command line."""

from .cli import run

run()
