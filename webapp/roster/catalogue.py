"""What the roster page says about a button, without Panel: filters, each die in a sentence, the shipped
strength model's figures and the links that open a prefilled game on the Button Men page.

Rules come from :mod:`core.buttonmen` (notation, swing ranges, skills) and their one-line summaries from
:mod:`webapp.buttonmen.legend`; strength is looked up in :mod:`core.battle.strength` (Elo ratings of the
Tournament-Legal buttons fitted to one-round greedy matches), never simulated here.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from core import rng
from core.battle import strength
from core.buttonmen import GAME, SKILLS, SWING_RANGES, DieSpec, parse_recipe, roster
from core.buttonmen.specials import MIRRORS
from webapp.buttonmen.legend import SKILL_RULES
from webapp.shell.links import QUERY_KEY, encode
from webapp.shell.session import HUMAN

GAME_PAGE = "buttonmen.html"
"""The Button Men page, relative to this page (both live in ``apps/``)."""
SKILLS_RULE = "../rules/button-men.html#skills"
"""The Rules page's section on skills."""


def matching(query: str = "", set_name: str = "", skill: str = "", tl_only: bool = False) -> list[roster.Button]:
    """The roster buttons whose name contains ``query`` (any case), in ``set_name`` (blank: any set),
    with the skill letter ``skill`` (blank: any) and, with ``tl_only``, Tournament-Legal."""
    wanted = " ".join(query.casefold().split())
    return [b for b in roster.select(set_name=set_name or None, tournament_legal=True if tl_only else None,
                                     skill=skill or None)
            if wanted in b.name.casefold()]


def _article(phrase: str) -> str:
    """``a`` or ``an`` before ``phrase`` as it is read aloud (8, 11, 18 and the letters F, H, L, ... begin
    with a vowel sound)."""
    vowel = phrase[0] in "AEFHILMNORSX8" or phrase.split("-")[0] in ("11", "18")
    return f"{'an' if vowel else 'a'} {phrase}"


def _swing(letter: str) -> str:
    low, high = SWING_RANGES[letter]
    return f"{low} to {high} sides, chosen by its player before the round"


def die_sentence(spec: DieSpec) -> str:
    """What a die is, in words (its skills aside)."""
    if spec.wildcard:
        return "a wildcard: a card drawn from a deck instead of a die"
    if spec.options:
        return f"an option die: its player chooses {spec.options[0]} or {spec.options[1]} sides before the round"
    halves = [f"{h}-sided" if isinstance(h, int) else f"{h} swing" for h in spec.halves]
    letters = spec.swing_letters
    swing = f" ({_swing(letters[0])})" if letters else ""
    if len(halves) == 2:
        both = f"two {halves[0]} halves" if halves[0] == halves[1] else \
            f"{_article(halves[0])} and {_article(halves[1])} half"
        return f"a twin die: {both}{swing}, rolled and counted together"
    return f"{_article(halves[0] + ' die')}{swing}"


def die_html(spec: DieSpec) -> str:
    """One die as a list item: its notation, the sentence and each skill in words, linked to the rules."""
    skills = "".join(f" <a href='{SKILLS_RULE}'>{escape(SKILLS[c])}</a>: {escape(SKILL_RULES[c])}"
                     for c in spec.skills)
    return f"<li><code>{escape(spec.text)}</code>: {escape(die_sentence(spec))}.{skills}</li>"


def recipe_html(button: roster.Button) -> str:
    """Every die of the button's recipe explained, as an HTML list (a mirror button says what it copies)."""
    if not button.recipe:
        copies = "the opponent's recipe" if button.name in MIRRORS else "a recipe fixed at the start of the match"
        return f"<p>{escape(button.name)} has no dice of its own: it copies {copies}.</p>"
    items = "".join(die_html(spec) for spec in parse_recipe(button.recipe))
    return f"<ol class='rb-dice'>{items}</ol>"


@lru_cache(maxsize=1)
def _ranked() -> dict[str, int]:
    """Rated button -> its rank (1: the highest rating)."""
    ratings: dict[str, float] = strength.data()["ratings"]
    order = sorted(ratings, key=lambda name: (-ratings[name], name))
    return {name: rank for rank, name in enumerate(order, start=1)}


def field_chance(name: str) -> float | None:
    """The model's mean chance that ``name`` wins a one-round match against the other rated buttons
    (None when the model has no rating for it)."""
    ranked = _ranked()
    if name not in ranked:
        return None
    others = [other for other in ranked if other != name]
    return sum(strength.round_chance(name, other) for other in others) / len(others)


def strength_text(name: str) -> str:
    """The button's strength against the Tournament-Legal field, in words: a number and a rank."""
    chance = field_chance(name)
    if chance is None:
        return ("Strength: not rated. The shipped model rates the Tournament-Legal buttons only; "
                "vet this recipe in the lab below.")
    return (f"Strength against the Tournament-Legal field (the shipped model): wins {chance:.0%} of one-round "
            f"matches on average; rank {_ranked()[name]} of {len(_ranked())} (1 is the strongest).")


def rank(name: str) -> int | None:
    """The button's rank in the model (None: not rated)."""
    return _ranked().get(name)


def play_link(button: roster.Button, against: bool, seed: int) -> str:
    """A link that opens the Button Men page on a new match of ``button`` against a random
    Tournament-Legal button (deal ``seed``): the visitor plays ``button``, or against it (``against``)."""
    _, other = roster.random_tl(rng.seed_stream(seed))
    names = [other.name, button.name] if against else [button.name, other.name]
    record = GAME.new(seed=seed, buttons=names).to_record(public=True)
    return f"{GAME_PAGE}?{QUERY_KEY}={encode(record, [HUMAN, GAME.default_bot])}"
