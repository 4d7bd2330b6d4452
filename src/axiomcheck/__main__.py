"""`python -m axiomcheck` runs the command line."""

from .cli import main

main()
