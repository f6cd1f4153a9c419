"""guard-rules §1.22, the turn-4 rows on what the app checks: "Escape and cracking a safe are checked", "Juicer's
alarm tokens", "Lost Visual with an alarm" and "bb2: Undercover chip jump". Each docstring cites its row and the
rulebook line (shared/seeds: bb1-rules-en.md, bb2-casino-capers-en.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant.engine.actions import apply
from assistant.engine.bb1.offers import player_offers, table_offers
from assistant.engine.cases import run_case, state_from_case
from assistant.engine.errors import IllegalActionError, OverrulableError
from assistant.engine.state import LOST_VISUAL, GameState
from assistant.engine.upgrades import STATE_FORMAT
from tests.engine.helpers import alarm, case, floor_case, play, position, turn
from tests.engine.test_table_bb1 import member, quiet_floor


def two_floors(crew: dict[str, dict[str, Any]], top_tiles: dict[str, str] | None = None,
               tiles: dict[str, str] | None = None) -> GameState:
    """An Office Job sized heist: floor 2 is the top floor, its Stairs in B2 unless ``top_tiles`` says."""
    top = floor_case("D4", "D3", 1, patrol=["D1"], tiles={"B2": "stairs"} if top_tiles is None else top_tiles)
    return position(quiet_floor(tiles), top, crew=crew)


def escape(who: str = "ana", **extra: Any) -> dict[str, Any]:
    return {"do": "escape", "who": who, **extra}


def refusal(state: GameState, action: dict[str, Any]) -> str:
    """The refusal the rules give, checked to be one the table may overrule."""
    with pytest.raises(OverrulableError) as err:
        apply(state, action)
    return str(err.value)


# -- escape (EN "Winning": bb1-rules-en.md 869-870, 354-355; Gold Bar 418-422) -----------------------------------

def test_escape_from_below_the_top_floor_is_refused_saying_where_the_roof_is():
    """§1.22 'Escape and cracking a safe are checked': the roof is reached from the top floor's Stairs only (EN Winning,
    bb1-rules-en.md 869-870)."""
    s = two_floors({"ana": member("B2", loot=["tiara"]), "bob": member("A1", floor=2, loot=["mirror"])})
    assert refusal(s, escape()) == ("ana is on floor 1: the crew gets to the roof by the Stairs of the top floor, "
                                    "floor 2")


def test_escape_on_the_top_floor_away_from_its_stairs_is_refused():
    """§1.22 'Escape and cracking a safe are checked': on the top floor she must stand on its Stairs, where the board
    shows them (EN Winning)."""
    s = two_floors({"ana": member("C3", floor=2, loot=["tiara"]), "bob": member("A1", loot=["mirror"])})
    assert refusal(s, escape()) == "ana is in C3: the crew gets to the roof by the top floor's Stairs, in B2"


def test_escape_from_the_top_floors_stairs_with_all_the_loot_is_no_correction():
    """§1.22 'Escape and cracking a safe are checked': one loot card per Safe held (those out included), on the
    top floor's Stairs: she is out, and the log marks no correction."""
    s = two_floors({"ana": member("B2", floor=2, loot=["tiara"]), "bob": member("A1", loot=["mirror"])})
    out = play(s, escape())
    assert out.state.crew["ana"].escaped
    assert "correction" not in out.of_kind("escape")[0].data


def test_escape_without_all_the_loot_is_refused_counting_the_cards():
    """§1.22 'Escape and cracking a safe are checked': every Safe cracked and all its loot held first (EN Winning,
    bb1-rules-en.md 869)."""
    s = two_floors({"ana": member("B2", floor=2, loot=["tiara"]), "bob": member("A1")})
    assert refusal(s, escape()) == "the crew holds 1 of the job's 2 loot cards"


