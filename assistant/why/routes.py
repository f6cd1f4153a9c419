"""Why the guard stepped where he did: the shortest way, and at a fork the tie-break that chose it.

The step's log entry names where he came from, where he was heading and, at a fork, the branches and
the reason (pathing.Fork). The routes are drawn again from the floor's walls with the same
``pathing.explain`` the engine walks by, so the picture is the engine's own answer.
"""

from __future__ import annotations

from ..engine.board import Floorplan
from ..engine.errors import RulesError
from ..engine.pathing import Fork, RouteExplanation, explain
from ..render import Mark, Route, explanation_overlays
from ..render.loops import fork_loop
from ..words import sentence as say
from .model import Picture, RouteChoice, SandboxSpot, Why
from .moment import Moment, and_list, count_word, steps
from .rules import rule_text

DIRECTIONS = {"D": "down", "L": "left", "R": "right", "U": "up"}
BEARINGS = {"DL": "down and to the left", "DR": "down and to the right", "LU": "up and to the left",
            "RU": "up and to the right", "D": "straight down", "L": "straight to the left",
            "R": "straight to the right", "U": "straight up"}
CAUSES = {"switch_signs": "Switch Signs", "where_is_he": "Where Is He?", "undercover": "The Undercover chip"}
READING_NAMES = {"rulebook": "the rulebook's clockwise rule", "bga": "the BGA-compatible reading"}
TIEBREAK_SWITCH = ("Tie-break reading, chosen when the heist is set up: the rulebook's clockwise rule (the "
                   "default) or the BGA-compatible reading. This heist uses {}.")


def explain_step(m: Moment) -> Why:
    """A guard's step: a walk, a Squeak! step, or a jump put on him by a card."""
    data, floor, square = m.data, m.floor, m.square
    assert floor is not None and square is not None
    start = data.get("came_from") or (data.get("fork") or {}).get("at") or _previous_room(m, floor)
    toward = data.get("toward")
    if data.get("jump") or not start or not toward:
        return _jump(m, floor, square)
    reading = str((data.get("fork") or {}).get("reading") or m.before.tiebreak)
    plan = m.plan(floor)
    picture = Picture(floor, guard=start, destination=toward if data.get("to_die", True) else None)
    spot = SandboxSpot(floor, start, toward)
    try:
        exp = explain(plan, start, toward, reading)
    except RulesError:
        return Why(say(m.entry), f"The rules give no clear way out of {start} here, so the table chose "
                   f"{square}.", rule_text("§2"), ruling=True, switch=_switch(reading),
                   pictures=(picture,), sandbox=spot)
    fork = exp.forks[0] if exp.forks and exp.forks[0].at == start else None
    if fork is None or fork.chosen != square:
        return _no_choice(m, exp, square, picture, spot)
    return _fork(m, exp, fork, picture, spot)


def _previous_room(m: Moment, floor: int) -> str | None:
    """Where he stood before this step, for entries written before steps carried ``came_from``."""
    earlier = Moment(m.log, m.index - 1, m.before, m.action) if m.index > 0 else None
    return earlier.guard_at(floor) if earlier else m.before.floors[floor].guard


def _switch(reading: str) -> str:
    return TIEBREAK_SWITCH.format(READING_NAMES.get(reading, reading))


def _no_choice(m: Moment, exp: RouteExplanation, square: str, picture: Picture, spot: SandboxSpot) -> Why:
    start, toward = exp.start, exp.destination
    if exp.distance == 1:
        sentence = f"{toward} is right next to {start} with no wall between, so he steps straight in."
    else:
        sentence = (f"From {start} the shortest way to {toward} is {steps(exp.distance)}, and {square} is the "
                    f"only room next door that is one step nearer, so he goes there.")
    later = [f.at for f in exp.forks]
    if later:
        sentence += (f" There are {exp.tied_routes} equally short routes, but they only split later, at "
                     f"{and_list(later)}; each split is explained on that step.")
    route = Route((start, *exp.route), "chosen", label=f"his way to {toward}")
    drawn = Picture(picture.floor, picture.guard, picture.destination, routes=(route,))
    return Why(say(m.entry), sentence, rule_text("1.3"), pictures=(drawn,), sandbox=spot)


