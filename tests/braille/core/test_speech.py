"""The variant's announcements and listings, on the rulebook's own examples (§5.1)."""

from core.braille.speech import Voice, all_dice, attack_label, attack_list, change, player_dice, scores
from core.braille.table import Attack, Die, RoundEnd, Table, attack_order

EN, DE = Voice("en"), Voice("de")


def dice(owner: int, d3: int, d4: int, twin: tuple[int, int], a: int, b: int) -> tuple[Die, ...]:
    return (
        Die(owner, "d3", d3), Die(owner, "d4", d4), Die(owner, "twin", sum(twin), twin),
        Die(owner, "A", a), Die(owner, "B", b),
    )


ANNA = dice(0, 1, 3, (3, 4), 2, 6)
BOB = (Die(1, "d3", 2), Die(1, "d4", 4), Die(1, "twin", 9, (4, 5)), Die(1, "A", 5), Die(1, "B", 1))


def table(**changes: object) -> Table:
    base: dict[str, object] = dict(
        names=("Anna", "Bob"), dice=(ANNA, BOB), captured=((), ()), doubled=(31, 31), wins=(0, 0),
        draws=0, round_number=1, max_wins=3, to_move=1,
    )
    base.update(changes)
    return Table(**base)  # type: ignore[arg-type]


ANNA_D4 = ANNA[1]
POWER_TWIN = Attack("power", (BOB[2],), ANNA_D4)
POWER_A = Attack("power", (BOB[3],), ANNA_D4)
SKILL = Attack("skill", (BOB[0], BOB[4]), ANNA_D4)


def test_dice_are_announced_with_owner_size_and_value_in_the_fixed_order() -> None:
    t = table()
    assert player_dice(t, 0, EN) == (
        "Anna: d3 shows 1; d4 shows 3; twin shows 7 (3 and 4); braille A shows 2; braille B shows 6."
    )
    assert player_dice(t, 0, DE) == (
        "Anna: W3 zeigt 1; W4 zeigt 3; Zwilling zeigt 7 (3 und 4); Braille A zeigt 2; Braille B zeigt 6."
    )
    lines = all_dice(table(dice=(ANNA[2:], BOB), captured=((), ANNA[:2])), EN)
    assert lines[0].startswith("Anna: twin shows 7")
    assert lines[3] == "Bob has captured: d3 showing 1; d4 showing 3."
    assert lines[2] == "Anna has captured nothing."
    assert player_dice(table(dice=((), BOB)), 0, EN) == "Anna: no dice left."


def test_attack_list_follows_br14_and_hides_one_die_skill() -> None:
    single_skill = Attack("skill", (BOB[3],), Die(0, "A", 2))
    small_power = Attack("power", (BOB[3],), Die(0, "A", 2))
    ordered = attack_order([SKILL, single_skill, small_power, POWER_A, POWER_TWIN])
    assert ordered == [POWER_TWIN, POWER_A, small_power, SKILL]
    lines = attack_list(table(attacks=tuple(ordered[:2] + ordered[3:])), EN)
    assert lines == [
        "Bob, your attacks:",
        "1. Power: your twin showing 9 takes Anna's d4 showing 3.",
        "2. Power: your braille A showing 5 takes Anna's d4 showing 3.",
        "3. Skill: your d3 showing 2 + braille B showing 1 take Anna's d4 showing 3.",
    ]
    assert attack_list(table(attacks=(SKILL,)), DE)[1] == (
        "1. Skill: Dein W3 mit 2 + dein Braille B mit 1 schlagen den W4 von Anna mit 3."
    )
    assert attack_label(table(), POWER_TWIN, DE) == "Power: Dein Zwilling mit 9 schlägt den W4 von Anna mit 3"


def test_skill_attacks_with_fewer_dice_come_first() -> None:
    three = Attack("skill", (BOB[0], BOB[3], BOB[4]), Die(0, "twin", 8, (4, 4)))
    two = Attack("skill", (BOB[0], BOB[4]), ANNA_D4)
    assert attack_order([three, two]) == [two, three]