def test_the_gold_bars_twin_counts_as_loot_still_in_its_safe_until_a_second_burglar_takes_it():
    """§1.22 'Escape and cracking a safe are checked': EN Gold Bar (bb1-rules-en.md
    418-422): the second bar waits in the Safe, both are needed and each burglar carries one; so two loot cards held
    are not all the loot while the twin lies there."""
    crew = {"ana": member("B2", floor=2, loot=["gold-bar", "tiara"]), "bob": member("A1")}
    assert refusal(two_floors(crew), escape()) == ("the second Gold Bar still lies in its Safe: the crew needs both, "
                                                   "one burglar each")
    crew["bob"]["loot"] = ["gold-bar"]
    assert play(two_floors(crew), escape()).state.crew["ana"].escaped


def test_a_gold_bar_and_its_twin_are_three_cards_on_a_two_safe_job_with_one_loot():
    """§1.22 'Escape and cracking a safe are checked': the twin is one card more than the Safes
    give: both bars and nothing else are 2 of 3."""
    crew = {"ana": member("B2", floor=2, loot=["gold-bar"]), "bob": member("A1", loot=["gold-bar"])}
    assert refusal(two_floors(crew), escape()) == "the crew holds 2 of the job's 3 loot cards"


def test_the_persian_kittys_token_on_the_board_keeps_the_crew_in():
    """§1.22 'Escape and cracking a safe are checked': bb1 Persian Kitty: nobody holds it while its token
    lies on the board."""
    s = two_floors({"ana": member("B2", floor=2, loot=["tiara"]), "bob": member("A1", loot=["mirror"])})
    s.floors[1].kitty = "C1"
    assert refusal(s, escape()) == "the Persian Kitty's token lies in C1 on floor 1: nobody holds it"


def test_an_escape_the_board_does_not_show_is_entered_as_a_marked_correction():
    """§1.22 'Escape and cracking a safe are checked': the table may enter either as a marked
    correction; the log says so."""
    s = two_floors({"ana": member("C3"), "bob": member("A1")})
    out = play(s, escape(correction=True), escape("bob", correction=True))
    assert out.state.outcome == "escaped"
    assert [e.data.get("correction") for e in out.of_kind("escape")] == [True, True]


def test_an_escape_with_the_top_floors_stairs_face_down_checks_the_floor_and_the_loot_only():
    """§1.22 'Escape and cracking a safe are checked': what the board has not shown
    is the table's word (docs/conformance.md "Escape and the Safe")."""
    s = two_floors({"ana": member("C3", floor=2, loot=["tiara", "mirror"])}, top_tiles={})
    assert play(s, escape()).state.outcome == "escaped"


def test_nobody_escapes_twice_even_as_a_correction():
    """§1.22 'Escape and cracking a safe are checked': a burglar out of the building cannot leave it again; no
    correction makes her."""
    s = two_floors({"ana": member("B2", floor=2, loot=["tiara", "mirror"]), "bob": member("A1")})
    out = play(s, escape())
    with pytest.raises(IllegalActionError, match="ana is not in the building") as err:
        apply(out.state, escape(correction=True))
    assert not isinstance(err.value, OverrulableError)


def test_the_freight_elevator_counts_the_gold_bars_twin_too():
    """§1.22 'Escape and cracking a safe are checked': EN Freight Elevator (out from the top floor only with all
    the loot held) with the Gold Bar's twin still in its Safe: she stays, as the app counts the loot when the table
    does not say."""
    crew = {"ana": member("B2", floor=2, loot=["gold-bar", "tiara"]), "bob": member("A1")}
    out = play(two_floors(crew), {"do": "event", "name": "freight_elevator", "floor": 2, "who": "ana"})
    assert not out.state.crew["ana"].escaped
    assert out.of_kind("no_effect")[0].data["how"] == "top_floor"


