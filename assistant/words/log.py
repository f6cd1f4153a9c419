"""Log entries in plain words: one sentence per kind (and variant) of ``engine/log.py``.

>>> from assistant.engine.log import LogEntry
>>> sentence(LogEntry("enter", "1.3", 1, "B2", {"figure": "guard"}))
'The floor-1 guard enters B2.'
>>> sentence(LogEntry("stealth", "1.7", 1, "B2", {"who": "Ann", "left": 2, "why": "entered", "guard": "B2"}))
'Ann loses 1 Stealth (the guard entered B2): 2 left.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine.log import LogEntry
from .i18n import _, ngettext
from .names import card_name, card_title, computer_name, loot_name, room_name, tool_name


class _E:
    """One entry's fields, read the same way by every sentence below."""

    def __init__(self, entry: LogEntry):
        self.floor = entry.floor
        self.square = entry.square or ""
        self.d: Mapping[str, Any] = entry.data
        self.how = str(self.d.get("how", ""))

    def __getitem__(self, key: str) -> Any:
        return self.d.get(key, "")

    @property
    def figure(self) -> str:
        return _("bouncer") if self.d.get("figure") == "bouncer" else _("guard")


def _floors(numbers: list[int]) -> str:
    return ", ".join(_("floor %(n)s", n=n) for n in numbers) or _("no other floor")


def cause(why: str, d: Mapping[str, Any], figure: str = "guard") -> str:
    """Why a burglar lost Stealth or gained heat (log.CAUSES), as a phrase."""
    guard, floor = d.get("guard", ""), d.get("guard_floor", "")
    who = _("bouncer") if figure == "bouncer" else _("guard")
    phrases: dict[str, Callable[[], str]] = {
        "entered": lambda: _("the %(who)s entered %(square)s", who=who, square=guard),
        "walked_in": lambda: _("walked into the %(who)s in %(square)s", who=who, square=guard),
        "walked_in_geared": lambda: _("walked into the guard in %(square)s while geared", square=guard),
        "foyer": lambda: _("the guard in %(square)s sees into the Foyer", square=guard),
        "atrium": lambda: _("the floor-%(floor)s guard is right above or below the Atrium", floor=floor),
        "tiara": lambda: _("the Tiara glitters next to the guard (walls block the view: our ruling)"),
        "acrobat_stayed": lambda: _("the Acrobat was still in the guard's room in %(square)s when he set off",
                                    square=guard),
        "surveillance": lambda: _("Surveillance"),
        "bouncer_in": lambda: _("the bouncer is in %(square)s", square=guard),
        "crows_nest": lambda: _("the bouncer climbs the Crow's Nest next door"),
        "jumped_in": lambda: _("landed in the bouncer's room in %(square)s", square=guard),
    }
    phrase = phrases.get(why)
    return phrase() if phrase else str(why)


def _die_move(e: _E) -> str:
    why = e["why"]
    bouncer = e.d.get("figure") == "bouncer"
    reason = {
        "nearest_alarm": lambda: ngettext("nearest alarm, %(num)s step away", "nearest alarm, %(num)s steps away",
                                          int(e["steps"] or 0)),
        "patrol_card": lambda: _("patrol card"),
        "alarm_while_lost": lambda: _("newest alarm while the guard is off the board"),
        "throw_voice": lambda: _("Throw Voice"),
        "crash": lambda: _("Crash!"),
        "commotion": lambda: _("commotion, he stops hunting") if e["stops_hunting"] else _("commotion"),
        "alarm": lambda: _("alarm"),
        "card": lambda: _("gear or an event card, he stops hunting") if e["stops_hunting"] else
        _("gear or an event card"),
    }.get(why)
    if why == "switch_signs":
        return _("Switch Signs: the die goes to %(square)s, where the guard was.", square=e.square)
    text = reason() if reason else str(why)
    if bouncer:
        return _("The floor-%(floor)s destination marker goes to %(square)s (%(why)s).", floor=e.floor,
                 square=e.square, why=text)
    return _("The floor-%(floor)s die goes to %(square)s (%(why)s).", floor=e.floor, square=e.square, why=text)


def _speed(e: _E) -> str:
    if e.d.get("figure") == "bouncer":
        if e["hunting"]:
            return _("The floor-%(floor)s bouncer moves %(moves)s and is hunting.", floor=e.floor, moves=e["moves"])
        return _("The floor-%(floor)s bouncer moves %(moves)s.", floor=e.floor, moves=e["moves"])
    # a sum as the table says it: "die 2 + 1 alarm − 1 this turn"
    count = _("die %(n)s", n=e["die"])
    if e["alarms"]:
        count += " + " + ngettext("%(num)s alarm", "%(num)s alarms", int(e["alarms"]))
    if e["bonus"]:
        bonus = int(e["bonus"])
        count += (" + " if bonus > 0 else " \u2212 ") + _("%(n)s this turn", n=abs(bonus))
    return _("The floor-%(floor)s guard moves %(moves)s (%(parts)s).", floor=e.floor, moves=e["moves"],
             parts=count)


