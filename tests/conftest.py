"""Shared pytest options.

``--long`` turns on the long random-play runs (tests marked ``slow``);
without it they are skipped, so the normal suite stays quick.
"""

import pytest


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="also run the long random-play tests (marked slow)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="long run: use --long")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
