"""`python -m axiomcheck` runs the command line."""

from .launch import run

run()