# how a burglar got somewhere that is no open door (engine/walks.py)
VIA: dict[str, Callable[[], str]] = {
    "stairs": lambda: _("by the Stairs"), "walkway": lambda: _("down from the Walkway"),
    "secret-door": lambda: _("through the Secret Door"), "service-duct": lambda: _("through the Service Duct"),
    "ability": lambda: _("by an ability"), "tool": lambda: _("with a tool"), "event": lambda: _("by an event card"),
    "table": lambda: _("as the table says: a correction"),
}


def _enter(e: _E) -> str:
    if e["no_effect"]:
        return _("The floor-%(floor)s guard jumps to %(square)s (no entering effect).", floor=e.floor,
                 square=e.square)
    if e["jump"]:
        return _("The floor-%(floor)s %(figure)s is moved to %(square)s.", floor=e.floor, figure=e.figure,
                 square=e.square)
    return _("The floor-%(floor)s %(figure)s enters %(square)s.", floor=e.floor, figure=e.figure, square=e.square)


def _stealth(e: _E) -> str:
    why = cause(e["why"], e.d)
    if e.how == "lavatory":
        return _("%(who)s hides in a Lavatory stall (%(why)s): the room gives up a Stealth token, %(left)s left "
                 "there.", who=e["who"], why=why, left=e["lavatory"])
    return _("%(who)s loses 1 Stealth (%(why)s): %(left)s left.", who=e["who"], why=why, left=e["left"])


def _redraw(e: _E) -> str:
    card = card_name(str(e["card"]))
    reason = e["reason"]
    if reason == "void":
        return _("%(card)s is the empty square: the card is discarded and another drawn.", card=card)
    if reason == "place":
        return _("%(card)s cannot place the %(figure)s: another card is drawn.", card=card, figure=e.figure)
    if reason == "no_even":
        return _("Distracted, but no revealed room shows an even number: draw again.")
    return _("%(card)s is where the %(figure)s stands: the card is discarded and another drawn.", card=card,
             figure=e.figure)


def alarm_cause(code: str) -> str:
    """What set an alarm off (engine/log.py ALARM_CAUSES), as a name."""
    causes = {"camera": _("camera"), "shoplifting": _("Shoplifting"), "dynamite": _("Dynamite"),
              "fingerprint": _("Fingerprint"), "laser": _("Laser"), "motion": _("Motion"), "detector": _("Detector"),
              "thermo": _("Thermo"), "thermal_bomb": _("Thermal Bomb"), "chihuahua": _("Chihuahua"),
              "juicer": _("the Juicer")}
    return causes.get(code, code)


def _alarm(e: _E) -> str:
    if e.how == "under_guard":
        return _("Alarm under the floor-%(floor)s guard in %(square)s: it becomes suspicion.", floor=e.floor,
                 square=e.square)
    if e["cube"]:
        return _("Alarm cube in %(square)s on floor %(floor)s.", square=e.square, floor=e.floor)
    if e["cause"]:
        return _("Alarm in %(square)s on floor %(floor)s (%(cause)s).", square=e.square, floor=e.floor,
                 cause=alarm_cause(str(e["cause"])))
    return _("Alarm in %(square)s on floor %(floor)s.", square=e.square, floor=e.floor)


def _alarm_off(e: _E) -> str:
    n = int(e["count"] or e["cubes"] or 0)
    return {
        "guard": lambda: _("He switches off the alarm in %(square)s.", square=e.square),
        "picked_up": lambda: (_("%(who)s (Juicer) picks up the alarm token in %(square)s and holds it.",
                                who=e["who"], square=e.square) if e["who"] else
                              _("The alarm token in %(square)s is picked up.", square=e.square)),
        "appear": lambda: _("He switches off the alarm in %(square)s where he appears.", square=e.square),
        "brown_out": lambda: ngettext("Brown Out: %(num)s alarm removed on floor %(floor)s.",
                                      "Brown Out: %(num)s alarms removed on floor %(floor)s.", n, floor=e.floor),
        "emp": lambda: _("E.M.P.: every alarm on floor %(floor)s is removed; a new patrol card sets the "
                         "destination.", floor=e.floor),
        "cube_back": lambda: _("An alarm cube in %(square)s goes back to the supply (%(left)s left there).",
                               square=e.square, left=e["left"]),
        "worker_covers": lambda: ngettext(
            "A worker in %(square)s covers for the alarm: %(num)s cube and one worker go back to the supply.",
            "A worker in %(square)s covers for the alarm: %(num)s cubes and one worker go back to the supply.",
            n, square=e.square),
        "found": lambda: ngettext("The guard finds %(num)s alarm cube in %(square)s: suspicion rises.",
                                  "The guard finds %(num)s alarm cubes in %(square)s: suspicion rises.", n,
                                  square=e.square),
    }[e.how]()


