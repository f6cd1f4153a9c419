"""A position the app wrote passes the checks a backup's stored position gets in place of the replay's (written.py,
issue 33 §1), whatever version wrote it; the refusals themselves are tested on whole backups
(tests/web/test_backup_hostile.py)."""

from __future__ import annotations

import gzip
import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from assistant.engine.actions import apply
from assistant.engine.cases import replay
from assistant.engine.errors import RulesError
from assistant.engine.state import GameState
from assistant.written import NotWritten, check_log, check_state
from tests.engine.helpers import event, position
from tests.engine.test_table_bb1 import member, quiet_floor
from tests.web.test_backup import SAVES

CASES = sorted((Path(__file__).resolve().parents[2].parent / "shared" / "conformance" / "cases").glob("*/*.json"))


@pytest.mark.parametrize("fixture", ["schema0.sqlite3.gz", "schema1.sqlite3.gz", "schema2.sqlite3.gz"])
def test_every_position_and_log_an_earlier_version_stored_passes(fixture: str, tmp_path: Path) -> None:
    path = tmp_path / "heists.sqlite3"
    path.write_bytes(gzip.decompress((SAVES / fixture).read_bytes()))
    with closing(sqlite3.connect(path)) as db:
        firsts = [text for (text,) in db.execute("SELECT initial FROM games")]
        rows = db.execute("SELECT state, log FROM actions").fetchall()
    for text in firsts + [state for state, _log in rows]:
        check_state(GameState.from_text(text))
    for _state, log in rows:
        check_log(log)


def test_every_position_and_log_of_the_conformance_cases_passes() -> None:
    played = 0
    for path in CASES:
        try:
            steps = replay(json.loads(path.read_text(encoding="utf-8"))).steps
        except RulesError:  # a case that expects a refusal
            continue
        for step in steps:
            check_state(step.state)
            check_log(json.dumps([e.as_dict() for e in step.log]))
            played += 1
    assert len(CASES) > 50 and played > 50


def test_a_position_with_a_field_of_the_wrong_type_is_not_one_the_app_writes() -> None:
    state = GameState.from_text((SAVES / "state1-juicer.json").read_text(encoding="utf-8"))
    check_state(state)
    state.crew[next(iter(state.crew))].heat = "hot"  # type: ignore[assignment]
    with pytest.raises(NotWritten, match="heat is 'hot'"):
        check_state(state)


def test_a_position_after_daydreaming_passes_with_its_bonus_below_zero() -> None:
    """Daydreaming takes one move from this turn's guard: the bonus the state keeps is -1, as the app writes it."""
    state = apply(position(quiet_floor(), crew={"ana": member("B2")}), event("daydreaming", floor=1, who="ana")).state
    assert state.bonus == -1
    check_state(state)
