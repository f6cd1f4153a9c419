"""Room tiles of Burgle Bros (1) as the app offers them when a room is turned face up
(facts from ../shared/rules/tiles.json: type, how many in the box, the combination numbers)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TileType:
    key: str
    label: str
    mark: str  # a short symbol drawn on the board
    numbers: tuple[int, ...]
    alarm: bool = False
    guard: bool = False  # changes what a guard does or sees


TILE_TYPES: tuple[TileType, ...] = (
    TileType("safe", "Safe", "$", ()),
    TileType("stairs", "Stairs", "⇧", (4, 5, 6)),
    TileType("camera", "Camera", "◉", (1, 2, 3, 6), alarm=True, guard=True),
    TileType("foyer", "Foyer", "⌂", (1, 2), guard=True),
    TileType("atrium", "Atrium", "◇", (3, 4), guard=True),
    TileType("lavatory", "Lavatory", "WC", (5,), guard=True),
    TileType("laser", "Laser", "≋", (1, 2, 3), alarm=True),
    TileType("motion", "Motion", "≈", (1, 2, 3), alarm=True),
    TileType("fingerprint", "Fingerprint", "☝", (4, 5, 6), alarm=True),
    TileType("thermo", "Thermo", "♨", (1, 2, 3), alarm=True),
    TileType("detector", "Detector", "⊗", (4, 5, 6), alarm=True),
    TileType("computer-fingerprint", "Computer (fingerprint)", "⌨☝", (4,)),
    TileType("computer-laser", "Computer (laser)", "⌨≋", (5,)),
    TileType("computer-motion", "Computer (motion)", "⌨≈", (6,)),
    TileType("deadbolt", "Deadbolt", "⊞", (1, 2, 3)),
    TileType("keypad", "Keypad", "#", (4, 5, 6)),
    TileType("laboratory", "Laboratory", "⚗", (3, 4)),
    TileType("secret-door", "Secret door", "▯", (1, 2)),
    TileType("service-duct", "Service duct", "▭", (5, 6)),
    TileType("walkway", "Walkway", "⇩", (1, 2, 3)),
)
TILES: dict[str, TileType] = {t.key: t for t in TILE_TYPES}
ENTRANCE = TileType("entrance", "Entrance", "⇲", ())
TILES[ENTRANCE.key] = ENTRANCE

# Burgle Bros 2 (The Casino Capers) rooms, from its "Tile Clarifications" and setup. Every tile shows a
# number from 1 to 6 in its bottom-left corner (what a Distracted card looks for), so none lists numbers
# here: the table taps the one it reads. ``guard`` marks the brown-banner rooms that react to the bouncer.
BB2_TILE_TYPES: tuple[TileType, ...] = (
    TileType("buffet", "Buffet", "☕", ()),
    TileType("cashier-cages", "Cashier Cages", "▦", ()),
    TileType("count-room", "Count Room", "∑", ()),
    TileType("crows-nest", "Crow's Nest", "⌃", (), guard=True),
    TileType("escalator", "Escalator", "⇅", ()),
    TileType("lounge", "Lounge", "♪", ()),
    TileType("monorail", "Monorail", "⇆", ()),
    TileType("owners-office", "Owner's Office", "⚿", ()),
    TileType("pool", "Pool", "≈", ()),
    TileType("revolving-door", "Revolving Door", "⟳", ()),
    TileType("safe", "Safe", "$", ()),
    TileType("slots", "Slots", "7", ()),
    TileType("surveillance", "Surveillance", "◉", (), guard=True),
    TileType("table-games", "Table Games", "♣", ()),
)
for _tile in BB2_TILE_TYPES:
    TILES.setdefault(_tile.key, _tile)  # the board's labels; bb1's Safe keeps its entry