def _no_effect(e: _E) -> str:
    return {
        "shoplifting": lambda: _("Shoplifting: no tool was taken from a Laboratory, so no alarm goes off."),
        "alarm_active": lambda: _("%(card)s: an alarm is active on floor %(floor)s, so nothing happens.",
                                  card=card_title(str(e["card"])), floor=e.floor),
        "squeak_no_guard": lambda: _("Squeak!: no guard on this floor."),
        "squeak_nobody": lambda: _("Squeak!: nobody on this floor for the guard to hear."),
        "squeak_with_burglar": lambda: _("Squeak!: the guard is already in a burglar's room."),
        "commotion_here": lambda: _("Commotion in %(square)s, but the bouncer is already there: ignored.",
                                    square=e.square),
        "no_suspicion": lambda: _("Floor %(floor)s has no suspicion cube to remove.", floor=e.floor),
        "not_nearer": lambda: _("%(square)s is not nearer than the alarm in %(destination)s: the die stays.",
                                square=e.square, destination=e["destination"]),
        "disguised": lambda: _("%(who)s is disguised: walking into the guard costs nothing.", who=e["who"]),
        "crowbar": lambda: _("The Crowbar disabled %(square)s: its %(room)s does nothing.", square=e.square,
                             room=room_name(str(e["room"]))),
        "mirror": lambda: _("%(who)s carries the Mirror: the Laser in %(square)s raises no alarm.", who=e["who"],
                            square=e.square),
        "orders": lambda: _("The Rook's Orders: %(who)s moves into the Laser in %(square)s at no extra cost.",
                            who=e["who"], square=e.square),
        "lowest_floor": lambda: _("%(who)s is on the lowest floor: there is nowhere to fall.", who=e["who"]),
        "swap_hunting": lambda: _("The floor-%(floor)s bouncer is hunting: with no destination marker on the board, "
                                  "a card that changes or swaps it does nothing.", floor=e.floor),
        "goblet_no_stealth": lambda: _("Cursed Goblet: %(who)s has no Stealth token left to discard, so it does not "
                                       "touch her (and the heist goes on).", who=e["who"]),
        "top_floor": lambda: _("%(who)s is on the top floor without all the loot: the Freight Elevator cannot take "
                               "her to the roof.", who=e["who"]),
        "invisible": lambda: _("%(who)s wears the Invisible Suit: no guard or camera sees her move into "
                               "%(square)s.", who=e["who"], square=e.square),
        "acrobat": lambda: _("%(who)s, the Acrobat, slips into the guard's room in %(square)s without losing "
                             "Stealth; she must leave before he moves.", who=e["who"], square=e.square),
        "guard_placed": lambda: _("The guard is placed in %(square)s as %(who)s arrives: being placed is not "
                                  "entering, nobody loses Stealth.", square=e.square, who=e["who"]),
        "dead_drop_alone": lambda: _("Dead Drop: nobody else is still in the building, so %(who)s keeps her tools "
                                     "and loot.", who=e["who"]),
        "put_not_entering": lambda: _("%(who)s is put in %(square)s, where the guard stands: being put there is not "
                                      "entering, so she loses no Stealth.", who=e["who"], square=e.square),
        "gut_no_room": lambda: _("Go with your Gut: no face-down room next to %(who)s, so nothing happens.",
                                 who=e["who"]),
    }[e.how]()


def _idle(e: _E) -> str:
    return {
        "no_guard": lambda: (_("Floor %(floor)s has no bouncer on the board.", floor=e.floor)
                             if e.d.get("figure") == "bouncer" else
                             _("Floor %(floor)s has no guard on the board yet: nothing moves.", floor=e.floor)),
        "in_play": lambda: _("The floor-%(floor)s %(figure)s is already in play.", floor=e.floor, figure=e.figure),
        "shift_change": lambda: _("Shift Change: no guard moves at the end of this turn."),
        "not_inside": lambda: _("%(who)s is not in the building: no guard moves.", who=e["who"]),
        "exit_skip": lambda: _("A player left from floor %(floor)s: its bouncer skips this turn.", floor=e.floor),
        "exited": lambda: _("%(who)s left from floor %(floor)s: that bouncer skips his next turn.", who=e["who"],
                            floor=e.floor),
        "no_bouncer_commotion": lambda: _("No bouncer on floor %(floor)s to hear the commotion.", floor=e.floor),
        "card_skip": lambda: _("The floor-%(floor)s bouncer skips this move (gear or an event card).",
                               floor=e.floor),
    }[e.how]()


