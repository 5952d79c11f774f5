"""The examples in the Button Men module docstrings run."""

import doctest
import importlib

import pytest

MODULES = ["core.buttonmen", "core.buttonmen.recipe", "core.buttonmen.roster"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