def test_label_matches_the_issue_wording() -> None:
    t = table(dice=(ANNA, BOB))
    assert attack_label(t, POWER_A, EN) == "Power: your braille A showing 5 takes Anna's d4 showing 3"


def test_passing_only_notice() -> None:
    assert attack_list(table(attacks=(), can_pass=True), EN) == [
        "Bob has no possible attack and must pass: press p."
    ]
    assert attack_list(table(attacks=(), can_pass=True), DE) == [
        "Bob hat keinen möglichen Angriff und muss passen: Taste p."
    ]
    assert attack_list(table(attacks=(POWER_A,), can_pass=True), EN)[-1] == "Passing is allowed too: press p."


def test_power_attack_sentence_is_the_rulebook_example() -> None:
    before = table(attacks=(POWER_TWIN,))
    after_bob = (BOB[0], BOB[1], Die(1, "twin", 5, (1, 4)), BOB[3], BOB[4])
    after = table(dice=((ANNA[0],) + ANNA[2:], after_bob), captured=((), (ANNA_D4,)), to_move=0)
    assert change(before, POWER_TWIN, after, EN) == [
        "Bob, Power Attack: twin 9 takes Anna's d4 showing 3.",
        "Bob rerolls the twin: now 5.",
        "Anna to move.",
    ]
    assert change(before, POWER_TWIN, after, DE)[:2] == [
        "Bob, Power Attack: Der Zwilling mit 9 schlägt den W4 von Anna mit 3.",
        "Bob würfelt den Zwilling (jetzt 5) neu.",
    ]


def test_skill_attack_rerolls_every_attacker() -> None:
    after_bob = (Die(1, "d3", 3), BOB[1], BOB[2], BOB[3], Die(1, "B", 6))
    after = table(dice=((ANNA[0],) + ANNA[2:], after_bob), to_move=0)
    lines = change(table(), SKILL, after, EN)
    assert lines[:2] == [
        "Bob, Skill Attack: d3 showing 2 + braille B showing 1 take Anna's d4 showing 3.",
        "Bob rerolls the d3: now 3 and the braille B: now 6.",
    ]
    assert change(table(), SKILL, after, DE)[:2] == [
        "Bob, Skill Attack: Der W3 mit 2 + der Braille B mit 1 schlagen den W4 von Anna mit 3.",
        "Bob würfelt den W3 (jetzt 3) und den Braille B (jetzt 6) neu.",
    ]


def test_pass_round_end_and_match_end() -> None:
    before = table(to_move=0, attacks=(), can_pass=True, round_number=3, wins=(2, 0), doubled=(62, 31))
    after = table(to_move=None, round_number=3, wins=(3, 0), rounds=(RoundEnd(3, (62, 31), 0),))
    assert change(before, None, after, EN) == [
        "Anna passes.",
        "Round 3 ends: Anna thirty-one, Bob fifteen and a half. Anna wins the round.",
        "Anna wins the match, 3 rounds to 0.",
    ]
    assert scores(after, EN) == ["Anna wins the match, 3 rounds to 0.",
                                 "Match, first to 3: Anna 3, Bob 0, drawn rounds 0."]
    assert scores(after, DE)[0] == "Anna gewinnt die Partie, 3 Runden zu 0."


def test_match_result_says_round_or_rounds() -> None:
    before = table(to_move=0, attacks=(), can_pass=True, max_wins=1)
    after = table(to_move=None, max_wins=1, wins=(1, 0), rounds=(RoundEnd(1, (62, 31), 0),))
    assert change(before, None, after, EN)[-1] == "Anna wins the match, 1 round to 0."
    assert change(before, None, after, DE)[-1] == "Anna gewinnt die Partie, 1 Runde zu 0."
    two = table(to_move=None, max_wins=2, wins=(1, 2), rounds=(RoundEnd(1, (62, 31), 0),))
    assert scores(two, DE)[0] == "Bob gewinnt die Partie, 2 Runden zu 1."
    capped = table(to_move=None, wins=(0, 0), draws=1, cancelled=True, rounds=(RoundEnd(1, (31, 31), None),))
    assert change(before, None, capped, EN)[-1] == "The match is cancelled after 1 round."
    assert scores(capped, DE)[0] == "Die Partie wird nach 1 Runde abgebrochen."


