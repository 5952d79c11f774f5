"""The recipe lab: vet a button's recipe by playing it against a field of roster buttons.

    python -m core.buttonmen.lab RECIPE [--against tl|SET|NAME,NAME] [--matches N]
                                        [--level quick|careful] [--seed S] [--json]

The community's test of a new recipe: play it against the Tournament-Legal buttons; a fair button
wins 40 to 60 % of its matches.

* **A match is a match as the rules play it**: first to three round wins (the game's default
  ``max_wins``), so a stronger recipe's edge shows as it would at the table.
* **Matches per opponent.** Match ``i`` against an opponent deals seed ``derive(seed, k, i // 2)``
  (``k``: the opponent's place in the field) and seats the recipe first when ``i`` is even,
  second when it is odd: an even count plays every deal from both sides, so the luck of the deal
  and of going first cancels out.
* **Both sides play the same level**: ``quick`` is the greedy bot, ``careful`` the game's default
  level (it weighs the best answer to each attack); both without a time budget (:func:`untimed`),
  so the same seed gives the same result on any machine, in CPython and in the browser.
* **Score and interval**: wins plus half the draws, over the matches, with the 95 % Wilson score
  interval (:class:`core.ladder.Pairing`).  The verdict compares it with the 40-60 % band: it is
  *sure* when the whole interval lies on one side of the band's edge (or inside the band).
* The recipe has the custom recipe's checks and limits (:func:`validate_custom`); Echo in the field
  copies it (section 13).  The work is bounded: at most :data:`MAX_TOTAL` matches.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from core import rng
from core.bots import Bot, first_actor, make_bot, untimed
from core.buttonmen import roster
from core.buttonmen.game import GAME
from core.buttonmen.recipe import validate_custom
from core.buttonmen.specials import MIRRORS
from core.ladder import Pairing
from core.protocol import JSON, InputError, State
from core.simulate import MAX_ACTIONS, Arguments

LEVELS = {"quick": "greedy", "careful": GAME.default_bot}
"""Lab level -> the bot level both sides play."""
LEVEL_WORDS = {"quick": "quick (greedy bots)", "careful": "careful (the default bot level)"}
FAIR = (0.4, 0.6)
"""The community's fair band of win rates."""
MAX_MATCHES = 1000
"""Matches per opponent, at most."""
MAX_TOTAL = 20_000
"""Matches in one lab run, at most (field size times matches per opponent)."""
MAX_NAMES = 300
"""Names in a ``NAME,NAME`` field, at most."""
TL = "tl"
LAB_NAME = "Lab recipe"
"""The recipe's button name in every match (no roster special applies to it)."""


@dataclass(frozen=True)
class Field:
    """The opponents: their roster buttons and how the field is called in words."""

    label: str
    buttons: tuple[roster.Button, ...]


@dataclass(frozen=True)
class Experiment:
    """One lab run's checked input."""

    recipe: str
    field: Field
    matches: int
    level: str
    seed: int

    @property
    def total(self) -> int:
        return self.matches * len(self.field.buttons)


@dataclass(frozen=True)
class Match:
    """One planned match: the opponent's place in the field and the match number against it."""

    opponent: int
    number: int


def _playable(button: roster.Button) -> bool:
    """Whether the lab can seat ``button`` (a mirror, or a recipe within the custom limits)."""
    if button.name in MIRRORS and not button.recipe:
        return True
    try:
        validate_custom(button.recipe)
    except ValueError:
        return False
    return True


def field_of(text: str) -> Field:
    """``tl`` (every Tournament-Legal button), a set's name, or comma-separated button names."""
    wanted = text.strip() if isinstance(text, str) else ""
    if wanted.casefold() == TL:
        return Field("the Tournament-Legal field", tuple(roster.select(tournament_legal=True)))
    in_set = roster.select(set_name=wanted)
    if in_set:
        playable = tuple(b for b in in_set if _playable(b))
        if not playable:
            raise InputError("field", "no button of this set can be played in the lab", wanted)
        return Field(f"the set {playable[0].set_name}", playable)
    names = [n.strip() for n in wanted.split(",") if n.strip()]
    if not names:
        raise InputError("field", "must be tl, a set's name or button names separated by commas", text)
    if len(names) > MAX_NAMES:
        raise InputError("field", f"at most {MAX_NAMES} button names", f"{len(names)} names")
    found: list[roster.Button] = []
    for name in names:
        try:
            button = roster.find(name)
        except ValueError as error:
            raise InputError("field", f"{error} (nor a set's name)") from None
        if not _playable(button):
            raise InputError("field", f"{button.name}'s recipe is beyond the custom recipe limits of the lab")
        if button not in found:
            found.append(button)
    label = found[0].name if len(found) == 1 else f"{len(found)} named buttons"
    return Field(label, tuple(found))


