"""Saved states from earlier versions of the app, brought up to today's format.

Every state the app writes carries ``format`` (:data:`STATE_FORMAT`). A change that renames or
removes a field of the state adds one step here, from its format to the next, and a fixture from the
version before (tests/fixtures/saves): a heist saved last month must open after an upgrade.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import N_, RulesError

Json = dict[str, Any]


class SaveFormatError(RulesError):
    """A saved state this version cannot read: written by a newer app, or damaged."""


def _v0_to_v1(data: Json) -> Json:
    """Format 0 (no ``format`` field) to 1: the fields are the same; a pending question keeps its old
    English ``prompt``, which the web layer shows as it is (words/questions.py)."""
    return data


def _v1_to_v2(data: Json) -> Json:
    """Format 1 to 2: a burglar holds the alarm tokens the advanced Juicer picked up (§1.22 "Juicer's alarm
    tokens"). A heist saved before kept none, so each burglar holds 0: a Juicer who held one then can no longer
    drop it, and the table sets the alarm off in her room by hand instead (the room's "Alarm here")."""
    for burglar in (data.get("crew") or {}).values():
        burglar.setdefault("alarm_tokens", 0)
    return data


STEPS: dict[int, Callable[[Json], Json]] = {0: _v0_to_v1, 1: _v1_to_v2}
STATE_FORMAT = len(STEPS)


def upgrade_state(data: Json) -> Json:
    """``data`` brought to :data:`STATE_FORMAT` (a copy is the caller's business: steps may change it)."""
    version = data.get("format", 0)
    if not isinstance(version, int) or version < 0:
        raise SaveFormatError(N_("a saved state has the format %(version)s, which no version of the app wrote"),
                              version=repr(version))
    if version > STATE_FORMAT:
        raise SaveFormatError(N_("this heist was saved by a newer version of the app (state format %(version)s, "
                                 "this one reads up to %(newest)s): update the app to open it"), version=version,
                              newest=STATE_FORMAT)
    while version < STATE_FORMAT:
        data = STEPS[version](data)
        version += 1
    data["format"] = STATE_FORMAT
    return data
