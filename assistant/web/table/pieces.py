"""The pieces each game adds to the board, as the templates draw them: Burgle Bros 2's bouncer and his
destination marker, heat, counting cubes and Crowd chips; Burgle Bros 3's alarm cubes, suspicion,
workers and disguises; and the words for the guard of each game. Presentation only: every button
these feed sends an action the engine checks."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.rulesets import Rulebook
from ...engine.state import DISTRACTED, EMPTY_DECK, LOST_VISUAL, WORKER, WORKERS_MOVE, GameState
from ...tiles import BB2_TILE_TYPES, TileType
from ...words.i18n import N_, _, ngettext
from .tile_words import tile_label

from .board_view import Badge, FloorView, Stat

# patrol cards that name no square, as the card question's buttons call them (translated where shown)
CARD_NAMES = {
    LOST_VISUAL: (N_("Lost Visual"), N_("The guard leaves the board until he next moves.")),
    DISTRACTED: (N_("Distracted"), N_("You choose a revealed room with an even number for the bouncer.")),
    WORKER: (N_("Worker card: a worker joins the guard"),
             N_("The app puts a worker in his room and asks for the next card.")),
    WORKERS_MOVE: (N_("Worker card: workers move"),
                   N_("Move them on the board as it shows; the app asks for the next card.")),
    EMPTY_DECK: (N_("Our deck is empty"), N_("No card left to draw: the bouncer starts hunting the nearest player.")),
}


@dataclass(frozen=True)
class RoomPieces:
    """What the selected room's menu shows in Burgle Bros 2 and 3 (what it offers is the engine's: its buttons
    are the room's legal actions)."""

    floor: int
    square: str
    figure_here: bool  # the floor's bouncer or guard stands here
    entrance: bool  # bb2: one of the two floor-1 entrance corners
    entrances: list[str]
    cubes: int  # bb2 counting cubes here
    cube_limit: int | None  # how many set the room off (Surveillance 4, Buffet 3)
    crowd: bool
    alarms: int  # bb3 alarm cubes here
    workers: int
    tiles: tuple[TileType, ...]  # what a bb2 room can be turned up as
    kind: str  # the room's type once face up


def figure(book: Rulebook) -> tuple[str, str]:
    """The word the game's rules use for the figure that patrols a floor (a key the templates translate), and
    its letter on the board in the reader's language (a screen reader's G for guard is a P for portero)."""
    word = book.rules.figure
    return word, _(word)[:1].upper()


def room_badges(state: GameState, floor: int, square: str) -> list[Badge]:
    fl = state.floors[floor]
    badges = []
    if fl.cubes.get(square):
        n = fl.cubes[square]
        badges.append(Badge("cubes", "▣", ngettext("%(num)s counting cube", "%(num)s counting cubes", n), n))
    if square in fl.crowd:
        badges.append(Badge("crowd", "⁂", _("Crowd chip")))
    if floor == 1 and square in state.entrances and fl.tiles.get(square) != "entrance":
        badges.append(Badge("entrance", "⇲", _("entrance")))  # bb2's two corners, face down or not
    if fl.workers.get(square):
        n = fl.workers[square]
        badges.append(Badge("workers", "♟", ngettext("%(num)s worker", "%(num)s workers", n), n))
    if fl.kitty == square:  # bb1: held by nobody until picked up here
        badges.append(Badge("kitty", "🐈", _("Persian Kitty token")))
    return badges