def experiment(recipe: str, against: str = TL, matches: int = 20, level: str = "quick", seed: int = 0) -> Experiment:
    """The checked input of a lab run; :class:`InputError` names the first bad field."""
    if not isinstance(recipe, str):
        raise InputError("recipe", "must be text", recipe)
    try:
        validate_custom(recipe.strip())
    except ValueError as error:
        raise InputError("recipe", str(error)) from None
    field = field_of(against)
    if isinstance(matches, bool) or not isinstance(matches, int) or not 1 <= matches <= MAX_MATCHES:
        raise InputError("matches", f"must be a whole number from 1 to {MAX_MATCHES}", matches)
    if level not in LEVELS:
        raise InputError("level", f"must be one of {', '.join(LEVELS)}", level)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 63:
        raise InputError("seed", "must be a whole number from 0 to 2**63 - 1", seed)
    run = Experiment(recipe.strip(), field, matches, level, seed)
    if run.total > MAX_TOTAL:
        raise InputError("matches", f"{len(field.buttons)} opponents times {matches} matches exceeds "
                         f"{MAX_TOTAL:,} matches in one run")
    return run


def plan(run: Experiment) -> Iterator[Match]:
    """Every match of the run, opponent by opponent (a page plays them one at a time)."""
    for k in range(len(run.field.buttons)):
        for i in range(run.matches):
            yield Match(k, i)


