"""Typing slips in a tutorial cell become one friendly line in the notebook's language, never a traceback.

:func:`install` (called by every tutorial's ``start()``) registers an IPython custom exception
handler for the errors a learner's typing causes: a bare name (NameError: "put names in quotes"),
a line that is not Python (SyntaxError), a call that does not fit (TypeError), and every refusal of
the engine or of a helper (``IllegalAction``, ``InputError``, any ValueError or LookupError).
Anything else (a bug) still shows its traceback.  Outside IPython it does nothing.
"""

from __future__ import annotations

import html
import importlib
import re
from typing import Any

from core.protocol import IllegalAction, InputError
from core.teach.output import Html
from core.teach.words import say

QUALIFIED = re.compile(r"\b\w+\.(\w+\(\))")
"""A method named with its class (``Lesson.answer()``): the learner knows it as ``answer()``."""
RULING = re.compile(r"^[A-Z]{2,3}-\d{2}: |\s*\([A-Z]{2,3}-\d{2}\)")
"""A ruling id before or in a refusal (``BR-13: ``, `` (BR-13)``), which the learner cannot look up from the
notebook."""
SLIPS: tuple[type[BaseException], ...] = (NameError, SyntaxError, TypeError, ValueError, LookupError)
"""What a typing slip raises (``IllegalAction`` and ``InputError`` are ValueErrors)."""


def friendly(error: BaseException, lang: str) -> str:
    """The one line a learner reads for ``error``."""
    if isinstance(error, NameError):
        name = getattr(error, "name", None)
        if not isinstance(name, str):
            quoted = re.search(r"'([^']+)'", str(error))
            name = quoted[1] if quoted else "Avis"
        return say("slip_name", lang, name=name)
    if isinstance(error, SyntaxError):
        return say("slip_syntax", lang)
    reason = RULING.sub("", str(error).strip()).rstrip(".") or type(error).__name__
    if isinstance(error, (IllegalAction, InputError)):
        return say("slip_refused", lang, reason=reason)
    if isinstance(error, TypeError):
        return say("slip_call", lang, reason=QUALIFIED.sub(r"\1", reason))
    return reason[0].upper() + reason[1:] + "."


def install(lang: str) -> None:
    """Show every typing slip in the running IPython as one line in ``lang``."""
    try:
        shell = importlib.import_module("IPython").get_ipython()
    except ImportError:
        return
    if shell is None:
        return
    display = importlib.import_module("IPython.display").display

    def handler(_shell: Any, _kind: type, error: BaseException, _traceback: Any, tb_offset: Any = None) -> list[str]:
        line = friendly(error, lang)
        display(Html(f"<p class=\"rulebox-slip\">{html.escape(line)}</p>", line))
        return []

    shell.set_custom_exc(SLIPS, handler)
    shell.Completer.use_jedi = False  # the site's Pyodide has no jedi (tools/lite.py): Tab uses IPython's matchers