def floor_stats(state: GameState, book: Rulebook, floor: int) -> list[Stat]:
    fl = state.floors[floor]
    game = book.rules
    stats = []
    if game.fixed_speed is not None:
        stats.append(Stat(_("moves"), str(game.fixed_speed),
                          _("the bouncer always moves %(n)s spaces", n=game.fixed_speed)))
    if game.hunts and fl.guard is not None and fl.destination is None:
        stats.append(Stat(_("hunting"), "!", _("the deck ran out: he walks toward the nearest player"), "hunting"))
    for square, kind in sorted(fl.tiles.items()):
        if kind in game.counting_rooms:
            stats.append(Stat(_("%(room)s %(square)s", room=tile_label(kind), square=square),
                              f"{fl.cubes.get(square, 0)}/{game.counting_rooms[kind]}", _("counting cubes on it"),
                              "counter"))
    if game.suspicion_limit is not None:
        stats.append(Stat(_("suspicion"), f"{fl.suspicion}/{game.suspicion_limit}",
                          _("suspicion cubes beside the patrol deck: the third turns the die up"), "suspicion"))
    return stats


def last_warning(state: GameState, book: Rulebook, name: str) -> str | None:
    """Said beside a burglar with no Stealth left (1.8): the next token she loses is the heist."""
    b = state.crew[name]
    if book.rules.crew_counter != "stealth" or b.stealth > 0 or b.escaped or b.at is None:
        return None
    return _("%(who)s has 0 Stealth: next time a guard finds %(who)s, the heist is lost.", who=name)


def burglar_tag(state: GameState, book: Rulebook, name: str) -> dict[str, str]:
    """A burglar's token: what it shows beside the initial, and its tooltip (the class stays English: it is CSS)."""
    b = state.crew[name]
    game = book.rules
    if game.crew_counter == "heat":
        title = _("%(who)s: %(n)s heat", who=name, n=b.heat)
        if b.prima_donnas:  # Bodyguard Heist One: on the bouncer's tile they lose the heist
            title += " · " + ngettext("%(num)s Prima Donna", "%(num)s Prima Donnas", b.prima_donnas)
        return {"title": title, "tag": f"♨{b.heat}" + "♛" * b.prima_donnas, "cls": ""}
    if warning := last_warning(state, book, name):
        kept = ("geared" if b.geared else "disguised") if game.has_disguises else ""
        return {"title": warning, "tag": "♥0!", "cls": f"last {kept}".strip()}
    if game.has_disguises:
        if b.geared:
            title = _("%(who)s: %(n)s Stealth, geared", who=name, n=b.stealth)
        else:
            title = _("%(who)s: %(n)s Stealth, disguised", who=name, n=b.stealth)
        return {"title": title, "tag": f"♥{b.stealth}", "cls": "geared" if b.geared else "disguised"}
    return {"title": _("%(who)s: %(n)s Stealth", who=name, n=b.stealth), "tag": f"♥{b.stealth}", "cls": ""}


def dress_floors(state: GameState, book: Rulebook, floors: list[FloorView]) -> list[FloorView]:
    """Give every floor and room its game's pieces and words (the same fields for all three games)."""
    word, mark = figure(book)
    # a die beside the guard (bb1, bb3); Burgle Bros 2's bouncer heads for a marker instead
    marker = not book.rules.uses_die
    die_title = _("destination marker") if marker else _("guard die: destination")
    for f in floors:
        f.figure, f.stats = word, floor_stats(state, book, f.number)
        for room in f.rooms:
            if room.void:
                continue
            room.figure, room.figure_mark = word, mark
            room.die_text, room.die_title = "◎" if marker else str(room.die or ""), die_title
            room.badges = room_badges(state, f.number, room.square)
            for b in room.burglars:
                b.update(burglar_tag(state, book, b["name"]))
    return floors


def room_pieces(state: GameState, book: Rulebook, selected: tuple[int, str] | None) -> RoomPieces | None:
    game = book.rules
    if game.room_rules or selected is None or selected[1] in state.void:
        return None  # Burgle Bros 1's room menu is its offers alone
    floor, square = selected
    fl = state.floors[floor]
    kind = fl.tiles.get(square, "")
    return RoomPieces(floor, square, fl.guard == square, floor == 1 and square in state.entrances,
                      list(state.entrances), fl.cubes.get(square, 0),
                      game.counting_rooms.get(kind), square in fl.crowd, fl.alarms.count(square),
                      fl.workers.get(square, 0), BB2_TILE_TYPES, kind)
