"""Reading what a person sent: the new-heist form and the action buttons. Every problem becomes a
plain message for the page; nothing here raises anything else."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import Any, NamedTuple

from werkzeug.datastructures import MultiDict

from ..engine.bb1.table import CHARACTERS
from ..engine.errors import BoardError, RulesError
from ..engine.rulesets import RULESETS
from ..engine.scenarios import (
    BB2_PATROL_CARDS,
    BB2_TITLE,
    BB3_TITLE,
    BB23_FLOORS,
    BB23_WALLS,
    SCENARIOS,
    new_bb2_game,
    new_bb3_game,
    new_game,
    random_walls,
)
from ..engine.state import GameState
from ..engine.vocabulary import ACTIONS, Action, from_json
from ..words.i18n import N_, _
from .limits import MAX_LIST, MAX_NAME, MAX_TEXT, shorten, whole_number
from .suspicion_form import meter_decks, meter_setup

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


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


def chosen_game(form: MultiDict[str, str]) -> str:
    """The game the new-heist form is for: Burgle Bros 1 until another one is chosen."""
    game = form.get("game") or "bb1"
    return game if game in RULESETS else "bb1"


Setup = list[tuple[str, str]]  # the new-heist form's fields as one heist took them: (name, value), in form order


class NewHeist(NamedTuple):
    title: str
    state: GameState
    setup: Setup  # every setting the form took but the seed, each as the form sends it (Play again fills it in)


def new_heist_from_form(form: MultiDict[str, str]) -> NewHeist:
    """The heist the new-heist form sets up, or a RulesError saying what to fix."""
    game = form.get("game") or "bb1"
    if game not in RULESETS:
        raise BoardError(_("choose Burgle Bros 1, 2 or 3"))
    return {"bb1": _bb1_heist, "bb2": _bb2_heist, "bb3": _bb3_heist}[game](form)


def _crew(form: MultiDict[str, str], game: str = "bb1") -> list[dict[str, str]]:
    """The crew rows filled in. In Burgle Bros 1 each picks one of the nine characters and its side; a
    burglar with a character and no name is called by the character's name."""
    crew = []
    for i in range(1, 5):
        name = (form.get(f"name{i}") or "").strip()
        character = _short((form.get(f"character{i}") or "").strip(), N_("the character"))
        if game == "bb1":
            character = character.lower()
            if character and character not in CHARACTERS:
                raise BoardError(_("burglar %(n)s: pick a character from the list (or none), not %(value)s", n=i,
                                   value=repr(shorten(character))))
            name = name or character.capitalize()
        if name:
            side = form.get(f"side{i}") or "basic"
            if side not in ("basic", "advanced"):
                raise BoardError(_("burglar %(n)s: a character card is played on its basic or advanced side", n=i))
            crew.append({"name": _short(name, N_("the name")), "colour": _colour(form.get(f"colour{i}", "")),
                         "character": _short(character, N_("the character")), "side": side})
    if not crew:
        raise BoardError(_("give at least one burglar a name or a character") if game == "bb1" else
                         _("give at least one burglar a name"))
    if any((form.get(f"name{i}") or "").strip() for i in range(5, 10)):
        raise BoardError(_("a crew has at most 4 burglars"))
    return crew


def _short(text: str, what: str) -> str:
    if len(text) > MAX_NAME:
        raise BoardError(_("%(what)s %(text)s… is too long (%(most)s letters at most)", what=_(what),
                           text=text[:MAX_NAME],
                           most=MAX_NAME))
    return text


def _colour(text: str) -> str:
    """A burglar's colour as the colour picker sends it (#rrggbb); anything else leaves the default."""
    return text if _COLOUR.fullmatch(text) else ""


def _seed(form: MultiDict[str, str]) -> int:
    seed = whole_number((form.get("seed") or "").strip())
    return seed if seed is not None else secrets.randbelow(10**9)


def _title(game: str, crew: list[dict[str, str]]) -> str:
    return f"{game} — {' & '.join(c['name'] for c in crew)}"


def _tiebreak(form: MultiDict[str, str]) -> str:
    return "bga" if form.get("tiebreak") == "bga" else "rulebook"


def _hard(form: MultiDict[str, str]) -> bool:
    """Random walls with choke points and dead ends (the checkbox)."""
    return form.get("hard") == "on"


def _bb23_walls(form: MultiDict[str, str], layout: str, seed: int) -> list[list[str]]:
    """Burgle Bros 2 and 3 have no printed layout: a random legal one, or empty floors to tap walls into."""
    if layout == "random":
        return [random_walls(4, BB23_WALLS, seed=seed * 10 + n, prefer_chokepoints=_hard(form))
                for n in range(BB23_FLOORS)]
    if layout == "draw":
        return [[] for _ in range(BB23_FLOORS)]
    raise BoardError(_("walls: choose a random layout or place them yourselves"))


