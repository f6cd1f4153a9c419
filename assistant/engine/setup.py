"""What every game's setup shares: reading the new-heist form's fields (the crew, the seed, the tie-break, the
walls chosen) and the shape of a game's setup (``Setup``), which each game fills in its own ``bbN/setup.py``.

The form arrives as a ``Form`` (a web framework's form, or a dict of lists in a test): this module knows no web.
Every problem is a ``BoardError`` with an English message marked ``N_``, translated where it is shown, and a
value the table typed is named in it, shortened.

>>> whole_number("42"), whole_number("²"), whole_number(" 7"), whole_number("1_000"), whole_number("-1")
(42, None, None, None, None)
>>> whole_number("-1", signed=True)
-1
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from .errors import N_, BoardError
from .scenarios import BB23_FLOORS, BB23_WALLS, random_walls
from .state import GameState

# ASCII digits only: str.isdigit() is true for "²" and "١" and int() then fails or reads a digit no
# keyboard at the table sends; int() also takes " 7 " and "1_000", and slows down on thousands of
# digits. Thirty digits hold any seed and let the engine say "floor 99999… does not exist".
_WHOLE = re.compile(r"[0-9]{1,30}")
_SIGNED = re.compile(r"-?[0-9]{1,30}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
MAX_NAME = 20  # a burglar's name or character as typed
CREW_ROWS = 4  # a crew has 1 to 4 burglars; the form's rows beyond them must stay empty
MORE_ROWS = 9  # the rows checked for a fifth burglar typed in (the form has four)

FormFields = list[tuple[str, str]]  # the new-heist form's fields as one heist took them: (name, value), in order


class Form(Protocol):
    """The new-heist form as sent: a value by its name (None when absent), and every value of a name."""

    def get(self, key: str) -> str | None: ...

    def getlist(self, key: str) -> list[str]: ...


class NewHeist(NamedTuple):
    title: str
    state: GameState
    setup: FormFields  # every setting the form took but the seed, each as the form sends it (Play again fills it in)


@dataclass(frozen=True)
class Decks:
    """What the table worked out beside the game's own fields (bb2's Suspicion Meter, read by the web layer from a
    campaign's sheet): each floor's patrol deck size, and the fields it was worked out from, as the heist keeps them.
    None and no fields: the decks as the form types them."""

    sizes: tuple[int, ...] | None = None
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Setup:
    """A game's setup: a new heist from the form (``new_heist``), the form's fields a heist's first position
    shows, for Play again of a heist saved without them (``known``), the character cards its form offers (None: a
    character is typed freely) and the numbers its own fields on the form show (``shown``, by their names)."""

    new_heist: Callable[[Form, Decks], NewHeist]
    known: Callable[[GameState], FormFields]
    characters: tuple[str, ...] | None = None
    shown: Mapping[str, object] = field(default_factory=dict)


def whole_number(text: str | None, *, signed: bool = False) -> int | None:
    """``text`` as a whole number written in ASCII digits (with a leading minus if ``signed``), else None."""
    if text is None or not (_SIGNED if signed else _WHOLE).fullmatch(text):
        return None
    return int(text)


def sent(form: Form, key: str, default: str) -> str:
    """A field as sent, ``default`` when the form has no such field (an empty one stays empty)."""
    value = form.get(key)
    return default if value is None else value


def shorten(text: str, most: int = 24) -> str:
    """The start of an oversized value, to name it in a message without echoing all of it."""
    return text if len(text) <= most else text[:most] + "…"


def read_crew(form: Form, characters: Sequence[str] | None) -> list[dict[str, str]]:
    """The crew rows filled in. ``characters``: the game's character cards (Burgle Bros 1: each burglar picks one
    of them and its side, and one with a character and no name is called by the character's name), None where
    a character is typed freely."""
    crew = []
    for i in range(1, CREW_ROWS + 1):
        name = (form.get(f"name{i}") or "").strip()
        character = _short((form.get(f"character{i}") or "").strip(), N_("the character"))
        if characters is not None:
            character = character.lower()
            if character and character not in characters:
                raise BoardError(N_("burglar %(n)s: pick a character from the list (or none), not %(value)s"), n=i,
                                 value=repr(shorten(character)))
            name = name or character.capitalize()
        if name:
            side = form.get(f"side{i}") or "basic"
            if side not in ("basic", "advanced"):
                raise BoardError(N_("burglar %(n)s: a character card is played on its basic or advanced side"), n=i)
            crew.append({"name": _short(name, N_("the name")), "colour": _colour(form.get(f"colour{i}") or ""),
                         "character": _short(character, N_("the character")), "side": side})
    if not crew:
        raise BoardError(N_("give at least one burglar a name or a character") if characters is not None else
                         N_("give at least one burglar a name"))
    if any((form.get(f"name{i}") or "").strip() for i in range(CREW_ROWS + 1, MORE_ROWS + 1)):
        raise BoardError(N_("a crew has at most 4 burglars"))
    return crew


def _short(text: str, what: str) -> str:
    if len(text) > MAX_NAME:
        raise BoardError(N_("%(what)s %(text)s… is too long (%(most)s letters at most)"), what=what,
                         text=text[:MAX_NAME], most=MAX_NAME)
    return text


def _colour(text: str) -> str:
    """A burglar's colour as the colour picker sends it (#rrggbb); anything else leaves the default."""
    return text if _COLOUR.fullmatch(text) else ""


def read_seed(form: Form) -> int:
    """The seed typed (a test's, a bench's), else a fresh one, chosen here at the edge."""
    seed = whole_number((form.get("seed") or "").strip())
    return seed if seed is not None else secrets.randbelow(10**9)


def heist_title(game: str, crew: list[dict[str, str]]) -> str:
    return f"{game} — {' & '.join(c['name'] for c in crew)}"


def read_tiebreak(form: Form) -> str:
    return "bga" if form.get("tiebreak") == "bga" else "rulebook"


def hard_walls(form: Form) -> bool:
    """Random walls with choke points and dead ends (the checkbox)."""
    return form.get("hard") == "on"


def crew_setup(crew: list[dict[str, str]], sides: bool) -> FormFields:
    """The crew as the form's rows send it, burglar 1 first (the rows left empty closed up); a character card's side
    only where the form asks it (Burgle Bros 1)."""
    fields = []
    for i, burglar in enumerate(crew, start=1):
        fields += [(f"name{i}", burglar["name"]), (f"colour{i}", burglar["colour"]),
                   (f"character{i}", burglar["character"])]
        if sides:
            fields.append((f"side{i}", burglar["side"]))
    return [(name, value) for name, value in fields if value]


def crew_of(first: GameState, sides: bool) -> FormFields:
    """The crew rows a heist's first position shows."""
    return crew_setup([{"name": name, "colour": b.colour, "character": b.character, "side": b.side}
                       for name, b in first.crew.items()], sides)


def walls_setup(form: Form, layout: str) -> FormFields:
    return [("walls", layout), *([("hard", "on")] if hard_walls(form) else [])]


def bb23_walls(form: Form, layout: str, seed: int) -> list[list[str]]:
    """Burgle Bros 2 and 3 have no printed layout: a random legal one, or empty floors to tap walls into."""
    if layout == "random":
        return [random_walls(4, BB23_WALLS, seed=seed * 10 + n, prefer_chokepoints=hard_walls(form))
                for n in range(BB23_FLOORS)]
    if layout == "draw":
        return [[] for _ in range(BB23_FLOORS)]
    raise BoardError(N_("walls: choose a random layout or place them yourselves"))
