"""The ButtonMen Battle tutorial's helpers: a lesson campaign on Lesotho, orders and results in words,
maps with the round's attacks as arrows, a lands-per-round chart, exercises and bot campaigns.

Players and territories are named, battles and rounds numbered from 1, as on the game's page.

>>> campaign = order(lesson(), "Ben", "Berea", "Maseru")
>>> battles(campaign).text
"Battle 1: Ben's Bauer (Berea) attacks Ana's Avis (Maseru) - open."
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from core import svg as svg_doc
from core.battle import GAME, Attack, CampaignState, Choose, OrderBot, Pass, ReportResult, Score
from core.battle.__main__ import text_report
from core.battle.model import Battle
from core.battle.record import Replayed
from core.battle.render import _screen, battle_line
from core.battle.state import button_index, player_index
from core.battle.summary import lands_by_round, round_sentences
from core.protocol import IllegalAction, InputError
from core.teach import Exercise, Html, Lesson, Picture, message, navigation, offered, ready
from core.teach.chart import Line, line_chart
from core.teach.slips import RULING

__all__ = [
    "answer", "attacks", "battles", "borders", "bot_campaign", "choose", "exercise", "hint", "lands_chart", "lesson",
    "links", "may_attack", "order", "result", "round_by_round", "show", "solution", "start", "summary",
    "what_happened",
]

GAME_NAME, PAGE = "buttonmen-battle", "battle"
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve")
LESSON_ARMIES = (
    (("Avis", "Maseru"), ("Hammer", "Mafeteng")),
    (("Bauer", "Berea"), ("Clare", "Leribe")),
    (("Kublai", "Thaba-Tseka"), ("Niles", "Qacha's Nek")),
    (("Stark", "Mohale's Hoek"), ("Shore", "Quthing")),
    (("Tess", "Mokhotlong"), ("Zeppo", "Butha-Buthe")),
)
"""The lesson's start on Lesotho: each player's two buttons on two neighbouring districts."""
MOVE_ORDER = ("Dev", "Cleo", "Ana", "Eve", "Ben")
"""The lesson's edition-2 move order in round 1 (a real campaign draws it at random)."""
NOBODY = {"nobody", "no one", "noone", "none", "pending"}


def start() -> Html:
    """The first cell's answer: the engine is loaded; links to play, the rules and all games."""
    return ready(GAME_NAME, PAGE)


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation(GAME_NAME, PAGE)


# --------------------------------------------------------------------------- the lesson campaign


def lesson(edition: int = 1) -> CampaignState:
    """The lesson's five players on Lesotho; battles are fought elsewhere and their results typed in."""
    setup = [{"name": name, "armies": [{"button": b, "territory": t} for b, t in armies]}
             for name, armies in zip(NAMES, LESSON_ARMIES, strict=True)]
    order_option = {"move_order": list(MOVE_ORDER)} if edition == 2 else {}
    state = GAME.new(1, map="lesotho", edition=edition, battle_source="reported", setup=setup, **order_option)
    assert isinstance(state, CampaignState)
    return state


def _plain(reason: str) -> str:
    """An engine reason without its ruling id (the learner has nothing to open it with)."""
    return RULING.sub("", reason)


def _territory(campaign: CampaignState, name: object) -> int:
    try:
        return campaign.board.index(_text(name, "territory"))
    except InputError:
        raise IllegalAction(f"{campaign.board.name} has no territory called {name!r}") from None


def _player(campaign: CampaignState, name: object) -> int:
    try:
        return player_index(campaign, _text(name, "player"))
    except InputError:
        raise IllegalAction(f"{name!r} is not a player here: {', '.join(campaign.names)}") from None


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise IllegalAction(f"a {what} is named in quotes, like \"Maseru\" or \"Ana\"")
    return value


def borders(campaign: CampaignState, territory: str) -> Html:
    """The territories ``territory`` borders (an attack crosses one of these borders)."""
    t = _territory(campaign, territory)
    board = campaign.board
    names = sorted(board.name_of(n) for n in board.neighbours[t])
    return message(f"{board.name_of(t)} borders {len(names)} territories: {', '.join(names)}.")


def _where(campaign: CampaignState, attack: Attack) -> str:
    return f"{campaign.board.name_of(attack.target)} from {campaign.board.name_of(attack.origin)}"


