"""Why the other automatic decisions went the way they did: speed, the die's next room, patrol cards,
reshuffles, lost Stealth, cameras. Each reads the numbers the engine logged with the entry."""

from __future__ import annotations

from dataclasses import replace

from ..engine.log import LogEntry
from ..render import Mark
from ..words import sentence as say
from ..words.i18n import _, ngettext
from ..words.log import alarm_cause, cause
from ..words.names import card_name, card_title
from .model import Picture, Why
from .moment import Moment, and_list, steps
from .rules import rule_text


def _why(m: Moment, sentence: str, rule: str | None = None, **kw: object) -> Why:
    entry = m.entry
    return Why(say(entry), sentence, rule_text(rule or entry.rule), ruling=entry.ruling,
               **kw)  # type: ignore[arg-type]


def _bonus(bonus: int) -> str:
    """Espresso's extra step or Daydreaming's missing one, as a term of the sum."""
    if bonus > 0:
        return _("plus %(n)s for %(card)s", n=bonus, card=card_title("espresso"))
    return _("minus %(n)s for %(card)s", n=-bonus, card=card_title("daydreaming"))


def _alarm_term(alarms: int, squares: list[str], cubes: bool) -> str:
    """The alarms' part of the guard's speed: "plus 2 for the alarms on his floor (in A3 and D4)"."""
    where = and_list(squares)
    if cubes:
        if squares:
            return ngettext("plus %(num)s for the alarm cube on his floor (in %(where)s)",
                            "plus %(num)s for the alarm cubes on his floor (in %(where)s)", alarms, where=where)
        return ngettext("plus %(num)s for the alarm cube on his floor", "plus %(num)s for the alarm cubes on his floor",
                        alarms)
    if squares:
        return ngettext("plus %(num)s for the alarm on his floor (in %(where)s)",
                        "plus %(num)s for the alarms on his floor (in %(where)s)", alarms, where=where)
    return ngettext("plus %(num)s for the alarm on his floor", "plus %(num)s for the alarms on his floor", alarms)


def speed(m: Moment) -> Why:
    """Die plus alarms (1.2), a fixed three for a bouncer, with Espresso or Daydreaming on top."""
    d, floor = m.data, m.floor or 1
    moves, bonus = d.get("moves", 0), d.get("bonus", 0)
    if "die" not in d:
        base = moves - bonus
        if bonus:
            sentence = ngettext("A bouncer always takes %(num)s step, whatever is on the board, %(bonus)s: he moves "
                                "%(moves)s.", "A bouncer always takes %(num)s steps, whatever is on the board, "
                                "%(bonus)s: he moves %(moves)s.", base, bonus=_bonus(bonus), moves=moves)
        else:
            sentence = ngettext("A bouncer always takes %(num)s step, whatever is on the board: he moves %(moves)s.",
                                "A bouncer always takes %(num)s steps, whatever is on the board: he moves %(moves)s.",
                                base, moves=moves)
        return _why(m, sentence, facts=((_("Moves"), str(moves)),))
    die, alarms = d["die"], d.get("alarms", 0)
    squares: list[str] = sorted(set(d.get("alarm_squares", [])))
    cubes = m.book.rules.alarm_cubes
    # the sum as its terms, each a whole phrase; a comma between them reads the same in the three languages
    terms = [_("the die shows %(die)s", die=die)]
    if alarms:
        terms.append(_alarm_term(alarms, squares, cubes))
    if bonus:
        terms.append(_bonus(bonus))
    sentence = _("He moves %(moves)s: %(sum)s. The count is made as he sets off: alarms that go off or are switched "
                 "off during his walk do not change it.", moves=moves, sum=", ".join(terms))
    facts = [(_("Die"), str(die)), (_("Alarm cubes on the floor") if cubes else _("Alarms on the floor"), str(alarms))]
    if bonus:
        facts.append((_("This turn"), f"{bonus:+d}"))
    facts.append((_("Moves"), str(moves)))
    marks = tuple(m.label(floor, s, "+1") for s in squares)
    picture = Picture(floor, guard=m.square, destination=d.get("destination") or m.die_at(floor),
                      alarms=tuple(squares), marks=marks)
    return _why(m, sentence, facts=tuple(facts), pictures=(picture,))


