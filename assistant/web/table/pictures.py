"""The board's pictograms (static/icons.svg): which drawn symbol each room type and piece shows, and
the short name the compact tile picker prints under it. Presentation only."""

from __future__ import annotations

from ...tiles import TILE_TYPES, TileType
from .tile_words import short_label

# every Burgle Bros 1 room type has its own symbol, named as the type; the pieces have theirs
ROOM_ICONS = frozenset({t.key for t in TILE_TYPES} | {"entrance"})
PIECE_ICONS = ("guard", "alarm", "crow", "donuts", "stealth-token", "hack-token", "downstairs", "die")


def room_icon(kind: str) -> str:
    """The symbol of a room type, or "" when it has none (Burgle Bros 2 rooms show their letter mark)."""
    return kind if kind in ROOM_ICONS else ""


def short_name(tile: TileType) -> str:
    """The name under a type in the tile picker: short enough to sit above its number buttons."""
    return short_label(tile.key)
