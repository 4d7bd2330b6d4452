"""Which section kind a heading's title names: the back-matter titles, the statements and their
many wordings, and titles that join two statements ("Broader Impacts & Ethics Statement").

A title is compared by its letters only (`title_key`: "R EFERENCES", "References" and
"REFERENCES." are one key), so that extraction quirks in spacing and case do not matter. A
title names a kind when its key is one of the kind's titles, or matches one of the statement
patterns below; an ordinary title ("Impact of the learning rate", "Use of LLMs for labelling")
names none, and its heading opens a `body` section.
"""

from __future__ import annotations

import re

from ..model import SectionKind

MAX_APPENDIX_TITLE = 60
"""A title that starts with "Appendix" or "Supplementary" opens the appendix up to this many letters."""
MAX_ACKNOWLEDGMENTS_TITLE = 50
"""A title that starts with "Acknowledgments" opens them up to this many letters."""

_TITLES: dict[SectionKind, tuple[str, ...]] = {
    "references": ("references", "reference", "bibliography", "referencesandnotes",
                   "literaturecited", "citedliterature", "workscited"),
    "checklist": ("neuripspaperchecklist", "paperchecklist", "neuripschecklist",
                  "reproducibilitychecklist", "checklist"),
    "acknowledgments": ("acknowledgments", "acknowledgements", "acknowledgment",
                        "acknowledgement", "acknowledgmentsanddisclosureoffunding",
                        "acknowledgementsanddisclosureoffunding", "acknowledgmentsandfunding",
                        "acknowledgementsandfunding"),
    "funding": ("funding", "disclosureoffunding", "fundingacknowledgements", "fundingacknowledgments",
                "fundingstatement", "fundinginformation", "fundingsources"),
    "ethics": ("ethics", "ethicsstatement", "ethicalstatement", "ethicalconsiderations", "ethicsconsiderations",
               "ethicsstatementandbroaderimpact", "ethicsandbroaderimpact", "ethicsandbroaderimpacts",
               "ethicalimpact", "ethicsethicalconsiderations", "ethicalconsiderationsstatement",
               "ethicstatement", "ethicsstatements", "ethicalstatements", "statementofethics"),
    "reproducibility": ("reproducibilitystatement", "reproducibility"),
    "contributions": ("authorcontributions", "authorcontribution", "authorscontributions",
                      "contributionstatement", "creditauthorstatement",
                      "creditauthorshipcontributionstatement", "authorcontributionstatement",
                      "statementofcontributions", "statementofcontribution", "authorcontributionsstatement"),
    "limitations": ("limitations", "limitation", "limitationsandfuturework",
                    "limitationsandfuturedirections", "limitationsandbroaderimpact",
                    "limitationsandbroaderimpacts", "limitationsandsocietalimpact"),
    "appendix": ("appendix", "appendices", "supplementarymaterial", "supplementarymaterials",
                 "supplementary", "technicalappendices", "technicalappendix",
                 "supplementaryappendix", "onlineappendix"),
}
_IMPACT_RE = re.compile(
    r"^(?:statementof|potential|potentialnegative|positiveandnegative)?"
    r"(?:broader|societal|social|negativesocietal)?impacts?(?:statement|statements)?$")
"""Impact statements in their many wordings: "Broader Impact", "Statement of Broader Impact"
(NeurIPS 2020-2021), "Impact Statement" (ICML), "Societal Impacts", "Potential Negative
Societal Impact"."""
_AI_TOOLS = r"(?:largelanguagemodels?|llms?|llmsandagents|llmagents?|generativeai|genai|ai|aitools|aiassistedtools" \
            r"|aiassistants?|aiassistance|aiwritingtools|generativeaitools|aiandllms|llmsandaitools|chatgpt)"
