"""Log entries: what happened, in order, each naming the rule that made it happen.

An entry is data, never a sentence: a ``kind`` declared in :data:`KINDS`, the rule behind it, the
floor and square it concerns, and parameters in ``data`` (names, squares, counts, codes). The web
layer turns it into words in the reader's language (``assistant/words``); the summary, Why? and the
rules-page lookup read the kind and the parameters. An entry whose kind has several shapes says which
in ``data["how"]``, one of the variants declared beside the kind.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, is_dataclass
from typing import Any

# kind -> its variants (data["how"]); an empty tuple: one shape only
KINDS: dict[str, tuple[str, ...]] = {
    # the guard's move
    "speed": (), "enter": (), "stop": (), "arrive": ("", "own_square"), "return": (), "lost": (),
    "appear": (), "hunt": ("toward", "starts", "stays"),
    "idle": ("no_guard", "in_play", "shift_change", "not_inside", "exit_skip", "exited", "no_bouncer_commotion",
             "card_skip"),
    "donuts": ("played", "eaten"), "crow": ("lands", "holds", "flies_back", "slows"),
    "modifier": ("espresso", "daydreaming"),
    # the die and the patrol deck
    "destination": (), "draw": (), "redraw": (), "reshuffle": (), "speed_up": (),
    # alarms
    "alarm": ("", "under_guard"), "alarm_blocked": ("emp", "guard", "already"),
    "alarm_off": ("guard", "picked_up", "appear", "brown_out", "emp", "cube_back", "worker_covers", "found"),
    "hack": ("cancel", "count"), "camera": ("guard_sees", "burglar_steps", "switched"),
    # the crew
    "stealth": ("", "lavatory"), "caught": ("", "heat", "prima_donna"), "heat": (), "move": (), "place": ("", "guard"),
    "entrance": (),
    "escape": (), "won": (), "turn": (), "skip": (), "loot": ("takes", "drops"), "tool": ("takes", "drops"),
    "set": ("stealth", "heat", "die", "on_room", "geared", "room_tokens"), "answer": (), "enters": (),
    "fall": (), "put": (), "stealth_change": (),
    # rooms, characters and cards of Burgle Bros 1 (bb1/table.py, bb1/cards.py)
    "jammer": (), "laser_action": (), "isotope": (), "thermo": (), "chihuahua": (), "video_loop": ("on", "over"),
    "time_lock": ("on", "over"),
    "gymnastics": ("on", "over"),
    "card": ("thermal_bomb", "invisible_suit", "smoke_bomb", "crowbar", "virus", "reboot", "dead_drop", "rook_swap",
             "roof", "peterman"),
    "kitty": ("runs", "picked_up"), "deadbolt": ("unpeeked", "one_action"), "keypad": ("opens", "missed"),
    # the board
    "reveal": (), "wall": (), "layout": (), "wall_removed": (),
    # cards and events
    "event": ("espresso", "daydreaming", "jump_the_gun", "shift_change", "squeak", "emp", "emp_over",
              "go_with_your_gut"),
    "no_effect": ("shoplifting", "alarm_active", "squeak_no_guard", "squeak_nobody", "squeak_with_burglar",
                  "commotion_here", "no_suspicion", "not_nearer", "disguised", "crowbar", "mirror", "orders",
                  "lowest_floor", "top_floor", "invisible", "acrobat", "guard_placed", "goblet_no_stealth",
                  "swap_hunting", "put_not_entering", "gut_no_room",
                  "dead_drop_alone"),
    "spotter": ("top", "bottom", "look"),
    # Burgle Bros 2
    "commotion": (), "undercover": (), "crowd": ("on", "off", "covers"), "cube": ("surveillance", "buffet"),
    "surveillance": (), "buffet": (), "slots": ("commotion", "watched"), "table_games": ("lucky", "commotion"),
    "count_room": (), "jump": ("prima_donna", "drunk", "revolving_door"), "deck": ("set", "empty"),
    "bouncer_card": ("jump", "marker", "skip", "swap"), "said": (), "prima_donna": (),
    # Burgle Bros 3
    "suspicion": ("added", "removed", "count", "die_up"), "worker": ("joins", "move", "flee", "lure", "moved"),
    "guard_room": ("nothing", "suspicion", "stop"), "scan": ("flee", "charm"),
}

# why a burglar lost Stealth or gained heat (data["why"] of stealth, caught and heat entries)
CAUSES = ("entered", "walked_in", "foyer", "atrium", "tiara", "walked_in_geared", "crows_nest", "surveillance",
          "hunting_start", "acrobat_stayed", "bouncer_in", "jumped_in")
# what sent the die or destination marker somewhere (data["why"] of destination entries)
DIE_MOVES = ("nearest_alarm", "patrol_card", "alarm_while_lost", "switch_signs", "throw_voice", "crash",
             "distracted", "commotion", "alarm", "card")
# what set an alarm off (data["cause"] of alarm entries); "" when the table just says so
ALARM_CAUSES = ("", "camera", "shoplifting", "dynamite", "fingerprint", "laser", "motion", "detector", "thermo",
                "thermal_bomb", "chihuahua", "juicer", "scan")


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log.

    ``kind`` is one of :data:`KINDS`; ``rule`` points at guard-rules.md (e.g. "1.7") or a rulebook
    section; ``ruling`` marks our own decision where the books are silent.
    """

    kind: str
    rule: str = ""
    floor: int | None = None
    square: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    ruling: bool = False
    # an entry of the version that wrote sentences, kept in its words (store_upgrades.py); never written now
    text: str | None = None

    def __post_init__(self) -> None:
        if self.text is None:
            _check(self.kind, self.data)

    def as_dict(self) -> dict[str, Any]:
        """The entry as plain data, its ``data`` copied (``dataclasses.asdict`` does the same, several times
        slower: the store writes every entry of every action): its JSON, as the store keeps it."""
        if self.text is not None:
            return {"kind": self.kind, "text": self.text, "rule": self.rule, "floor": self.floor,
                    "square": self.square, "data": _copied(self.data), "ruling": self.ruling}
        return {"kind": self.kind, "rule": self.rule, "floor": self.floor, "square": self.square,
                "data": _copied(self.data), "ruling": self.ruling}

    to_json = as_dict


