"""The examples in the ButtonMen Battle package docstring run."""

import doctest
import importlib


def test_package_docstring_example() -> None:
    result = doctest.testmod(importlib.import_module("core.battle"))
    assert result.attempted > 0 and result.failed == 0
