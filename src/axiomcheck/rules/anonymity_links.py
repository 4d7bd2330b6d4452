"""The identifying-link rule: URLs to personal accounts and pages in a double-blind submission.

URLs are read from the text (a URL cut at a line end is completed from its link target, or
joined with the next line when it was cut after `/`, `-`, `_`, ...) and from link annotations,
whose targets can hide behind any text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import BBox
from .anonymity_scan import REFERENCES, TEXT_REGIONS, locate, runs, trim
from .base import CheckContext, Severity, Violation, rule

if TYPE_CHECKING:
    from ..model import Document

_URL_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"'`]+|(?<![\w@/.\-])(?:[a-z0-9\-]+\.)+[a-z]{2,}(?:/[^\s<>\"'`]*)?",
                     re.I)
_CONTINUES = "/-_~#?=&%"
"""A URL that ends a line with one of these characters goes on at the start of the next line."""
_URL_PART_RE = re.compile(r"[\w\-.~%/?=&#:+]+(?=\s|$)")


@dataclass(frozen=True)
class IdentifyingLinkOptions:
    personal: tuple[str, ...] = (
        r"github\.com/(?P<account>[\w.\-]+)", r"gitlab\.com/(?P<account>[\w.\-]+)",
        r"bitbucket\.org/(?P<account>[\w.\-]+)",
        r"huggingface\.co/(?:datasets/|spaces/)?(?P<account>[\w.\-]+)",
        r"(?P<account>[\w\-]+)\.github\.io\b", r"(?P<account>[\w\-]+)\.gitlab\.io\b",
        r"[^/\s]+/(?:[^/\s]+/)*~(?P<account>[\w.\-]+)",
        r"sites\.google\.com/(?:view|site)/(?P<account>[\w.\-]+)",
        r"(?:drive|docs)\.google\.com/\S+", r"dropbox\.com/(?:s|sh|scl)/\S+", r"dl\.dropboxusercontent\.com/\S+",
        r"1drv\.ms/\S+", r"onedrive\.live\.com/\S+",
        r"(?:twitter|x)\.com/(?P<account>\w+)", r"linkedin\.com/in/(?P<account>[\w\-]+)",
        r"scholar\.google\.[a-z.]+/citations\?\S*user=(?P<account>[\w\-]+)")
    """Regular expressions, matched at the start of a URL without scheme and `www.`, for links to
    personal accounts, pages and file shares; `(?P<account>...)` names the account."""
    anonymous: tuple[str, ...] = (r"anonymous\.4open\.science\b", r"[\w.\-]*anonym[\w\-]*\.", r"openreview\.net\b",
                                  r"osf\.io/\S*view_only")
    """Regular expressions for anonymous hosting and OpenReview: always fine."""
    public_accounts: tuple[str, ...] = (
        "pytorch", "huggingface", "tensorflow", "keras-team", "google", "google-research", "google-deepmind",
        "deepmind", "facebookresearch", "meta-llama", "openai", "microsoft", "nvidia", "apple", "amazon-science",
        "aws", "ibm", "intel", "allenai", "eleutherai", "bigscience-workshop", "mlfoundations", "lightning-ai",
        "scikit-learn", "numpy", "scipy", "pandas-dev", "jax-ml", "apache", "vllm-project", "mistralai", "qwen",
        "qwenlm", "deepseek-ai", "stanford-crfm", "tatsu-lab", "lm-sys", "lmsys", "open-mmlab", "ultralytics",
        "huggingfaceh4", "huggingfacem4", "huggingfacefw", "huggingfacetb", "bigcode", "bigscience", "stabilityai",
        "compvis", "laion", "timm", "sentence-transformers", "togethercomputer", "tiiuae", "databricks",
        "cohereforai", "mosaicml", "thudm", "baai", "openbmb", "nomic-ai", "google-bert", "facebookai",
        "openai-community",
        "python", "features", "docs", "blog", "papers", "models", "datasets", "spaces", "topics", "orgs",
        "about", "marketplace", "sponsors", "collections", "organizations", "learn", "explore", "pages")
    """Accounts of public projects and organizations (and site sections): links to them name nobody."""
    check_references: bool = False
    """Also flag links inside the references (citing a public repository there is normal)."""


@dataclass(frozen=True)
class _Url:
    url: str
    page: int
    bbox: BBox | None
    region: str


def normalise_url(url: str) -> str:
    """The URL without scheme, `www.` and trailing punctuation, host in lower case."""
    url = trim(re.sub(r"^(?:https?://)?(?:www\.)?", "", url.strip(), flags=re.I))
    host, slash, path = url.partition("/")
    return host.lower() + slash + path


def text_urls(doc: "Document") -> Iterator[_Url]:
    """URLs printed in the text, in reading order. A URL cut at the end of a line is completed
    from the link target that starts with it, or else from the start of the next line."""
    targets: dict[int, list[str]] = {}
    for link in doc.metadata.links:
        targets.setdefault(link.page, []).append(normalise_url(link.uri))
    for run in runs(doc):
        for match in _URL_RE.finditer(run.text):
            end = _continued_end(run.text, match)
            page, box = run.box(match.start(), end)
            printed = normalise_url(match.group(0))
            on_page = targets.get(page, ())
            target = printed if printed in on_page else next((t for t in on_page if t.startswith(printed)), None)
            yield _Url(target or normalise_url(run.text[match.start():end].replace("\n", "")), page, box, run.region)


def _continued_end(text: str, match: re.Match[str]) -> int:
    """Where a URL ends when it goes on at the start of the next line(s)."""
    end = match.end()
    while end < len(text) and text[end] == "\n" and text[end - 1] in _CONTINUES:
        following = _URL_PART_RE.match(text, end + 1)
        if following is None:
            break
        end = following.end()
    return end


def _link_urls(doc: "Document") -> Iterator[_Url]:
    for link in doc.metadata.links:
        if link.uri.lower().startswith(("http://", "https://", "www.")):
            where = locate(doc, link.page, link.bbox)
            yield _Url(normalise_url(link.uri), link.page, link.bbox, where[0] if where else "body")


def personal_account(url: str, options: IdentifyingLinkOptions) -> str | None:
    """What makes `url` identifying (the account, or the share's host), or None."""
    if any(re.match(pattern, url, re.I) for pattern in options.anonymous):
        return None
    public = {account.lower() for account in options.public_accounts}
    for pattern in options.personal:
        match = re.match(pattern, url, re.I)
        if match is None:
            continue
        account = match.groupdict().get("account")
        if account is None:
            return url.split("/")[0]
        if account.lower() not in public:
            return account
    return None


@rule(id="AX307", name="identifying-link", group="anonymity", options=IdentifyingLinkOptions,
      severity=Severity.WARNING)
def identifying_link(doc: "Document", options: IdentifyingLinkOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission links no personal account, page or file share.

    What it checks: every URL in the text (and every link target, which may hide behind any
    text) outside the references: links to a personal or group account (`github.com/<user>`,
    `gitlab.com/<user>`, `huggingface.co/<user>`), personal pages (`<user>.github.io`,
    `~user` homepages, Google Sites), social profiles and file shares (Google Drive, Dropbox,
    OneDrive). Anonymous hosting (`anonymous.4open.science`, OSF view-only links), OpenReview
    and well-known public projects (`github.com/pytorch/pytorch`) are fine; the pack can
    change the lists (`personal`, `anonymous`, `public_accounts`).

    Why: an account name is a name; a personal page or a shared folder shows its owner.

    How to fix: host code and data anonymously for review (e.g. anonymous.4open.science, an
    OpenReview supplementary zip, or an OSF view-only link), replace the URL in the PDF (also
    in `\\href` targets and footnotes), and put the real link back in the camera-ready.
    """
    regions = (*TEXT_REGIONS, REFERENCES) if options.check_references else TEXT_REGIONS
    reported: set[str] = set()
    for found in (*text_urls(doc), *_link_urls(doc)):
        if found.region not in regions:
            continue
        account = personal_account(found.url, options)
        if account is not None and account.lower() not in reported:
            reported.add(account.lower())
            yield Violation(
                message=f"The link '{found.url}' on page {found.page} points to '{account}', a personal "
                        "account, page or file share.",
                hint="Link code and data through an anonymous host for review (e.g. anonymous.4open.science) "
                     "and restore the real link in the camera-ready.",
                page=found.page, bbox=found.bbox, evidence=found.url)


RULES = (identifying_link,)
