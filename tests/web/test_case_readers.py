"""Issue 38 §2: every reader of the case format reads every case. The resolver (``run_case``), the forecast and its
safety map (``forecast_case``) and the web import all play a case through one function, engine/cases.replay, so
none refuses a case another reads (docs/conformance.md "Walks": a case's walk the board does not allow is the
table's word). The sandbox plays its own positions through the same function (web/sandbox/turn.py) but opens no
case file, so it is not among the readers here.

Every case file in the repository (tests/**/*.json) and in ../shared/conformance/cases is read by each reader, and
one built-in case whose walk goes diagonally."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.engine.cases import report, run_case
from assistant.forecast.__main__ import forecast_case
from tests.web.helpers import errors, make_app

ROOT = Path(__file__).resolve().parents[2]
CASE_FOLDERS = (ROOT / "tests", ROOT.parent / "shared" / "conformance" / "cases")

# docs/conformance.md "Walks": A2 to B1 is no neighbouring room, yet a case says it happened (the table's word)
DIAGONAL = {"id": "diagonal-walk", "about": "issue 38 §2: a walk the board does not allow, read as the table's word",
            "floors": {"1": {"guard": "D4", "destination": "D3", "die": 2, "patrol": ["C4", "B4"]}},
            "crew": {"ana": {"floor": 1, "at": "A2", "stealth": 3}},
            "actions": [{"do": "move", "who": "ana", "floor": 1, "to": "B1"}, {"do": "guard_turn", "floor": 1}]}


def case_files() -> list[Path]:
    return sorted(p for folder in CASE_FOLDERS if folder.is_dir() for p in folder.rglob("*.json"))


def cases() -> list[Any]:
    return [pytest.param(DIAGONAL, id="built-in-diagonal-walk"),
            *(pytest.param(json.loads(path.read_text(encoding="utf-8")), id=str(path.relative_to(ROOT.parent)))
              for path in case_files())]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(tmp_path_factory.mktemp("readers") / "heists.sqlite3")  # one database for every case here
    yield app
    app.extensions["store"].shutdown()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def imported(client: FlaskClient, case: dict[str, Any]) -> tuple[int, str]:
    """The import's answer to the case as a file (dealt by the resolver's seed, 0 when it names none), and the new
    heist's id or the refusal shown."""
    body = json.dumps({**case, "seed": case.get("seed", 0)} if isinstance(case, dict) else case).encode()
    response = client.post("/games/import", data={"case": (io.BytesIO(body), "case.json")},
                           content_type="multipart/form-data")
    if response.status_code == 302:
        return 302, response.headers["Location"].rsplit("/", 1)[1]
    page = response.get_data(as_text=True)
    return response.status_code, " ".join(errors(page)) or page[:200]


def test_the_case_files_are_found():
    assert len(case_files()) > 100  # ours and the shared ones: a wrong folder would make the test below vacuous


@pytest.mark.parametrize("case", cases())
def test_every_reader_reads_the_case_the_resolver_reads(app: Flask, client: FlaskClient, case: Any):
    """Issue 38 §2: no reader refuses a case ``run_case`` reads, none says "internal error", and the import opens
    the heist at the position the resolver reports after the case's actions (a question left pending there)."""
    resolved = run_case(case)
    refused = "error" in resolved
    assert "internal error" not in resolved.get("error", "")
    for safety_map in (False, True):
        line = forecast_case(case, safety_map=safety_map)
        assert "internal error" not in line.get("error", "")
        assert ("error" in line) == refused, (safety_map, line.get("error"), resolved.get("error"))
        if not refused:
            assert line.get("needs_choice") == resolved["needs_choice"]
    status, said = imported(client, case)
    assert status in (302, 422), said  # a 500 is the web's internal error
    assert (status == 422) == refused, (said, resolved.get("error"))
    if refused:
        return
    heist = app.extensions["store"].load(said)
    after = report(heist.state, [], heist.rulebook)  # what the board shows: rooms entered, cards drawn aside
    assert {k: v for k, v in after.items() if k != "floors"} == \
           {k: v for k, v in resolved.items() if k not in ("id", "floors", "needs_choice")}
    for n, floor in after["floors"].items():
        assert {k: v for k, v in floor.items() if k not in ("entered", "drawn")} == \
               {k: v for k, v in resolved["floors"][n].items() if k not in ("entered", "drawn")}
    question = heist.state.pending["question"] if heist.state.pending else None
    assert (None if question is None else {"options": question["options"]}) == resolved["needs_choice"]
    assert client.get(f"/games/{said}").status_code == 200
