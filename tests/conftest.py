"""Shared fixtures and settings for the nbmj test suite."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The suite runs with --import-mode=importlib, which leaves tests/ off sys.path; the test
# files import their helper modules (_core_helpers, oracle, ...) by name from here.
sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=50)
settings.load_profile(os.environ.get("NBMJ_HYPOTHESIS_PROFILE", "ci"))

