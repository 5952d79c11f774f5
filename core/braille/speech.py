"""Announcements and listings of the braille variant (rulebook §5.1), in English or German.

Pure functions of :class:`~core.braille.table.Table` snapshots: every die as
owner, size and value in the fixed order; one sentence per change; the
numbered list of legal attacks; scores in words.  A :class:`Voice` says which
language to speak and whether numbers also appear as braille cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.braille.cells import BrailleCode, half_points_cells, number_cells
from core.braille.table import LOWEST, Attack, Die, RoundEnd, Table
from core.i18n import Lang, half_points_words, plural, t


@dataclass(frozen=True)
class Voice:
    """How to speak: language, and numbers also as braille cells (BR-11, BR-12)."""

    lang: Lang = "en"
    cells: bool = False
    code: BrailleCode = "de"

    def say(self, key: str, **fields: object) -> str:
        return t(key, self.lang, **fields)

    def count(self, key: str, count: int, **fields: object) -> str:
        """``key.one`` or ``key.other``, by ``count``."""
        return plural(key, self.lang, count, **fields)

    def number(self, n: int) -> str:
        """A die value or count: digits, followed by braille cells when enabled."""
        return f"{n} {number_cells(n, self.code)}" if self.cells else str(n)

    def points(self, doubled: int) -> str:
        """A score in words ("fifteen and a half"), plus cells when enabled."""
        words = half_points_words(doubled, self.lang)
        return f"{words} {half_points_cells(doubled, self.code)}" if self.cells else words

    def join(self, parts: list[str]) -> str:
        """Parts joined with "and" before the last one."""
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + self.say("list.and") + parts[-1]


def die_name(die: Die, voice: Voice) -> str:
    """"d3", "twin", "braille A" (or the German names)."""
    return voice.say(f"die.{die.slot}")


def die_state(die: Die, voice: Voice) -> str:
    """"twin shows 7 (3 and 4)"; a die waiting for a typed roll says so."""
    name = die_name(die, voice)
    if die.value is None:
        return voice.say("dice.awaiting", die=name)
    if die.halves is not None:
        a, b = die.halves
        return voice.say("dice.shows_halves", die=name, value=voice.number(die.value),
                         a=voice.number(a), b=voice.number(b))
    return voice.say("dice.shows", die=name, value=voice.number(die.value))


def player_dice(table: Table, player: int, voice: Voice) -> str:
    """"Anna: d3 shows 1; d4 shows 3; twin shows 7 (3 and 4); braille A shows 2; braille B shows 6." """
    owner = table.names[player]
    if not table.dice[player]:
        return voice.say("dice.none", owner=owner)
    parts = [die_state(d, voice) for d in table.dice[player]]
    return voice.say("dice.line", owner=owner, dice=voice.say("list.sep").join(parts))


def captured_dice(table: Table, player: int, voice: Voice) -> str:
    """What ``player`` has taken so far, with the values the dice showed."""
    owner = table.names[player]
    if not table.captured[player]:
        return voice.say("dice.captured_none", owner=owner)
    parts = [showing(d, voice) for d in table.captured[player]]
    return voice.say("dice.captured", owner=owner, dice=voice.say("list.sep").join(parts))


def all_dice(table: Table, voice: Voice) -> list[str]:
    """Both players' dice in play, then both captured piles (key ``d``)."""
    return [player_dice(table, p, voice) for p in (0, 1)] + [captured_dice(table, p, voice) for p in (0, 1)]


def showing(die: Die, voice: Voice) -> str:
    """"d4 showing 3"."""
    return voice.say("showing", die=die_name(die, voice), value=_value(die, voice))


def _value(die: Die, voice: Voice) -> str:
    return "?" if die.value is None else voice.number(die.value)


def _theirs(table: Table, die: Die, voice: Voice) -> str:
    """"Anna's d4 showing 3" / "den W4 von Anna mit 3" (the object of an attack)."""
    return voice.say("showing.theirs", name=table.names[die.owner], die=die_name(die, voice),
                     value=_value(die, voice))


def attack_label(table: Table, attack: Attack, voice: Voice) -> str:
    """"Power: your twin showing 9 takes Anna's d4 showing 3" (a button's label)."""
    target = _theirs(table, attack.target, voice)
    if attack.kind == "power":
        return voice.say("label.power", attacker=showing(attack.attackers[0], voice), target=target)
    return voice.say("label.skill", attackers=_skill_dice(attack, "skill.yours", voice), target=target)


def _skill_dice(attack: Attack, key: str, voice: Voice) -> str:
    """The dice of a Skill attack joined by " + ": ``key.first`` for the first, ``key`` for the rest."""
    return " + ".join(voice.say(key + (".first" if i == 0 else ""), die=die_name(d, voice), value=_value(d, voice))
                      for i, d in enumerate(attack.attackers))


def attack_list(table: Table, voice: Voice) -> list[str]:
    """The numbered legal attacks of the mover, and whether passing is possible (key ``l``)."""
    if table.to_move is None:
        return [voice.say("refuse.over")]
    mover = table.names[table.to_move]
    if table.roll_request is not None:
        return [roll_request(table, voice)]
    if table.coin_toss:
        return [coin_toss(table, voice)]
    if not table.attacks:
        return [voice.say("list.pass_only", player=mover)]
    lines = [voice.say("list.header", player=mover)]
    lines += [voice.say("list.item", number=i, label=attack_label(table, a, voice))
              for i, a in enumerate(table.attacks, start=1)]
    if table.can_pass:
        lines.append(voice.say("list.pass_also"))
    return lines


