"""bb1 "Tools": a tool card is discarded when it is used. The Donuts (guard-rules 1.18) and the E.M.P. (1.10,
1.21) were kept in the player's hand after being played, so the app still offered them and a Detector
still counted them (found by tests/browser/test_bank_job_20_turns.py)."""

from assistant.engine.actions import apply
from assistant.engine.bb1.setup import new_game


def in_play():
    s = new_game("bank", [{"name": "Ann"}, {"name": "Bob"}], seed=1)
    s = apply(apply(s, {"do": "start"}).state, {"do": "entrance", "at": "A2"}).state
    s.crew["Ann"].tools = ("donuts", "emp", "crowbar")
    return s


def test_the_donuts_are_discarded_when_played():
    s = apply(in_play(), {"do": "donuts", "floor": 1}).state
    assert s.floors[1].donuts and s.crew["Ann"].tools == ("emp", "crowbar")


def test_the_emp_is_discarded_when_played():
    s = apply(in_play(), {"do": "event", "name": "emp", "floor": 1, "who": "Ann"}).state
    assert s.emp_by == "Ann" and s.crew["Ann"].tools == ("donuts", "crowbar")