def attacks(campaign: CampaignState, player: str) -> Html:
    """Every attack ``player`` may order now, and whether they may pass."""
    p = _player(campaign, player)
    name = campaign.names[p]
    if campaign.phase != "orders" or p in campaign.ordered:
        return message(f"{name} has no order to give now.")
    found = campaign.attacks(p)
    listed = f"{name} may attack {'; '.join(_where(campaign, a) for a in found)}." if found else \
        f"{name} has no attack: {name} must pass."
    if found and campaign.targeted(p):
        listed += f" {name} may also pass: another player attacks {name} this round."
    elif found:
        listed += f" {name} may not pass: nobody attacks {name} yet."
    return message(listed)


def may_attack(campaign: CampaignState, player: str, origin: str, target: str) -> Html:
    """Whether ``player`` may attack ``target`` from ``origin`` now, and if not, why not."""
    p = _player(campaign, player)
    attack = Attack(_territory(campaign, origin), _territory(campaign, target))
    why = campaign.attack_problem(p, attack)
    name = campaign.names[p]
    return message(f"Yes: {name} may attack {_where(campaign, attack)}." if why is None
                   else f"No: {_plain(why)}.")


def order(campaign: CampaignState, player: str, origin: str, target: str | None = None) -> CampaignState:
    """``player``'s order: attack ``target`` from ``origin``, or ``order(campaign, player, "pass")``."""
    p = _player(campaign, player)
    if campaign.phase != "orders" or p in campaign.ordered:
        raise IllegalAction(f"{campaign.names[p]} has no order to give now")
    if p not in campaign.actors:
        waiting = " and ".join(campaign.names[a] for a in sorted(campaign.actors))
        raise IllegalAction(f"it is {waiting}'s turn: in edition 2 players order one by one, in the move order")
    if _text(origin, "territory").strip().lower() == "pass":
        action: Attack | Pass = Pass()
    elif target is None:
        raise IllegalAction("an attack names two territories: where it starts and where it goes")
    else:
        action = Attack(_territory(campaign, origin), _territory(campaign, target))
    try:
        after = campaign.apply(action, p)
    except IllegalAction as refused:
        raise IllegalAction(_plain(str(refused))) from None
    assert isinstance(after, CampaignState)
    return after


def battles(campaign: CampaignState) -> Html:
    """This round's battles, numbered from 1, with their results so far."""
    lines = [_sentence(battle_line(campaign, i, b)) for i, b in enumerate(campaign.battles)]
    return _lines(lines or [f"No battle yet in round {campaign.round_number}."])


def _sentence(line: str) -> str:
    return line[:1].upper() + line[1:] + "."


def _lines(lines: Sequence[str]) -> Html:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return Html(f"<ul>{items}</ul>", "\n".join(lines))


def result(campaign: CampaignState, battle: int, winner: str, score: str,
           small_points: int | None = None) -> CampaignState:
    """Type in the result of battle number ``battle``: its winner (player or button), ``"3-1"``, small points."""
    if not isinstance(battle, int) or not 1 <= battle <= len(campaign.battles):
        raise IllegalAction(f"there are battles 1 to {len(campaign.battles)} this round")
    fought = campaign.battles[battle - 1]
    seat = _seat(campaign, fought, winner)
    try:
        parsed = Score.parse(score)
        after = campaign.apply(ReportResult(battle - 1, seat, parsed, small_points))
    except ValueError as refused:
        raise IllegalAction(_plain(str(refused))) from None
    assert isinstance(after, CampaignState)
    return after


def _seat(campaign: CampaignState, battle: Battle, winner: str) -> int:
    """The seat of a battle's winner, named by player or by button."""
    wanted = _text(winner, "winner").strip().casefold()
    for seat in (0, 1):
        player, army = battle.players[seat], battle.armies[seat]
        names = {campaign.names[player].casefold()} if player is not None else set()
        if army is not None:
            names.add(campaign.buttons[army].casefold())
        if wanted in names:
            return seat
    sides = " or ".join(campaign.names[p] for p in battle.players if p is not None)
    raise IllegalAction(f"the winner of this battle is {sides}")