def _cards(form: MultiDict[str, str], floor: int) -> int:
    value = (form.get(f"cards{floor}") or "").strip()
    if not value:
        return BB2_PATROL_CARDS
    cards = whole_number(value)
    if cards is None:
        raise BoardError(_("the floor-%(n)s patrol deck: write how many cards it holds, not %(value)s", n=floor,
                           value=repr(shorten(value))))
    return cards


def crew_setup(crew: list[dict[str, str]], sides: bool) -> Setup:
    """The crew as the form's rows send it, burglar 1 first (the rows left empty closed up); a character card's side
    only where the form asks it (Burgle Bros 1)."""
    fields = []
    for i, burglar in enumerate(crew, start=1):
        fields += [(f"name{i}", burglar["name"]), (f"colour{i}", burglar["colour"]),
                   (f"character{i}", burglar["character"])]
        if sides:
            fields.append((f"side{i}", burglar["side"]))
    return [(name, value) for name, value in fields if value]


def _walls_setup(form: MultiDict[str, str], layout: str) -> Setup:
    return [("walls", layout), *([("hard", "on")] if _hard(form) else [])]


def _bb2_heist(form: MultiDict[str, str]) -> NewHeist:
    crew, seed, layout = _crew(form, "bb2"), _seed(form), form.get("walls") or "random"
    # Campaign and Random Finale Mode: the decks the Suspicion Meter gives; else as typed
    cards = meter_decks(form) or [_cards(form, n) for n in range(1, BB23_FLOORS + 1)]
    state = new_bb2_game(crew, entrances=form.getlist("entrance"), walls=_bb23_walls(form, layout, seed),
                         cards=cards, tiebreak=_tiebreak(form), seed=seed)
    setup = [("game", "bb2"), *(("entrance", e) for e in state.entrances), *crew_setup(crew, sides=False),
             *_walls_setup(form, layout), *((f"cards{n}", str(c)) for n, c in enumerate(cards, start=1)),
             *meter_setup(form), ("tiebreak", state.tiebreak)]
    return NewHeist(_title(BB2_TITLE, crew), state, setup)


def _bb3_heist(form: MultiDict[str, str]) -> NewHeist:
    crew, seed, layout = _crew(form, "bb3"), _seed(form), form.get("walls") or "random"
    state = new_bb3_game(crew, walls=_bb23_walls(form, layout, seed), tiebreak=_tiebreak(form), seed=seed)
    setup = [("game", "bb3"), *crew_setup(crew, sides=False), *_walls_setup(form, layout),
             ("tiebreak", state.tiebreak)]
    return NewHeist(_title(BB3_TITLE, crew), state, setup)


def _bb1_heist(form: MultiDict[str, str]) -> NewHeist:
    scenario = form.get("scenario", "bank")
    job = SCENARIOS.get(scenario)
    if job is None:
        raise BoardError(_("choose one of the three jobs"))
    crew = _crew(form, "bb1")
    void = [form["void"].upper()] if job.size == 5 and form.get("void") else []
    seed = _seed(form)
    layout = form.get("walls", "default" if job.walls else "random")
    if layout == "default" and job.walls is None:
        layout = "random"
    walls = None
    if layout == "random":
        walls = [random_walls(job.size, void=void, seed=seed * 10 + n, prefer_chokepoints=_hard(form))
                 for n in range(job.floors)]
    elif layout == "draw":  # an empty floor: the setup guide lets the table tap each wall in
        walls = [[] for _ in range(job.floors)]
    elif layout != "default":
        raise BoardError(_("walls: choose the printed layout, a random one, or draw them yourselves"))
    difficulty = form.get("difficulty", "normal")
    state = new_game(scenario, crew, difficulty=difficulty, walls=walls, void=void,
                     deck_mode="table" if form.get("deck") == "table" else "app",
                     lost_visual=form.get("lost_visual") == "on", tiebreak=_tiebreak(form), seed=seed)
    setup = [("game", "bb1"), ("scenario", scenario), *(("void", v) for v in state.void),
             *crew_setup(crew, sides=True), ("difficulty", difficulty), *_walls_setup(form, layout),
             ("deck", state.deck_mode), *([("lost_visual", "on")] if state.lost_visual else []),
             ("tiebreak", state.tiebreak)]
    return NewHeist(_title(job.title, crew), state, setup)
