"""The identifying-link rule: URLs to the authors' own accounts and pages in a double-blind
submission.

URLs are read from the text (a URL cut at a line end is completed from its link target, or
joined with the next line when it was cut after `/`, `-`, `_`, ...) and from link annotations,
whose targets can hide behind any text. A link to an account is not the authors' because it is
an account: papers link other people's models, datasets and tools all the time. What ties it
to the authors is evidence, and the finding names it: the account spells a name the organizers
list, a name printed in the author block or an e-mail address printed in the paper; it is
named after the affiliation or in the acknowledgments; or its sentence claims it ("our code",
"we release") or offers it as the paper's code or data ("Code is at", "available at", "a
reproduction package at"). Without any of these the finding says that nothing ties it to the
authors, never whose work it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import REGIONS, BBox, Line, Severity
from .._names import MIN_NAME_WORDS, account_forms, person_names, squash
from .._text import ACKNOWLEDGMENT_REGIONS, TEXT_REGIONS, search, sentence_around, trim
from ..base import CheckContext, Violation, option, rule
from ._identity import EMAIL_NEEDS, EMAIL_RE
from ._placeholders import is_placeholder_email, placeholder_names

if TYPE_CHECKING:
    from ...model import Document

_URL_RE = re.compile(r"(?:https?://|www\.)[^\s<>\"'`]+|(?<![\w@/.\-])(?:[a-z0-9\-]+\.)+[a-z]{2,}(?:/[^\s<>\"'`]*)?",
                     re.I)
_CONTINUES = "/-_~#?=&%"
"""A URL that ends a line with one of these characters goes on at the start of the next line."""
_URL_PART_RE = re.compile(r"[\w\-.~%/?=&#:+]+(?=\s|$)")
_OWNED_RE = re.compile(
    r"\b(?:our|my)\s+(?:[\w-]+\s+){0,2}?(?:code|codes|codebase|implementations?|repository|repositories|repo|"
    r"project|page|website|site|data|dataset|datasets|models?|checkpoints?|weights|benchmark|demo|library|toolkit|"
    r"package|software|tool|homepage|source)\b"
    r"|\bwe\s+(?:will\s+|also\s+|have\s+|publicly\s+)*(?:release|released|open[- ]?source|open[- ]?sourced|publish|"
    r"published|provide|upload|uploaded)\b"
    r"|\bwe\s+(?:will\s+)?(?:make|made)\s+(?:[\w-]+\s+){0,4}?(?:available|public)\b",
    re.I)
"""Wording that calls the linked code, data or page the authors' own."""
_ARTIFACT = (r"(?:source\s+)?(?:code|codes|codebase|implementation|scripts|project\s+page|project\s+website|"
             r"website|homepage|demo|(?:reproduction|replication|reproducibility)\s+(?:package|materials?|kit)|"
             r"artifacts?|artefacts?|supplementary\s+(?:code|material))")
_OFFERED_RE = re.compile(
    rf"\b{_ARTIFACT}\s+(?:[\w-]+\s+){{0,4}}?(?:is|are|will\s+be|can\s+be)\s+(?:publicly\s+|freely\s+|made\s+|"
    r"openly\s+)?(?:available|released|found|accessible|hosted|at|on|here)\b"
    rf"|(?<![A-Za-z-]){_ARTIFACT}\s*(?::|\bat\b|\bon\b)"
    r"|\b(?:reproduction|replication|reproducibility)\s+(?:package|materials?|kit)\b"
    r"|\bavailable\s+(?:online\s+)?(?:at|from|on|via|here|through)\b",
    re.I)
"""Wording that offers the linked code, data or page as the paper's to get ("Code is at",
"Code:", "a reproduction package at", "available at"), without saying whose it is."""
_MIN_NAME = 4
"""Affiliations and acknowledged names shorter than this are not matched in an account (nor
are surnames: `rules._names.MIN_SURNAME`)."""
_MIN_INSIDE = 6
"""A spelling of an author's full name shorter than this ("boli", "jdoe") matches only a whole
account (digits may follow), never part of one: "symbolic" is not Bo Li's."""
_LEAD = 600
"""Characters before a URL searched for the start of its sentence."""
_SENTENCE_BREAK_RE = re.compile(r"(?<!\bal)(?<!\be\.g)(?<!\bi\.e)[.!?]\s+(?=[A-Z])")


