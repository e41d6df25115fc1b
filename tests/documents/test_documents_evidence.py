"""Quote verification: worked examples of what matches, what does not, and where it is."""

from __future__ import annotations

import pytest

from openpcf.documents.document import PAGE_BREAK, join_pages
from openpcf.documents.evidence import keep_verified_claims, normalise_text, verify_quote, verify_quotes

PAGE1 = "Scope of the study.\nThe plant is in Bergen."
PAGE2 = ("The kiln dries the timber with electri-\ncity from the grid.\n"
         "The \u201cgreen\u201d tariff covers 35\u202fkWh per window \u2014 all of it.\n"
         "Module A1\u2013A3 covers the product stage; the low-\ncarbon mix is new.")


@pytest.fixture()
def doc():
    return join_pages("study.pdf", "pdf", [(PAGE1, "text", None), (PAGE2, "text", None)])


def test_page_offsets_follow_the_page_break(doc):
    assert doc.text == PAGE1 + PAGE_BREAK + PAGE2
    # "Scope of the study." (19) + "\n" + "The plant is in Bergen." (23) = 43; the break is 3 characters
    assert [(p.number, p.start, p.end) for p in doc.pages] == [(1, 0, 43), (2, 46, 46 + len(PAGE2))]
    assert doc.page_at(0) == 1 and doc.page_at(42) == 1 and doc.page_at(44) == 1  # the break belongs to page 1
    assert doc.page_at(46) == 2 and doc.page_at(len(doc.text) - 1) == 2
    assert doc.page_at(len(doc.text)) is None and doc.page_at(-1) is None


def test_dehyphenation_across_a_line_break(doc):
    check = verify_quote("dries the timber with electricity from the grid", doc)
    assert check.verified and check.page == 2
    # the span covers the original text, hyphen and line break included
    assert doc.text[check.start : check.end] == "dries the timber with electri-\ncity from the grid"


def test_a_compound_hyphen_broken_at_a_line_end_matches_with_or_without_it(doc):
    assert verify_quote("the low-carbon mix is new", doc).verified
    assert verify_quote("the lowcarbon mix is new", doc).verified


def test_case_whitespace_quotes_and_dashes_are_forgiven(doc):
    check = verify_quote('THE "green" TARIFF covers 35 kWh per window - all of it', doc)
    assert check.verified and check.page == 2
    assert doc.text[check.start : check.end].startswith("The \u201cgreen\u201d")
    assert verify_quote("module a1-a3 covers the product stage", doc).verified


def test_a_hyphen_next_to_a_digit_is_kept():
    assert normalise_text("A1\u2013A3").text == "a1-a3"
    assert normalise_text("electri-\n  city").text == "electricity"
    assert normalise_text("  two\t\n words ").text == "two words"
    assert normalise_text("e\ufb03cient \u00adsoft").text == "efficient soft"  # ligature ffi; soft hyphen dropped


def test_quotes_not_in_the_document_or_too_short_are_not_verified(doc):
    missing, short, empty = verify_quotes(["the plant is in Oslo", "grid", "   "], doc)
    assert (missing.verified, missing.reason) == (False, "not in the document")
    assert not short.verified and short.reason.startswith("too short")
    assert (empty.verified, empty.reason) == (False, "empty quote")


def test_the_first_page_of_a_quote_is_reported(doc):
    check = verify_quote("The plant is in Bergen. The kiln dries", doc)  # spans the page break
    assert check.verified and check.page == 1 and check.start == 20


def test_keep_verified_claims_drops_and_counts(doc):
    claims = [
        {"value": 35, "unit": "kWh", "evidence": ["covers 35 kWh per window", "a quote the model made up"]},
        {"value": 12, "unit": "kg", "evidence": ["twelve kilograms of steel per window"]},
        {"value": 1, "unit": "kg", "evidence": None},
        {"value": 2, "unit": "kg", "evidence": "The plant is in Bergen."},
    ]
    out = keep_verified_claims(claims, doc)
    assert [c["value"] for c in out.claims] == [35, 2]
    assert out.claims[0]["evidence"] == ["covers 35 kWh per window"]
    assert out.claims[0]["evidence_locations"][0]["page"] == 2
    assert out.claims[1]["evidence_locations"][0]["page"] == 1
    assert out.dropped_claims == 2
    assert out.dropped_quotes == 2  # the made-up quote of the kept claim and the one of the dropped claim
    assert [d["reason"] for d in out.dropped] == ["no quote found in the document", "no evidence quote"]


def test_plain_string_documents_are_one_page():
    check = verify_quote("uses 4.2 MJ", "The process uses 4.2 MJ per kg.")
    assert (check.verified, check.page, check.start, check.end) == (True, 1, 12, 23)


def test_locate_on_the_document(doc):
    assert doc.locate("from the grid").page == 2