def _event(e: _E) -> str:
    return {
        "espresso": lambda: _("Espresso: this turn's guard moves one more."),
        "daydreaming": lambda: _("Daydreaming: this turn's guard moves one fewer."),
        "jump_the_gun": lambda: _("Jump the Gun: the next player's turn, guard move included, is skipped."),
        "shift_change": lambda: _("Shift Change: the floor-%(floor)s guard stays; the guards of %(others)s move.",
                                  floor=e.floor, others=_floors(list(e["others"] or []))),
        "squeak": lambda: _("Squeak!: the guard takes one step toward %(square)s.", square=e.square),
        "emp": lambda: _("E.M.P.: no alarm can go off anywhere until its user's next turn."),
        "emp_over": lambda: _("The E.M.P. wears off: alarms can go off again."),
        "go_with_your_gut": lambda: _("Go with your Gut: after her actions %(who)s must move into %(square)s, as "
                                      "with one action.", who=e["who"], square=e.square),
    }[e.how]()


def _set(e: _E) -> str:
    if e.how == "die":
        return _("The floor-%(floor)s die set to %(value)s by the table.", floor=e.floor, value=e["value"])
    if e.how == "on_room":
        what = _("counting cubes") if e["what"] == "cubes" else _("workers")
        return _("%(square)s on floor %(floor)s now holds %(value)s %(what)s.", square=e.square, floor=e.floor,
                 value=e["value"], what=what)
    if e.how == "room_tokens":
        return _("%(square)s on floor %(floor)s now holds %(value)s Stealth tokens.", square=e.square, floor=e.floor,
                 value=e["value"])
    if e.how == "geared":
        if e["geared"]:
            return _("%(who)s is geared.", who=e["who"])
        return _("%(who)s is disguised.", who=e["who"])
    what = _("heat") if e.how == "heat" else _("Stealth")
    return _("%(who)s's %(what)s set to %(value)s by the table.", who=e["who"], what=what, value=e["value"])


def _suspicion(e: _E) -> str:
    return {
        "added": lambda: _("The floor-%(floor)s guard grows more suspicious.", floor=e.floor),
        "removed": lambda: _("A suspicion cube leaves floor %(floor)s: %(n)s of %(limit)s.", floor=e.floor,
                             n=e["suspicion"], limit=e["limit"]),
        "count": lambda: _("Floor %(floor)s suspicion: %(n)s of %(limit)s.", floor=e.floor, n=e["suspicion"],
                           limit=e["limit"]),
        "die_up": lambda: _("Three suspicion cubes on floor %(floor)s: the die goes from %(before)s to %(die)s.",
                            floor=e.floor, before=e["before"], die=e["die"]),
    }[e.how]()


def _layout(e: _E) -> str:
    if e["layout"] == "printed":
        return _("Walls: the job's printed layout.")
    if e["layout"] == "none":
        return _("Walls: no walls yet: tap between rooms to draw them.")
    return _("Walls: a new random layout.")


