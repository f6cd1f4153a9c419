"""Why the other automatic decisions went the way they did: speed, the die's next room, patrol cards,
reshuffles, lost Stealth, cameras. Each reads the numbers the engine logged with the entry."""

from __future__ import annotations

from ..render import Mark
from ..words import sentence as say
from ..words.log import cause
from .model import Picture, Why
from .moment import Moment, and_list, steps
from .rules import rule_text


def _why(m: Moment, sentence: str, rule: str | None = None, **kw: object) -> Why:
    entry = m.entry
    return Why(say(entry), sentence, rule_text(rule or entry.get("rule", "")), ruling=bool(entry.get("ruling")),
               **kw)  # type: ignore[arg-type]


def speed(m: Moment) -> Why:
    """Die plus alarms (1.2), a fixed three for a bouncer, with Espresso or Daydreaming on top."""
    d, floor = m.data, m.floor or 1
    moves, bonus = d.get("moves", 0), d.get("bonus", 0)
    extra = ""
    if bonus:
        extra = f", {'plus' if bonus > 0 else 'minus'} {abs(bonus)} for {'Espresso' if bonus > 0 else 'Daydreaming'}"
    if "die" not in d:
        return _why(m, f"A bouncer always takes {moves - bonus} steps, whatever is on the board{extra}: he moves "
                    f"{moves}.", facts=(("Moves", str(moves)),))
    die, alarms = d["die"], d.get("alarms", 0)
    squares: list[str] = list(d.get("alarm_squares", []))
    token = "alarm cube" if m.before.rules == "bb3" else "alarm"
    parts = f"the die shows {die}"
    if alarms:
        where = f" (in {and_list(sorted(set(squares)))})" if squares else ""
        parts += f", plus {alarms} for the {token}{'s' if alarms > 1 else ''} on his floor{where}"
    sentence = (f"He moves {moves}: {parts}{extra}. The count is made as he sets off: alarms that go off or are "
                f"switched off during his walk do not change it.")
    facts = [("Die", str(die)), (f"{token.capitalize()}s on the floor", str(alarms))]
    if bonus:
        facts.append(("This turn", f"{bonus:+d}"))
    facts.append(("Moves", str(moves)))
    marks = tuple(m.label(floor, s, "+1") for s in sorted(set(squares)))
    picture = Picture(floor, guard=m.square, destination=d.get("destination") or m.die_at(floor),
                      alarms=tuple(sorted(set(squares))), marks=marks)
    return _why(m, sentence, facts=tuple(facts), pictures=(picture,))


def destination(m: Moment) -> Why:
    """The die moves: to the nearest alarm (distances shown), to a patrol card, or by a card's text."""
    d, floor, square = m.data, m.floor or 1, m.square or ""
    distances: dict[str, int] = d.get("distances") or {}
    guard = d.get("guard") or m.guard_at(floor)
    if distances:
        best = min(distances.values())
        nearest = sorted(a for a, n in distances.items() if n == best)
        listed = "; ".join(f"{a} is {steps(n)} away" for a, n in sorted(distances.items(), key=lambda x: (x[1], x[0])))
        sentence = (f"There {'are alarms' if len(distances) > 1 else 'is an alarm'} on floor {floor}, so the die goes "
                    f"to the nearest one, counted in the steps the guard would walk from {guard} (walls count, not "
                    f"a straight line): {listed}.")
        if len(nearest) > 1:
            sentence += f" {and_list(nearest)} are equally near, so the table chose {square}."
        else:
            sentence += f" {square} is the nearest."
        marks = tuple(m.label(floor, a, steps(n), low=False) for a, n in sorted(distances.items()))
        picture = Picture(floor, guard=guard, destination=square, alarms=tuple(sorted(distances)), marks=marks)
        return _why(m, sentence, "1.9", facts=tuple((a, steps(n)) for a, n in sorted(distances.items())),
                    pictures=(picture,))
    picture = Picture(floor, guard=guard, destination=square)
    drawn = m.earlier("draw", floor=floor)
    if drawn and m.index > 0 and m.log[m.index - 1] is drawn:
        sentence = (f"No alarm is on floor {floor}, so the patrol card just drawn decides: the die goes to "
                    f"{square}.")
        return _why(m, sentence, pictures=(picture,))
    return _why(m, "", pictures=(picture,))


