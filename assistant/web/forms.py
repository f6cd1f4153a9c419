"""Reading what a person sent: the action buttons, and which game's setup reads the new-heist form (each game's
``bbN/setup.py``). Every problem becomes a plain message for the page; nothing here raises anything else."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from ..engine.errors import N_, BoardError, RulesError
from ..engine.rulesets import RULEBOOKS, Rulebook, rulebook
from ..engine.setup import Decks, NewHeist
from ..engine.vocabulary import ACTIONS, Action, from_json
from ..words.i18n import _
from .limits import MAX_LIST, MAX_TEXT, shorten, whole_number
from .suspicion_form import meter_decks, meter_setup


def action_from_form(form: MultiDict[str, str]) -> Action:
    """The engine action a button posted. The fields read are those the action takes (engine/vocabulary.py;
    a button may post more, its room to keep a menu open), as sent: the vocabulary reads numbers written in
    digits and true/false as a form says them, and refuses the rest naming the field (MalformedActionError)."""
    do = _text("do", form.get("do") or "")
    if not do:
        raise RulesError(_("nothing to do: the button sent no action"))
    reads = ACTIONS.get(do)
    if reads is None:
        return from_json({"do": do})  # refused, naming the unknown action
    sent: dict[str, Any] = {"do": do, **_composite(form)}
    if form.get("name"):  # an event's name decides the other keys it takes
        sent["name"] = _text("name", form["name"])
    for key in reads.keys(sent):
        if key not in sent and form.get(key) not in (None, ""):
            sent[key] = _text(key, form[key])
    if do == "layout" and "seed" not in sent:
        # a re-roll is random here, at the edge; the stored action keeps its seed so a replay is exact
        sent["seed"] = secrets.randbelow(10**9)
    takes = reads.keys(sent)
    return from_json({key: value for key, value in sent.items() if key == "do" or key in takes})


def as_form(action: Action | Mapping[str, Any], **extra: Any) -> dict[str, str]:
    """An action as the form fields a button posts (:func:`action_from_form` reads them back), ``do`` first,
    with ``extra`` fields added (a face-down room's type and number)."""
    vals = {k: str(v) for k, v in extra.items() if v not in (None, "")}
    for key, value in (action.to_json() if isinstance(action, Action) else action).items():
        if isinstance(value, bool):
            vals[key] = "1" if value else "0"
        elif isinstance(value, dict):
            vals[key] = ",".join(f"{k}:{n}" for k, n in sorted(value.items()))
        else:
            vals[key] = str(value)
    return dict(sorted(vals.items(), key=lambda kv: kv[0] != "do"))


def _composite(form: MultiDict[str, str]) -> dict[str, Any]:
    """The fields a few buttons send in a form of their own: a face-down room's tile, the Virus's tokens, the
    rooms Shoplifting sets off."""
    sent: dict[str, Any] = {}
    targets = form.getlist("target")
    if len(targets) > MAX_LIST:
        raise RulesError(_("the button sent %(n)s rooms: no card takes more than %(most)s", n=len(targets),
                           most=MAX_LIST))
    if targets:  # Shoplifting: the rooms ticked, each "floor-square"
        sent["targets"] = [_target(t) for t in targets]
    if form.get("tile"):  # a face-down room's tile button: "camera:2" (type and number in one tap)
        kind, _sep, number = _text("tile", form["tile"]).partition(":")
        sent["type"] = kind
        if number:
            sent["number"] = number
    if form.get("tokens"):  # the Virus: "fingerprint:2,laser:1"
        sent["tokens"] = _tokens(form["tokens"])
    return sent


def _text(key: str, value: str) -> str:
    """A text field as sent; longer than any of ours is refused before anything stores it."""
    if len(value) > MAX_TEXT:
        raise RulesError(_("the button sent a %(key)s of %(n)s characters (%(value)s): no %(key)s is longer than "
                           "%(most)s. Nothing was changed; reload the page", key=key, n=len(value),
                           value=repr(shorten(value)), most=MAX_TEXT))
    return value.strip()


def _number(key: str, value: str) -> int:
    number = whole_number(value.strip(), signed=True)
    if number is None:
        raise RulesError(_("%(key)s must be a whole number, not %(value)s (the digits 0 to 9 only)", key=key,
                           value=repr(shorten(value))))
    return number


def _tokens(value: str) -> dict[str, int]:
    tokens: dict[str, int] = {}
    for part in _text("tokens", value).split(","):
        kind, _sep, count = part.partition(":")
        tokens[kind.strip()] = _number("tokens", count)
    return tokens


def _target(value: str) -> list[int | str]:
    floor, _sep, square = value.partition("-")
    number = whole_number(floor)
    if number is None or not square or len(square) > 3:
        raise RulesError(_("%(value)s is not a room: write its floor and square, like 1-B2",
                           value=repr(shorten(value))))
    return [number, square.strip().upper()]


def version_from_form(form: MultiDict[str, str]) -> int | None:
    """The board version the button was drawn on; a garbled one is refused, not ignored."""
    value = form.get("version")
    if value in (None, ""):
        return None
    version = whole_number(value)
    if version is None:
        raise RulesError(_("this button carries a broken board version: reload the page"))
    return version


def chosen_game(form: MultiDict[str, str]) -> Rulebook:
    """The game the new-heist form is for: Burgle Bros 1 until another one is chosen."""
    return RULEBOOKS.get(form.get("game") or "bb1") or RULEBOOKS["bb1"]


def new_heist_from_form(form: MultiDict[str, str]) -> NewHeist:
    """The heist the new-heist form sets up (its game's setup reads the fields), or a RulesError saying what to
    fix. In Campaign and Random Finale Mode the decks are those the Suspicion Meter gives."""
    name = form.get("game") or "bb1"
    if name not in RULEBOOKS:
        raise BoardError(N_("choose Burgle Bros 1, 2 or 3"))
    decks = meter_decks(form)
    return rulebook(name).setup.new_heist(form, Decks(None if decks is None else tuple(decks),
                                                      tuple(meter_setup(form))))
