"""How hard the property tests look: one Hypothesis profile per need, chosen by HYPOTHESIS_PROFILE.

* ``fast`` (the default, what ``./test.sh`` runs): a quarter of the examples each test asks for, so the
  whole suite stays under three minutes on a 2-core machine. Every run draws new examples, so coverage
  still adds up over many runs.
* ``standard``: the counts as written in the tests.
* ``thorough`` (``HYPOTHESIS_PROFILE=thorough ./test.sh``, for a scheduled CI run): ten times as many.

A property test asks for ``max_examples=examples(N)``: N is its count in the standard profile. Tests
without a count get Hypothesis's default of 100, scaled the same way (tests/conftest.py loads the profile)."""

from __future__ import annotations

import os

SCALES = {"fast": 0.25, "standard": 1.0, "thorough": 10.0}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "fast"
if PROFILE not in SCALES:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: choose one of {', '.join(SCALES)}")


def examples(standard: int, profile: str = PROFILE) -> int:
    """How many examples a test that asks for ``standard`` runs under the profile (at least 10: fewer rarely
    reach the interesting cases)."""
    return max(10, round(standard * SCALES[profile]))