def test_new_round_and_drawn_rounds_are_announced() -> None:
    before = table(to_move=1)
    after = table(round_number=3, to_move=0, draws=2,
                  rounds=(RoundEnd(1, (31, 31), None), RoundEnd(2, (31, 31), None, full_tie=True)))
    lines = change(before, None, after, DE)
    assert lines[:4] == [
        "Bob passt.",
        "Runde 1 endet: Anna fünfzehneinhalb, Bob fünfzehneinhalb. "
        "Gleichstand: Die Runde wird nicht gewertet.",
        "Runde 2: Alle Würfel sind gleich, die Runde ist unentschieden und wird neu gewürfelt.",
        "Runde 3.",
    ]
    assert lines[-1] == "Anna beginnt (niedrigste Würfel)."


def test_scores_in_words_and_braille_cells() -> None:
    t = table(doubled=(35, 31), wins=(1, 2), draws=1)
    assert scores(t, EN) == [
        "Round 1, if it ended now: Anna seventeen and a half, Bob fifteen and a half.",
        "Match, first to 3: Anna 1, Bob 2, drawn rounds 1.",
    ]
    cells = Voice("de", cells=True, code="de")
    assert scores(t, cells)[0] == (
        "Runde 1, wenn sie jetzt endete: Anna siebzehneinhalb ⠼⠁⠛⠂⠑, Bob fünfzehneinhalb ⠼⠁⠑⠂⠑."
    )
    assert player_dice(t, 1, Voice("en", cells=True))[:26] == "Bob: d3 shows 2 ⠼⠃; d4 sho"


def test_manual_roll_request() -> None:
    waiting = Die(1, "twin", None)
    t = table(roll_request=waiting, dice=(ANNA, (BOB[0], BOB[1], waiting, BOB[3], BOB[4])), turns=4)
    assert attack_list(t, EN) == ["Bob, roll your twin and type the result (2 to 12)."]
    assert "twin waits for a roll" in player_dice(t, 1, EN)
    bob = (BOB[0], BOB[1], Die(1, "twin", 11, (5, 6)), BOB[3], BOB[4])
    rolled = table(dice=(ANNA, bob), to_move=0, turns=4)
    assert change(t, None, rolled, EN) == ["Bob's twin now shows 11.", "Anna to move."]
    assert change(t, None, rolled, DE)[0] == "Der Zwilling von Bob zeigt jetzt 11."
    # the last die of an opening roll: who begins is announced
    opening = change(table(roll_request=Die(1, "B", None), turns=0), None, table(to_move=0), EN)
    assert opening == ["Bob's braille B now shows 1.", "Anna begins (lowest dice)."]


def test_german_sentences_after_a_colon_start_with_a_capital() -> None:
    assert DE.say("refuse.pass").startswith("Passen geht nicht: Ein Angriff ist möglich.")
    assert DE.say("help").startswith("Tasten: Eine Zahl und Enter wählen einen Angriff")
    assert DE.say("selected", number=2, label="Passen") == "Angriff 2 gewählt: Passen. Enter bestätigt, " \
        "Escape bricht ab."


def test_coin_toss_for_who_begins() -> None:
    t = table(coin_toss=True, to_move=0)
    expected = "Every die ties: toss a coin and type 1 if Anna begins or 2 if Bob begins."
    assert attack_list(t, EN) == [expected]
    assert change(t, None, table(to_move=1), EN) == ["Bob begins (coin toss)."]
    assert attack_list(t, DE) == [
        "Alle Würfel sind gleich: Wirf eine Münze und gib 1 ein, wenn Anna beginnt, oder 2, wenn Bob beginnt."
    ]