def destination(m: Moment) -> Why:
    """The die moves: to the nearest alarm (distances shown), to a patrol card, or by a card's text."""
    d, floor, square = m.data, m.floor or 1, m.square or ""
    distances: dict[str, int] = d.get("distances") or {}
    guard = d.get("guard") or m.guard_at(floor)
    if distances:
        return _to_alarm(m, floor, square, guard, distances)
    picture = Picture(floor, guard=guard, destination=square)
    drawn = m.earlier("draw", floor=floor)
    if drawn and m.index > 0 and m.log[m.index - 1] is drawn and d.get("appeared") == "return":
        sentence = _("He is back from Lost Visual: this card, %(square)s, was drawn for his destination, as the card "
                     "says, and then the nearest alarm on floor %(floor)s took the die; the card is discarded all the "
                     "same (§1.22, Lost Visual with an alarm).", floor=floor, square=square)
        return _why(m, sentence, pictures=(picture,))
    if drawn and m.index > 0 and m.log[m.index - 1] is drawn and d.get("appeared"):
        sentence = _("He has just appeared, and the setup's second card, %(square)s, is his first destination even "
                     "with an alarm on floor %(floor)s: the alarm takes the die next (our ruling, the order BGA uses).",
                     floor=floor, square=square)
        return _why(m, sentence, pictures=(picture,))
    if drawn and m.index > 0 and m.log[m.index - 1] is drawn:
        return _why(m, _card_decides(m, floor, square), pictures=(picture,))
    return _why(m, "", pictures=(picture,))


def _card_decides(m: Moment, floor: int, square: str) -> str:
    """Why the patrol card just drawn, and no alarm, gave the die its room."""
    alarms = m.alarms_at(floor)
    if not alarms:
        return _("No alarm is on floor %(floor)s, so the patrol card just drawn decides: the die goes to "
                 "%(square)s.", floor=floor, square=square)
    if square in alarms and _back_from_lost_visual(m, floor):
        return _("He is back from Lost Visual: this card, %(square)s, was drawn for his destination, as the card "
                 "says, and it names the room of the nearest alarm on floor %(floor)s, so the die stays there "
                 "(§1.22, Lost Visual with an alarm).", floor=floor, square=square)
    if square in alarms:
        return _("This card, %(square)s, names a room with an alarm on floor %(floor)s, so the die goes there either "
                 "way.", floor=floor, square=square)
    if _picked_up(replace(m, index=m.index - 1)):
        return _("The Juicer picked up an alarm, and as her card says a new patrol card gives his destination even "
                 "with other alarms on floor %(floor)s: the die goes to %(square)s (§1.22, Juicer pick-up).",
                 floor=floor, square=square)
    return _("The patrol card just drawn decides his destination: the die goes to %(square)s.", square=square)


def _to_alarm(m: Moment, floor: int, square: str, guard: str | None, distances: dict[str, int]) -> Why:
    """The die goes to the nearest alarm, by the steps he would walk (1.9)."""
    best = min(distances.values())
    nearest = sorted(a for a, n in distances.items() if n == best)
    said = [ngettext("%(square)s is %(num)s step away", "%(square)s is %(num)s steps away", n, square=a)
            for a, n in sorted(distances.items(), key=lambda x: (x[1], x[0]))]
    listed = said[0]
    for one in said[1:]:  # a semicolon is spaced differently in French
        listed = _("%(items)s; %(item)s", items=listed, item=one)
    sentence = ngettext("There is an alarm on floor %(floor)s, so the die goes to the nearest one, counted in the "
                        "steps the guard would walk from %(guard)s (walls count, not a straight line): %(list)s.",
                        "There are alarms on floor %(floor)s, so the die goes to the nearest one, counted in the "
                        "steps the guard would walk from %(guard)s (walls count, not a straight line): %(list)s.",
                        len(distances), floor=floor, guard=guard, list=listed)
    if len(nearest) > 1:
        sentence += " " + _("%(squares)s are equally near, so the table chose %(square)s.", squares=and_list(nearest),
                            square=square)
    else:
        sentence += " " + _("%(square)s is the nearest.", square=square)
    marks = tuple(m.label(floor, a, steps(n), low=False) for a, n in sorted(distances.items()))
    picture = Picture(floor, guard=guard, destination=square, alarms=tuple(sorted(distances)), marks=marks)
    return _why(m, sentence, "1.9", facts=tuple((a, steps(n)) for a, n in sorted(distances.items())),
                pictures=(picture,))