_AI_USE_RE = re.compile(
    rf"^(?:(?:statement|declaration|disclosure)(?:on|of|regarding))?(?:the)?(?:use|usage)of{_AI_TOOLS}"
    r"(?:llms?)?(?:statement|disclosure|declaration)?$"
    rf"|^{_AI_TOOLS}(?:use|usage|assistance)(?:statement|disclosure|declaration|policy)?$"
    rf"|^{_AI_TOOLS}(?:statement|disclosure|declaration)$"
    rf"|^(?:declarationof|disclosureof)?{_AI_TOOLS}(?:usage|use)$")
"""Statements on the use of AI tools: "Use of AI-Assisted Tools", "The Use of Large Language
Models (LLMs)", "LLM Usage Statement", "LLM/Agent Usage Disclosure", "Declaration of LLM
usage", "Generative AI Disclosure"; a title about something else ("Use of LLMs for
annotation") is not one."""
_AI_TOOLS_RE = re.compile(rf"^{_AI_TOOLS}$")
"""AI tools named alone: a part of a compound statement title ("Ethics, Risks and AI Assistants")."""
_DATA_AVAILABILITY_RE = re.compile(
    r"^(?:data|code|software|dataandcode|codeanddata|datacode|codeanddatasets|dataandsoftware|dataandmaterials)"
    r"(?:availability|accessibility)(?:statement)?$"
    r"|^availabilityof(?:data|code|dataandcode|codeanddata|dataandmaterials|materialsanddata)$")
"""Data- and code-availability statements: "Data Availability", "Code and Data Availability
Statement", "Availability of Data and Materials"."""
_COMPOUND_SEPARATORS_RE = re.compile(r"\s*(?:,|&|/|;|\band\b|\+)\s*", re.IGNORECASE)
"""What joins the parts of a compound statement title ("Broader Impacts & Ethics Statement",
"Ethics, Risks and AI Assistants")."""
_QUALIFIERS = ("risks", "futurework", "futuredirections", "negativeresults", "societalconsequences",
               "potentialrisks", "openproblems")
"""Parts of a compound title that name no statement but may follow one ("Ethics, Risks and
...", "Limitations and Future Work")."""
_APPENDIX_PREFIXES = ("appendix", "appendices", "supplementarymaterial", "supplementary",
                      "technicalappendi")


def title_key(text: str) -> str:
    """The letters of a title, lower-cased: the form compared with known titles."""
    return re.sub(r"[^a-z]", "", text.lower())


def exact_kind(key: str) -> SectionKind | None:
    """The section kind whose title `key` is exactly (no prefix matching), or None."""
    for kind, titles in _TITLES.items():
        if key in titles:
            return kind
    if _IMPACT_RE.match(key):
        return "impact"
    if _AI_USE_RE.match(key):
        return "ai_use"
    if _DATA_AVAILABILITY_RE.match(key):
        return "data_availability"
    return None


def classify_title(key: str) -> SectionKind | None:
    """The section kind a heading title (as its key) names, or None."""
    kind = exact_kind(key)
    if kind is not None:
        return kind
    if key.startswith(_APPENDIX_PREFIXES) and len(key) < MAX_APPENDIX_TITLE:
        return "appendix"
    if key.startswith(("acknowledgments", "acknowledgements")) and len(key) < MAX_ACKNOWLEDGMENTS_TITLE:
        return "acknowledgments"
    return None


def title_kind(title: str) -> SectionKind | None:
    """The section kind a title names: as a whole (`classify_title`), or as a compound of
    statements whose first part names one and whose other parts name statements or qualifiers
    ("Broader Impact and Ethics" is an impact statement; "Ethics and Fairness Metrics" none)."""
    kind = classify_title(title_key(title))
    if kind is not None:
        return kind
    parts = [title_key(part) for part in _COMPOUND_SEPARATORS_RE.split(title)]
    first_part, *others = [part for part in parts if part] or [""]
    if not others:
        return None
    first = exact_kind(first_part)
    if first is None or first in ("references", "appendix", "checklist"):
        return None
    if all(exact_kind(part) is not None or part in _QUALIFIERS or _AI_TOOLS_RE.match(part) for part in others):
        return first
    return None
