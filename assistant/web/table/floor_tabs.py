"""A phone's floor tabs: one a floor, with its guard and alarms at a glance, the floor shown first, and whose
floor the device may follow (static/floors.js switches them; templates/partials/_floor_tabs.html)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.state import GameState
from ...words.i18n import _


@dataclass(frozen=True)
class Tab:
    floor: int
    label: str
    guard: bool
    alarms: int


@dataclass(frozen=True)
class FloorTabs:
    """A phone's floor tabs (templates/partials/_floor_tabs.html): one a floor, the one shown first, and whose
    floor the device may follow (when the crew has more than one burglar in play)."""

    tabs: tuple[Tab, ...]
    focus: int
    figure_letter: str  # the guard's (or bouncer's) letter on a tab, in the reader's language
    on_board: str  # what that letter says
    follow: tuple[str, ...]


def floor_tabs(state: GameState, phase: str, focus: int, figure: str) -> FloorTabs | None:
    """None when the board has one floor: there is nothing to switch."""
    if len(state.floors) < 2:
        return None
    tabs = tuple(Tab(n, _("Floor %(n)s", n=n), fl.guard is not None, len(fl.alarms))
                 for n, fl in sorted(state.floors.items()))
    follow = state.order if len(state.order) > 1 and phase not in ("break_in", "entrance") else ()
    return FloorTabs(tabs, focus, _(figure)[:1].upper(), _("%(figure)s on the board", figure=_(figure)),
                     tuple(follow))