def _need_a_card(m: Moment, floor: int) -> str:
    """Why a patrol card was drawn, from the line before it (a reshuffle only refills the deck, and his placing
    on an alarm only switches it off, so what asked for the card came before those) or the line after it."""
    before = next((e.kind for e in reversed(m.log[:m.index]) if not _asks_no_card(e)), None)
    after = m.later()
    if after is not None and after.kind == "appear":
        return _("The floor-%(floor)s guard is being put on the board: this card says where he stands.", floor=floor)
    if before == "appear":
        alarm_follows = bool(after and after.data.get("appeared")) or bool(m.alarms_at(floor))
        if _back_from_lost_visual(m, floor):
            return _return_destination(floor, alarm_follows)
        return _first_destination(floor, alarm_follows)
    if before == "entrance":
        return _("The crew has chosen where to break in, so the setup's second card now gives the floor-%(floor)s "
                 "guard his first destination (§1.22, Break-in). Not applied: the reading in which both setup cards "
                 "are drawn before the entrance is chosen.", floor=floor)
    if before == "arrive":
        return _("He reached his destination and no alarm is on floor %(floor)s, so the next card says where he "
                 "goes.", floor=floor)
    if before == "redraw":
        return _("The card before could not be used, so the next one is drawn.")
    if m.alarms_at(floor):
        if _picked_up(m):  # the one card asking for a patrol card with alarms left: the Juicer's (§1.22)
            return _("An alarm was picked up, and the card says a new patrol card then gives the floor-%(floor)s "
                     "guard his destination, even with other alarms on his floor.", floor=floor)
        return _("The floor-%(floor)s guard needs a new destination, and a card is drawn for it.", floor=floor)
    return _("The floor-%(floor)s guard needs a new destination and no alarm is on his floor to give him one.",
             floor=floor)


def _asks_no_card(e: LogEntry) -> bool:
    """A line between the guard's placing and his destination card that did not ask for the card: a reshuffle
    refilling the deck, or the alarm his placing switched off (1.9)."""
    return e.kind == "reshuffle" or (e.kind == "alarm_off" and e.data.get("how") == "appear")


def _picked_up(m: Moment) -> bool:
    """Whether the card drawn at this line was asked for by an alarm picked up (the Juicer's Reroute)."""
    asked = next((e for e in reversed(m.log[:m.index]) if not _asks_no_card(e)), None)
    return asked is not None and asked.kind == "alarm_off" and asked.data.get("how") == "picked_up"


def _back_from_lost_visual(m: Moment, floor: int) -> bool:
    """Whether the guard placed just before this line was coming back from Lost Visual (1.20), not appearing for
    the first time: his placing cards follow the floor's return line."""
    for e in reversed(m.log[:m.index]):
        if e.floor == floor and e.kind not in ("appear", "draw", "redraw", "reshuffle", "alarm_off"):
            return e.kind == "return"
    return False


