"""``python -m assistant.forecast [--safety] CASE.json [CASE.json ...]``: the danger forecast of conformance cases.

For each file, one JSON line (issue 14, docs/forecast.md)::

    {"id": ..., "floors": {"N": {"enter": {"A1": p, ...}, "end": {"A1": p, ...}}},
     "crew": {"NAME": {"found": p, "caught": p}}}

for the next guard move of every floor with a guard on the board, from the position after the case's
actions. Only what the players can see counts: how many patrol cards are left and which are face up in
``discard``; the names and order of the ``patrol`` list and any ``reshuffle`` order are ignored.
Probabilities are rounded to 6 decimals and rooms with probability 0 are left out. Every crew member
appears once, with the forecast of their own floor's guard (0 when that floor has no guard to move or
they are not on the board). A case the engine rejects prints ``{"id": ..., "error": ...}``; a file that
cannot be read gives exit status 2, as the resolver does.

With ``--safety`` (issue 25) each line is instead::

    {"id": ..., "safety": {"BURGLAR": {"ROOM": {"found": p, "caught": q}}}}

for every burglar on a floor whose guard is on the board and every room of her floor (rooms with 0 included):
the chance that her floor's guard's next move finds (and catches) her if she stands there when he moves,
everything else as it is (``safety.safety_map``).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from typing import Any

from ..engine.cases import replay
from ..engine.errors import RulesError
from . import forecast
from .safety import safety

DECIMALS = 6


def _p(value: Fraction) -> float:
    return round(float(value), DECIMALS)


def forecast_case(case: object, safety_map: bool = False) -> dict[str, Any]:
    """One output line of the CLI for one case (never raises for a bad case); ``safety_map``: the line of
    ``--safety``."""
    cid = case.get("id") if isinstance(case, dict) else None
    try:
        # the position after the case's actions, read as the resolver reads them (the table's word for walks)
        played = replay(case)
        state, question, book = played.state, played.needs_choice, played.rulebook
        out: dict[str, Any] = {"id": cid, "safety": {}} if safety_map else {"id": cid, "floors": {}, "crew": {}}
        if question is not None:
            out["needs_choice"] = question  # the next move is not known until the table answers
            return out
        if safety_map:
            out["safety"] = {name: {room: {"found": _p(c.found), "caught": _p(c.caught)} for room, c in rooms.items()}
                             for name, rooms in safety(state, book).items()}
            return out
        floors = forecast(state, book)
        for n, f in floors.items():
            out["floors"][str(n)] = {"enter": {r: _p(p) for r, p in f.enter.items()},
                                     "end": {r: _p(p) for r, p in f.end.items()}}
        for name in state.crew:
            chance = next((f.crew[name] for f in floors.values() if name in f.crew), None)
            out["crew"][name] = {"found": _p(chance.found) if chance else 0.0,
                                 "caught": _p(chance.caught) if chance else 0.0}
        return out
    except RulesError as err:
        return {"id": cid, "error": str(err)}
    except Exception as err:  # a bug, said as such, never blamed on the case
        return {"id": cid, "error": f"internal error (a bug in the forecast, not in this case): "
                                    f"{type(err).__name__}: {err}"}


def main(argv: list[str]) -> int:
    status = 0
    safety_map = "--safety" in argv
    for path in (a for a in argv if a != "--safety"):
        try:
            with open(path, encoding="utf-8") as fh:
                case = json.load(fh)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            sys.stdout.write(json.dumps({"id": None, "error": f"{path}: cannot read this case ({err})"}) + "\n")
            status = 2
            continue
        sys.stdout.write(json.dumps(forecast_case(case, safety_map)) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
