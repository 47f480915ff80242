"""A served app reads what its first pages would otherwise wait for as it starts: the hyphenation dictionaries
(Hungarian's takes most of a second; the HTTP fuzzer found the first Hungarian page of each worker over 1 s)."""

from webscore.web.i18n import hyphens


def test_a_served_app_reads_every_hyphenation_dictionary_as_it_starts(make_app):
    hyphens._dictionaries.cache_clear()
    make_app(TESTING=False)
    assert hyphens._dictionaries.cache_info().currsize == len(hyphens.DICTIONARIES)


def test_an_app_under_test_reads_them_when_a_page_needs_them(make_app):
    hyphens._dictionaries.cache_clear()
    make_app(TESTING=True)
    assert hyphens._dictionaries.cache_info().currsize == 0