def choose(campaign: CampaignState, territory: str, button: str) -> CampaignState:
    """The owner's choice (edition 1) of which of their buttons takes ``territory``."""
    t = _territory(campaign, territory)
    try:
        army = button_index(campaign, _text(button, "button"))
        after = campaign.apply(Choose(t, army), campaign.army_owner(army))
    except (InputError, IllegalAction) as refused:
        raise IllegalAction(_plain(str(refused))) from None
    assert isinstance(after, CampaignState)
    return after


def what_happened(campaign: CampaignState) -> Html:
    """The last finished round in words: who took which territory with which win, and the land counts."""
    if not campaign.past:
        return message("No round is finished yet.")
    return _lines(_round_words(campaign, len(campaign.past)))


def _round_words(state: CampaignState, number: int) -> list[str]:
    """Round ``number``'s captures, eliminations (and the campaign's end), then every player's land count."""
    lands = ", ".join(f"{name} {count}" for name, count in zip(state.names, lands_by_round(state)[number], strict=True))
    return [*round_sentences(state, number), f"Territories after round {number}: {lands}."]


# --------------------------------------------------------------------------- pictures


ARROW = ('<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
         'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker></defs>')


def _arrows(campaign: CampaignState, fought: Sequence[Battle]) -> list[str]:
    """Each attack of ``fought`` as an arrow from its origin to its target, with the battle's number."""
    drawn = [ARROW]
    for number, battle in enumerate(fought, 1):
        if battle.origin is None:
            continue
        a, b = campaign.board.territories[battle.origin], campaign.board.territories[battle.target]
        (x1, y1), (x2, y2) = _screen(a.x, a.y), _screen(b.x, b.y)
        # start and end a little off the territories' dots, so names stay readable
        sx, sy, ex, ey = x1 + (x2 - x1) * 0.18, y1 + (y2 - y1) * 0.18, x1 + (x2 - x1) * 0.78, y1 + (y2 - y1) * 0.78
        drawn.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#fff" '
                     'stroke-width="6" stroke-linecap="round"/>')
        drawn.append(f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#111" '
                     'stroke-width="2.5" marker-end="url(#head)"/>')
        mx, my = (sx + ex) / 2, (sy + ey) / 2
        drawn.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="8" fill="#fff" stroke="#111"/>')
        drawn.append(svg_doc.text(mx, my, str(number), 10, "#111"))
    return drawn


def _picture(campaign: CampaignState, fought: Sequence[Battle], caption: str) -> Picture:
    """The core's map of ``campaign`` with ``fought`` as arrows and ``caption`` as its legend's heading."""
    drawing = campaign.svg().replace(f">Round {campaign.round_number}</text>", f">{html.escape(caption)}</text>", 1)
    drawing = drawing.replace("</svg>", "".join(_arrows(campaign, fought)) + "</svg>")
    return Picture(drawing, campaign.describe())


def show(campaign: CampaignState) -> Picture:
    """The map: owners' colours, each button on its territory, this round's attacks as numbered arrows."""
    return _picture(campaign, campaign.battles, f"Round {campaign.round_number}")


# --------------------------------------------------------------------------- bot campaigns


@dataclass(frozen=True)
class Campaign:
    """A campaign the bots played: the start, the state after every round, and how it was played."""

    states: tuple[CampaignState, ...]
    quick: bool

    @property
    def final(self) -> CampaignState:
        return self.states[-1]


def bot_campaign(seed: int = 1, map: str = "belgium", players: int = 4, edition: int = 1,
                 quick: bool = True) -> Campaign:
    """Bots give every order; their battles are real Button Men matches (``quick``: one round won decides)."""
    options = {"battle_max_wins": 1} if quick else {}
    state = GAME.new(seed, map=map, players=players, edition=edition, **options)
    assert isinstance(state, CampaignState)
    bots = [OrderBot(seed + p, "random" if quick else "greedy") for p in range(state.players)]
    states = [state]
    while not state.is_over:
        actor = min(state.actors)
        after = state.apply(bots[actor].choose(state, actor), actor)
        assert isinstance(after, CampaignState)
        state = after
        if len(state.past) == len(states):
            states.append(state)
    return Campaign(tuple(states), quick)


def _after_round(game: Campaign, number: int) -> Picture:
    state = game.states[number]
    return _picture(state, state.past[number - 1].battles, f"After round {number}")


