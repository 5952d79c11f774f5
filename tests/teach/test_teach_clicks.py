"""core.teach.clicks: an empty answer slot shows its exercise's choices as buttons (ipywidgets, a dependency of
the notebook stack); a click shows what typing that answer shows and marks the button; without ipywidgets the
slot is the typed form alone."""

from __future__ import annotations

from typing import Any

import pytest

from core.teach import buttonmen, buttonup
from core.teach import clicks
from core.teach.clicks import WIDGET_VIEW, Slot
from core.teach.words import say


def parts(slot: object) -> tuple[str, list[Any], Any]:
    """A slot's prompt, its buttons and its feedback area."""
    assert isinstance(slot, Slot)
    prompt, row, said = slot.widget.children
    return prompt.value, list(row.children), said


def test_a_click_shows_what_the_typed_answer_shows_and_marks_its_button() -> None:
    prompt, buttons, said = parts(buttonup.answer(1, ...))
    assert prompt == f"<p>{say('click', 'en', n=1)}</p>"
    assert [b.description for b in buttons] == [str(n) for n in range(1, 9)]
    buttons[1].click()
    assert said.value == clicks.feedback_markup(buttonup.answer(1, 2))
    assert say("wrong", "en", reason="", n=1).split(":")[0] in said.value
    assert [b.button_style for b in buttons[:3]] == ["", "warning", ""]
    buttons[0].click()
    assert said.value == clicks.feedback_markup(buttonup.answer(1, 1))
    assert [b.button_style for b in buttons[:3]] == ["success", "", ""]


def test_several_choices_are_pressed_then_checked() -> None:
    prompt, row, said = parts(buttonmen.answer(2, ...))
    *dice, check = row
    assert check.description == say("check", "en") and [d.description for d in dice] == ["1", "2", "3", "4", "5"]
    dice[0].value = True
    check.click()
    assert said.value == clicks.feedback_markup(buttonmen.answer(2, [1])) and check.button_style == "warning"
    dice[1].value = dice[3].value = True
    check.click()
    assert said.value == clicks.feedback_markup(buttonmen.answer(2, [1, 2, 4]))
    assert check.button_style == "success" and say("right", "en") in said.value


def test_the_slot_carries_the_typed_form_and_the_live_widget() -> None:
    slot = buttonup.answer(2, ...)
    assert isinstance(slot, Slot)
    bundle = slot._repr_mimebundle_()
    assert bundle["text/plain"] == slot.text == say("blank_click", "en", n=2)
    assert bundle["text/html"] == f"<p>{slot.text}</p>"
    assert bundle[WIDGET_VIEW]["model_id"] == slot.widget.model_id
    assert say("how_click", "en", n=2) in buttonup.exercise(2).text


def test_german_buttons_and_prompt() -> None:
    lesson = buttonmen.LESSON
    was, lesson.lang = lesson.lang, "de"
    try:
        prompt, buttons, _ = parts(buttonmen.answer(3, ...))
    finally:
        lesson.lang = was
    assert "Klicke" in prompt and [b.description for b in buttons] == ["30,5", "32,5", "34,5", "65"]


def test_without_ipywidgets_the_slot_is_typed_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clicks, "widgets", lambda: None)
    shown = buttonup.answer(1, ...)
    assert not isinstance(shown, Slot) and shown.text == say("blank", "en", n=1)
    assert say("how", "en", n=1) in buttonup.exercise(1).text
    assert buttonup.answer(1, 1).text == say("right", "en")
