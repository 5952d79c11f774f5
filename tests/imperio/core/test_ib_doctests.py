"""The examples in the Imperio Bellum docstrings run."""

from __future__ import annotations

import doctest

import pytest

from core.imperio import dice


@pytest.mark.parametrize("module", [dice], ids=lambda m: m.__name__)
def test_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module, verbose=False)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0