def draw(m: Moment) -> Why:
    """A patrol card: why one was needed, and how many are left."""
    d, floor = m.data, m.floor or 1
    card, left = d.get("card", m.square), d.get("left")
    # a reshuffle only refills the deck: what asked for the card came before it
    before = next((e.get("kind") for e in reversed(m.log[:m.index]) if e.get("kind") != "reshuffle"), None)
    after = m.later()
    if after is not None and after.get("kind") == "appear":
        need = f"The floor-{floor} guard is being put on the board: this card says where he stands."
    elif before == "appear":
        need = "He has just been placed: this card gives his first destination."
    elif before == "arrive":
        need = f"He reached his destination and no alarm is on floor {floor}, so the next card says where he goes."
    elif before == "redraw":
        need = "The card before could not be used, so the next one is drawn."
    else:
        need = f"The floor-{floor} guard needs a new destination and no alarm is on his floor to give him one."
    sentence = need + (f" {left} card{'s' if left != 1 else ''} left in the deck." if left is not None else "")
    marks = (m.label(floor, card, "card"),) if card and card in m.plan(floor).index else ()
    picture = Picture(floor, guard=m.guard_at(floor), destination=m.die_at(floor), marks=marks)
    facts = (("Card", str(card)),) + ((("Left in the deck", str(left)),) if left is not None else ())
    return _why(m, sentence, facts=facts, pictures=(picture,))


def redraw(m: Moment) -> Why:
    """A card that cannot be used is put aside and the next one drawn (our rulings)."""
    d, floor, rule = m.data, m.floor or 1, m.entry.get("rule", "")
    card = d.get("card") or m.square or "that card"
    reason = d.get("reason") or {"§3": "void", "1.13": "place"}.get(rule, "guard")
    guard = m.guard_at(floor)
    if reason == "void":
        sentence = (f"{card} is the empty square of this Fort Knox floor: nobody can stand there, so the card is "
                    "put aside and another drawn.")
    elif reason == "place":
        sentence = f"{card} cannot say where the guard appears, so the next card is drawn instead."
    else:
        sentence = (f"The card shows {card}, the room he is standing in. A destination there would leave him nothing "
                    "to walk to, so the card is put aside and the next one drawn; no step is spent.")
    marks = (m.label(floor, card, "card"),) if card in m.plan(floor).index else ()
    return _why(m, sentence, pictures=(Picture(floor, guard=guard, marks=marks),))


def reshuffle(m: Moment) -> Why:
    """An empty deck: everything shuffled again, some set aside, the die up by one."""
    d, floor = m.data, m.floor or 1
    left, aside, die = d.get("left", 0), d.get("aside", 0), d.get("die")
    shuffled = d.get("shuffled", left + aside)
    before = d.get("before", die - 1 if die and d.get("speeds_up", True) else die)
    sentence = (f"Floor {floor}'s patrol deck was empty when a card was needed. All {shuffled} cards, the discards "
                "and the ones set aside, are shuffled into a new deck")
    if aside:
        sentence += (f"; with {m.before.players} burglar{'s' if m.before.players != 1 else ''}, {aside} are set "
                     f"aside unseen again, leaving {left}")
    if d.get("speeds_up", not m.entry.get("ruling")):
        sentence += f". Every reshuffle speeds the guard up: his die goes from {before} to {die}"
        sentence += " (6 is the most)." if die == 6 and before == 6 else "."
    else:
        sentence += ". In this game a reshuffle does not speed him up (our ruling)."
    facts = [("Cards shuffled", str(shuffled)), ("Set aside unseen", str(aside)), ("In the new deck", str(left))]
    if die is not None:
        facts.append(("Die", f"{before} → {die}"))
    return _why(m, sentence, facts=tuple(facts))


