"""What each offer's button says (engine/offers.py gives the code and its parameters): a title and a line
saying what happens. Presentation only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...engine.offers import Offer
from ...words.names import loot_name, tool_name

P = Mapping[str, Any]


def _tokens(p: P) -> str:
    return ", ".join(f"{n} {k}" for k, n in sorted(p["tokens"].items()))


WORDS: dict[str, Callable[[P], tuple[str, str]]] = {
    "move": lambda p: (f"Move {p['who']} here", ""),
    "move_reveal": lambda p: (f"Move {p['who']} here", "Turn the room face up: tap its type and number."),
    "rook_orders": lambda p: (f"{p['rook']}'s Orders: {p['who']} moves here", "The Rook's Orders: no extra costs."),
    "put": lambda p: (f"Put {p['who']} here", "A correction: no room effect, no guard sees it."),
    "alarm": lambda p: ("Alarm here", ""),
    "alarm_hacked": lambda p: (f"Alarm cancelled by a {p['computer']} hack token ({p['left']} left)", ""),
    "pick_up_alarm": lambda p: (f"{p['who']} picks up this alarm token (Juicer)" if p.get("who")
                                else "Pick up this alarm token (Juicer)", "A new patrol card sets his destination."),
    "crow": lambda p: (f"{p['who']}'s crow lands here",
                       "The guard walks in, then loses one of the moves he has left."),
    "crow_own": lambda p: (f"{p['who']}'s crow on {p['who']}'s own room (advanced Raven)",
                           ("A guard who starts his move here with no alarm on the floor stays put, and the crow "
                           "flies back.")),
    "throw_voice": lambda p: (f"Throw Voice: the die comes to {p['at']}", "The event card: no alarm on the floor."),
    "rook_swap": lambda p: (f"{p['who']} (Rook) swaps places with {p['buddy']}", "Disguise: neither enters a room."),
    "camera_off": lambda p: ("Switch this camera off", ("Video Loop, Crowbar or E.M.P.: nobody is seen through it "
                                                       "until you switch it back on.")),
    "camera_on": lambda p: ("Switch this camera back on", ("It is off now: a guard on it sees nobody, and nobody is "
                                                          "seen on it.")),
    "room_tokens": lambda p: (str(p["value"]), ""),
    "hack": lambda p: (f"Hack the {p['computer']} computer", f"{p['left']} token(s) now, 6 at most."),
    "hack_count": lambda p: (str(p["value"]), ""),
    "set_stealth": lambda p: (str(p["value"]), ""),
    "set_die": lambda p: (str(p["value"]), ""),
    "juicer_alarm": lambda p: (f"{p['who']} (Juicer) sets off an alarm in {p['at']}", "Once per turn, next door."),
    "juicer_drop": lambda p: (f"{p['who']} (Juicer) drops the alarm token in {p['at']}", "It goes off there."),
    "rigger_tool": lambda p: (f"{p['who']} (Rigger) discards a Stealth token to draw a tool", ""),
    "hacker_token": lambda p: (f"{p['who']} (Hacker) puts a hack token on her card",
                               "One at most; it cancels a Fingerprint, Laser or Motion alarm."),
    "spotter_look": lambda p: (f"{p['who']} (Spotter) looks at the top floor-{p['floor']} patrol card",
                               "An action, once per turn: the card shows on this device only."),
    "crowbar": lambda p: (f"Crowbar on {p['at']}", "That room no longer blocks anyone or raises an alarm."),
    "dynamite": lambda p: (f"Dynamite: blow up the {p['side']} wall ({p['wall']})",
                           ("The wall is gone for good, so guards may take the new way through; an alarm goes off "
                           "in this room.")),
    "tool_thermal_bomb": lambda p: ("Thermal Bomb", f"A hole to the next floor; an alarm in {p['at']}."),
    "tool_invisible_suit": lambda p: ("Invisible Suit", "No guard or camera sees this turn's moves."),
    "tool_smoke_bomb": lambda p: ("Smoke Bomb", f"3 Stealth tokens lie in {p['at']} for whoever is found there."),
    "tool_makeup_kit": lambda p: ("Makeup Kit", f"Everyone in {p['at']} gets 1 Stealth."),
    "tool_emp": lambda p: ("E.M.P.", f"All alarms off; none can go off until {p['who']}'s next turn."),
    "tool_donuts": lambda p: (f"Donuts · floor {p['floor']}", "That guard skips his next move."),
    "tool_virus": lambda p: (f"Virus: {_tokens(p)}", "3 hack tokens on the computers."),
    "tool_drop": lambda p: (f"Give up {tool_name(p['tool'])}", ""),
    "tool_take": lambda p: (tool_name(p["tool"]), ""),
    "loot_drop": lambda p: (f"Give up {loot_name(p['loot'])}", ""),
    "loot_take": lambda p: (loot_name(p["loot"]), "1 Stealth lost at once." if p["loot"] == "cursed-goblet" else ""),
    "shift_change": lambda p: ("Shift Change", "This floor's guard rests; every other guard on the board moves now."),
    "switch_signs": lambda p: ("Switch Signs", ("Guard and die trade places (with an alarm: he goes to the nearest "
                                               "alarm).")),
    "where_is_he": lambda p: ("Where Is He?", "The guard is put on his destination, then picks the next one."),
    "change_of_plans": lambda p: ("Change of Plans", "No alarm here: a new patrol card sets the destination."),
    "squeak": lambda p: ("Squeak!", "The guard takes one step toward the nearest burglar."),
    "brown_out": lambda p: ("Brown Out", "Every alarm goes off the board; one new patrol card per alarm removed."),
    "espresso": lambda p: ("Espresso", "This turn's guard moves one more."),
    "daydreaming": lambda p: ("Daydreaming", "This turn's guard moves one fewer."),
    "jump_the_gun": lambda p: ("Jump the Gun", "The next player's turn is skipped, guard move included."),
    "crash": lambda p: ("Crash!", f"No alarm here: the die comes to {p['at']}."),
    "lampshade": lambda p: ("Lampshade", f"{p['who']} gets 1 Stealth."),
    "video_loop": lambda p: ("Video Loop", f"Every camera is off until {p['who']}'s next turn."),
    "freight_elevator": lambda p: ("Freight Elevator", f"{p['who']} goes up one floor, same spot, not entering."),
    "lost_grip": lambda p: ("Lost Grip", f"{p['who']} falls to the floor below, not entering."),
    "dead_drop": lambda p: ("Dead Drop", f"{p['who']}'s tools and loot go to the player on the right."),
    "reboot": lambda p: ("Reboot", "Every computer face up keeps exactly one hack token."),
    "buddy_system": lambda p: (f"Buddy System: {p['buddy']}", (f"{p['buddy']} comes to {p['who']}'s room, not "
                                                              "entering.")),
}


def offer_words(offer: Offer) -> tuple[str, str]:
    """(title, what happens) of an offer's button."""
    say = WORDS.get(offer.code)
    return say(offer.params) if say else (offer.code.replace("_", " ").capitalize(), "")


def form_vals(offer: Offer, **extra: Any) -> dict[str, str]:
    """The offer's action as the form fields its button posts (forms.action_from_form reads them back),
    with ``extra`` fields added (a face-down room's type and number)."""
    vals = {k: str(v) for k, v in extra.items() if v not in (None, "")}
    for key, value in offer.action.items():
        if isinstance(value, bool):
            vals[key] = "1" if value else "0"
        elif isinstance(value, dict):
            vals[key] = ",".join(f"{k}:{n}" for k, n in sorted(value.items()))
        else:
            vals[key] = str(value)
    return dict(sorted(vals.items(), key=lambda kv: kv[0] != "do"))