def _return_destination(floor: int, alarm_follows: bool) -> str:
    """The second card of a guard's return from Lost Visual (1.20; §1.22 "Lost Visual with an alarm")."""
    if alarm_follows:
        return _("He is back from Lost Visual: one card put him on the board and this one is drawn for his "
                 "destination, as the card says, even though an alarm is on floor %(floor)s; the alarm then takes the "
                 "die and this card is discarded all the same (§1.22, Lost Visual with an alarm).", floor=floor)
    return _("He is back from Lost Visual: one card put him on the board and this one gives his destination, as the "
             "card says; no alarm is on floor %(floor)s, so he walks toward it now.", floor=floor)


def _first_destination(floor: int, alarm_follows: bool) -> str:
    """The second card of a guard's setup (1.13), and which reading of that setup the app applies: a
    table may read it the other way, so the Why? says which reading it rules out."""
    if alarm_follows:
        return _("He has just been placed: this card gives his first destination, drawn even though an alarm is "
                 "on floor %(floor)s, and the alarm takes the die right after (our ruling, the order BGA uses). Not "
                 "applied: the reading in which the alarm alone gives his first destination and no card is drawn.",
                 floor=floor)
    return _("He has just been placed: this card gives his first destination, and he sets off toward it at the end "
             "of any turn that ends on floor %(floor)s, this one included. Not applied: the reading in which a guard "
             "who has just appeared waits a turn before he walks.", floor=floor)


def draw(m: Moment) -> Why:
    """A patrol card: why one was needed, and how many are left."""
    d, floor = m.data, m.floor or 1
    card, left = d.get("card", m.square), d.get("left")
    sentence = _need_a_card(m, floor)
    if left is not None:
        sentence += " " + ngettext("%(num)s card left in the deck.", "%(num)s cards left in the deck.", left)
    marks = (m.label(floor, card, _("card")),) if card and card in m.plan(floor).index else ()
    picture = Picture(floor, guard=m.guard_at(floor), destination=m.die_at(floor), marks=marks)
    facts = [(_("Card"), card_name(str(card)))]
    if left is not None:
        facts.append((_("Left in the deck"), str(left)))
    return _why(m, sentence, facts=tuple(facts), pictures=(picture,))


def redraw(m: Moment) -> Why:
    """A card that cannot be used is put aside and the next one drawn (our rulings)."""
    d, floor, rule = m.data, m.floor or 1, m.entry.rule
    card = d.get("card") or m.square or ""
    named = card_name(card) if card else _("that card")
    reason = d.get("reason") or {"§3": "void", "1.13": "place"}.get(rule, "guard")
    guard = m.guard_at(floor)
    if reason == "void":
        sentence = _("%(card)s is the empty square of this Fort Knox floor: nobody can stand there, so the card is "
                     "put aside and another drawn.", card=named)
    elif reason == "place":
        sentence = _("%(card)s cannot say where the guard appears, so the next card is drawn instead.", card=named)
    else:
        sentence = _("The card shows %(card)s, the room he is standing in. A destination there would leave him "
                     "nothing to walk to, so the card is put aside and the next one drawn; no step is spent.",
                     card=named)
    marks = (m.label(floor, card, _("card")),) if card in m.plan(floor).index else ()
    return _why(m, sentence, pictures=(Picture(floor, guard=guard, marks=marks),))


