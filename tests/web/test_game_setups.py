"""Each game's setup reads the new-heist form's fields in its own package (issue 34 §6): the engine takes any form
with ``get`` and ``getlist`` (no web framework), builds the heist exactly as its new-game function does, and refuses
with an untranslated message marked for the catalogue, said in the reader's language where it is shown."""

from __future__ import annotations

import pytest

from assistant.engine.bb1.setup import new_game
from assistant.engine.bb2.setup import new_bb2_game
from assistant.engine.errors import BoardError
from assistant.engine.rulesets import RULEBOOKS
from assistant.engine.setup import Decks
from tests.web.helpers import errors


class Form:
    """A form as a plain mapping of lists, as a browser sends one."""

    def __init__(self, **fields: str | list[str]) -> None:
        self.fields = {k: v if isinstance(v, list) else [v] for k, v in fields.items()}

    def get(self, key: str) -> str | None:
        values = self.fields.get(key)
        return values[0] if values else None

    def getlist(self, key: str) -> list[str]:
        return list(self.fields.get(key, []))


def test_a_bank_job_from_the_form_is_the_heist_its_new_game_function_deals() -> None:
    form = Form(game="bb1", scenario="bank", name1="Ann", character2="raven", difficulty="hard", seed="7")
    heist = RULEBOOKS["bb1"].setup.new_heist(form, Decks())
    dealt = new_game("bank", [{"name": "Ann", "colour": "", "character": "", "side": "basic"},
                              {"name": "Raven", "colour": "", "character": "raven", "side": "basic"}],
                     difficulty="hard", seed=7)
    assert heist.state == dealt and heist.title == "The Bank Job — Ann & Raven"
    assert ("difficulty", "hard") in heist.setup and ("character2", "raven") in heist.setup


def test_a_casino_heist_takes_the_decks_the_suspicion_meter_gives_and_keeps_its_fields() -> None:
    form = Form(game="bb2", name1="Ann", entrance=["A1", "D4"], walls="draw", cards1="16", seed="3")
    meter = Decks((18, 14), (("mode", "campaign"),))
    heist = RULEBOOKS["bb2"].setup.new_heist(form, meter)
    assert heist.state == new_bb2_game([{"name": "Ann", "colour": "", "character": "", "side": "basic"}],
                                       entrances=["A1", "D4"], walls=[[], []], cards=(18, 14), seed=3)
    assert [f for f in heist.setup if f[0].startswith(("cards", "mode"))] == [
        ("cards1", "18"), ("cards2", "14"), ("mode", "campaign")]


def test_a_setup_refusal_is_the_engines_untranslated_message() -> None:
    with pytest.raises(BoardError) as refused:
        RULEBOOKS["bb1"].setup.new_heist(Form(game="bb1", scenario="bank", name1="x" * 21), Decks())
    assert refused.value.message == "%(what)s %(text)s… is too long (%(most)s letters at most)"
    assert str(refused.value) == f"the name {'x' * 20}… is too long (20 letters at most)"


def test_the_form_says_a_setup_refusal_in_the_readers_language(client) -> None:
    page = client.post("/new", data={"game": "bb3", "name1": ""}, headers={"Accept-Language": "fr"})
    assert page.status_code == 422
    assert errors(page.get_data(as_text=True)) == ["donnez un nom à au moins un cambrioleur"]
