"""The site's one palette: every text colour on its background passes WCAG AA, light and dark,
and the landing page, the Rules pages and the game pages all read the same file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.shell.frame import PAGE_CSS, PALETTE_CSS

ROOT = Path(__file__).resolve().parents[2]
TEXT_PAIRS = [("ink", "paper"), ("muted", "paper"), ("accent", "paper"), ("accent-ink", "accent"),
              ("ink", "card"), ("muted", "card"), ("accent", "card"), ("header-ink", "header"),
              ("link", "paper"), ("link", "card"), ("alert", "paper"), ("alert", "card"), ("ink", "turn"),
              ("ink", "done")]
"""(text, background) custom properties that pages put together."""
NON_TEXT_PAIRS = [("focus", "paper"), ("focus", "card"), ("turn-line", "turn"), ("done-line", "done")]
"""Focus rings and borders: WCAG asks 3:1 of them."""


def scheme(css: str, dark: bool) -> dict[str, str]:
    """The custom properties of the light ``:root`` block, overridden by the dark block when ``dark``."""
    light_block = re.search(r":root\s*\{([^}]*)\}", css)
    assert light_block is not None
    colours = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", light_block.group(1)))
    if dark:
        dark_block = re.search(r"prefers-color-scheme:\s*dark\)\s*\{[^{]*\{([^}]*)\}", css)
        assert dark_block is not None
        colours.update(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", dark_block.group(1)))
    return colours


def luminance(colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_pair_of_the_palette_passes_wcag_aa(dark: bool) -> None:
    colours = scheme(PALETTE_CSS, dark)
    for fg, bg in TEXT_PAIRS:
        assert contrast(colours[fg], colours[bg]) >= 4.5, f"--{fg} on --{bg}: {contrast(colours[fg], colours[bg]):.2f}"
    for fg, bg in NON_TEXT_PAIRS:
        assert contrast(colours[fg], colours[bg]) >= 3.0, f"--{fg} on --{bg}: {contrast(colours[fg], colours[bg]):.2f}"


def test_contrast_formula_matches_wcag_reference_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_landing_page_and_game_pages_share_the_one_palette_file() -> None:
    landing = ROOT / "site" / "assets" / "palette.css"
    assert landing.resolve() == (ROOT / "webapp" / "shell" / "static" / "palette.css").resolve()
    style = (ROOT / "site" / "assets" / "style.css").read_text()
    assert '@import url("palette.css")' in style and not re.search(r"--[\w-]+:\s*#", style), \
        "style.css defines no colours of its own"
    assert not re.search(r"--[\w-]+:\s*#", PAGE_CSS) and "var(--paper)" in PAGE_CSS
