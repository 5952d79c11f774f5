"""The braille page's own words live with the page; the engine keeps only what it announces."""

from __future__ import annotations

import pytest

from core import i18n
from webapp.braille import strings


def test_page_words_are_the_pages_and_every_one_speaks_every_language() -> None:
    assert not set(strings.PAGE_STRINGS) & set(i18n.STRINGS)
    assert not [k for k in i18n.STRINGS if k.split(".")[0] in ("page", "rule", "key", "bot")]
    for key, entry in strings.PAGE_STRINGS.items():
        assert set(entry) == set(i18n.LANGUAGES), key


def test_the_page_speaks_its_own_words_and_the_engines_with_one_function() -> None:
    assert strings.t("page.hotseat", "de") == strings.PAGE_STRINGS["page.hotseat"]["de"]
    assert strings.t("dice.shows", "de", die="W4", value=3) == "W4 zeigt 3"
    with pytest.raises(KeyError, match="no string"):
        strings.t("page.nothing", "en")