def deal(run: Experiment, match: Match) -> tuple[int, dict[str, JSON]]:
    """The seed and options of a match: the deal ``match.number // 2``, the recipe's seat ``match.number % 2``."""
    opponent = run.field.buttons[match.opponent]
    theirs = run.recipe if opponent.name in MIRRORS and not opponent.recipe else opponent.recipe
    names, recipes = [LAB_NAME, opponent.name], [run.recipe, theirs]
    if match.number % 2:
        names.reverse()
        recipes.reverse()
    seed = rng.derive(run.seed, match.opponent, match.number // 2) >> 1
    return seed, {"buttons": names, "recipes": recipes}


def play(run: Experiment, match: Match) -> int | None:
    """Play one match: 1 when the recipe wins, 0 when it loses, None for a draw."""
    seed, options = deal(run, match)
    seat = match.number % 2
    state = GAME.new(seed=seed, **options)
    level = LEVELS[run.level]
    bots: list[Bot] = [untimed(make_bot(GAME, level, seed + p)) for p in (0, 1)]
    state = play_out(state, bots)
    assert state.outcome is not None
    places = state.outcome.places
    if places[0] == places[1]:
        return None
    return int(places[seat] == 1)


def play_out(state: State, bots: Sequence[Bot]) -> State:
    """The end of a match from ``state``: each seat's bot acts in turn (bounded by :data:`MAX_ACTIONS`)."""
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        actor = first_actor(state)
        state = state.apply(bots[actor].choose(state, actor), actor)
    raise RuntimeError(f"a lab match did not end after {MAX_ACTIONS:,} actions")


@dataclass
class Results:
    """What a run has counted so far: one :class:`Pairing` per opponent, in field order."""

    run: Experiment
    opponents: list[Pairing]

    @classmethod
    def empty(cls, run: Experiment) -> Results:
        return cls(run, [Pairing(LAB_NAME, b.name) for b in run.field.buttons])

    def add(self, match: Match, result: int | None) -> None:
        pairing = self.opponents[match.opponent]
        if result is None:
            pairing.draws += 1
        elif result:
            pairing.wins += 1
        else:
            pairing.losses += 1

    @property
    def total(self) -> Pairing:
        """All matches so far as one pairing."""
        return Pairing(LAB_NAME, self.run.field.label, sum(p.wins for p in self.opponents),
                       sum(p.draws for p in self.opponents), sum(p.losses for p in self.opponents))

    def hardest(self, count: int = 3) -> list[Pairing]:
        """The opponents the recipe scored least against (ties: field order)."""
        played = [p for p in self.opponents if p.matches]
        return sorted(played, key=lambda p: p.score)[:count]

    def easiest(self, count: int = 3) -> list[Pairing]:
        """The opponents the recipe scored most against (ties: field order)."""
        played = [p for p in self.opponents if p.matches]
        return sorted(played, key=lambda p: -p.score)[:count]

    def verdict(self) -> str:
        """The verdict in words, with the interval saying whether it is sure."""
        total = self.total
        if not total.matches:
            return "no matches played yet"
        low, high = total.interval()
        where = f"{total.score:.0%} against {self.run.field.label} (95 % interval {low:.0%} to {high:.0%})"
        band = f"{FAIR[0]:.0%} to {FAIR[1]:.0%}"
        if total.score > FAIR[1]:
            sure = low > FAIR[1]
            word, side = "too strong", f"above {FAIR[1]:.0%}"
        elif total.score < FAIR[0]:
            sure = high < FAIR[0]
            word, side = "too weak", f"below {FAIR[0]:.0%}"
        else:
            sure = FAIR[0] <= low and high <= FAIR[1]
            word, side = "fair", f"inside {band}"
        if sure:
            return f"{word}: {where}; sure, the whole interval lies {side}"
        return f"{word}: {where}; not sure yet, the interval reaches past the fair band's edge: play more matches"

    def summary(self) -> dict[str, JSON]:
        """The result as the JSON object ``--json`` prints."""
        total = self.total
        return {
            "recipe": self.run.recipe, "field": self.run.field.label, "level": self.run.level,
            "matches": total.matches, "wins": total.wins, "draws": total.draws, "losses": total.losses,
            "win_rate": total.score, "interval95": list(total.interval()),
            "opponents": [{"name": p.second, "wins": p.wins, "draws": p.draws, "losses": p.losses}
                          for p in self.opponents],
            "verdict": self.verdict(),
        }


def run_all(run: Experiment) -> Results:
    """Play every match of ``run``."""
    results = Results.empty(run)
    for match in plan(run):
        results.add(match, play(run, match))
    return results


def opponent_line(pairing: Pairing) -> str:
    """One opponent's row of the report."""
    return (f"{pairing.second:<32} {pairing.wins:4} won {pairing.draws:3} drawn {pairing.losses:4} lost  "
            f"{pairing.score:6.1%}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = Arguments(prog="python -m core.buttonmen.lab", description=__doc__.split("\n\n")[0])
    parser.add_argument("recipe", help="the recipe to vet, e.g. '(4) (8) (12) (20) (X)'")
    parser.add_argument("--against", default=TL, help="tl (every Tournament-Legal button, the default), a set's "
                        "name, or button names separated by commas")
    parser.add_argument("--matches", type=int, default=2, help="matches per opponent (default 2: one deal "
                        "from both sides)")
    parser.add_argument("--level", default="quick", help="quick (greedy bots, the default) or careful "
                        "(the default bot level)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the deals (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
        run = experiment(args.recipe, args.against, args.matches, args.level, args.seed)
    except ValueError as error:
        print(f"python -m core.buttonmen.lab: {error}", file=sys.stderr)
        return 2
    results = Results.empty(run)
    for match in plan(run):
        results.add(match, play(run, match))
        if not args.json and match.number == run.matches - 1:
            print(opponent_line(results.opponents[match.opponent]))
    if args.json:
        print(json.dumps(results.summary()))
        return 0
    total = results.total
    print(f"{run.recipe}: {total.wins} won, {total.draws} drawn, {total.losses} lost in {total.matches} matches "
          f"against {run.field.label}, level {LEVEL_WORDS[run.level]}, seed {run.seed}")
    print(f"verdict: {results.verdict()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