def reshuffle(m: Moment) -> Why:
    """An empty deck: everything shuffled again, some set aside, the die up by one."""
    d, floor = m.data, m.floor or 1
    left, aside, die = d.get("left", 0), d.get("aside", 0), d.get("die")
    shuffled = d.get("shuffled", left + aside)
    before = d.get("before", die - 1 if die and d.get("speeds_up", True) else die)
    said = [_("Floor %(floor)s's patrol deck was empty when a card was needed.", floor=floor)]
    if aside:
        said.append(ngettext("All %(shuffled)s cards, the discards and the ones set aside, are shuffled into a new "
                             "deck; with %(num)s burglar, %(aside)s are set aside unseen again, leaving %(left)s.",
                             "All %(shuffled)s cards, the discards and the ones set aside, are shuffled into a new "
                             "deck; with %(num)s burglars, %(aside)s are set aside unseen again, leaving %(left)s.",
                             m.before.players, shuffled=shuffled, aside=aside, left=left))
    else:
        said.append(_("All %(shuffled)s cards, the discards and the ones set aside, are shuffled into a new deck.",
                      shuffled=shuffled))
    if not d.get("speeds_up", not m.entry.ruling):
        said.append(_("In this game a reshuffle does not speed him up (our ruling)."))
    elif die == 6 and before == 6:
        said.append(_("Every reshuffle speeds the guard up: his die goes from %(before)s to %(die)s (6 is the most).",
                      before=before, die=die))
    else:
        said.append(_("Every reshuffle speeds the guard up: his die goes from %(before)s to %(die)s.", before=before,
                      die=die))
    facts = [(_("Cards shuffled"), str(shuffled)), (_("Set aside unseen"), str(aside)),
             (_("In the new deck"), str(left))]
    if die is not None:
        facts.append((_("Die"), f"{before} → {die}"))
    return _why(m, " ".join(said), facts=tuple(facts))


def _lost_stealth(m: Moment, who: str, why: str) -> str:
    """What the guard (or bouncer) did to one burglar, with the rule that made it cost them: a Stealth token,
    or in Burgle Bros 2 heat. Each case is a whole sentence in both forms, never a loss glued on."""
    d, floor, square, rule = m.data, m.floor or 1, m.square or "", m.entry.rule
    guard, gfloor, kind = d.get("guard"), d.get("guard_floor", floor), m.entry.kind
    heat = kind == "heat"
    if rule == "1.8" and kind == "stealth":
        return _("%(who)s is in a Lavatory (%(why)s): the room's own Stealth tokens are used first, so %(who)s keeps "
                 "theirs (our ruling).", who=who, why=why)
    if rule == "1.15":
        return _("%(who)s is in the Foyer in %(square)s and the guard is in %(guard)s, right next to it with no "
                 "wall between: he can see in, so %(who)s loses a Stealth token.", who=who, square=square,
                 guard=guard)
    if rule == "1.16":
        params = {"who": who, "square": square, "floor": floor, "gfloor": gfloor, "guard": guard}
        if gfloor > floor:
            return _("%(who)s is in the Atrium in %(square)s on floor %(floor)s, and the floor-%(gfloor)s guard "
                     "stands in %(guard)s, the same spot on the floor above: he looks straight through, so %(who)s "
                     "loses a Stealth token.", **params)
        return _("%(who)s is in the Atrium in %(square)s on floor %(floor)s, and the floor-%(gfloor)s guard stands "
                 "in %(guard)s, the same spot on the floor below: he looks straight through, so %(who)s loses a "
                 "Stealth token.", **params)
    if rule == "1.17":
        return _("%(who)s carries the Tiara and moved next to the guard in %(guard)s, with no wall between: %(who)s "
                 "loses a Stealth token.", who=who, guard=guard)
    if str(d.get("why", "")).startswith("walked_in"):
        if heat:
            return _("%(who)s walked into %(square)s, where the bouncer stands: that costs heat too, so %(who)s "
                     "gains 2 heat.", who=who, square=square)
        return _("%(who)s walked into %(square)s, where the guard stands: that costs Stealth too, so %(who)s loses "
                 "a Stealth token.", who=who, square=square)
    if guard == square:
        if heat:
            return _("The bouncer walked into %(square)s, where %(who)s is. Everyone in a room he enters gains 2 "
                     "heat, even when he only passes through.", who=who, square=square)
        return _("The guard walked into %(square)s, where %(who)s is. Everyone in a room he enters loses a Stealth "
                 "token, even when he only passes through.", who=who, square=square)
    if not why:
        return ""
    if heat:
        return _("%(who)s gains 2 heat: %(why)s.", who=who, why=why)
    return _("%(who)s loses a Stealth token: %(why)s.", who=who, why=why)