def _fork(m: Moment, exp: RouteExplanation, fork: Fork, picture: Picture, spot: SandboxSpot) -> Why:
    plan = m.plan(picture.floor)
    overlays, marks = explanation_overlays(exp, plan, forks="first", whole=True)
    chosen = Route(overlays[0].rooms, "chosen", label=f"his route, via {overlays[0].rooms[1]}")
    rejected = [Route(r.rooms, "rejected", label=f"as short, not taken: via {r.rooms[1]}") for r in overlays[1:]]
    others = [b.first for b in fork.branches if b.first != fork.chosen]
    if fork.reading == "bga":
        sentence, extra = _bga_sentence(exp, fork, others, plan), []
    else:
        sentence = _loop_sentence(exp, fork, others)
        extra = _loop_overlay(fork, plan) if len(others) == 1 else []
    routes = tuple(r for r in extra if isinstance(r, Route)) + (chosen, *rejected)
    drawn = Picture(picture.floor, picture.guard, picture.destination, routes=routes,
                    marks=tuple(marks) + tuple(x for x in extra if isinstance(x, Mark)))
    choice = RouteChoice(chosen.rooms, tuple(r.rooms for r in rejected), fork.at, fork.meet, fork.reading)
    rule = rule_text("§2.2" if fork.reading == "bga" else "§2")
    return Why(say(m.entry), sentence, rule, ruling=True, switch=_switch(fork.reading), pictures=(drawn,),
               route=choice, sandbox=spot)


def _opening(exp: RouteExplanation, fork: Fork, others: list[str]) -> str:
    ways = [fork.chosen, *others]
    via = and_list([f"via {w}" for w in ways])
    if exp.tied_routes == len(ways):
        opening = f"{count_word(len(ways))} routes of {exp.distance} steps: {via}."
    else:
        opening = (f"{count_word(exp.tied_routes)} routes of {exp.distance} steps lead from {exp.start} to "
                   f"{exp.destination}; here they split {via}.")
    if fork.meet != exp.destination:
        opening += f" Following each one the guard's own way, they meet again in {fork.meet}."
    return opening


def _loop_sentence(exp: RouteExplanation, fork: Fork, others: list[str]) -> str:
    if len(others) == 1:
        reason = (f" Drawn together they make a loop; going out through {fork.chosen} runs it clockwise, so he "
                  f"goes through {fork.chosen}.")
    else:
        reason = (f" Any two of them drawn together make a loop; going out through {fork.chosen} runs "
                  f"clockwise against each of the others, so he goes through {fork.chosen}.")
    return _opening(exp, fork, others) + reason


def _bga_sentence(exp: RouteExplanation, fork: Fork, others: list[str], plan: Floorplan) -> str:
    here = plan.coords[plan.index[fork.at]]

    def heading(room: str) -> str:
        x, y = plan.coords[plan.index[room]]
        return {(0, 1): "D", (-1, 0): "L", (1, 0): "R", (0, -1): "U"}[(x - here[0], y - here[1])]

    leaves = and_list([f"{DIRECTIONS[heading(b)]} ({b})" for b in (fork.chosen, *others)])
    bearing = BEARINGS.get(fork.bearing, fork.bearing)
    pick = DIRECTIONS[heading(fork.chosen)]
    sentence = (_opening(exp, fork, others) + f" This heist uses the BGA-compatible reading, which settles a split "
                f"with a fixed table instead of the loop: from {fork.at} the branches leave {leaves}, and "
                f"{fork.meet}, where they meet again, lies {bearing}. The table's answer for that is {pick}, so "
                f"he goes through {fork.chosen}.")
    try:
        rulebook = explain(plan, exp.start, exp.destination, "rulebook").route[0]
    except RulesError:
        return sentence
    if rulebook == fork.chosen:
        return sentence + " The rulebook's clockwise rule would go the same way."
    return sentence + f" The rulebook's clockwise rule would go through {rulebook} instead."


def _loop_overlay(fork: Fork, plan: Floorplan) -> list[Route | Mark]:
    """The loop the two branches close, lightly filled, with a round arrow showing the way round."""
    loop = fork_loop(fork, plan)
    if loop is None:
        return []
    return [Route(loop.rooms, "loop", closed=True, offset=0, arrows=False), Mark(loop.way, loop.centre, radius=0.3)]


def _jump(m: Moment, floor: int, square: str) -> Why:
    """He did not walk: an event card or a chip put him there."""
    name = str(m.action.get("name") or m.action.get("do") or "")
    what = CAUSES.get(name, "A card")
    rule = m.entry.get("rule") or "1.21"
    if rule == "1.3":
        rule = "bb2 Undercover" if name == "undercover" else "1.21"
    if rule == "bb3 Jumping":
        tail = "In Burgle Bros 3 a jump does not trigger anything in the room he lands in."
    else:
        tail = ("It still counts as entering: anyone there loses Stealth, an alarm there is switched off and a "
                "camera there starts watching.")
    sentence = f"{what} puts the guard straight into {square}; he does not walk there. {tail}"
    return Why(say(m.entry), sentence, rule_text(str(rule)), ruling=bool(m.entry.get("ruling")),
               pictures=(Picture(floor, guard=square, destination=m.die_at(floor)),))