@dataclass(frozen=True)
class IdentifyingLinkOptions:
    personal: tuple[str, ...] = option((
        r"github\.com/(?P<account>[\w.\-]+)", r"gitlab\.com/(?P<account>[\w.\-]+)",
        r"bitbucket\.org/(?P<account>[\w.\-]+)",
        r"huggingface\.co/(?:datasets/|spaces/)?(?P<account>[\w.\-]+)",
        r"(?P<account>[\w\-]+)\.github\.io\b", r"(?P<account>[\w\-]+)\.gitlab\.io\b",
        r"[^/\s]+/(?:[^/\s]+/)*~(?P<account>[\w.\-]+)",
        r"sites\.google\.com/(?:view|site)/(?P<account>[\w.\-]+)",
        r"(?:drive|docs)\.google\.com/\S+", r"dropbox\.com/(?:s|sh|scl)/\S+", r"dl\.dropboxusercontent\.com/\S+",
        r"1drv\.ms/\S+", r"onedrive\.live\.com/\S+",
        r"(?:twitter|x)\.com/(?P<account>\w+)", r"linkedin\.com/in/(?P<account>[\w\-]+)",
        r"scholar\.google\.[a-z.]+/citations\?\S*user=(?P<account>[\w\-]+)"), regex=True)
    """Regular expressions, matched at the start of a URL without scheme and `www.`, for links to
    personal accounts, pages and file shares; `(?P<account>...)` names the account."""
    anonymous: tuple[str, ...] = option((r"anonymous\.4open\.science\b", r"[\w.\-]*anonym[\w\-]*\.",
                                         r"openreview\.net\b", r"osf\.io/\S*view_only"), regex=True)
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
    sentence: str
    """The sentence the URL is printed in (for a link target: the sentence of the line it covers)."""
    lead: str
    """The text of that sentence up to the URL's end, whole: where a claim of ownership would be."""


def normalise_url(url: str) -> str:
    """The URL without scheme, `www.` and trailing punctuation, host in lower case."""
    url = trim(re.sub(r"^(?:https?://)?(?:www\.)?", "", url.strip(), flags=re.I))
    host, slash, path = url.partition("/")
    return host.lower() + slash + path


def text_urls(doc: Document) -> Iterator[_Url]:
    """URLs printed in the text, in reading order. A URL cut at the end of a line is completed
    from the link target that starts with it, or else from the start of the next line."""
    targets: dict[int, list[str]] = {}
    for link in doc.metadata.links:
        targets.setdefault(link.page, []).append(normalise_url(link.uri))
    for passage in doc.text.passages:
        for match in _URL_RE.finditer(passage.text):
            end = _continued_end(passage.text, match)
            page, box = passage.box(match.start(), end)
            printed = normalise_url(match.group(0))
            on_page = targets.get(page, ())
            target = printed if printed in on_page else next((t for t in on_page if t.startswith(printed)), None)
            yield _Url(target or normalise_url(passage.text[match.start():end].replace("\n", "")), page, box,
                       passage.region, sentence_around(passage.text, match.start(), end),
                       _lead(passage.text, match.start(), end))


def _continued_end(text: str, match: re.Match[str]) -> int:
    """Where a URL ends when it goes on at the start of the next line(s)."""
    end = match.end()
    while end < len(text) and text[end] == "\n" and text[end - 1] in _CONTINUES:
        following = _URL_PART_RE.match(text, end + 1)
        if following is None:
            break
        end = following.end()
    return end


def _link_urls(doc: Document) -> Iterator[_Url]:
    for link in doc.metadata.links:
        if link.uri.lower().startswith(("http://", "https://", "www.")):
            line = doc.text.line_under(link.page, link.bbox)
            sentence, lead = _line_sentence(doc, line) if line else ("", "")
            yield _Url(normalise_url(link.uri), link.page, link.bbox, line.region if line else "body", sentence, lead)


def _line_sentence(doc: Document, line: Line) -> tuple[str, str]:
    """The sentence of the passage that holds `line` around that line, and its text up to the line's end."""
    found = doc.text.passage_of(line)
    if found is None:
        return "", ""
    passage, index = found
    start = passage.starts[index]
    end = start + len(line.text)
    return sentence_around(passage.text, start, end), _lead(passage.text, start, end)


