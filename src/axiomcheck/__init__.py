"""axiomcheck: check a paper PDF against a venue's formatting, page-limit and anonymity rules."""

__version__ = "0.1.0"
