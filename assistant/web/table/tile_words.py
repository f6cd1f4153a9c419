"""The room types as the board and the tile picker name them ("Camera", "Computer (laser)"), in the reader's
language: capitalised names for a room's label and its menu, beside ``words/names.py``'s lower-case ones for
sentences. Presentation only."""

from __future__ import annotations

from ...tiles import TILES
from ...words.i18n import N_, _

LABELS = {
    "safe": N_("Safe"), "stairs": N_("Stairs"), "camera": N_("Camera"), "foyer": N_("Foyer"), "atrium": N_("Atrium"),
    "lavatory": N_("Lavatory"), "laser": N_("Laser"), "motion": N_("Motion"), "fingerprint": N_("Fingerprint"),
    "thermo": N_("Thermo"), "detector": N_("Detector"), "computer-fingerprint": N_("Computer (fingerprint)"),
    "computer-laser": N_("Computer (laser)"), "computer-motion": N_("Computer (motion)"), "deadbolt": N_("Deadbolt"),
    "keypad": N_("Keypad"), "laboratory": N_("Laboratory"), "secret-door": N_("Secret door"),
    "service-duct": N_("Service duct"), "walkway": N_("Walkway"), "entrance": N_("Entrance"), "buffet": N_("Buffet"),
    "cashier-cages": N_("Cashier Cages"), "count-room": N_("Count Room"), "crows-nest": N_("Crow's Nest"),
    "escalator": N_("Escalator"), "lounge": N_("Lounge"), "monorail": N_("Monorail"),
    "owners-office": N_("Owner's Office"), "pool": N_("Pool"), "revolving-door": N_("Revolving Door"),
    "slots": N_("Slots"), "surveillance": N_("Surveillance"), "table-games": N_("Table Games"),
}
# the tile picker's short names, where the label is too long to sit above its number buttons
SHORT = {"computer-fingerprint": "PC", "computer-laser": "PC", "computer-motion": "PC", "lavatory": "WC",
         "secret-door": N_("Secret"), "service-duct": N_("Duct"), "fingerprint": N_("Print"),
         "laboratory": N_("Lab")}


def tile_label(kind: str) -> str:
    """A room type's name on the board ("" for a face-down room)."""
    if kind in LABELS:
        return _(LABELS[kind])
    tile = TILES.get(kind)
    return tile.label if tile else kind.replace("-", " ").title()


def short_label(kind: str) -> str:
    """The name under a type in the tile picker."""
    short = SHORT.get(kind)
    return (short if short in ("PC", "WC") else _(short)) if short else tile_label(kind)