def _lead(text: str, start: int, end: int) -> str:
    """text[..end] from the start of the sentence that holds `start` (at most _LEAD characters back)."""
    window = text[max(0, start - _LEAD):end]
    breaks = [m.end() for m in _SENTENCE_BREAK_RE.finditer(window, 0, max(0, len(window) - (end - start)))]
    return " ".join(window[breaks[-1] if breaks else 0:].split())


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
def identifying_link(doc: Document, options: IdentifyingLinkOptions, context: CheckContext) -> Iterator[Violation]:
    """A double-blind submission links none of the authors' own accounts, pages or file shares.

    What it checks: every URL in the text (and every link target, which may hide behind any
    text) outside the references that points to a personal or group account
    (`github.com/<user>`, `gitlab.com/<user>`, `huggingface.co/<user>`), a personal page
    (`<user>.github.io`, `~user` homepages, Google Sites), a social profile or a file share
    (Google Drive, Dropbox, OneDrive), and what ties it to the authors. The account spelling an
    author's name from the organizers' list (`--authors`, a manifest) is an error. It is a
    warning when the account spells (or contains the surname of) a name printed in the author
    block, matches an e-mail address printed in the paper (`github.com/janedoe` and
    `jane.doe@...`), contains a listed author's surname or the authors' affiliation, or is
    named in the acknowledgments; and when its sentence calls it the authors' own ("our code",
    "we release") or offers it as the paper's code or data ("Code is at", "Code:", "available
    at", "a reproduction package at"). The finding says which of these it found. An account
    that nothing ties to the authors is information, and says so: the check does not guess
    whose it is. Anonymous hosting (`anonymous.4open.science`, OSF view-only links),
    OpenReview and well-known public projects (`github.com/pytorch/pytorch`) are never
    reported; the pack can change the lists (`personal`, `anonymous`, `public_accounts`).

    Why: an account name is a name; the authors' own repository or page shows who they are.

    How to fix: host code and data anonymously for review (e.g. anonymous.4open.science, an
    OpenReview supplementary zip, or an OSF view-only link), replace the URL in the PDF (also
    in `\\href` targets and footnotes), and put the real link back in the camera-ready.
    """
    regions = REGIONS if options.check_references else TEXT_REGIONS
    acknowledged = squash(" ".join(passage.text for passage in doc.text.passages
                                   if passage.region in ACKNOWLEDGMENT_REGIONS))
    owners = _owners(doc, context)
    chosen: dict[str, tuple[int, _Url, str, Severity]] = {}
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    for found in (*text_urls(doc), *_link_urls(doc)):
        if found.region not in regions:
            continue
        account = personal_account(found.url, options)
        if account is None:
            continue
        why, severity = _ownership(account, found, context, acknowledged, owners)
        key = account.lower()
        if key not in chosen or order[severity] < order[chosen[key][3]]:
            chosen[key] = (len(chosen) if key not in chosen else chosen[key][0], found, why, severity)
    for key, (_, found, why, severity) in sorted(chosen.items(), key=lambda item: item[1][0]):
        account = personal_account(found.url, options) or key
        if severity is Severity.INFO:
            yield Violation(
                message=f"The link '{found.url}' on page {found.page} points to the account or page '{account}'; "
                        "nothing in the paper ties it to the authors (no author's name or e-mail address, no "
                        "claim such as 'our code').",
                hint="Nothing to do if the account is not yours; if it is, host the link anonymously for review.",
                page=found.page, bbox=found.bbox, evidence=found.url, severity=severity)
            continue
        yield Violation(
            message=f"The link '{found.url}' on page {found.page} points to '{account}', {why}.",
            hint="If the account is yours, link code and data through an anonymous host for review (e.g. "
                 "anonymous.4open.science) and restore the real link in the camera-ready.",
            page=found.page, bbox=found.bbox, evidence=found.url,
            severity=None if severity is Severity.WARNING else severity)


@dataclass(frozen=True)
class _Owner:
    """A person as an account may spell them, and how the message names the evidence."""

    spelled: str
    """Why an account that spells the person is theirs: "an account that spells the author's
    name 'Jane Doe'"."""
    surnamed: str
    """Why an account that holds the person's surname may be theirs."""
    full: frozenset[str]
    surname: frozenset[str]
    severity: Severity