def round_by_round(game: Campaign) -> Html:
    """Every round of a bot campaign: what its battles decided in words, then the map with its numbered attacks."""
    final = game.final
    parts = [f"<p><strong>The start</strong>: {html.escape(_land_words(game.states[0]))}.</p>",
             f"<div>{show(game.states[0]).svg}</div>"]
    texts = ["The start."]
    for number in range(1, len(game.states)):
        log = final.past[number - 1]
        lines = _round_words(final, number)
        if log.passes:
            lines.insert(0, "Passed: " + ", ".join(final.names[p] for p in log.passes) + ".")
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        parts.append(f"<h4>Round {number}</h4><ul>{items}</ul><div>{_after_round(game, number).svg}</div>")
        texts.append(f"Round {number}: " + " ".join(lines))
    return Html("".join(parts), "\n".join(texts))


def _land_words(state: CampaignState) -> str:
    return ", ".join(f"{n} {state.lands(p)}" for p, n in enumerate(state.names))


def lands_chart(game: Campaign) -> Picture:
    """Every player's territories after every round, and the line a winner must reach."""
    final = game.final
    counts = [list(c) for c in zip(*lands_by_round(final), strict=True)]
    title = f"Territories per round on {final.board.name}: " + ", ".join(
        f"{n} " + "-".join(map(str, counts[p])) for p, n in enumerate(final.names))
    lines = [Line(name, counts[p], final.colours[p]) for p, name in enumerate(final.names)]
    ticks = [(step, str(step) if step else "start") for step in range(len(counts[0]))]
    chart = line_chart(lines, title, "→ after round", x_ticks=ticks,
                       mark=(final.threshold, f"{final.threshold} to win"))
    return Picture(chart, title)


def summary(game: Campaign) -> Html:
    """A bot campaign at a glance: who won, the final map, the lands chart; every round one click away."""
    final = game.final
    log = "\n".join(text_report(Replayed(final)))
    last = len(game.states) - 1
    battles_are = "one round won decides a battle" if game.quick else "battles to three round wins"
    markup = (f"<p><strong>{html.escape(_sentence(final.end or 'the campaign is not over'))}</strong> "
              f"({last} round{'s' if last != 1 else ''} on {html.escape(final.board.name)}, {battles_are}.)</p>"
              f"<div>{_after_round(game, last).svg if last else show(final).svg}</div>"
              f"<div>{lands_chart(game).svg}</div>"
              f"<details><summary>Every round, battle by battle</summary><pre>{html.escape(log)}</pre></details>")
    return Html(markup, _sentence(final.end or "the campaign is not over"))


# --------------------------------------------------------------------------- exercises


def lesson_orders(edition: int = 1) -> CampaignState:
    """The lesson's first round after every order (the attacks on Maseru, Leribe and Thaba-Tseka)."""
    campaign = lesson(edition)
    plan: tuple[tuple[str, str, str | None], ...]
    if edition == 1:
        plan = (("Ben", "Berea", "Maseru"), ("Cleo", "Thaba-Tseka", "Leribe"), ("Dev", "Mohale's Hoek", "Maseru"),
                ("Eve", "Mokhotlong", "Thaba-Tseka"), ("Ana", "pass", None))
    else:
        plan = (("Dev", "Mohale's Hoek", "Maseru"), ("Cleo", "Thaba-Tseka", "Maseru"), ("Ana", "pass", None),
                ("Eve", "Mokhotlong", "Leribe"), ("Ben", "pass", None))
    for player, origin, target in plan:
        campaign = order(campaign, player, origin, target)
    return campaign


def _territory_problem(campaign: CampaignState, name: object, stake: int, fought: tuple[int, int]) -> str | None:
    assert isinstance(name, str)
    try:
        territory = campaign.board.index(name)
    except InputError:
        return f"{campaign.board.name} has no territory called \"{name}\"."
    if territory == stake:
        return None
    if territory not in fought:
        return "battle 1 was fought between Berea and Maseru: only one of those two changes hands."
    return ("a battle decides the loser's territory in that battle: the attacked one if the defender loses, the "
            "one the attack came from if the attacker loses.")


