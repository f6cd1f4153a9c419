"""End-turn request cost and board page weight (issue: the table app).

Plays 200 turns of a Bank Job through the real request path (parse, apply, write to SQLite on
disk, render the game partial) and prints the median and p95 time of one end-turn request; then
the bytes of the board page with the assets it loads. Run: ``python bench/end_turn.py``.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.web import create_app

TURNS = 200


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite3"), "SECRET_KEY": "bench",
                          "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        form = {"scenario": "bank", "name1": "Ana", "name2": "Bo", "name3": "Cy", "seed": "7"}
        game = client.post("/new", data=form).headers["Location"]
        htmx = {"HX-Request": "true"}
        client.post(f"{game}/act", data={"do": "start"}, headers=htmx)
        client.post(f"{game}/act", data={"do": "entrance", "at": "D4"}, headers=htmx)
        times = []
        for turn in range(TURNS):
            t0 = time.perf_counter()
            resp = client.post(f"{game}/act", data={"do": "end_turn"}, headers=htmx)
            times.append((time.perf_counter() - t0) * 1000)
            if resp.status_code != 200 or 'class="error"' in resp.get_data(as_text=True):
                print(f"turn {turn}: the request failed")
                return 1
            if "Caught!" in resp.get_data(as_text=True):
                # a lost heist stops the turns: start a fresh one so every sample is a real turn
                game = client.post("/new", data=dict(form, seed=str(turn))).headers["Location"]
                client.post(f"{game}/act", data={"do": "start"}, headers=htmx)
                client.post(f"{game}/act", data={"do": "entrance", "at": "D4"}, headers=htmx)
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"end-turn request (apply + persist + render), {TURNS} turns of a Bank Job:")
        print(f"  median {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms   (target p95 < 25 ms)"
              f"  {'PASS' if p95 < 25 else 'FAIL'}")
        page = client.get(game).get_data()
        total = len(page)
        print(f"board page: {len(page):7d} bytes")
        for asset in re.findall(rb'(?:href|src)="(/static/[^"]+)"', page):
            body = client.get(asset.decode()).get_data()
            total += len(body)
            print(f"  {asset.decode():42s} {len(body):7d} bytes")
        verdict = "PASS" if total < 150_000 else "FAIL"
        print(f"  total {total} bytes = {total / 1024:.1f} KiB (target < 150 KB)  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
