"""The new-heist form's Suspicion Meter (Burgle Bros 2 Campaign Mode and Random Finale Mode): what the table's Heist
Log sheet prompts at its Suspicion, floor by floor, read into the engine's :class:`Meter`, which gives the decks.

bb2 rulebook "Heist Setup" 5 (the prompt: Distracted cards added or patrol cards removed), "Playing with a Random
Finale" (any Suspicion, 6 the normal one; all nine finales, less those won if the table likes). Every problem is a
RulesError in the reader's words (or the engine's, said by words/refusals.py)."""

from __future__ import annotations

from werkzeug.datastructures import MultiDict

from ..engine.bb2.campaign import FINALES, FIRST_SUSPICION, FloorChange, Meter, checked_suspicion
from ..engine.errors import BoardError
from ..engine.setup import FormFields
from ..words.i18n import _
from .limits import shorten, whole_number

MODES = ("campaign", "random")  # a heist of a campaign, a Random Finale heist; else the decks are typed by hand
FLOOR_NUMBERS = (1, 2)

def mode_of(form: MultiDict[str, str]) -> str:
    """``campaign``, ``random`` or "" (one heist, its decks typed by hand)."""
    mode = form.get("mode") or ""
    return mode if mode in MODES else ""


def _count(form: MultiDict[str, str], name: str, floor: int) -> int:
    value = (form.get(f"{name}{floor}") or "").strip()
    if not value:
        return 0
    count = whole_number(value)
    if count is None:
        what = _("Distracted cards added") if name == "distracted" else _("patrol cards removed")
        raise BoardError(_("floor %(n)s, %(what)s: write a whole number, not %(value)s", n=floor, what=what,
                           value=repr(shorten(value))))
    return count


def meter_from_form(form: MultiDict[str, str]) -> Meter:
    """What the table typed from its sheet for each floor; the engine refuses what the box cannot make."""
    return Meter(tuple(FloorChange(_count(form, "distracted", n), _count(form, "removed", n)) for n in FLOOR_NUMBERS))


def suspicion_from_form(form: MultiDict[str, str]) -> int:
    """Random Finale Mode's Suspicion: 6 unless the table sets another."""
    value = (form.get("suspicion") or "").strip()
    if not value:
        return FIRST_SUSPICION
    level = whole_number(value)
    return checked_suspicion(level if level is not None else -1)


def finales_from_form(form: MultiDict[str, str]) -> tuple[int, ...]:
    """The finale cards Random Finale Mode shuffles (ticked), at least one."""
    read = [whole_number(v) for v in form.getlist("finale")[:FINALES]]
    finales = sorted({n for n in read if n is not None})
    if not finales or len(finales) < len(read) or any(not 1 <= n <= FINALES for n in finales):
        raise BoardError(_("tick the finale cards you shuffle for the draw (1 to %(most)s)", most=FINALES))
    return tuple(finales)


def meter_decks(form: MultiDict[str, str]) -> list[int] | None:
    """The decks the Meter gives, in Campaign and Random Finale Mode (None otherwise: typed by hand)."""
    return list(meter_from_form(form).decks) if mode_of(form) else None


def meter_setup(form: MultiDict[str, str]) -> FormFields:
    """The form's Meter fields as the heist keeps them (Play again fills them in)."""
    mode = mode_of(form)
    if not mode:
        return []
    meter = meter_from_form(form)
    fields: FormFields = [("mode", mode)]
    if mode == "random":
        fields += [("suspicion", str(suspicion_from_form(form))),
                   *(("finale", str(n)) for n in finales_from_form(form))]
    for n, change in zip(FLOOR_NUMBERS, meter.floors, strict=True):
        fields += [(f"distracted{n}", str(change.distracted)), (f"removed{n}", str(change.removed))]
    return fields
