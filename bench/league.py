"""The league page (issue 36 §2) over a club's stored heists: 30 heists (Bank Jobs and Office Jobs, five crews with
their characters, three difficulties) of up to 40 actions, played through the store on a SQLite file, then
``/league`` through the app: cold (nothing counted yet, the forecast's own memo emptied: every guard move of every
heist forecast), warm (the median of 5 visits more: nothing changed), after one heist changed (its last action
undone), and the CSV file warm. Wall-clock times (the page is what a person waits for).
Run: ``python bench/league.py [heists] [actions]``. Targets: cold < 10 s, warm < 0.5 s.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant import forecast
from assistant.engine.errors import RulesError
from assistant.engine.bb1.setup import new_game
from assistant.store import Store
from assistant.web import create_app

COLD_TARGET, WARM_TARGET = 10.0, 0.5
CREWS = (
    [{"name": "Ann", "character": "raven"}, {"name": "Bob", "character": "hacker"}],
    [{"name": "Cy", "character": "rook"}, {"name": "Di", "character": "peterman"}, {"name": "Ed", "character": "hawk"}],
    [{"name": "Fay", "character": "acrobat"}, {"name": "Gus", "character": "juicer"}],
    [{"name": "Hal", "character": "spotter"}, {"name": "Ivy", "character": "rigger"}],
    [{"name": "Jo", "character": "raven"}, {"name": "Kim", "character": "rook"}, {"name": "Lu", "character": "hacker"},
     {"name": "Mo", "character": "hawk"}],
)


def played(store: Store, heists: int, actions: int) -> int:
    """Heists broken into and played by ends of turns (a question answered with its first option) until the crew is
    caught or ``actions`` are in; returns the guard moves stored."""
    moves = 0
    for n in range(heists):
        job, crew, difficulty = ("bank", "office")[n % 2], CREWS[n % len(CREWS)], ("normal", "easy", "hard")[n % 3]
        game_id = store.create(f"{('The Bank Job', 'The Office Job')[n % 2]} — {' & '.join(c['name'] for c in crew)}",
                               new_game(job, crew, difficulty=difficulty, seed=n),
                               [("game", "bb1"), ("scenario", job), ("difficulty", difficulty)])
        first = [{"do": "start"}, {"do": "entrance", "at": "B2"}]
        for _count in range(actions):
            state = store.load(game_id).state
            if state.outcome:
                break
            if state.pending:
                action = {"do": "answer", "choice": state.pending["question"]["options"][0]}
            else:
                action = first.pop(0) if first else {"do": "end_turn"}
            try:
                store.act(game_id, action)
            except RulesError:
                break
            moves += action["do"] == "end_turn"
    return moves


def main(heists: int = 30, actions: int = 40) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "heists.sqlite3"
        seed_store = Store(path)
        moves = played(seed_store, heists, actions)
        some_heist = seed_store.games()[0]["id"]
        seed_store.close()
        app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        forecast._cache.clear()
        started = time.perf_counter()
        assert client.get("/league").status_code == 200
        cold = time.perf_counter() - started
        warm = []
        for _round in range(5):
            started = time.perf_counter()
            client.get("/league")
            warm.append(time.perf_counter() - started)
        app.extensions["store"].undo(some_heist)
        started = time.perf_counter()
        client.get("/league")
        changed = time.perf_counter() - started
        started = time.perf_counter()
        answer = client.get("/league.csv")
        csv_time = time.perf_counter() - started
        app.extensions["store"].close()
    print(f"{heists} heists, {moves} guard moves, {len(answer.get_data(as_text=True).splitlines()) - 1} CSV rows")
    print(f"cold {cold:.2f} s (target < {COLD_TARGET} s): {'PASS' if cold < COLD_TARGET else 'FAIL'}")
    print(f"warm median {statistics.median(warm) * 1000:.1f} ms, max {max(warm) * 1000:.1f} ms "
          f"(target < {WARM_TARGET * 1000:.0f} ms): {'PASS' if max(warm) < WARM_TARGET else 'FAIL'}")
    print(f"one heist changed {changed * 1000:.1f} ms; CSV warm {csv_time * 1000:.1f} ms")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
