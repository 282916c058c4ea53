"""Shared fixtures and settings for the nbmj test suite."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=50)
settings.load_profile(os.environ.get("NBMJ_HYPOTHESIS_PROFILE", "ci"))