def test_escape_is_offered_plainly_only_when_the_board_shows_it_else_as_a_correction():
    """§1.22 'Escape and cracking a safe are checked': the engine offers what is legal;
    the table's word stays at hand as a correction."""
    s = two_floors({"ana": member("B2", floor=2, loot=["tiara"]), "bob": member("A1", loot=["mirror"])})
    offer = next(o for o in table_offers(s, "ana") if o.code.startswith("escape"))
    assert (offer.code, offer.correction, offer.action) == ("escape", False, {"do": "escape", "who": "ana"})
    s.crew["bob"].loot = ()
    offer = next(o for o in table_offers(s, "ana") if o.code.startswith("escape"))
    assert (offer.code, offer.correction) == ("escape_correction", True)
    assert offer.action == {"do": "escape", "who": "ana", "correction": True}
    assert apply(s, offer.action).state.crew["ana"].escaped


# -- cracking a safe (EN Safe: bb1-rules-en.md 161-163, "Crack a safe" 530-531) --------------------------------

def test_cracking_a_safe_nobody_stands_in_is_refused():
    """§1.22 'Escape and cracking a safe are checked': EN Safe (bb1-rules-en.md 161-163): the Crack action is taken
    in the Safe room."""
    s = two_floors({"ana": member("B2")}, tiles={"C3": "safe"})
    assert refusal(s, {"do": "crack_safe", "floor": 1}) == ("nobody stands in the Safe room (C3 on floor 1): a Safe "
                                                            "is cracked from its own room")
    s.crew["ana"].at = "C3"
    assert play(s, {"do": "crack_safe", "floor": 1}).floor(1).die == 2


def test_a_named_cracker_must_stand_in_the_safe_room_herself():
    """§1.22 'Escape and cracking a safe are checked': with ``who`` named, she is the one in the Safe room
    (EN Crack a safe, bb1-rules-en.md 534-535)."""
    s = two_floors({"ana": member("B2"), "bob": member("C3")}, tiles={"C3": "safe"})
    assert refusal(s, {"do": "crack_safe", "floor": 1, "who": "ana"}) == (
        "ana is in B2: a Safe is cracked from its own room, C3 on floor 1")
    assert play(s, {"do": "crack_safe", "floor": 1, "who": "bob"}).floor(1).die == 2


def test_the_advanced_peterman_cracks_only_the_safe_straight_over_her_as_the_board_shows_it():
    """§1.22 'Escape and cracking a safe are checked': or the advanced Peterman
    straight above or below it (BGA Peterman; §1.22 Peterman)."""
    crew = {"pia": member("B2", character="peterman", side="advanced")}
    s = two_floors(crew, top_tiles={"C3": "safe"})
    assert refusal(s, {"do": "crack_safe", "floor": 2, "who": "pia"}) == (
        "the advanced Peterman cracks the Safe straight above or below her room (B2 on floor 2)")
    s.floors[2].tiles = {"B2": "safe"}
    assert [play(s, {"do": "crack_safe", "floor": 2, "who": "pia"}).floor(n).die for n in (1, 2)] == [2, 1]


def test_a_safe_cracked_as_a_correction_marks_every_speed_up_it_makes():
    """§1.22 'Escape and cracking a safe are checked': the table's word is entered, and each log entry
    it makes says it was a correction."""
    s = two_floors({"ana": member("B2")}, top_tiles={"C3": "safe"})
    out = play(s, {"do": "crack_safe", "floor": 2, "correction": True})
    assert [(e.floor, e.data.get("correction")) for e in out.of_kind("speed_up")] == [(1, True), (2, True)]


def test_a_safe_the_board_has_not_shown_is_the_tables_word_as_v1_cases_say():
    """§1.22 'Escape and cracking a safe are checked': v1 FORMAT.md's crack_safe names nobody's
    room: with no Safe among the floor's rooms nothing is checked and nothing is marked."""
    out = play(two_floors({}), {"do": "crack_safe", "floor": 2})
    assert [e.data.get("correction") for e in out.of_kind("speed_up")] == [None, None]