def stealth(m: Moment) -> Why:
    """Who lost Stealth (or gained heat, or was caught), and why: where the guard was."""
    d, floor, square, rule = m.data, m.floor or 1, m.square or "", m.entry.get("rule", "")
    who = d.get("who", "A burglar")
    code = str(d.get("why", ""))
    why = cause(code, d, "bouncer" if m.entry.get("kind") == "heat" else "guard") if code else ""
    guard, gfloor = d.get("guard"), d.get("guard_floor", floor)
    kind = m.entry.get("kind")
    loss = "gains 2 heat" if kind == "heat" else "loses a Stealth token"
    if rule == "1.8" and kind == "stealth":
        sentence = (f"{who} is in a Lavatory ({why}): the room's own Stealth tokens are used first, so {who} keeps "
                    "theirs (our ruling).")
    elif rule == "1.15":
        sentence = (f"{who} is in the Foyer in {square} and the guard is in {guard}, right next to it with no wall "
                    f"between: he can see in, so {who} {loss}.")
    elif rule == "1.16":
        side = "above" if gfloor > floor else "below"
        sentence = (f"{who} is in the Atrium in {square} on floor {floor}, and the floor-{gfloor} guard stands in "
                    f"{guard}, the same spot on the floor {side}: he looks straight through, so {who} {loss}.")
    elif rule == "1.17":
        sentence = f"{who} carries the Tiara and moved next to the guard in {guard}, with no wall between: {who} {loss}."
    elif code.startswith("walked_in"):
        sentence = f"{who} walked into {square}, where the guard stands: that costs Stealth too, so {who} {loss}."
    elif guard == square:
        sentence = (f"The guard walked into {square}, where {who} is. Everyone in a room he enters {loss}, even "
                    f"when he only passes through.")
    else:
        sentence = f"{who} {loss}: {why}." if why else ""
    if kind == "caught":
        sentence = (f"{who} had to give up a Stealth token ({why}) but had none left: the crew is caught and the "
                    "heist is lost.")
    elif "left" in d and kind == "stealth":
        sentence += f" {who} has {d['left']} left."
    pictures = [Picture(floor, guard=guard if gfloor == floor else m.guard_at(floor),
                        marks=(m.label(floor, square, who),) if square else ())]
    if guard and gfloor != floor and gfloor in m.before.floors:
        pictures.append(Picture(gfloor, guard=guard, caption=f"Floor {gfloor}"))
    facts = (("Who", who), ("Why", why)) if why else (("Who", who),)
    return _why(m, sentence, facts=facts, pictures=tuple(pictures))


def camera(m: Moment) -> Why:
    """A guard on a camera sees a burglar on another camera: an alarm in the burglar's room."""
    d, floor, square = m.data, m.floor or 1, m.square or ""
    who, cam, cfloor = d.get("who", "A burglar"), d.get("camera"), d.get("camera_floor", floor)
    if not cam:
        return _why(m, "")
    if d.get("mover") == "burglar":
        first = (f"{who} stepped onto the camera in {square} (floor {floor}) while the floor-{cfloor} guard stands "
                 f"on the camera in {cam}.")
    else:
        first = (f"The floor-{cfloor} guard is on the camera in {cam}, and {who} stands on the camera in {square} "
                 f"(floor {floor}).")
    sentence = (f"{first} Cameras watch each other, so an alarm goes off where {who} is. Nobody loses Stealth for "
                "it.")
    marks = [m.label(cfloor, cam, "camera")]
    pictures = []
    if cfloor == floor:
        marks.append(m.label(floor, square, f"{who} · camera"))
        pictures.append(Picture(floor, guard=cam, marks=tuple(marks)))
    else:
        pictures.append(Picture(cfloor, guard=cam, marks=tuple(marks), caption=f"Floor {cfloor}: the guard's camera"))
        pictures.append(Picture(floor, guard=m.guard_at(floor), marks=(m.label(floor, square, f"{who} · camera"),),
                                caption=f"Floor {floor}: {who}'s camera"))
    return _why(m, sentence, facts=(("Seen", who), ("Guard's camera", f"{cam}, floor {cfloor}"),
                                    ("Burglar's camera", f"{square}, floor {floor}")), pictures=tuple(pictures))


