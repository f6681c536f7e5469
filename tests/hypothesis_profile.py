"""Hypothesis without a clock: no example may fail for taking long (its default 200 ms deadline),
and no health check may fail a run for a slow draw, since a loaded CI machine or a shared
developer machine makes both a matter of luck (the project's rule: no test depends on
luck; speed is a benchmark's business, never a test's). A pytest plugin (pyproject's
``addopts``), loaded before any test module, so every ``@given`` inherits it; a test may still
set its own ``max_examples``."""

from hypothesis import HealthCheck, settings

settings.register_profile("twentyone", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("twentyone")