def roll_request(table: Table, voice: Voice) -> str:
    """"Anna, roll your twin and type the result (2 to 12)." """
    die = table.roll_request
    assert die is not None
    return voice.say("said.roll_request", owner=table.names[die.owner], die=die_name(die, voice),
                     low=LOWEST[die.slot], high=die.size)


def coin_toss(table: Table, voice: Voice) -> str:
    """"Every die ties: toss a coin and type 1 if Anna begins or 2 if Bob begins." """
    return voice.say("said.coin", first=table.names[0], second=table.names[1])


def match_result(table: Table, voice: Voice) -> str:
    """"Anna wins the match, 3 rounds to 1." or the round cap's cancellation (a finished match)."""
    winner = table.winner
    if table.cancelled or winner is None:
        return voice.count("match.cancelled", len(table.rounds), rounds=len(table.rounds))
    wins = table.wins[winner]
    return voice.count("match.won", wins, winner=table.names[winner], wins=wins, losses=table.wins[1 - winner])


def scores(table: Table, voice: Voice) -> list[str]:
    """The current round's scores in words (the result once the match is over), then the match score.

    Key ``s`` of the page.
    """
    first, second = table.names
    if table.is_over:
        lines = [match_result(table, voice)]
    else:
        lines = [voice.say("scores.round", number=table.round_number, first=first, second=second,
                           first_score=voice.points(table.doubled[0]),
                           second_score=voice.points(table.doubled[1]))]
    lines.append(voice.say("scores.match", target=table.max_wins, first=first, second=second,
                           first_wins=table.wins[0], second_wins=table.wins[1], draws=table.draws))
    return lines


def round_end(table: Table, end: RoundEnd, voice: Voice) -> str:
    """"Round 2 ends: Anna twenty, Bob fifteen and a half. Anna wins the round." """
    if end.full_tie:
        return voice.say("round.full_tie", number=end.number)
    first, second = table.names
    fields = dict(number=end.number, first=first, second=second,
                  first_score=voice.points(end.doubled[0]), second_score=voice.points(end.doubled[1]))
    if end.winner is None:
        return voice.say("round.drawn", **fields)
    return voice.say("round.won", winner=table.names[end.winner], **fields)


def opening(table: Table, voice: Voice) -> list[str]:
    """A round's start: its number, every die, and who begins."""
    lines = [voice.say("round.start", number=table.round_number)]
    lines += [player_dice(table, p, voice) for p in (0, 1)]
    if table.roll_request is not None:
        lines.append(roll_request(table, voice))
    elif table.coin_toss:
        lines.append(coin_toss(table, voice))
    elif table.to_move is not None:
        lines.append(voice.say("round.begins", player=table.names[table.to_move]))
    return lines


def _attack_sentences(before: Table, attack: Attack, after: Table, voice: Voice) -> list[str]:
    mover = before.names[attack.attackers[0].owner]
    target = _theirs(before, attack.target, voice)
    if attack.kind == "power":
        attacker = attack.attackers[0]
        said = voice.say("said.power", mover=mover, attacker=die_name(attacker, voice),
                         value=_value(attacker, voice), target=target)
    else:
        said = voice.say("said.skill", mover=mover, attackers=_skill_dice(attack, "skill.the", voice),
                         target=target)
    if len(after.rounds) != len(before.rounds) or after.cancelled:
        return [said]
    rerolls = []
    for die in attack.attackers:
        now = after.die(die.owner, die.slot)
        if now is None or now.value is None:
            rerolls.append(voice.say("said.reroll_pending", die=die_name(die, voice)))
        else:
            rerolls.append(voice.say("said.reroll_one", die=die_name(die, voice),
                                     value=voice.number(now.value)))
    return [said, voice.say("said.reroll", mover=mover, dice=voice.join(rerolls))]


def change(before: Table, action: Attack | None, after: Table, voice: Voice) -> list[str]:
    """Sentences for what happened between two positions, one per event.

    ``action`` is the attack made, or None for a pass or a typed roll.
    """
    lines: list[str] = []
    if action is not None:
        lines += _attack_sentences(before, action, after, voice)
    elif before.roll_request is not None:
        die = before.roll_request
        now = after.die(die.owner, die.slot)
        if now is not None and now.value is not None and after.round_number == before.round_number:
            lines.append(voice.say("said.roll", owner=before.names[die.owner], die=die_name(die, voice),
                                   value=voice.number(now.value)))
    elif before.to_move is not None and not before.coin_toss:
        lines.append(voice.say("said.pass", mover=before.names[before.to_move]))
    for end in after.rounds[len(before.rounds):]:
        lines.append(round_end(after, end, voice))
    if after.is_over:
        return [*lines, match_result(after, voice)]
    if after.round_number != before.round_number:
        return lines + opening(after, voice)
    if after.roll_request is not None:
        if before.roll_request is None or after.roll_request != before.roll_request:
            lines.append(roll_request(after, voice))
    elif after.coin_toss:
        lines.append(coin_toss(after, voice))
    elif after.to_move is not None and after.turns == 0 and (before.roll_request or before.coin_toss):
        key = "round.begins_coin" if before.coin_toss else "round.begins"
        lines.append(voice.say(key, player=after.names[after.to_move]))
    elif after.to_move is not None:
        lines.append(voice.say("said.turn", player=after.names[after.to_move]))
    return lines