def test_a_case_takes_a_refused_escape_or_safe_as_the_tables_word_unless_it_checks_them():
    """§1.22 'Escape and cracking a safe are checked': docs/conformance.md "Escape and
    the Safe": a case records what the table did, as its walks do."""
    crew = {"ana": member("A1")}
    actions = [{"do": "crack_safe", "floor": 1}, {"do": "escape", "who": "ana"}]
    data = case(quiet_floor({"C3": "safe"}), crew=crew, actions=actions)
    result = run_case(data)
    assert result["floors"]["1"]["die"] == 2 and result["crew"]["ana"]["escaped"]
    checked = run_case({**data, "walks": "checked"})
    assert checked["error"].startswith("nobody stands in the Safe room (C3 on floor 1)")


def test_the_safe_is_offered_plainly_only_when_someone_stands_in_it():
    """§1.22 'Escape and cracking a safe are checked': the engine offers what is legal; the table's word
    stays at hand as a correction."""
    s = two_floors({"ana": member("B2")}, tiles={"C3": "safe"})
    codes = {o.code: o for o in table_offers(s, "ana")}
    assert "crack_safe" not in codes and codes["crack_safe_correction"].correction
    assert codes["crack_safe_correction"].action == {"do": "crack_safe", "floor": 1, "correction": True}
    s.crew["ana"].at = "C3"
    assert "crack_safe" in {o.code for o in table_offers(s, "ana")}


# -- the Juicer's alarm tokens (EN Juicer, Reroute: bb1-rules-en.md 626-635) -------------------------------------

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def juicer(tokens: int = 0, at: str = "B2") -> GameState:
    """The advanced Juicer on her turn in ``at`` of a quiet floor, an alarm token in B2 and C2."""
    crew = {"joy": {**member(at, character="juicer", side="advanced"), "alarm_tokens": tokens}, "bob": member("A1")}
    return position(quiet_floor(alarms=["B2", "C2"]), crew=crew)


def test_the_advanced_juicer_keeps_the_alarm_token_she_picks_up_from_her_room():
    """§1.22 'Juicer's alarm tokens': the app keeps the token she picked up (EN Juicer, Reroute: from her own
    room; bb1-rules-en.md 629-632), and the log names her."""
    out = play(juicer(), {"do": "remove_alarm", "floor": 1, "at": "B2"})
    assert out.state.crew["joy"].alarm_tokens == 1 and out.floor().alarms == ("C2",)
    assert out.of_kind("alarm_off")[0].data["who"] == "joy"


def test_a_token_taken_from_another_room_or_while_she_holds_one_is_nobodys():
    """§1.22 'Juicer's alarm tokens': only from her own room, and one at a time (EN Juicer, Reroute, bb1-rules-en.md
    629-632); any other token taken off the board by hand is held by nobody."""
    out = play(juicer(), {"do": "remove_alarm", "floor": 1, "at": "C2"})
    assert out.state.crew["joy"].alarm_tokens == 0 and "who" not in out.of_kind("alarm_off")[0].data
    assert play(juicer(tokens=1), {"do": "remove_alarm", "floor": 1, "at": "B2"}).state.crew["joy"].alarm_tokens == 1


def test_she_drops_only_a_token_she_holds():
    """§1.22 'Juicer's alarm tokens': she can drop only one she holds (EN Juicer, Reroute: discarding a token picked
    up earlier sets off an alarm in her room, bb1-rules-en.md 634-635); refused otherwise, nothing applied."""
    drop = {"do": "event", "name": "juicer_drop", "floor": 1, "who": "joy"}
    s = juicer(at="D1")
    with pytest.raises(IllegalActionError, match="joy holds no alarm token: the Juicer drops only one she picked up"):
        apply(s, drop)
    out = play(juicer(tokens=1, at="D1"), drop, answers=["D1"])
    assert out.floor().alarms == ("B2", "C2", "D1") and out.state.crew["joy"].alarm_tokens == 0


def test_the_drop_is_offered_only_while_she_holds_a_token():
    """§1.22 'Juicer's alarm tokens': the engine offers what is legal."""
    assert "juicer_drop" not in {o.code for o in player_offers(juicer(at="D1"), "joy")}
    assert "juicer_drop" in {o.code for o in player_offers(juicer(tokens=1, at="D1"), "joy")}


