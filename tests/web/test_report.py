"""The heist report (issue 25 §3): one row and one chart column per guard move, the danger before it (the exact
forecast from the position before the move, as Why? uses it) against what happened, Stealth over time, cards drawn
and reshuffles, the luckiest and unluckiest moments in words."""

from __future__ import annotations

import re
from fractions import Fraction

from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.actions import apply
from assistant.engine.cases import state_from_case
from assistant.engine.vocabulary import from_json
from assistant.forecast import forecast_floor
from assistant.story import Step, Turn, heist_story, luckiest, unluckiest
from assistant.engine.rulesets import RULEBOOKS
from tests.web.helpers import HTMX, act_ok, break_in, new_heist, state, store


def _turn(number: int, danger: dict[str, Fraction], found: tuple[str, ...]) -> Turn:
    return Turn(number, "ana", 1, danger, found, None, {"ana": 3, "bo": 3}, 0, 1, False)


def test_the_luckiest_moment_is_the_highest_chance_that_missed_and_the_unluckiest_the_lowest_that_hit() -> None:
    turns = [_turn(1, {"ana": Fraction(1, 2), "bo": Fraction(9, 10)}, ("ana",)),
             _turn(2, {"ana": Fraction(1, 10), "bo": Fraction(1)}, ("ana", "bo")),
             _turn(3, {"ana": Fraction(0)}, ())]
    lucky, unlucky = luckiest(turns), unluckiest(turns)
    assert lucky is not None and (lucky.turn, lucky.who, lucky.chance) == (1, "bo", Fraction(9, 10))
    assert unlucky is not None and (unlucky.turn, unlucky.who, unlucky.chance) == (2, "ana", Fraction(1, 10))


def test_a_guard_move_that_stops_on_a_question_is_one_turn_with_its_answers() -> None:
    """1.6: two alarms equally near; the table answers and the move goes on in the answer's log."""
    before = state_from_case({"floors": {"1": {"guard": "B2", "destination": "B2", "die": 2, "alarms": ["A2", "C2"],
                                               "patrol": ["D4", "D3"]}},
                              "crew": {"ana": {"floor": 1, "at": "C2", "stealth": 1}}})
    asked = apply(before, {"do": "end_turn"})
    assert asked.question is not None
    answered = apply(asked.state, {"do": "answer", "choice": "C2"})
    steps = [Step(from_json({"do": "end_turn"}), asked.log, before, asked.state),
             Step(from_json({"do": "answer", "choice": "C2"}), answered.log, asked.state, answered.state)]
    [turn] = heist_story(steps, RULEBOOKS["bb1"])
    assert turn.danger == {"ana": forecast_floor(before, 1, RULEBOOKS["bb1"]).crew["ana"].found}
    assert turn.found == ("ana",) and turn.stealth["ana"] == 0


def test_the_report_page_charts_every_guard_move_of_the_heist(app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client)
    break_in(client, gid)
    for _ in range(8):
        act_ok(client, gid, do="end_turn")
    first, actions = store(app).timeline(gid)
    steps, before = [], first
    for action, log, after in actions:
        steps.append(Step(action, log, before, after))
        before = after
    turns = heist_story(steps, RULEBOOKS["bb1"])
    assert len(turns) == 8 and sum(t.drawn for t in turns) > 0
    page = client.get(f"/games/{gid}/report").get_data(as_text=True)
    assert "<svg" in page and "The heist, turn by turn" in page
    assert len(re.findall(r"<tr><td>\d+</td>", page)) == 8
    assert page.count('class="bb-stealth"') == len(state(app, gid).crew) == 2  # a line per burglar
    assert "Heist report" in client.get(f"/games/{gid}", headers={}).get_data(as_text=True)
    assert client.get(f"/games/{gid}/panel", headers=HTMX).status_code == 200


def test_the_list_of_heists_says_outcome_and_guard_moves_and_offers_play_again(app: Flask, client: FlaskClient) -> None:
    gid = new_heist(client, name3="Cy", character1="raven", seed="11")
    break_in(client, gid)
    for _ in range(3):
        act_ok(client, gid, do="end_turn")
    home = client.get("/").get_data(as_text=True)
    assert "3 guard moves" in home and f"/games/{gid}/report" in home and f"/games/{gid}/again" in home
    [listed] = [g for g in store(app).games() if g["id"] == gid]
    assert listed["turns"] == 3 and listed["outcome"] is None