def _holder_problem(campaign: CampaignState, name: object, territory: int, wrong: dict[str, str]) -> str | None:
    assert isinstance(name, str)
    held = campaign.land[territory]
    said = name.casefold()
    if said in (NOBODY if held is None else {campaign.names[held].casefold()}):
        return None
    if said not in NOBODY and said not in {n.casefold() for n in campaign.names}:
        return f"\"{name}\" is not a player here: {', '.join(campaign.names)}."
    return wrong.get(said, "only the winners of the battles over Maseru claim it.")


def _threshold_problem(count: object, threshold: int, in_play: int, territories: int) -> str | None:
    if count == threshold:
        return None
    if count == territories // 2 + 1:
        return f"neutral provinces do not count: a player needs more than half of the {in_play} in play."
    if count == in_play // 2:
        return "half is not enough: a player needs more than half."
    return f"a player needs more than half of the {in_play} provinces in play."


def _exercises(lang: str) -> tuple[Exercise, ...]:
    first = lesson_orders(1)
    lost = result(first, 1, "Ana", "3-1")
    stake = lost.battles[0].stake
    assert stake is not None
    fought = (first.board.index("Berea"), first.board.index("Maseru"))
    margins = result(result(first, 1, "Ben", "3-0", 5), 3, "Dev", "3-1", 40)
    margins = result(result(margins, 2, "Cleo", "3-0"), 4, "Cleo", "3-2")
    maseru = first.board.index("Maseru")
    second = lesson_orders(2)
    pending = result(result(result(second, 1, "Dev", "3-0"), 2, "Cleo", "3-2"), 3, "Eve", "3-1")
    owner = margins.names[margins.land[maseru] or 0]
    small = {"dev": "small points count only when the round margins are equal: compare 3-0 with 3-1 first."}
    belgium = GAME.new(8, map="belgium", players=4, edition=1)
    assert isinstance(belgium, CampaignState)
    in_play = sum(1 for held in belgium.land if held is not None)
    edition_2 = {name: "edition 2 has no most convincing win: the more convincing of two wins over one territory "
                       "does not take it." for name in ("dev", "cleo")}
    return (
        Exercise("Battle 1 is played: Ben's Bauer attacked Ana's Maseru from Berea and lost 1-3 to Ana's Avis. "
                 "Which territory changes hands because of battle 1? Answer with its name, like \"Leribe\".",
                 first, lambda name: _territory_problem(first, name, stake, fought),
                 "A battle decides one territory: the loser's territory in that battle.",
                 f"{first.board.name_of(stake)}: the attacker lost, so the territory it attacked from goes "
                 "to the defender.", kind="name",
                 choices=offered(sorted(first.board.name_of(t) for t in range(first.board.size)))),
        Exercise("Now say Ben wins battle 1 3-0 with 5 small points, and Dev wins battle 3 3-1 with 40 small "
                 "points. Both claim Maseru. Who takes it? Answer with a player's name.",
                 first, lambda name: _holder_problem(margins, name, maseru, small),
                 "Compare the round margins (won minus lost) first; small points count only when those are equal.",
                 f"{owner}: 3-0 is a margin of 3, 3-1 only 2, so the small points do not matter.", kind="name",
                 choices=offered(first.names)),
        Exercise("Edition 2. Dev wins battle 1 3-0 and Cleo wins battle 2 3-2; both attacked Ana's Maseru. "
                 "Who holds Maseru after this round? Answer with a player's name, or \"nobody\".",
                 second, lambda name: _holder_problem(pending, name, maseru, edition_2),
                 "Edition 2 has no most convincing win: two players' claims on one territory meet again.",
                 "Nobody: Maseru is pending, and a tie-break between Dev's and Cleo's buttons decides it "
                 "next round.", kind="name", choices=offered((*second.names, "nobody"))),
        Exercise("Four players start on Belgium's ten provinces, two by two: two provinces stay neutral (grey). "
                 "How many provinces must a player hold to win the campaign?", belgium,
                 lambda count: _threshold_problem(count, belgium.threshold, in_play, len(belgium.land)),
                 "Neutral provinces count for nobody; victory needs more than half of the others.",
                 f"{belgium.threshold}: more than half of the {in_play} provinces in play.", kind="choice",
                 choices=offered(range(1, len(belgium.land) + 1))),
    )


LESSON = Lesson(_exercises)
exercise, answer, hint, solution = LESSON.helpers()