def _owners(doc: Document, context: CheckContext) -> list[_Owner]:
    """The people an account may belong to, surest first: the organizers' author list (an
    error), the names printed in the author block, the e-mail addresses printed in the paper."""
    owners = []
    for name in context.submission.authors:
        full, surname = account_forms(name)
        owners.append(_Owner(f"an account that spells the author's name '{name}'",
                             f"an account that contains the surname of the author '{name}'", frozenset(full),
                             frozenset(surname), Severity.ERROR))
    block = doc.author_block.lines if not doc.author_block.anonymous else ()
    for name in dict.fromkeys(person_names("\n".join(line.text for line in block))):
        if not placeholder_names(name):
            full, surname = account_forms(name)
            owners.append(_Owner(f"an account that spells '{name}', a name printed in the author block",
                                 f"an account that contains the surname of '{name}', a name printed in the "
                                 "author block", frozenset(full), frozenset(surname), Severity.WARNING))
    for address, page in _printed_addresses(doc).items():
        forms = _address_forms(address)
        if forms:
            owners.append(_Owner(f"an account that matches the e-mail address '{address}' printed on page {page}",
                                 "", forms, frozenset(), Severity.WARNING))
    return owners


def _printed_addresses(doc: Document) -> dict[str, int]:
    """E-mail addresses the paper prints outside the references or links with `mailto:`, and
    their first page; placeholders left out."""
    found: dict[str, int] = {}
    for hit in search(doc, EMAIL_RE, TEXT_REGIONS, EMAIL_NEEDS):  # every region but the references
        found.setdefault(hit.match.group(0), hit.page)
    for link in doc.metadata.links:
        if link.uri.lower().startswith("mailto:"):
            found.setdefault(link.uri[len("mailto:"):].split("?")[0], link.page)
    return {address: page for address, page in found.items() if not is_placeholder_email(address)}


def _address_forms(address: str) -> frozenset[str]:
    """How an account may spell the person of an e-mail address: its local part squashed
    ("jane.doe" janedoe) and, when it is a name in parts ("yang.deng"), that name's account
    forms (dengyang); each local part of a `{jdoe, kroe}@host` list."""
    local = address.rsplit("@", 1)[0].strip("{} ")
    forms: set[str] = set()
    for part in re.split(r"\s*,\s*", local):
        if len(squash(part)) >= _MIN_NAME:
            forms.add(squash(part))
        words = [w for w in re.split(r"[._\-]+", part) if w.isalpha()]
        if len(words) >= MIN_NAME_WORDS:
            forms |= account_forms(" ".join(words))[0]
    return frozenset(forms)


def _spells(form: str, account: str) -> bool:
    """Whether `account` (squashed) spells the name `form`: anywhere in it for a long form,
    the whole account (digits may follow) for a short one."""
    if len(form) >= _MIN_INSIDE:
        return form in account
    return account == form or (account.startswith(form) and account[len(form):].isdigit())


def _ownership(account: str, found: _Url, context: CheckContext, acknowledged: str,
               owners: list[_Owner]) -> tuple[str, Severity]:
    """What ties the link to the authors, and how sure that is: an error when the account
    spells a listed author's name, a warning when a printed name or address, an affiliation,
    the acknowledgments or the sentence around it do, information when nothing does."""
    squashed = squash(account)
    for owner in owners:
        if any(_spells(form, squashed) for form in owner.full):
            return owner.spelled, owner.severity
        if any(form in squashed for form in owner.surname):
            return owner.surnamed, Severity.WARNING
    for affiliation in context.submission.affiliations:
        if len(squash(affiliation)) >= _MIN_NAME and (squash(affiliation) in squashed
                                                         or (len(squashed) >= _MIN_NAME
                                                             and squashed in squash(affiliation))):
            return f"an account named after the authors' affiliation '{affiliation}'", Severity.WARNING
    if len(squashed) >= _MIN_NAME and squashed in acknowledged:
        return "an account the acknowledgments name", Severity.WARNING
    claim = _OWNED_RE.search(found.lead)
    if claim:
        return f"which the text calls the authors' own ('{' '.join(claim.group(0).split())}')", Severity.WARNING
    offer = _OFFERED_RE.search(found.lead)
    if offer:
        return (f"which its sentence offers as the paper's code, data or page ('{' '.join(offer.group(0).split())}'); "
                "it does not say whose account it is"), Severity.WARNING
    return "", Severity.INFO


RULES = (identifying_link,)
