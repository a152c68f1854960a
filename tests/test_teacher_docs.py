"""The examples in the teacher tools' docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["fangqi_teach.teacher", "fangqi_teach.teacher.builder", "fangqi_teach.widgets.editor",
           "fangqi_teach.teacher.worksheet", "fangqi_teach.teacher.notebook", "fangqi_teach.teacher.report"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} shows no example"
    assert result.failed == 0
