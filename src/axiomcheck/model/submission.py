"""What the organizers know about a file, besides the file itself."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Submission:
    """What the organizers know about a file, from `--authors`, a manifest or a submission
    system's export: rules compare the PDF with it (known authors, camera-ready author list
    and title, institutions named in an anonymous paper)."""

    authors: tuple[str, ...] = ()
    """Author names, in the order the submission system lists them."""
    title: str | None = None
    affiliations: tuple[str, ...] = ()
    id: str | None = None
    """The submission's id in the organizers' system (e.g. an OpenReview number)."""
    forum: str | None = None
    """The submission's page in that system (an OpenReview forum's URL), for the reports."""

    def to_dict(self) -> dict[str, object]:
        return {"authors": list(self.authors), "title": self.title, "affiliations": list(self.affiliations),
                "id": self.id, "forum": self.forum}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Submission:
        return cls(authors=tuple(data.get("authors") or ()), title=data.get("title"),  # type: ignore[arg-type]
                   affiliations=tuple(data.get("affiliations") or ()), id=data.get("id"),  # type: ignore[arg-type]
                   forum=data.get("forum"))  # type: ignore[arg-type]
