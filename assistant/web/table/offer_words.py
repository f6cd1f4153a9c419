"""What each offer's button says (engine/offers.py gives the code and its parameters): a title and a line
saying what happens. Presentation only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...engine.offers import Offer
from ...words.i18n import N_, _
from ...words.names import card_title, computer_name, loot_name, tool_name
from ..forms import as_form

P = Mapping[str, Any]


def _tokens(p: P) -> str:
    return ", ".join(f"{n} {computer_name(k)}" for k, n in sorted(p["tokens"].items()))


# a way into a room the board gives no door to, named by the table (engine/walks.py)
MOVE_VIA: dict[str, Callable[[str], str]] = {
    "stairs": lambda who: _("%(who)s takes the Stairs here", who=who),
    "ability": lambda who: _("%(who)s gets here by an ability", who=who),
    "tool": lambda who: _("%(who)s gets here with a tool", who=who),
    "event": lambda who: _("%(who)s gets here by an event card", who=who),
}

WORDS: dict[str, Callable[[P], tuple[str, str]]] = {
    "move": lambda p: (_("Move %(who)s here", who=p["who"]), ""),
    "move_reveal": lambda p: (_("Move %(who)s here", who=p["who"]),
                              _("Turn the room face up: tap its type and number.")),
    "rook_orders": lambda p: (_("%(rook)s's Orders: %(who)s moves here", rook=p["rook"], who=p["who"]),
                              _("The Rook's Orders: no extra costs.")),
    "put": lambda p: (_("Put %(who)s here", who=p["who"]), _("A correction: no room effect, no guard sees it.")),
    "move_via": lambda p: (MOVE_VIA[p["via"]](p["who"]), _("Walking in, with the room's effects.")),
    "alarm": lambda p: (_("Alarm here"), ""),
    "alarm_hacked": lambda p: (_("Alarm cancelled by a %(computer)s hack token (%(left)s left)",
                                 computer=computer_name(p["computer"]), left=p["left"]), ""),
    "pick_up_alarm": lambda p: (_("%(who)s picks up this alarm token (Juicer)", who=p["who"]) if p.get("who")
                                else _("Pick up this alarm token (Juicer)"),
                                _("A new patrol card sets his destination.")),
    "crow": lambda p: (_("%(who)s's crow lands here", who=p["who"]),
                       _("The guard walks in, then loses one of the moves he has left.")),
    "crow_own": lambda p: (_("%(who)s's crow on %(who)s's own room (advanced Raven)", who=p["who"]),
                           _("A guard who starts his move here with no alarm on the floor stays put, and the crow "
                             "flies back.")),
    "throw_voice": lambda p: (_("Throw Voice: the die comes to %(square)s", square=p["at"]),
                              _("The event card: no alarm on the floor.")),
    "rook_swap": lambda p: (_("%(who)s (Rook) swaps places with %(buddy)s", who=p["who"], buddy=p["buddy"]),
                            _("Disguise: neither enters a room.")),
    "camera_off": lambda p: (_("Switch this camera off"), _("Video Loop, Crowbar or E.M.P.: nobody is seen through it "
                                                            "until you switch it back on.")),
    "camera_on": lambda p: (_("Switch this camera back on"),
                            _("It is off now: a guard on it sees nobody, and nobody is "
                                                               "seen on it.")),
    "room_tokens": lambda p: (str(p["value"]), ""),
    "hack": lambda p: (_("Hack the %(computer)s computer", computer=computer_name(p["computer"])),
                       _("%(left)s token(s) now, 6 at most.", left=p["left"])),
    "hack_count": lambda p: (str(p["value"]), ""),
    "crack_safe": lambda p: (_("Safe cracked on floor %(n)s", n=p["floor"]),
                             _("Guards of this floor and below speed up by one.")),
    "crack_safe_peterman": lambda p: (_("%(who)s (Peterman) cracks the Safe on floor %(n)s", who=p["who"],
                                        n=p["floor"]),
                                      _("Straight above or below her room: guards of floor %(on)s and below speed up "
                                        "by one.", on=p["on"])),
    "crack_safe_correction": lambda p: (_("Safe cracked on floor %(n)s (the board says so)", n=p["floor"]),
                                        _("Nobody stands in its Safe room in the app: the log marks it as a "
                                          "correction.")),
    "crack_safe_peterman_correction": lambda p: (
        _("%(who)s (Peterman) cracks the Safe on floor %(n)s (the board says so)", who=p["who"], n=p["floor"]),
        _("In the app that Safe is not straight above or below her room: the log marks it as a correction.")),
    "kitty_runs": lambda p: (_("The Persian Kitty runs here from %(who)s", who=p["who"]),
                             _("A 1 or 2 rolled: nobody holds the Kitty until someone picks it up here.")),
    "kitty_pick_up": lambda p: (_("%(who)s picks up the Persian Kitty", who=p["who"]),
                                _("No action; whoever holds it carries loot again.")),
    "escape": lambda p: (_("%(who)s escapes", who=p["who"]), _("Out through the roof with the loot.")),
    "escape_correction": lambda p: (_("%(who)s escapes (the board says so)", who=p["who"]),
                                    _("The app does not see her on the top floor's Stairs with all the loot: the "
                                      "log marks it as a correction.")),
    "tiara_take": lambda p: (_("%(who)s takes the Tiara", who=p["who"]),
                             _("Its carrier loses 1 Stealth on stepping into a room next to a guard with no wall "
                               "between.")),
    "tiara_drop": lambda p: (_("%(who)s puts down the Tiara", who=p["who"]),
                             _("%(who)s carries it now.", who=p["who"])),
    "set_stealth": lambda p: (str(p["value"]), ""),
    "set_die": lambda p: (str(p["value"]), ""),
    "juicer_alarm": lambda p: (_("%(who)s (Juicer) sets off an alarm in %(square)s", who=p["who"], square=p["at"]),
                               _("Once per turn, next door.")),
    "juicer_drop": lambda p: (_("%(who)s (Juicer) drops the alarm token in %(square)s", who=p["who"], square=p["at"]),
                              _("It goes off there.")),
    "rigger_tool": lambda p: (_("%(who)s (Rigger) discards a Stealth token to draw a tool", who=p["who"]), ""),
    "hacker_token": lambda p: (_("%(who)s (Hacker) puts a hack token on her card", who=p["who"]),
                               _("One at most; it cancels a Fingerprint, Laser or Motion alarm.")),
    "spotter_look": lambda p: (_("%(who)s (Spotter) looks at the top floor-%(floor)s patrol card", who=p["who"],
                                 floor=p["floor"]),
                               _("An action, once per turn: the card shows on this device only.")),
    "crowbar": lambda p: (_("Crowbar on %(square)s, floor %(floor)s", square=p["at"], floor=p["floor"]) if "floor" in p
                          else _("Crowbar on %(square)s", square=p["at"]),
                          _("That room no longer blocks anyone or raises an alarm.")),
    "dynamite": lambda p: (_("Dynamite: blow up the %(side)s wall (%(wall)s)", side=_side(p["side"]), wall=p["wall"]),
                           _("The wall is gone for good, so guards may take the new way through; an alarm goes off "
                             "in this room.")),
    "tool_thermal_bomb": lambda p: (tool_name("thermal-bomb"),
                                    _("A hole to the next floor; an alarm in %(square)s.", square=p["at"])),
    "tool_invisible_suit": lambda p: (tool_name("invisible-suit"), _("No guard or camera sees this turn's moves.")),
    "tool_smoke_bomb": lambda p: (tool_name("smoke-bomb"),
                                  _("3 Stealth tokens lie in %(square)s for whoever is found there.", square=p["at"])),
    "tool_makeup_kit": lambda p: (tool_name("makeup-kit"), _("Everyone in %(square)s gets 1 Stealth.", square=p["at"])),
    "tool_emp": lambda p: (tool_name("emp"), _("All alarms off; none can go off until %(who)s's next turn.",
                                               who=p["who"])),
    "tool_donuts": lambda p: (tool_name("donuts") + " · " + _("floor %(n)s", n=p["floor"]),
                              _("That guard skips his next move.")),
    "tool_virus": lambda p: (_("%(head)s: %(rest)s", head=tool_name("virus"), rest=_tokens(p)),
                             _("3 hack tokens on the computers.")),
    "tool_drop": lambda p: (_("Give up %(card)s", card=tool_name(p["tool"])), ""),
    "tool_take": lambda p: (tool_name(p["tool"]), ""),
    "loot_drop": lambda p: (_("Give up %(card)s", card=loot_name(p["loot"])), ""),
    "loot_take": lambda p: (loot_name(p["loot"]), _("1 Stealth lost at once.") if p["loot"] == "cursed-goblet" else ""),
    "shift_change": lambda p: (card_title("shift-change"),
                               _("This floor's guard rests; every other guard on the board moves now.")),
    "switch_signs": lambda p: (card_title("switch-signs"),
                               _("Guard and die trade places (with an alarm: he goes to the nearest alarm).")),
    "where_is_he": lambda p: (card_title("where-is-he"),
                              _("The guard is put on his destination, then picks the next one.")),
    "change_of_plans": lambda p: (card_title("change-of-plans"),
                                  _("No alarm here: a new patrol card sets the destination.")),
    "squeak": lambda p: (card_title("squeak"), _("The guard takes one step toward the nearest burglar.")),
    "brown_out": lambda p: (card_title("brown-out"),
                            _("Every alarm goes off the board; one new patrol card per alarm removed.")),
    "espresso": lambda p: (card_title("espresso"), _("This turn's guard moves one more.")),
    "daydreaming": lambda p: (card_title("daydreaming"), _("This turn's guard moves one fewer.")),
    "jump_the_gun": lambda p: (card_title("jump-the-gun"),
                               _("The next player's turn is skipped, guard move included.")),
    "crash": lambda p: (card_title("crash"), _("No alarm here: the die comes to %(square)s.", square=p["at"])),
    "lampshade": lambda p: (card_title("lampshade"), _("%(who)s gets 1 Stealth.", who=p["who"])),
    "video_loop": lambda p: (card_title("video-loop"), _("Every camera is off until %(who)s's next turn.",
                                                         who=p["who"])),
    "freight_elevator": lambda p: (card_title("freight-elevator"),
                                   _("%(who)s goes up one floor, same spot, not entering.", who=p["who"])),
    "freight_elevator_roof": lambda p: (card_title("freight-elevator") + " · " + _("to the roof"),
                                        _("The crew holds all the loot: %(who)s escapes; her turn moves no guard.",
                                          who=p["who"])),
    "freight_elevator_stays": lambda p: (card_title("freight-elevator") + " · " + _("not all the loot"),
                                         _("The top floor: without all the loot %(who)s cannot reach the roof.",
                                           who=p["who"])),
    "time_lock": lambda p: (card_title("time-lock"),
                            _("Nobody goes up or down by the Stairs or a hole until %(who)s's next turn.",
                              who=p["who"])),
    "gymnastics": lambda p: (card_title("gymnastics"),
                             _("Anyone may move into a Walkway from the room below until %(who)s's next turn.",
                               who=p["who"])),
    "lost_grip": lambda p: (card_title("lost-grip"), _("%(who)s falls to the floor below, not entering.",
                                                       who=p["who"])),
    "dead_drop": lambda p: (card_title("dead-drop"),
                            _("%(who)s's tools and loot go to the player on the right.", who=p["who"])),
    "reboot": lambda p: (card_title("reboot"), _("Every computer face up keeps exactly one hack token.")),
    "go_with_your_gut": lambda p: (_("%(head)s: %(rest)s", head=card_title("go-with-your-gut"), rest=p["at"]),
                                   _("%(who)s moves into %(square)s after her actions, as with one action: a Laser "
                                     "goes off, a Deadbolt keeps her out.", who=p["who"], square=p["at"])),
    "go_with_your_gut_none": lambda p: (card_title("go-with-your-gut"),
                                        _("No face-down room next to %(who)s: nothing happens.", who=p["who"])),
    "buddy_system": lambda p: (_("%(head)s: %(rest)s", head=card_title("buddy-system"), rest=p["buddy"]),
                               _("%(buddy)s comes to %(who)s's room, not entering.", buddy=p["buddy"], who=p["who"])),
}

# the sides of a room, as Dynamite names the wall it blows up
SIDES = {"north": N_("north"), "east": N_("east"), "south": N_("south"), "west": N_("west")}


def _side(side: str) -> str:
    return _(SIDES[side]) if side in SIDES else side


def offer_words(offer: Offer) -> tuple[str, str]:
    """(title, what happens) of an offer's button."""
    say = WORDS.get(offer.code)
    return say(offer.params) if say else (offer.code.replace("_", " ").capitalize(), "")


def pick_offer(offers: list[Offer], code: str, **params: Any) -> Offer | None:
    """The first of ``offers`` with that code and those parameters (a counter's "one more" for one burglar), or
    None when the engine offers none: the template then shows the button disabled, or no button."""
    return next((o for o in offers if o.code == code and all(o.params.get(k) == v for k, v in params.items())), None)


def form_vals(offer: Offer, **extra: Any) -> dict[str, str]:
    """The offer's action as the form fields its button posts, with ``extra`` fields added (a face-down
    room's type and number)."""
    return as_form(offer.action, **extra)
