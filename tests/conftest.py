"""Shared fixtures and settings for the nbmj test suite.

``pytest --update-goldens`` rewrites every golden file from the code (core hands, score
cases, variant tables, perft counts); the invariants each test checks still hold while it
does, so a regenerated file never records a broken answer. Review the diff.
"""

import os
import signal
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The suite runs with --import-mode=importlib, which leaves tests/ off sys.path; the test
# files import their helper modules (_core_helpers, oracle, ...) by name from here.
sys.path.insert(0, str(Path(__file__).parent))

import _goldens  # noqa: E402

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=50)
settings.load_profile(os.environ.get("NBMJ_HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser):
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite every golden file (core, score, variants, perft) from the code, still checking invariants",
    )


def pytest_configure(config):
    _goldens.configure(config.getoption("--update-goldens"))


@pytest.fixture
def ctrl_c_raises():
    """SIGINT handled as an interactive Python handles it (KeyboardInterrupt) for the test,
    whatever the suite inherited: a background job starts with it ignored, and a Ray test
    may leave the default action, which would end the whole run."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
