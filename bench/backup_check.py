"""What checking a backup costs before Restore or Add (issue 33 §1): 100 heists of 100 actions, played through the
store, backed up, and read back by ``backup.checked`` (unpack, copy, replay); then the same backup with every stored
position changed so that no action gives it (a heist of earlier rules at its worst: each position is kept and
checked by written.py in place of the replay's). Prints the CPU time of each, the best of 3.
Run: ``python bench/backup_check.py [heists] [actions]``.
"""

from __future__ import annotations

import gzip
import io
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant import backup
from assistant.engine.errors import RulesError
from assistant.engine.bb1.setup import new_game
from assistant.store import Store


def _played(store: Store, heists: int, actions: int) -> None:
    """Bank Jobs broken into and played by ends of turns (a question answered with its first option; a correction
    of Ann's Stealth once the heist is over or an action is refused)."""
    for n in range(heists):
        game_id = store.create(f"Bank {n}", new_game("bank", [{"name": "Ann"}, {"name": "Bob"}], seed=n))
        first = [{"do": "start"}, {"do": "entrance", "at": "D4"}]
        for count in range(actions):
            state = store.load(game_id).state
            correction = {"do": "set", "field": "stealth", "who": "Ann", "value": count % 4}
            if state.pending:
                action = {"do": "answer", "choice": state.pending["question"]["options"][0]}
            else:
                action = first.pop(0) if first else correction if state.outcome else {"do": "end_turn"}
            try:
                store.act(game_id, action)
            except RulesError:
                store.act(game_id, correction)


def _every_position_otherwise(data: bytes, folder: Path) -> bytes:
    path = folder / "otherwise.sqlite3"
    path.write_bytes(gzip.decompress(data))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE actions SET state = json_set(state, '$.version', seq * 2)")  # the engine gives seq
    db.close()
    return gzip.compress(path.read_bytes())


def _checked_in(data: bytes) -> float:
    best = []
    for _round in range(3):
        started = time.process_time()
        with backup.checked(io.BytesIO(data)):
            best.append(time.process_time() - started)
    return min(best)


def main(heists: int = 100, actions: int = 100) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "heists.sqlite3")
        _played(store, heists, actions)
        out = io.BytesIO()
        backup.write(store, out)
        store.close()
        data = out.getvalue()
        print(f"{heists} heists of {actions} actions, {len(data) // 1024} kB backed up")
        print(f"every action replays: {_checked_in(data):.2f} s of CPU")
        otherwise = _every_position_otherwise(data, Path(tmp))
        print(f"no action replays, every position checked: {_checked_in(otherwise):.2f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
