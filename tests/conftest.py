"""Shared pytest options.

``--long`` turns on the long random-play runs (tests marked ``slow``).
Without it they are deselected — not collected as skips — so the normal
suite stays quick and its summary shows no skipped test.
"""


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="also run the long random-play tests (marked slow)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--long"):
        return
    slow = [item for item in items if "slow" in item.keywords]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if "slow" not in item.keywords]
