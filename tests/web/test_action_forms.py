"""A button's form becomes a typed action through the engine's vocabulary (issue 23): the fields that action
takes, read as the vocabulary reads them, anything else the button posts left aside; a malformed field is
refused naming it."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from assistant.engine.errors import MalformedActionError
from assistant.engine.bb1.vocabulary import Camera, Event
from assistant.engine.vocabulary import Layout, Move
from assistant.web.forms import action_from_form


def test_a_button_sends_the_fields_its_action_takes_and_the_rest_is_left_aside():
    form = MultiDict({"do": "camera", "floor": "1", "at": "b2", "off": "0", "room": "1-B2", "who": "Ann"})
    assert action_from_form(form) == Camera(floor=1, at="B2", off=False)


def test_a_face_down_rooms_tile_button_sends_its_type_and_number():
    form = MultiDict({"do": "move", "who": "Ann", "floor": "2", "to": "C3", "tile": "walkway:4"})
    assert action_from_form(form) == Move(who="Ann", floor=2, to="C3", room="walkway", number=4)


def test_shoplifting_and_the_virus_send_their_own_lists():
    form = MultiDict([("do", "event"), ("name", "shoplifting"), ("floor", "1"), ("target", "1-b2"),
                      ("target", "2-C3")])
    assert action_from_form(form) == Event(name="shoplifting", floor=1, targets=((1, "B2"), (2, "C3")))
    virus = action_from_form(MultiDict({"do": "event", "name": "virus", "floor": "1", "tokens": "laser:2,motion:1"}))
    assert isinstance(virus, Event) and virus.tokens == (("laser", 2), ("motion", 1))


def test_a_layout_reroll_gets_its_seed_here_so_a_replay_deals_the_same_walls():
    layout = action_from_form(MultiDict({"do": "layout", "kind": "random"}))
    assert isinstance(layout, Layout) and isinstance(layout.seed, int)


@pytest.mark.parametrize("fields, words", [
    ({"do": "crowd", "floor": "1", "at": "B2", "on": "maybe"}, "'on' must be true or false, not 'maybe'"),
    ({"do": "commotion", "floor": "1", "at": "B2", "steps": "5"}, "'steps' must be a whole number from 1 to 3"),
    ({"do": "move", "who": "Ann", "floor": "1", "to": "C3", "how": "jump"}, "'how' must be one of walk, fall"),
])
def test_a_malformed_field_is_refused_naming_it(fields: dict[str, str], words: str):
    with pytest.raises(MalformedActionError, match=words):
        action_from_form(MultiDict(fields))