def test_the_tokens_held_survive_a_save_and_a_case_round_trip():
    """§1.22 'Juicer's alarm tokens': a state field, written and read back; a case sets and reports it."""
    s = play(juicer(), {"do": "remove_alarm", "floor": 1, "at": "B2"}).state
    assert GameState.from_json(s.to_json()).crew["joy"].alarm_tokens == 1
    result = run_case(case(quiet_floor(), crew={"joy": {**member("B2"), "alarm_tokens": 1}}))
    assert result["crew"]["joy"]["alarm_tokens"] == 1


def test_a_state_saved_before_the_tokens_were_kept_opens_with_none_held():
    """§1.22 'Juicer's alarm tokens', engine/upgrades.py format 1 to 2: a state written by commit 8ebd743 (its
    Juicer had just picked up a token the app did not keep) opens holding none; her room's alarm is still the
    table's to set off by hand."""
    data = json.loads((SAVES / "state1-juicer.json").read_text())
    assert data["format"] == 1 and "alarm_tokens" not in data["crew"]["Joy"]
    s = GameState.from_json(data)
    assert s.to_json()["format"] == STATE_FORMAT == 2
    assert [b.alarm_tokens for b in s.crew.values()] == [0, 0]
    with pytest.raises(IllegalActionError, match="Joy holds no alarm token"):
        apply(s, {"do": "event", "name": "juicer_drop", "floor": 1, "who": "Joy"})
    b = s.crew["Joy"]
    assert b.at is not None
    assert b.at in apply(s, {"do": "alarm", "floor": b.floor, "at": b.at}).state.floors[b.floor].alarms


# -- Lost Visual with an alarm (EN Lost Visual: bb1-rules-en.md 833-838; 1.6) -----------------------------------

def test_the_guard_back_from_lost_visual_draws_two_cards_then_the_nearest_alarm_takes_the_die():
    """§1.22 'Lost Visual with an alarm': back, he draws a card for his room and one for his destination (EN Lost
    Visual, bb1-rules-en.md 833-838), and then the active alarm nearest him takes the die as in 1.6; the
    destination card is still discarded. The die had sat on the newest alarm while he was off the board (1.20)."""
    s = position(floor_case("A1", "B1", 2, patrol=[LOST_VISUAL, "C3", "D1", "A4"]))
    lost = play(s, turn(), alarm("D4"), alarm("A1"))
    assert (lost.floor().guard, lost.floor().destination) == (None, "A1")
    out = play(lost.state, turn())
    assert out.drawn() == ["C3", "D1"] and out.floor().discard[-2:] == ("C3", "D1")
    assert [(e.square, e.data["why"]) for e in out.of_kind("destination")][:2] == [("D1", "patrol_card"),
                                                                                   ("D4", "nearest_alarm")]
    assert out.entered() == ["D3", "D4", "C4", "B4"] and out.floor().destination == "A1"


# -- bb2: Undercover chip jump (BB2 Undercover: bb2-casino-capers-en.md 360) ---------------------------------------

def test_the_undercover_jump_gives_2_heat_to_a_burglar_in_the_chips_room():
    """§1.22 'bb2: Undercover chip jump': the bouncer jumps to the chip's room (BB2 Undercover,
    bb2-casino-capers-en.md 360) and a burglar there gains 2 heat, as when a bouncer enters her room; one next
    door gains none."""
    crew = {"ana": {"floor": 1, "at": "C3", "heat": 1}, "bob": {"floor": 1, "at": "C2", "heat": 0}}
    data = {**case(floor_case("A1", "D4", patrol=["B4"]), crew=crew), "rules": "bb2"}
    s = state_from_case(data)
    out = play(s, {"do": "undercover", "floor": 1, "at": "C3"})
    assert out.floor().guard == "C3" and out.entered() == ["C3"]
    assert (out.state.crew["ana"].heat, out.state.crew["bob"].heat) == (3, 0)
    assert [e.data["why"] for e in out.of_kind("heat")] == ["bouncer_in"]
