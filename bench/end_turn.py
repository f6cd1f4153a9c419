"""What a tap costs: the end-turn request side by side with a baseline commit, and what goes over the wire.

Plays turns of a Bank Job (three burglars with characters) through the real request path (parse, apply,
write to SQLite on disk, render the answer, compress it) in this checkout and in a git worktree of the
baseline commit, in alternating rounds of fresh processes, and prints both medians. Targets (issue 23):

* end-turn request median at most 0.8x the baseline's (commit 879cdc9), and p95 under 25 ms;
* the answer to an end-turn tap at most 15 KB on the wire (body as the browser gets it, plus headers);
* the board page's first load at most 40 KB transferred, measured in Chromium (every request it makes).

Run: ``.venv/bin/python bench/end_turn.py`` (``--baseline REV``, ``--turns N``, ``--rounds N``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "879cdc9"
CREW = {"scenario": "bank", "name1": "Ana", "character1": "raven", "name2": "Bo", "character2": "hacker",
        "name3": "Cy", "character3": "peterman", "seed": "7"}
HTMX = {"HX-Request": "true", "Accept-Encoding": "gzip, deflate, br, zstd"}  # what Chromium sends
RATIO, P95_MS, ANSWER_KB, FIRST_LOAD_KB = 0.8, 25.0, 15, 40
# The heists' file sits in memory for both versions, so the comparison is of the code: the store syncs the disk
# at every commit since issue 12 (synchronous=FULL: an acknowledged tap survives a power cut), the baseline did not,
# and what that sync costs depends on the disk alone (bench/sync_cost.py measures it on a real one).
MEMORY = Path("/dev/shm")


def measure(tree: Path, turns: int) -> dict[str, list[float]]:
    """End-turn requests in the app of ``tree`` (run in a process of its own: ``--measure TREE``)."""
    sys.path.insert(0, str(tree))
    from assistant.web import create_app

    with tempfile.TemporaryDirectory(dir=MEMORY if MEMORY.is_dir() else None) as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite3"), "SECRET_KEY": "bench",
                          "WTF_CSRF_ENABLED": False, "INSTANCE_PATH": tmp})
        client = app.test_client()

        def heist(seed: int) -> str:
            game: str = client.post("/new", data=dict(CREW, seed=str(seed))).headers["Location"]
            client.post(f"{game}/act", data={"do": "start"}, headers=HTMX)
            client.post(f"{game}/act", data={"do": "entrance", "at": "D4"}, headers=HTMX)
            return game

        game, times, cpu, sizes = heist(7), [], [], []
        for turn in range(turns):
            t0, c0 = time.perf_counter(), time.process_time()
            resp = client.post(f"{game}/act", data={"do": "end_turn"}, headers=HTMX)
            body = resp.get_data()
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            sizes.append(len(body) + sum(len(k) + len(v) + 4 for k, v in resp.headers.items()) + 17)
            text = decoded(body, resp.headers.get("Content-Encoding"))
            if resp.status_code != 200 or 'class="error"' in text:
                raise SystemExit(f"turn {turn}: the request failed ({resp.status_code})")
            if "Caught!" in text:
                game = heist(turn)  # a lost heist stops the turns: every sample is a real turn
    return {"times": times, "cpu": cpu, "sizes": sizes}


def decoded(body: bytes, encoding: str | None) -> str:
    if encoding == "br":
        import brotli
        body = brotli.decompress(body)
    elif encoding == "gzip":
        import gzip
        body = gzip.decompress(body)
    return body.decode()


def run_rounds(trees: dict[str, Path], turns: int, rounds: int) -> dict[str, dict[str, list[float]]]:
    results: dict[str, dict[str, list[float]]] = {name: {"times": [], "cpu": [], "sizes": []} for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():  # alternated, so a busy moment hits both
            out = subprocess.run([sys.executable, __file__, "--measure", str(tree), "--turns", str(turns)],
                                 capture_output=True, text=True, check=True, cwd=tree)
            for key, values in json.loads(out.stdout.splitlines()[-1]).items():
                results[name][key] += values
    return results


def first_load() -> tuple[int, list[str]] | None:
    """Bytes Chromium transfers to open a board page with an empty cache (headers and bodies of every
    request), and a line per request; None where Debian's Chromium is missing."""
    if not Path("/usr/bin/chromium").exists():
        return None
    import threading

    from playwright.sync_api import sync_playwright
    from waitress.server import create_server

    sys.path.insert(0, str(ROOT))
    from assistant.web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite3"), "SECRET_KEY": "bench",
                          "WTF_CSRF_ENABLED": False, "INSTANCE_PATH": tmp})
        client = app.test_client()
        game = client.post("/new", data=CREW).headers["Location"]
        for action in ({"do": "start"}, {"do": "entrance", "at": "D4"}, {"do": "end_turn"}):
            client.post(f"{game}/act", data=action)
        server = create_server(app, host="127.0.0.1", port=0, threads=8)
        threading.Thread(target=server.run, daemon=True).start()
        lines, total = [], 0
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--disable-background-networking"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            done: list = []
            page.on("requestfinished", lambda request: done.append(request))
            page.goto(f"http://127.0.0.1:{server.effective_port}{game}", wait_until="networkidle")
            for request in done:
                if "/live/" in request.url or request.url.endswith("/events"):
                    continue  # the live stream stays open: its bytes are updates, not the page
                sizes = request.sizes()
                size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
                total += size
                lines.append(f"  {request.url.split(str(server.effective_port), 1)[1][:48]:48s} {size:7d} bytes")
            browser.close()
        server.close()
        return total, lines


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.turns)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base), args.baseline], cwd=ROOT,
                       check=True)
        try:
            results = run_rounds({"baseline": base, "now": ROOT}, args.turns, args.rounds)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=True)
    ok = True
    print(f"end-turn request (apply + persist + render + compress), Bank Job, 3 burglars, "
          f"{args.rounds} x {args.turns} turns each, rounds alternated, heists' file in "
          f"{'memory' if MEMORY.is_dir() else 'a temporary folder'}:")
    medians = {}
    for name, result in results.items():
        times = sorted(result["times"])
        medians[name] = statistics.median(times)
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"  {name:8s} ({args.baseline if name == 'baseline' else 'this checkout'}): "
              f"median {medians[name]:6.2f} ms   p95 {p95:6.2f} ms")
    p95 = sorted(results["now"]["times"])[int(len(results["now"]["times"]) * 0.95) - 1]
    ratio = medians["now"] / medians["baseline"]
    print(f"  median now / baseline = {ratio:.2f} (target <= {RATIO})  {verdict(ratio <= RATIO)}")
    print(f"  p95 now {p95:.2f} ms (target < {P95_MS:.0f} ms)  {verdict(p95 < P95_MS)}")
    ok &= ratio <= RATIO and p95 < P95_MS
    sizes = sorted(results["now"]["sizes"])
    most = sizes[-1] / 1024
    print(f"end-turn answer on the wire: median {statistics.median(sizes) / 1024:.1f} KB, largest {most:.1f} KB "
          f"(target <= {ANSWER_KB} KB)  {verdict(most <= ANSWER_KB)}")
    ok &= most <= ANSWER_KB
    loaded = first_load()
    if loaded is None:
        print("board page first load: not measured (no /usr/bin/chromium)")
    else:
        total, lines = loaded
        print(f"board page first load in Chromium, empty cache: {total / 1024:.1f} KB transferred "
              f"(target <= {FIRST_LOAD_KB} KB)  {verdict(total <= FIRST_LOAD_KB * 1024)}")
        print("\n".join(lines))
        ok &= total <= FIRST_LOAD_KB * 1024
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