SENTENCES: dict[str, Callable[[_E], str]] = {
    "speed": _speed,
    "enter": _enter,
    "stop": lambda e: (_("The floor-%(floor)s %(figure)s stops in %(square)s.", floor=e.floor, figure=e.figure,
                         square=e.square) if e.square else
                       _("The floor-%(floor)s %(figure)s is off the board.", floor=e.floor, figure=e.figure)),
    "arrive": lambda e: (_("The die is on the guard's own square: he has arrived.") if e.how == "own_square" else
                         _("The floor-%(floor)s %(figure)s reaches his destination %(square)s.", floor=e.floor,
                           figure=e.figure, square=e.square)),
    "return": lambda e: _("The floor-%(floor)s guard comes back after Lost Visual.", floor=e.floor),
    "lost": lambda e: _("Lost Visual: the floor-%(floor)s guard leaves the board until he next moves.", floor=e.floor),
    "appear": lambda e: _("The floor-%(floor)s %(figure)s appears in %(square)s.", floor=e.floor, figure=e.figure,
                          square=e.square),
    "hunt": lambda e: {
        "toward": lambda: ngettext("The floor-%(floor)s bouncer hunts toward %(square)s (%(num)s step).",
                                   "The floor-%(floor)s bouncer hunts toward %(square)s (%(num)s steps).",
                                   int(e["steps"] or 0), floor=e.floor, square=e.square),
        "starts": lambda: _("The floor-%(floor)s patrol deck is empty: the bouncer starts hunting.", floor=e.floor),
        "stays": lambda: _("The hunting bouncer starts his turn with players in %(square)s: they gain heat and he "
                           "stays.", square=e.square),
    }[e.how](),
    "idle": _idle,
    "donuts": lambda e: (_("The floor-%(floor)s guard eats the Donuts and does not move this time.", floor=e.floor)
                         if e.how == "eaten" else
                         _("Donuts for the floor-%(floor)s guard: he skips his next move.", floor=e.floor)),
    "crow": lambda e: {
        "lands": lambda: _("%(who)s's crow lands in %(square)s.", who=e["who"], square=e.square),
        "holds": lambda: ngettext("The crow in %(crow)s holds the guard: he has %(num)s move left and needs "
                                  "%(cost)s.", "The crow in %(crow)s holds the guard: he has %(num)s moves left "
                                  "and needs %(cost)s.", int(e["left"] or 0), crow=e["crow"], cost=e["cost"]),
        "flies_back": lambda: _("The floor-%(floor)s guard starts on the crow with no alarm on the floor: he stays "
                                "put and the crow flies back.", floor=e.floor),
        "slows": lambda: _("The crow in %(square)s distracts the guard: he loses one move.", square=e.square),
    }[e.how](),
    "destination": _die_move,
    "draw": lambda e: _("Floor %(floor)s patrol card: %(card)s (%(left)s left in the deck).", floor=e.floor,
                        card=card_name(str(e["card"])), left=e["left"]),
    "redraw": _redraw,
    "reshuffle": lambda e: _("The floor-%(floor)s patrol deck is empty: it is reshuffled, %(aside)s cards set aside "
                             "unseen, %(left)s in the deck; the die now shows %(die)s.", floor=e.floor,
                             aside=e["aside"], left=e["left"], die=e["die"]),
    "speed_up": lambda e: _("Safe cracked on floor %(safe)s: the floor-%(floor)s die goes from %(before)s to "
                            "%(die)s.", safe=e["safe_floor"], floor=e.floor, before=e["before"], die=e["die"]),
    "alarm": _alarm,
    "alarm_blocked": lambda e: {
        "emp": lambda: _("E.M.P.: no alarm can go off in %(square)s.", square=e.square),
        "guard": lambda: _("No alarm in %(square)s: the guard is standing there.", square=e.square),
        "already": lambda: _("%(square)s already has an alarm token.", square=e.square),
    }[e.how](),
    "alarm_off": _alarm_off,
    "hack": lambda e: (
        (_("The Hacker's own hack token cancels the alarm in %(square)s.", square=e.square)
         if e["computer"] == "hacker" else
         _("A %(computer)s hack token cancels the alarm in %(square)s: %(left)s left.",
           computer=computer_name(str(e["computer"])), square=e.square, left=e["left"])) if e.how == "cancel" else
        ngettext("The Hacker's card now holds %(num)s hack token.", "The Hacker's card now holds %(num)s hack tokens.",
                 int(e["count"] or 0)) if e["computer"] == "hacker" else
        ngettext("The %(computer)s computer now holds %(num)s hack token.",
                 "The %(computer)s computer now holds %(num)s hack tokens.", int(e["count"] or 0),
                 computer=computer_name(str(e["computer"])))),
    "camera": lambda e: {
        "guard_sees": lambda: _("The camera in %(camera)s (floor %(camera_floor)s) sees %(who)s on the camera in "
                                "%(square)s (floor %(floor)s).", camera=e["camera"], camera_floor=e["camera_floor"],
                                who=e["who"], square=e.square, floor=e.floor),
        "burglar_steps": lambda: _("%(who)s steps onto a camera while the floor-%(camera_floor)s guard stands on the "
                                   "camera in %(camera)s.", who=e["who"], camera_floor=e["camera_floor"],
                                   camera=e["camera"]),
        "switched": lambda: (_("The camera in %(square)s is off.", square=e.square) if e["off"] else
                             _("The camera in %(square)s is on again.", square=e.square)),
    }[e.how](),
    "stealth": _stealth,
    "caught": lambda e: (_("%(who)s reached %(limit)s heat: the team loses.", who=e["who"], limit=e["limit"])
                         if e.how == "heat" else
                         _("%(who)s carries a Prima Donna into the bouncer's company in %(square)s: the team "
                           "loses.", who=e["who"], square=e.square) if e.how == "prima_donna" else
                         _("%(who)s has no Stealth left and is caught (%(why)s): the team loses.", who=e["who"],
                           why=cause(e["why"], e.d))),
    "heat": lambda e: _("%(who)s gains %(gained)s heat (%(why)s): %(heat)s of %(limit)s.", who=e["who"],
                        gained=e["gained"], why=cause(e["why"], e.d, "bouncer"), heat=e["heat"], limit=e["limit"]),
    "move": lambda e: (_("%(who)s moves to %(square)s on floor %(floor)s (%(way)s).", who=e["who"], square=e.square,
                         floor=e.floor, way=VIA[e["via"]]()) if e["via"] in VIA else
                       _("%(who)s moves to %(square)s on floor %(floor)s.", who=e["who"], square=e.square,
                         floor=e.floor)),
    "place": lambda e: (_("The floor-%(floor)s guard is put on %(square)s, where the board shows him.", floor=e.floor,
                          square=e.square) if e.how == "guard" else
                        _("%(who)s is placed in %(square)s on floor %(floor)s.", who=e["who"], square=e.square,
                          floor=e.floor)),
    "entrance": lambda e: _("The crew breaks in through %(square)s on floor 1.", square=e.square),
    "escape": lambda e: _("%(who)s gets out of the building.", who=e["who"]),
    "won": lambda e: _("Everyone is out: the heist is a success!"),
    "turn": lambda e: _("%(who)s's turn.", who=e["who"]),
    "skip": lambda e: _("Jump the Gun: %(who)s's turn is skipped.", who=e["who"]),
    "loot": lambda e: (_("%(who)s carries the %(loot)s.", who=e["who"], loot=loot_name(str(e["loot"])))
                       if e.how == "takes" else
                       _("%(who)s no longer carries the %(loot)s.", who=e["who"], loot=loot_name(str(e["loot"])))),
    "set": _set,
    "answer": lambda e: _("The table chose %(choice)s.", choice=card_name(str(e["choice"] or e.square))),
    "reveal": lambda e: _("%(square)s on floor %(floor)s, face up: %(room)s.", square=e.square, floor=e.floor,
                          room=room_name(str(e["type"]))),
    "wall": lambda e: (_("Wall %(wall)s on floor %(floor)s put up.", wall=e["wall"], floor=e.floor) if e["on"] else
                       _("Wall %(wall)s on floor %(floor)s taken down.", wall=e["wall"], floor=e.floor)),
    "layout": _layout,
    "wall_removed": lambda e: _("Dynamite blows the wall %(wall)s: guards path around it no more.", wall=e["wall"]),
    "event": _event,
    "no_effect": _no_effect,
    "spotter": lambda e: {
        "bottom": lambda: _("Spotter: the top floor-%(floor)s patrol card goes to the bottom.", floor=e.floor),
        "top": lambda: _("Spotter: the top floor-%(floor)s patrol card stays on top.", floor=e.floor),
        "look": lambda: _("%(who)s, the Spotter, looks at the top floor-%(floor)s patrol card.", who=e["who"],
                          floor=e.floor),
    }[e.how](),
    "modifier": lambda e: (_("Espresso: the floor-%(floor)s guard moves one more this turn.", floor=e.floor)
                           if e.how == "espresso" else
                           _("Daydreaming: the floor-%(floor)s guard moves one fewer this turn.", floor=e.floor)),
    "tool": lambda e: (_("%(who)s takes the %(tool)s.", who=e["who"], tool=tool_name(str(e["tool"])))
                       if e.how == "takes" else
                       _("%(who)s no longer holds the %(tool)s.", who=e["who"], tool=tool_name(str(e["tool"])))),
    "enters": lambda e: _("%(who)s enters the building in %(square)s.", who=e["who"], square=e.square),
    "fall": lambda e: _("%(who)s falls to %(square)s on floor %(floor)s (not entering the room).", who=e["who"],
                        square=e.square, floor=e.floor),
    "put": lambda e: _("%(card)s: %(who)s is put in %(square)s on floor %(floor)s (not entering the room).",
                       card=card_title(str(e["card"])), who=e["who"], square=e.square, floor=e.floor),
    "stealth_change": lambda e: (
        _("%(card)s: %(who)s gains 1 Stealth: %(n)s now.", card=card_title(str(e["card"])), who=e["who"],
          n=e["stealth"]) if int(e["change"] or 0) > 0 else
        _("%(card)s: %(who)s discards 1 Stealth: %(n)s left.", card=card_title(str(e["card"])), who=e["who"],
          n=e["stealth"])),
    "jammer": lambda e: _("The Hacker's Jammer: no %(room)s alarm while %(hacker)s is in %(square)s.",
                          room=room_name(str(e["room"])), hacker=e["hacker"], square=e.square),
    "laser_action": lambda e: _("%(who)s spends an extra action to cross the Laser in %(square)s: no alarm.",
                                who=e["who"], square=e.square),
    "isotope": lambda e: _("%(who)s carries the Isotope into the Thermo in %(square)s.", who=e["who"],
                           square=e.square),
    "thermo": lambda e: _("%(who)s ends her actions in the Thermo in %(square)s.", who=e["who"], square=e.square),
    "chihuahua": lambda e: _("%(who)s's Chihuahua barks (a 6).", who=e["who"]),
    "deadbolt": lambda e: (
        _("%(square)s is a Deadbolt and %(who)s moved in without peeking: she cannot pay its 3 actions now, so she "
          "stays in %(at)s (the action is spent).", square=e.square, who=e["who"], at=e["at"])
        if e.how == "unpeeked" else
        _("Go with your Gut counts as one action, not enough for the Deadbolt in %(square)s: %(who)s stays in "
          "%(at)s.", square=e.square, who=e["who"], at=e["at"])),
    "keypad": lambda e: (
        _("%(who)s gets into the Keypad in %(square)s.", who=e["who"], square=e.square) if e.how == "opens" else
        _("%(who)s misses the Keypad's code in %(square)s and stays in %(at)s.", who=e["who"], square=e.square,
          at=e["at"])),
    "video_loop": lambda e: (_("Video Loop: every camera is off until %(who)s's next turn.", who=e["who"])
                             if e.how == "on" else _("The Video Loop ends: the cameras are on again.")),
    "time_lock": lambda e: (_("Time Lock: nobody goes up or down by the Stairs or a Thermal Bomb hole until %(who)s's "
                              "next turn.", who=e["who"])
                            if e.how == "on" else _("The Time Lock ends: the Stairs are open again.")),
    "gymnastics": lambda e: (_("Gymnastics: anyone may move into a Walkway from the room below it until %(who)s's "
                               "next turn.", who=e["who"])
                             if e.how == "on" else _("Gymnastics ends: no more climbing into a Walkway from below.")),
    "card": lambda e: {
        "thermal_bomb": lambda: (_("%(who)s sets off a Thermal Bomb in %(square)s: its hole to floor %(to)s is "
                                   "Stairs for everyone from now on.", who=e["who"], square=e.square, to=e["to_floor"])
                                 if e["to_floor"] else
                                 _("%(who)s sets off a Thermal Bomb in %(square)s.", who=e["who"], square=e.square)),
        "invisible_suit": lambda: _("%(who)s puts on the Invisible Suit for this turn.", who=e["who"]),
        "smoke_bomb": lambda: _("%(who)s's Smoke Bomb fills %(square)s: %(n)s Stealth tokens lie there.",
                                who=e["who"], square=e.square, n=e["count"]),
        "crowbar": lambda: _("%(who)s's Crowbar disables %(square)s for good.", who=e["who"], square=e.square),
        "virus": lambda: _("Virus: %(tokens)s.", tokens=", ".join(
            _("%(n)s on the %(computer)s computer", n=n, computer=computer_name(k))
            for k, n in (e["tokens"] or {}).items())),
        "reboot": lambda: _("Reboot: every revealed computer now holds 1 hack token."),
        "dead_drop": lambda: _("Dead Drop: %(who)s hands every tool and loot card to %(to)s.", who=e["who"],
                               to=e["to"]),
        "rook_swap": lambda: _("The Rook's Disguise: %(who)s and %(buddy)s trade places (neither enters a room).",
                               who=e["who"], buddy=e["buddy"]),
        "roof": lambda: _("Freight Elevator: the crew holds all the loot, so %(who)s escapes to the roof from "
                          "%(square)s.", who=e["who"], square=e.square),
        "peterman": lambda: _("The Peterman (advanced): %(who)s cracks the Safe on floor %(floor)s from floor "
                              "%(on)s; her floor and those below speed up.", who=e["who"], floor=e.floor, on=e["on"]),
    }[e.how](),
    "kitty": lambda e: (_("The Persian Kitty runs from %(who)s to %(square)s: nobody holds it now.", who=e["who"],
                          square=e.square) if e.how == "runs" else
                        _("%(who)s picks up the Persian Kitty in %(square)s.", who=e["who"], square=e.square)),
    "commotion": lambda e: ngettext("The bouncer heads %(num)s step toward the commotion at once.",
                                    "The bouncer heads %(num)s steps toward the commotion at once.",
                                    int(e["steps"] or 1)),
    "undercover": lambda e: _("Undercover chip in %(square)s: the bouncer jumps there.", square=e.square),
    "crowd": lambda e: {
        "on": lambda: _("A Crowd chip lies in %(square)s.", square=e.square),
        "off": lambda: _("A Crowd chip no longer lies in %(square)s.", square=e.square),
        "covers": lambda: _("The Crowd in %(square)s covers %(names)s; the chip is discarded.", square=e.square,
                            names=", ".join(e["names"] or [])),
    }[e.how](),
    "cube": lambda e: (_("Surveillance in %(square)s: counting cube %(count)s of %(limit)s.", square=e.square,
                         count=e["count"], limit=e["limit"]) if e.how == "surveillance" else
                       _("%(who)s enters the Buffet in %(square)s: counting cube %(count)s of %(limit)s.",
                         who=e["who"], square=e.square, count=e["count"], limit=e["limit"])),
    "surveillance": lambda e: _("Surveillance is full: everyone on floor %(floor)s gains heat.", floor=e.floor),
    "buffet": lambda e: _("The Buffet is full: its cubes go back and it makes a commotion in %(square)s.",
                          square=e.square),
    "suspicion": _suspicion,
    "worker": lambda e: {
        "joins": lambda: _("Worker card: a worker joins the guard in %(square)s; draw again.", square=e.square),
        "move": lambda: _("Worker card: the workers move as it shows; draw again."),
        "flee": lambda: ngettext("%(who)s is geared: %(num)s worker flees from %(source)s to %(square)s.",
                                 "%(who)s is geared: %(num)s workers flee from %(source)s to %(square)s.",
                                 int(e["count"] or 0), who=e["who"], source=e["source"], square=e.square),
        "lure": lambda: _("%(who)s lures a worker from %(source)s to %(square)s.", who=e["who"], source=e["source"],
                          square=e.square),
        "moved": lambda: ngettext("Workers: %(num)s moves from %(source)s to %(square)s.",
                                  "Workers: %(num)s move from %(source)s to %(square)s.", int(e["count"] or 0),
                                  source=e["source"], square=e.square),
    }[e.how](),
    "guard_room": lambda e: {
        "nothing": lambda: _("The floor-%(floor)s guard walks into the guard room in %(square)s: its text does "
                             "nothing the app follows.", floor=e.floor, square=e.square),
        "suspicion": lambda: _("The floor-%(floor)s guard walks into the guard room in %(square)s: one suspicion "
                               "cube.", floor=e.floor, square=e.square),
        "stop": lambda: _("The floor-%(floor)s guard walks into the guard room in %(square)s: his turn ends "
                          "there.", floor=e.floor, square=e.square),
    }[e.how](),
    "scan": lambda e: (_("%(who)s draws a Scan while making workers flee: an alarm in %(square)s.", who=e["who"],
                         square=e.square) if e.how == "flee" else
                       _("%(who)s draws a Scan while charming: the floor-%(floor)s guard grows more suspicious.",
                         who=e["who"], floor=e.floor)),
    "slots": lambda e: (_("%(who)s plays the Slots in %(square)s: a commotion there.", who=e["who"],
                          square=e.square) if e.how == "commotion" else
                        _("%(who)s plays the Slots in %(square)s, but %(by)s stands in its row or column: no "
                          "commotion.", who=e["who"], square=e.square, by=", ".join(e["by"] or []))),
    "table_games": lambda e: (_("%(who)s rolls %(total)s at the Table Games: 1 heat less, %(heat)s now.",
                                who=e["who"], total=e["total"], heat=e["heat"]) if e.how == "lucky" else
                              _("%(who)s rolls %(total)s at the Table Games in %(square)s: a commotion there.",
                                who=e["who"], total=e["total"], square=e.square)),
    "count_room": lambda e: _("%(who)s ends the turn in the Count Room in %(square)s: a commotion there.",
                              who=e["who"], square=e.square),
    "jump": lambda e: (_("Prima Donna: %(who)s jumps to %(square)s on floor %(floor)s (not walking in).",
                         who=e["who"], square=e.square, floor=e.floor) if e.how == "prima_donna" else
                       _("Revolving Door: %(who)s jumps to %(square)s on floor %(floor)s (not walking in).",
                         who=e["who"], square=e.square, floor=e.floor) if e.how == "revolving_door" else
                       _("Drunk: %(who)s lands in %(square)s on floor %(floor)s (not walking in).", who=e["who"],
                         square=e.square, floor=e.floor)),
    "said": lambda e: _("%(who)s walked into %(square)s before it was turned up: what it does on entering "
                        "happens now.", who=e["who"], square=e.square),
    "prima_donna": lambda e: ngettext("%(who)s now carries %(num)s Prima Donna.",
                                      "%(who)s now carries %(num)s Prima Donnas.", int(e["count"] or 0),
                                      who=e["who"]),
    "deck": lambda e: (_("The table's floor-%(floor)s patrol deck holds %(count)s cards now (%(before)s "
                         "before).", floor=e.floor, count=e["count"], before=e["before"]) if e.how == "set" else
                       _("The table's floor-%(floor)s patrol deck is empty.", floor=e.floor)),
    "bouncer_card": lambda e: {
        "jump": lambda: _("Gear or an event card: the floor-%(floor)s bouncer jumps to %(square)s.", floor=e.floor,
                          square=e.square),
        "marker": lambda: _("Gear or an event card: the floor-%(floor)s destination marker goes to %(square)s.",
                            floor=e.floor, square=e.square),
        "skip": lambda: _("Gear or an event card: the floor-%(floor)s bouncer skips his next move.", floor=e.floor),
        "swap": lambda: _("Gear or an event card changes his destination: the floor-%(floor)s marker goes to "
                          "%(square)s.", floor=e.floor, square=e.square),
    }[e.how](),
}


def sentence(entry: LogEntry) -> str:
    """The entry in plain words. An entry the upgrade could not turn into data keeps its old text."""
    if entry.text is not None:
        return entry.text
    kind = entry.kind
    say = SENTENCES.get(kind)
    if say is None:
        return kind.replace("_", " ")
    return say(_E(entry))
