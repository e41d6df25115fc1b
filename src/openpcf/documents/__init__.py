"""Documents as users have them: PDFs, HTML, Markdown and text read into text with page provenance,
evidence quotes verified against that text, and EPDs (PDF, ILCD+EPD XML, openEPD JSON) read into
structured records.

- :func:`read_document` → :class:`Document` (pages, character offsets, scanned/failed pages);
- :func:`verify_quote` / :func:`keep_verified_claims` — is a quote in the document, and on which page;
- :func:`openpcf.documents.epd.read_epd` → :class:`openpcf.documents.epd_record.EpdRecord`.

Limits against hostile files are in :class:`DocumentLimits`.
"""

from openpcf.documents.document import Document, DocumentReader, PageText
from openpcf.documents.evidence import (
    QuoteCheck,
    VerifiedClaims,
    keep_verified_claims,
    verify_quote,
    verify_quotes,
)
from openpcf.documents.limits import DEFAULT_LIMITS, DocumentError, DocumentLimits
from openpcf.documents.reading import read_document

__all__ = [
    "DEFAULT_LIMITS",
    "Document",
    "DocumentError",
    "DocumentLimits",
    "DocumentReader",
    "PageText",
    "QuoteCheck",
    "VerifiedClaims",
    "keep_verified_claims",
    "read_document",
    "verify_quote",
    "verify_quotes",
]