def stealth(m: Moment) -> Why:
    """Who lost Stealth (or gained heat, or was caught), and why: where the guard was."""
    d, floor, square = m.data, m.floor or 1, m.square or ""
    who = d.get("who") or _("A burglar")
    code = str(d.get("why", ""))
    kind = m.entry.kind
    why = cause(code, d, "bouncer" if kind == "heat" else "guard") if code else ""
    guard, gfloor = d.get("guard"), d.get("guard_floor", floor)
    if kind == "caught":
        sentence = _("%(who)s had to give up a Stealth token (%(why)s) but had none left: the crew is caught and the "
                     "heist is lost.", who=who, why=why)
    else:
        sentence = _lost_stealth(m, who, why)
        if "left" in d and kind == "stealth":
            sentence += " " + ngettext("%(who)s has %(num)s left.", "%(who)s has %(num)s left.", int(d["left"]),
                                       who=who)
    pictures = [Picture(floor, guard=guard if gfloor == floor else m.guard_at(floor),
                        marks=(m.label(floor, square, who),) if square else ())]
    if guard and gfloor != floor and gfloor in m.before.floors:
        pictures.append(Picture(gfloor, guard=guard, caption=_("Floor %(n)s", n=gfloor)))
    facts = ((_("Who"), who), (_("Why"), why)) if why else ((_("Who"), who),)
    return _why(m, sentence, facts=facts, pictures=tuple(pictures))


def camera(m: Moment) -> Why:
    """A guard on a camera sees a burglar on another camera: an alarm in the burglar's room."""
    d, floor, square = m.data, m.floor or 1, m.square or ""
    who, cam, cfloor = d.get("who") or _("A burglar"), d.get("camera"), d.get("camera_floor", floor)
    if not cam:
        return _why(m, "")
    params = {"who": who, "square": square, "floor": floor, "camera": cam, "cfloor": cfloor}
    if d.get("mover") == "burglar":
        sentence = _("%(who)s stepped onto the camera in %(square)s (floor %(floor)s) while the floor-%(cfloor)s "
                     "guard stands on the camera in %(camera)s. Cameras watch each other, so an alarm goes off where "
                     "%(who)s is. Nobody loses Stealth for it.", **params)
    else:
        sentence = _("The floor-%(cfloor)s guard is on the camera in %(camera)s, and %(who)s stands on the camera in "
                     "%(square)s (floor %(floor)s). Cameras watch each other, so an alarm goes off where %(who)s is. "
                     "Nobody loses Stealth for it.", **params)
    marks = [m.label(cfloor, cam, _("camera"))]
    seen = _("%(who)s · camera", who=who)
    pictures = []
    if cfloor == floor:
        marks.append(m.label(floor, square, seen))
        pictures.append(Picture(floor, guard=cam, marks=tuple(marks)))
    else:
        pictures.append(Picture(cfloor, guard=cam, marks=tuple(marks),
                                caption=_("Floor %(floor)s: the guard's camera", floor=cfloor)))
        pictures.append(Picture(floor, guard=m.guard_at(floor), marks=(m.label(floor, square, seen),),
                                caption=_("Floor %(floor)s: %(who)s's camera", floor=floor, who=who)))
    facts = ((_("Seen"), who), (_("Guard's camera"), _("%(square)s, floor %(floor)s", square=cam, floor=cfloor)),
             (_("Burglar's camera"), _("%(square)s, floor %(floor)s", square=square, floor=floor)))
    return _why(m, sentence, facts=facts, pictures=tuple(pictures))


def arrive(m: Moment) -> Why:
    """He reached the die: the next destination is set at once."""
    floor, square = m.floor or 1, m.square or ""
    if m.entry.rule != "1.5":
        return _why(m, _("The die is on %(square)s, where he stands, so he has arrived and the next destination is "
                         "set at once.", square=square), pictures=(Picture(floor, guard=square),))
    step = m.earlier("enter", floor=floor)
    left = step.data.get("left", 0) if step else 0
    sentence = _("He reached %(square)s, where his die was. The die moves on at once: to the nearest alarm if there "
                 "is one on his floor, otherwise to the next patrol card.", square=square)
    if left:
        sentence += " " + ngettext("He still has %(num)s step to walk, and spends it on the new destination.",
                                   "He still has %(num)s steps to walk, and spends them on the new destination.", left)
    return _why(m, sentence, pictures=(Picture(floor, guard=square),))


