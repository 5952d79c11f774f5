"""The examples in the Fair and Square docstrings run."""

import doctest

import pytest

import core.fairsquare


@pytest.mark.parametrize("module", [core.fairsquare])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