def arrive(m: Moment) -> Why:
    """He reached the die: the next destination is set at once."""
    floor, square = m.floor or 1, m.square or ""
    if m.entry.get("rule") != "1.5":
        return _why(m, f"The die is on {square}, where he stands, so he has arrived and the next destination is "
                    "set at once.", pictures=(Picture(floor, guard=square),))
    step = m.earlier("enter", floor=floor)
    left = (step or {}).get("data", {}).get("left", 0)
    sentence = (f"He reached {square}, where his die was. The die moves on at once: to the nearest alarm if there "
                "is one on his floor, otherwise to the next patrol card.")
    if left:
        sentence += f" He still has {steps(left)} to walk, and spends {'it' if left == 1 else 'them'} on the new destination."
    return _why(m, sentence, pictures=(Picture(floor, guard=square),))


def stop(m: Moment) -> Why:
    """The end of his walk: all his moves spent (or something stopped him)."""
    floor = m.floor or 1
    speed_entry = m.earlier("speed", floor=floor)
    start = m.log.index(speed_entry) if speed_entry else 0
    walked = sum(e.get("data", {}).get("step_no", 0) > 0 for e in m.log[start:m.index]
                 if e.get("kind") == "enter" and e.get("floor") == floor and not e.get("data", {}).get("jump"))
    moves = (speed_entry or {}).get("data", {}).get("moves")
    if moves is None:
        sentence = f"He took {steps(walked)} and stops in {m.square}."
    elif walked >= moves:
        sentence = f"He has used up his {moves} move{'s' if moves != 1 else ''} and stops in {m.square}."
    else:
        sentence = (f"He walked {steps(walked)} of his {moves}: something ended his walk early (see the lines "
                    "above).")
    return _why(m, sentence, pictures=(Picture(floor, guard=m.square, destination=m.die_at(floor)),))


def alarm(m: Moment) -> Why:
    """An alarm goes off: a token, and the die may follow it (1.9)."""
    floor, square, cause = m.floor or 1, m.square or "", m.data.get("cause", "")
    if m.entry.get("rule") != "1.9":
        return generic(m)
    sentence = (f"An alarm token goes in {square}{f' ({cause})' if cause else ''}. Alarms pull the guard's die: if "
                "this one is now the nearest to him, the die moves there at once, even in the middle of his walk.")
    fl = m.before.floors.get(floor)
    alarms = tuple(sorted(set(fl.alarms) | {square})) if fl else (square,)
    return _why(m, sentence, pictures=(Picture(floor, guard=m.guard_at(floor), destination=m.die_at(floor),
                                               alarms=alarms),))


def alarm_off(m: Moment) -> Why:
    floor, square = m.floor or 1, m.square
    if m.entry.get("rule") == "1.7" and square:
        return _why(m, f"He walked into {square}, which had an alarm token: a room he enters never keeps its "
                    "alarm, so he switches it off.", pictures=(Picture(floor, guard=square),))
    return _why(m, "")


def appear(m: Moment) -> Why:
    floor, square = m.floor or 1, m.square
    return _why(m, f"The patrol card just drawn, {square}, says where the floor-{floor} guard stands; the next "
                "card gives his destination.", pictures=(Picture(floor, guard=square),))


def answer(m: Moment) -> Why:
    return _why(m, f"The rules leave this choice to the players, and they chose {m.square or 'this'}.")


def generic(m: Moment) -> Why:
    """Any other line with a rule: the rule itself is the explanation."""
    floor, square = m.floor, m.square
    marks: tuple[Mark, ...] = ()
    pictures: tuple[Picture, ...] = ()
    if floor is not None and floor in m.before.floors:
        if square:
            marks = (m.label(floor, square, "here"),)
        pictures = (Picture(floor, guard=m.guard_at(floor), destination=m.die_at(floor), marks=marks),)
    return _why(m, "", pictures=pictures)
