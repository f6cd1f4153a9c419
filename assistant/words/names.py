"""Names of the things a sentence mentions: special patrol cards, rooms, loot, tools, events, characters.

The engine writes keys ("cursed-goblet"); each name goes through the catalogue, so a reader sees it as
printed in their language's edition (the Spanish rulebook, the French Board Game Arena help) where the
sources give one. A key nobody named here still reads as its own words, never as an error.

>>> room_name("computer-fingerprint"), loot_name("cursed-goblet"), tool_name("emp"), card_title("Throw Voice")
('computer fingerprint', 'Cursed Goblet', 'E.M.P.', 'Throw Voice')
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.state import DISTRACTED, EMPTY_DECK, HIDDEN, LOST_VISUAL, WORKER, WORKERS_MOVE
from .i18n import _

Names = dict[str, Callable[[], str]]

# room types as a sentence mentions them ("B2 on floor 1, face up: camera"): lower case in English, with no article
# (the sentence has none: "a slots", "a atrium" were wrong)
ROOMS: Names = {
    "atrium": lambda: _("atrium"), "camera": lambda: _("camera"),
    "computer-fingerprint": lambda: _("computer fingerprint"), "computer-laser": lambda: _("computer laser"),
    "computer-motion": lambda: _("computer motion"), "deadbolt": lambda: _("deadbolt"),
    "detector": lambda: _("detector"), "fingerprint": lambda: _("fingerprint"), "foyer": lambda: _("foyer"),
    "keypad": lambda: _("keypad"), "laboratory": lambda: _("laboratory"), "laser": lambda: _("laser"),
    "lavatory": lambda: _("lavatory"), "motion": lambda: _("motion"), "safe": lambda: _("safe"),
    "secret-door": lambda: _("secret door"), "service-duct": lambda: _("service duct"),
    "stairs": lambda: _("stairs"), "thermo": lambda: _("thermo"), "walkway": lambda: _("walkway"),
    "entrance": lambda: _("entrance"),
    # Burgle Bros 2's rooms
    "buffet": lambda: _("buffet"), "cashier-cages": lambda: _("cashier cages"), "count-room": lambda: _("count room"),
    "crows-nest": lambda: _("crow's nest"), "escalator": lambda: _("escalator"), "lounge": lambda: _("lounge"),
    "monorail": lambda: _("monorail"), "owners-office": lambda: _("owner's office"), "pool": lambda: _("pool"),
    "revolving-door": lambda: _("revolving door"), "slots": lambda: _("slots"),
    "surveillance": lambda: _("surveillance"), "table-games": lambda: _("table games"),
}

LOOT: Names = {
    "bust": lambda: _("Bust"), "chihuahua": lambda: _("Chihuahua"), "cursed-goblet": lambda: _("Cursed Goblet"),
    "gemstone": lambda: _("Gemstone"), "gold-bar": lambda: _("Gold Bar"), "isotope": lambda: _("Isotope"),
    "keycard": lambda: _("Keycard"), "mirror": lambda: _("Mirror"), "painting": lambda: _("Painting"),
    "persian-kitty": lambda: _("Persian Kitty"), "stamp": lambda: _("Stamp"), "tiara": lambda: _("Tiara"),
}

TOOLS: Names = {
    "blueprints": lambda: _("Blueprints"), "crowbar": lambda: _("Crowbar"), "crystal-ball": lambda: _("Crystal Ball"),
    "donuts": lambda: _("Donuts"), "dynamite": lambda: _("Dynamite"), "emp": lambda: _("E.M.P."),
    "invisible-suit": lambda: _("Invisible Suit"), "makeup-kit": lambda: _("Makeup Kit"),
    "rollerskates": lambda: _("Rollerskates"), "smoke-bomb": lambda: _("Smoke Bomb"),
    "stethoscope": lambda: _("Stethoscope"), "thermal-bomb": lambda: _("Thermal Bomb"), "virus": lambda: _("Virus"),
}

EVENTS: Names = {
    "brown-out": lambda: _("Brown Out"), "buddy-system": lambda: _("Buddy System"),
    "change-of-plans": lambda: _("Change of Plans"), "crash": lambda: _("Crash!"),
    "daydreaming": lambda: _("Daydreaming"), "dead-drop": lambda: _("Dead Drop"), "espresso": lambda: _("Espresso"),
    "freight-elevator": lambda: _("Freight Elevator"), "go-with-your-gut": lambda: _("Go with your Gut"),
    "jump-the-gun": lambda: _("Jump the Gun"),
    "lampshade": lambda: _("Lampshade"), "lost-grip": lambda: _("Lost Grip"), "reboot": lambda: _("Reboot"),
    "shift-change": lambda: _("Shift Change"), "shoplifting": lambda: _("Shoplifting"),
    "squeak": lambda: _("Squeak!"), "switch-signs": lambda: _("Switch Signs"), "throw-voice": lambda: _("Throw Voice"),
    "video-loop": lambda: _("Video Loop"), "where-is-he": lambda: _("Where Is He?"),
    "time-lock": lambda: _("Time Lock"),
    "gymnastics": lambda: _("Gymnastics"),
}

CHARACTERS: Names = {
    "acrobat": lambda: _("The Acrobat"), "hacker": lambda: _("The Hacker"), "hawk": lambda: _("The Hawk"),
    "juicer": lambda: _("The Juicer"), "peterman": lambda: _("The Peterman"), "raven": lambda: _("The Raven"),
    "rigger": lambda: _("The Rigger"), "rook": lambda: _("The Rook"), "spotter": lambda: _("The Spotter"),
}

# the computer a hack token comes from ("a laser hack token"), and the Hacker's own
COMPUTERS: Names = {
    "fingerprint": lambda: _("fingerprint"), "laser": lambda: _("laser"), "motion": lambda: _("motion"),
    "hacker": lambda: _("Hacker's"),
}


def key(name: str) -> str:
    """The key of a name however the engine spelt it: "Where Is He?" and "where-is-he" are one card."""
    return "-".join(name.strip().lower().replace("!", "").replace("?", "").replace(".", "").split())


def _named(names: Names, kind: str, fallback: str) -> str:
    say = names.get(kind) or names.get(key(kind))
    return say() if say else fallback


def card_name(card: str) -> str:
    """A patrol card: a square names itself; the special cards have printed names."""
    special = {LOST_VISUAL: lambda: _("Lost Visual"), DISTRACTED: lambda: _("Distracted"), WORKER: lambda: _("Worker"),
               WORKERS_MOVE: lambda: _("Workers move"), HIDDEN: lambda: _("a face-down card"),
               EMPTY_DECK: lambda: _("Our deck is empty")}
    return _named(special, card, card)


def room_name(kind: str) -> str:
    return _named(ROOMS, kind, kind.replace("-", " "))


def loot_name(kind: str) -> str:
    return _named(LOOT, kind, kind.replace("-", " ").title())


def tool_name(kind: str) -> str:
    return _named(TOOLS, kind, kind.replace("-", " ").title())


def computer_name(kind: str) -> str:
    return _named(COMPUTERS, kind, kind)


def card_title(kind: str) -> str:
    """A card or ability named in a log line (its key, or the English title the engine writes)."""
    for names in (EVENTS, TOOLS, LOOT, CHARACTERS):
        if kind in names or key(kind) in names:
            return _named(names, kind, kind)
    return kind.replace("-", " ").title() if kind == kind.lower() else kind
