"""Names a package offers but imports only when first asked for (PEP 562).

The packages above the engines (exercises, teacher, widgets) list what they
offer in one table; the module holding a name is imported on first use, so
``import fangqi_teach.exercises`` does not load ipywidgets or matplotlib.

>>> import types, sys
>>> demo = types.ModuleType("demo_pkg")
>>> demo.__getattr__ = lazy_attributes("demo_pkg", {"dumps": "json"})
>>> sys.modules["demo_pkg"] = demo
>>> demo.dumps([1])
'[1]'
>>> demo.loads
Traceback (most recent call last):
...
AttributeError: module 'demo_pkg' has no attribute 'loads'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def lazy_attributes(package: str, table: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` giving ``table[name]``'s ``name`` (a module, relative to ``package``),
    imported on first use and kept in the package from then on."""

    def __getattr__(name: str) -> object:
        if name not in table:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(table[name], package), name)   # a lazy name (PEP 562), not a state probe
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