def stop(m: Moment) -> Why:
    """The end of his walk: all his moves spent (or something stopped him)."""
    floor = m.floor or 1
    speed_entry = m.earlier("speed", floor=floor)
    start = m.log.index(speed_entry) if speed_entry else 0
    walked = sum(e.data.get("step_no", 0) > 0 for e in m.log[start:m.index]
                 if e.kind == "enter" and e.floor == floor and not e.data.get("jump"))
    moves = speed_entry.data.get("moves") if speed_entry else None
    if moves is None:
        sentence = ngettext("He took %(num)s step and stops in %(square)s.", "He took %(num)s steps and stops in "
                            "%(square)s.", walked, square=m.square)
    elif walked >= moves:
        sentence = ngettext("He has used up his %(num)s move and stops in %(square)s.",
                            "He has used up his %(num)s moves and stops in %(square)s.", moves, square=m.square)
    else:
        sentence = ngettext("He walked %(num)s step of his %(moves)s: something ended his walk early (see the lines "
                            "above).", "He walked %(num)s steps of his %(moves)s: something ended his walk early (see "
                            "the lines above).", walked, moves=moves)
    return _why(m, sentence, pictures=(Picture(floor, guard=m.square, destination=m.die_at(floor)),))


def alarm(m: Moment) -> Why:
    """An alarm goes off: a token, and the die may follow it (1.9)."""
    floor, square, code = m.floor or 1, m.square or "", str(m.data.get("cause", ""))
    if m.entry.rule != "1.9":
        return generic(m)
    if code:
        sentence = _("An alarm token goes in %(square)s (%(cause)s). Alarms pull the guard's die: if this one is now "
                     "the nearest to him, the die moves there at once, even in the middle of his walk.", square=square,
                     cause=alarm_cause(code))
    else:
        sentence = _("An alarm token goes in %(square)s. Alarms pull the guard's die: if this one is now the nearest "
                     "to him, the die moves there at once, even in the middle of his walk.", square=square)
    fl = m.before.floors.get(floor)
    alarms = tuple(sorted(set(fl.alarms) | {square})) if fl else (square,)
    return _why(m, sentence, pictures=(Picture(floor, guard=m.guard_at(floor), destination=m.die_at(floor),
                                               alarms=alarms),))


def alarm_off(m: Moment) -> Why:
    floor, square = m.floor or 1, m.square
    if m.entry.rule == "1.7" and square:
        return _why(m, _("He walked into %(square)s, which had an alarm token: a room he enters never keeps its "
                         "alarm, so he switches it off.", square=square), pictures=(Picture(floor, guard=square),))
    return _why(m, "")


def appear(m: Moment) -> Why:
    floor, square = m.floor or 1, m.square
    return _why(m, _("The patrol card just drawn, %(square)s, says where the floor-%(floor)s guard stands; the next "
                     "card gives his destination.", square=square, floor=floor), pictures=(Picture(floor,
                                                                                                   guard=square),))


def answer(m: Moment) -> Why:
    if m.square:
        return _why(m, _("The rules leave this choice to the players, and they chose %(square)s.", square=m.square))
    return _why(m, _("The rules leave this choice to the players, and they made it."))


def generic(m: Moment) -> Why:
    """Any other line with a rule: the rule itself is the explanation."""
    floor, square = m.floor, m.square
    marks: tuple[Mark, ...] = ()
    pictures: tuple[Picture, ...] = ()
    if floor is not None and floor in m.before.floors:
        if square:
            marks = (m.label(floor, square, _("here")),)
        pictures = (Picture(floor, guard=m.guard_at(floor), destination=m.die_at(floor), marks=marks),)
    return _why(m, "", pictures=pictures)