def read_log(raw: Any) -> list[LogEntry]:
    """A log as the store keeps it (a list of :meth:`LogEntry.as_dict`, from JSON) as entries again, at the store's
    boundary only: the store wrote it, so it is read as it is, unchecked (an old entry keeps its ``text``).

    >>> raw = [LogEntry("speed", "1.2", 1, None, {"moves": 3}).as_dict()]
    >>> [e.as_dict() for e in read_log(raw)] == raw
    True
    """
    log = []
    for e in raw:
        made = _new(LogEntry)
        _set(made, "__dict__", {"kind": e.get("kind", ""), "rule": e.get("rule", ""), "floor": e.get("floor"),
                                "square": e.get("square"), "data": e.get("data") or {},
                                "ruling": e.get("ruling", False), "text": e.get("text")})
        log.append(made)
    return log


def _copied(value: Any) -> Any:
    """A copy of plain data (dicts, lists, tuples; a dataclass becomes a dict, as with ``asdict``)."""
    kind = type(value)
    if kind is dict:
        return {k: _copied(v) for k, v in value.items()}
    if kind is list:
        return [_copied(v) for v in value]
    if kind is tuple:
        return tuple(_copied(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return value


def _check(kind: str, data: dict[str, Any]) -> None:
    variants = KINDS.get(kind)
    if variants is None:
        raise ValueError(f"log kind {kind!r} is not declared in engine/log.py")
    if variants and data.get("how", "") not in variants:
        raise ValueError(f"log kind {kind!r} has no variant {data.get('how')!r}")


def entry(kind: str, rule: str, floor: int | None, square: str | None, data: dict[str, Any],
          ruling: bool) -> LogEntry:
    """``LogEntry(kind, rule, floor, square, data, ruling)``, checked the same way, built without the
    frozen dataclass's field-by-field ``object.__setattr__`` (an action writes dozens of entries)."""
    variants = KINDS.get(kind)
    if variants is None or (variants and data.get("how", "") not in variants):
        _check(kind, data)  # says which check failed
    made = _new(LogEntry)
    _set(made, "__dict__", {"kind": kind, "rule": rule, "floor": floor, "square": square, "data": data,
                            "ruling": ruling, "text": None})
    return made


_new = object.__new__
_set = object.__setattr__
