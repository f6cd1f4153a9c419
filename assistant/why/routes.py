"""Why the guard stepped where he did: the shortest way, and at a fork the tie-break that chose it.

The step's log entry names where he came from, where he was heading and, at a fork, the branches and
the reason (pathing.Fork). The routes are drawn again from the floor's walls with the same
``pathing.explain`` the engine walks by, so the picture is the engine's own answer.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.bb1.vocabulary import Event
from ..engine.board import Floorplan
from ..engine.errors import RulesError
from ..engine.pathing import Fork, RouteExplanation, explain
from ..render import Mark, Route, explanation_overlays
from ..render.loops import fork_loop
from ..words import sentence as say
from ..words.i18n import N_, _
from ..words.names import card_title
from .model import Picture, RouteChoice, SandboxSpot, Why
from .moment import Moment, and_list, count_word, steps
from .rules import rule_text

# the words of the BGA reading's table, translated where they are said
DIRECTIONS = {"D": N_("down"), "L": N_("left"), "R": N_("right"), "U": N_("up")}
BEARINGS = {"DL": N_("down and to the left"), "DR": N_("down and to the right"), "LU": N_("up and to the left"),
            "RU": N_("up and to the right"), "D": N_("straight down"), "L": N_("straight to the left"),
            "R": N_("straight to the right"), "U": N_("straight up")}
READING_NAMES = {"rulebook": N_("the rulebook's clockwise rule"), "bga": N_("the BGA-compatible reading")}


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
        return Why(say(m.entry), _("The rules give no clear way out of %(start)s here, so the table chose "
                                   "%(square)s.", start=start, square=square), rule_text("§2"), ruling=True,
                   switch=_switch(reading), pictures=(picture,), sandbox=spot)
    fork = exp.forks[0] if exp.forks and exp.forks[0].at == start else None
    if fork is None or fork.chosen != square:
        return _no_choice(m, exp, square, picture, spot)
    return _fork(m, exp, fork, picture, spot)


def _previous_room(m: Moment, floor: int) -> str | None:
    """Where he stood before this step, for entries written before steps carried ``came_from``."""
    earlier = replace(m, index=m.index - 1) if m.index > 0 else None
    return earlier.guard_at(floor) if earlier else m.before.floors[floor].guard


def _switch(reading: str) -> str:
    name = _(READING_NAMES[reading]) if reading in READING_NAMES else reading
    return _("Tie-break reading, chosen when the heist is set up: the rulebook's clockwise rule (the default) or "
             "the BGA-compatible reading. This heist uses %(reading)s.", reading=name)


def _cause(name: str) -> str:
    """What put the guard somewhere without walking: a card by its printed name, or the Undercover chip."""
    if name == "undercover":
        return _("The Undercover chip")
    if name in ("switch_signs", "where_is_he"):
        return card_title(name.replace("_", "-"))
    return _("A card")


def _no_choice(m: Moment, exp: RouteExplanation, square: str, picture: Picture, spot: SandboxSpot) -> Why:
    start, toward = exp.start, exp.destination
    if exp.distance == 1:
        sentence = _("%(toward)s is right next to %(start)s with no wall between, so he steps straight in.",
                     toward=toward, start=start)
    else:
        sentence = _("From %(start)s the shortest way to %(toward)s is %(steps)s, and %(square)s is the only room "
                     "next door that is one step nearer, so he goes there.", start=start, toward=toward,
                     steps=steps(exp.distance), square=square)
    later = [f.at for f in exp.forks]
    if later:
        sentence += " " + _("There are %(n)s equally short routes, but they only split later, at %(at)s; each split "
                            "is explained on that step.", n=exp.tied_routes, at=and_list(later))
    route = Route((start, *exp.route), "chosen", label=_("his way to %(square)s", square=toward))
    drawn = Picture(picture.floor, picture.guard, picture.destination, routes=(route,))
    return Why(say(m.entry), sentence, rule_text("1.3"), pictures=(drawn,), sandbox=spot)


def _fork(m: Moment, exp: RouteExplanation, fork: Fork, picture: Picture, spot: SandboxSpot) -> Why:
    plan = m.plan(picture.floor)
    overlays, marks = explanation_overlays(exp, plan, forks="first", whole=True)
    chosen = Route(overlays[0].rooms, "chosen", label=_("his route, via %(square)s", square=overlays[0].rooms[1]))
    rejected = [Route(r.rooms, "rejected", label=_("as short, not taken: via %(square)s", square=r.rooms[1]))
                for r in overlays[1:]]
    others = [b.first for b in fork.branches if b.first != fork.chosen]
    sentence = fork_sentence(exp, fork, plan)
    extra = _loop_overlay(fork, plan) if fork.reading != "bga" and len(others) == 1 else []
    routes = (*tuple(r for r in extra if isinstance(r, Route)), chosen, *rejected)
    drawn = Picture(picture.floor, picture.guard, picture.destination, routes=routes,
                    marks=tuple(marks) + tuple(x for x in extra if isinstance(x, Mark)))
    choice = RouteChoice(chosen.rooms, tuple(r.rooms for r in rejected), fork.at, fork.meet, fork.reading)
    rule = rule_text("§2.2" if fork.reading == "bga" else "§2")
    return Why(say(m.entry), sentence, rule, ruling=True, switch=_switch(fork.reading), pictures=(drawn,),
               route=choice, sandbox=spot)


def fork_sentence(exp: RouteExplanation, fork: Fork, plan: Floorplan) -> str:
    """One fork of a route in words: the equally short branches and the tie-break reading that chose one."""
    others = [b.first for b in fork.branches if b.first != fork.chosen]
    return _bga_sentence(exp, fork, others, plan) if fork.reading == "bga" else _loop_sentence(exp, fork, others)


def _opening(exp: RouteExplanation, fork: Fork, others: list[str]) -> str:
    ways = [fork.chosen, *others]
    via = and_list([_("via %(square)s", square=w) for w in ways])
    if exp.tied_routes == len(ways):
        opening = _("%(count)s routes of %(steps)s steps: %(via)s.", count=count_word(len(ways)), steps=exp.distance,
                    via=via)
    else:
        opening = _("%(count)s routes of %(steps)s steps lead from %(start)s to %(end)s; here they split %(via)s.",
                    count=count_word(exp.tied_routes), steps=exp.distance, start=exp.start, end=exp.destination,
                    via=via)
    if fork.meet != exp.destination:
        opening += " " + _("Following each one the guard's own way, they meet again in %(square)s.", square=fork.meet)
    return opening


def _loop_sentence(exp: RouteExplanation, fork: Fork, others: list[str]) -> str:
    if len(others) == 1:
        reason = _("Drawn together they make a loop; going out through %(square)s runs it clockwise, so he goes "
                   "through %(square)s.", square=fork.chosen)
    else:
        reason = _("Any two of them drawn together make a loop; going out through %(square)s runs clockwise against "
                   "each of the others, so he goes through %(square)s.", square=fork.chosen)
    return _opening(exp, fork, others) + " " + reason


def _bga_sentence(exp: RouteExplanation, fork: Fork, others: list[str], plan: Floorplan) -> str:
    here = plan.coords[plan.index[fork.at]]

    def heading(room: str) -> str:
        x, y = plan.coords[plan.index[room]]
        return {(0, 1): "D", (-1, 0): "L", (1, 0): "R", (0, -1): "U"}[(x - here[0], y - here[1])]

    leaves = and_list([_("%(direction)s (%(square)s)", direction=_(DIRECTIONS[heading(b)]), square=b)
                       for b in (fork.chosen, *others)])
    bearing = _(BEARINGS[fork.bearing]) if fork.bearing in BEARINGS else fork.bearing
    pick = _(DIRECTIONS[heading(fork.chosen)])
    sentence = _opening(exp, fork, others) + " " + _(
        "This heist uses the BGA-compatible reading, which settles a split with a fixed table instead of the loop: "
        "from %(at)s the branches leave %(leaves)s, and %(meet)s, where they meet again, lies %(bearing)s. The "
        "table's answer for that is %(pick)s, so he goes through %(square)s.", at=fork.at, leaves=leaves,
        meet=fork.meet, bearing=bearing, pick=pick, square=fork.chosen)
    try:
        rulebook = explain(plan, exp.start, exp.destination, "rulebook").route[0]
    except RulesError:
        return sentence
    if rulebook == fork.chosen:
        return sentence + " " + _("The rulebook's clockwise rule would go the same way.")
    return sentence + " " + _("The rulebook's clockwise rule would go through %(square)s instead.", square=rulebook)


def _loop_overlay(fork: Fork, plan: Floorplan) -> list[Route | Mark]:
    """The loop the two branches close, lightly filled, with a round arrow showing the way round."""
    loop = fork_loop(fork, plan)
    if loop is None:
        return []
    return [Route(loop.rooms, "loop", closed=True, offset=0, arrows=False), Mark(loop.way, loop.centre, radius=0.3)]


def _jump(m: Moment, floor: int, square: str) -> Why:
    """He did not walk: an event card or a chip put him there."""
    name = m.action.name if isinstance(m.action, Event) else m.action.do if m.action else ""
    rule = m.entry.rule or "1.21"
    if rule == "1.3":
        rule = "bb2 Undercover" if name == "undercover" else "1.21"
    if rule == "bb3 Jumping":
        tail = _("In Burgle Bros 3 a jump does not trigger anything in the room he lands in.")
    else:
        tail = _("It still counts as entering: anyone there loses Stealth, an alarm there is switched off and a "
                 "camera there starts watching.")
    sentence = _("%(what)s puts the guard straight into %(square)s; he does not walk there.", what=_cause(name),
                 square=square) + " " + tail
    return Why(say(m.entry), sentence, rule_text(rule), ruling=m.entry.ruling,
               pictures=(Picture(floor, guard=square, destination=m.die_at(floor)),))
