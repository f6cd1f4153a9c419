"""Club night (issue 24): one laptop serves 20 tables, each with its tablet and 5 phones following live.

The server is the app as ``./start.sh`` runs it (``start.sh --host 127.0.0.1 --port P --instance TMP``: the same
entry point, threads and limits), with 20 Bank Jobs (three burglars with characters) made beforehand in its data
folder. Every device is a thread of this script with its own loopback address (127.0.0.N: Linux routes the whole
127/8 to loopback), so the server sees 120 devices, none of them the host: each table's tablet opened the heist's
play link (as a club's tablets do from the host page's QR code), its phones 3 play and 2 watch links. Each device
holds a raw Server-Sent Events stream; a phone re-fetches its board on every "changed" doorbell newer than what it
shows, as static/app.js does.

Each tablet taps End turn at random moments (every ``--every`` seconds on average, uniformly from half to one and
a half of it); a heist that gets caught is undone (not counted). Measured:

* every device got a live stream and kept it (a device refused a stream is told to come back later);
* the End turn request, from sending it to reading the whole answer, p95 at most 150 ms;
* every device of that heist told of the change (its "changed" event read), from the tap, p95 at most 300 ms;
* and, for the record: the time until each phone has fetched the new board (sending ``X-Floors`` as a browser
  does), the server's CPU time per action
  (everything it did while the tablets played: the actions, the phones' fetches, heartbeats; read from /proc),
  its threads, memory, sockets and database files.

Run: ``.venv/bin/python bench/club_night.py`` (``--tables 20 --phones 5 --seconds 60 --every 5``). Linux only.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import random
import re
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.live_load import percentile, process_state  # noqa: E402 - the checkout is on the path from here

CREW = {"scenario": "bank", "name1": "Ana", "character1": "raven", "name2": "Bo", "character2": "hacker",
        "name3": "Cy", "character3": "peterman"}
REQUEST_P95_MS, TOLD_P95_MS = 150.0, 300.0
TIMEOUT = 15.0
IDLE_SECONDS = 10.0
VERSION = re.compile(r'data-version="(\d+)"')
FLOOR = re.compile(r'id="floor-(\d+)"[^>]*? data-hash="([^"]+)"')


# -- the heists, made before the server starts ---------------------------------------------------------

def make_heists(folder: Path, tables: int, database: str | None = None) -> list[tuple[str, str]]:
    """``tables`` Bank Jobs in ``folder``'s database (or the PostgreSQL ``database``), past the entrance: their
    (play, watch) tokens."""
    from assistant.web import create_app

    where = {"DATABASE": database} if database else {}
    app = create_app({"INSTANCE_PATH": folder, "WTF_CSRF_ENABLED": False, **where})
    client = app.test_client()
    store = app.extensions["store"]
    links = []
    for table in range(tables):
        game = client.post("/new", data=dict(CREW, seed=str(100 + table))).headers["Location"]
        for action in ({"do": "start"}, {"do": "entrance", "at": "D4"}):
            client.post(f"{game}/act", data=action)
        loaded = store.load(game.rstrip("/").rsplit("/", 1)[1])
        links.append((loaded.play_token, loaded.watch_token))
    store.shutdown()
    return links


# -- the devices -----------------------------------------------------------------------------------------

def connect(port: int, address: str) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT, source_address=(address, 0))


def call(port: int, address: str, method: str, path: str, headers: dict[str, str],
         body: str | None = None) -> tuple[int, str, http.client.HTTPResponse]:
    conn = connect(port, address)
    try:
        conn.request(method, path, body=body, headers={"Host": f"burgle.lan:{port}", "HX-Request": "true", **headers})
        response = conn.getresponse()
        return response.status, response.read().decode(), response
    finally:
        conn.close()


def version_of(page: str) -> int:
    found = VERSION.search(page)
    if not found:
        raise ValueError("no board in the answer")
    return int(found.group(1))


@dataclass
class Device:
    """One tablet or phone: its address and link, and when it heard of (and fetched) each version."""

    port: int
    address: str
    token: str
    refetches: bool
    errors: list[str]
    told: dict[int, float] = field(default_factory=dict)
    fetched: dict[int, float] = field(default_factory=dict)
    shown: int = -1
    connected: threading.Event = field(default_factory=threading.Event)
    floors: dict[str, str] = field(default_factory=dict)  # the floors it shows and their digests
    sock: socket.socket | None = None
    stopping: bool = False
    ended: bool = False  # its stream ended before the bench was over (or never began)

    def follow(self) -> None:
        try:
            conn = connect(self.port, self.address)
            conn.timeout = 60  # heartbeats come every few seconds
            conn.request("GET", f"/games/{self.token}/events",
                         headers={"Host": f"burgle.lan:{self.port}", "Accept": "text/event-stream"})
            self.sock = conn.sock  # http.client lets go of it once the response owns the connection
            stream = conn.getresponse()
            if stream.status != 200:
                raise RuntimeError(f"the stream answered {stream.status}")
            self.connected.set()
            event = ""
            while True:
                line = stream.readline().decode()
                if not line:
                    self.ended = True
                    if not self.stopping:
                        self.errors.append(f"{self.address}: the server ended its live stream")
                    return
                if line.startswith("event: "):
                    event = line[7:].strip()
                elif line.startswith("data: ") and event == "changed":
                    version = int(line[6:])
                    now = time.perf_counter()
                    for v in range(max(self.told, default=version - 1) + 1, version + 1):
                        self.told.setdefault(v, now)
                    if self.refetches and version > self.shown:
                        self.refetch()
        except Exception as err:  # every failure is counted, whatever it is
            self.ended = True
            if not self.stopping:
                self.errors.append(f"{self.address}: {err!r}")
        finally:
            self.connected.set()

    def refetch(self) -> None:
        status, page, _ = call(self.port, self.address, "GET", f"/games/{self.token}/panel?animate=1", self.held())
        if status != 200:
            self.errors.append(f"{self.address}: its board answered {status}")
            return
        version, now = version_of(page), time.perf_counter()
        self.floors.update(FLOOR.findall(page))
        for v in range(self.shown + 1, version + 1):
            self.fetched[v] = now
        self.shown = max(self.shown, version)

    def held(self) -> dict[str, str]:
        """The X-Floors header static/app.js sends: the answer leaves out the floors still the same."""
        return {"X-Floors": ",".join(f"{n}={h}" for n, h in sorted(self.floors.items()))} if self.floors else {}

    def stop(self) -> None:
        self.stopping = True
        if self.sock is not None:
            with contextlib.suppress(OSError):  # the server closed it already
                self.sock.shutdown(socket.SHUT_RDWR)  # shutdown, not close: the response still reads from it


@dataclass
class Tap:
    version: int  # the version the tap made
    sent: float
    answered: float


def play(tablet: Device, every: float, until: float, rng: random.Random, taps: list[Tap]) -> None:
    """The table's tablet: End turn now and then; a caught crew is undone (not counted)."""
    status, page, response = call(tablet.port, tablet.address, "GET", f"/games/{tablet.token}", {})
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page)
    cookie = (response.getheader("Set-Cookie") or "").split(";")[0]
    if status != 200 or not token:
        tablet.errors.append(f"{tablet.address}: the tablet could not open its heist ({status})")
        return
    headers = {"X-CSRFToken": token.group(1), "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    version = version_of(page)
    tablet.floors.update(FLOOR.findall(page))
    while True:
        wait = rng.uniform(every / 2, every * 3 / 2)
        if time.perf_counter() + wait > until:
            return
        time.sleep(wait)
        sent = time.perf_counter()
        status, page, _ = call(tablet.port, tablet.address, "POST", f"/games/{tablet.token}/act",
                               headers | tablet.held(), urlencode({"do": "end_turn", "version": version}))
        answered = time.perf_counter()
        if status != 200 or 'class="error"' in page:
            tablet.errors.append(f"{tablet.address}: End turn answered {status}")
            return
        version = version_of(page)
        tablet.floors.update(FLOOR.findall(page))
        taps.append(Tap(version, sent, answered))
        if "Caught!" in page:
            # Undo is its own route (``/act`` refuses "undo" as an unknown action, and the tablet then stood still)
            status, page, _ = call(tablet.port, tablet.address, "POST", f"/games/{tablet.token}/undo", headers,
                                   urlencode({"version": version}))
            if status != 200 or 'class="error"' in page:
                tablet.errors.append(f"{tablet.address}: Undo answered {status}")
                return
            version = version_of(page)


# -- the server's numbers --------------------------------------------------------------------------------

def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def server_numbers(pid: int) -> str:
    threads, rss, targets = process_state(pid)
    sockets = sum(target.startswith("socket:") for target in targets)
    databases = sum("heists.sqlite3" in target for target in targets)
    return f"threads {threads}, RSS {rss:.1f} MiB, sockets {sockets}, database files open {databases}"


def line(name: str, values: list[float]) -> str:
    return (f"  {name:<44} median {statistics.median(values):6.1f}  p95 {percentile(values, 0.95):6.1f}  "
            f"max {max(values):6.1f} ms  ({len(values)})")


# -- the run ---------------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, port: int, command: list[str]) -> subprocess.Popen[str]:
    server = subprocess.Popen([*command, "--host", "127.0.0.1", "--port", str(port), "--instance", str(folder)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "LANG": "C.UTF-8"})
    assert server.stdout is not None
    for text in server.stdout:
        if "is running at" in text:
            break
    else:
        raise SystemExit("the server did not start")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return server
        time.sleep(0.1)
    raise SystemExit("the server does not take connections")


def run(tables: int, phones: int, seconds: float, every: float, seed: int, command: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        links = make_heists(folder, tables)
        port = free_port()
        server = start_server(folder, port, command)
        try:
            served = "as ./start.sh runs it" if command == [str(ROOT / "start.sh")] else f"by {shlex.join(command)}"
            return measure(server.pid, port, links, phones, seconds, every, seed, served)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)


def measure(pid: int, port: int, links: list[tuple[str, str]], phones: int, seconds: float, every: float,
            seed: int, served: str) -> int:
    errors: list[str] = []
    addresses = (f"127.0.{n // 250}.{n % 250 + 2}" for n in range(10_000))
    heists = []
    for play_link, watch_link in links:
        tablet = Device(port, next(addresses), play_link, refetches=False, errors=errors)
        # a phone's play or watch link: a table shares both
        others = [Device(port, next(addresses), play_link if n % 5 < 3 else watch_link, refetches=True, errors=errors)
                  for n in range(phones)]
        heists.append((tablet, others))
    devices = [d for tablet, others in heists for d in (tablet, *others)]
    before = server_numbers(pid)
    followers = [threading.Thread(target=d.follow, daemon=True) for d in devices]
    for thread in followers:
        thread.start()
    for device in devices:
        device.connected.wait(TIMEOUT)
    # each phone fetches its board on its stream's first doorbell; a stream refused for want of room ends at once
    deadline = time.perf_counter() + TIMEOUT
    while time.perf_counter() < deadline and any(d.shown < 0 and not d.ended for d in devices if d.refetches):
        time.sleep(0.1)
    time.sleep(1.0)
    streaming = sum(1 for d in devices if d.told and not d.ended)
    connected = server_numbers(pid)
    idle0 = cpu_seconds(pid)
    time.sleep(IDLE_SECONDS)  # what 120 open streams cost with nobody playing: their heartbeats
    idle = (cpu_seconds(pid) - idle0) / IDLE_SECONDS

    rng = random.Random(seed)
    taps: list[list[Tap]] = [[] for _ in heists]
    cpu0, wall0, mine0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    until = wall0 + seconds
    players = [threading.Thread(target=play, args=(tablet, every, until, random.Random(rng.random()), taps[n]),
                                daemon=True) for n, (tablet, _) in enumerate(heists)]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join(seconds + 60)
    time.sleep(2.0)  # the last doorbells and fetches
    cpu, wall, mine = cpu_seconds(pid) - cpu0, time.perf_counter() - wall0, time.process_time() - mine0
    load = os.getloadavg()[0]
    playing = server_numbers(pid)

    requests, told, fetched = [], [], []
    for (tablet, others), made in zip(heists, taps, strict=True):
        for tap in made:
            requests.append((tap.answered - tap.sent) * 1000)
            for device in (tablet, *others):
                if tap.version not in device.told:
                    errors.append(f"{device.address}: never told of version {tap.version}")
                    continue
                told.append(max(0.0, device.told[tap.version] - tap.sent) * 1000)
            for device in others:
                if tap.version in device.fetched:
                    fetched.append(max(0.0, device.fetched[tap.version] - tap.sent) * 1000)
    for device in devices:
        device.stop()

    actions = len(requests)
    print(f"{len(heists)} heists, each a tablet and {phones} phones following live ({len(devices)} devices), "
          f"End turn every {every:g} s on average per table for {seconds:g} s, server {served}")
    print(f"  live streams: {streaming} of {len(devices)} devices")
    if requests:
        print(line("End turn request (ms)", requests))
        print(line("every device told of the change (ms)", told))
        print(line("every phone has fetched the new board (ms)", fetched))
        print(f"  actions {actions} ({actions / wall:.1f}/s); server CPU {cpu:.2f} s over {wall:.1f} s "
              f"({100 * cpu / wall:.0f}% of one core), {1000 * cpu / max(1, actions):.1f} ms per action with its "
              f"{phones} fetches")
        print(f"  server CPU with every device following and nobody playing: {100 * idle:.1f}% of one core")
        print(f"  the devices (this script) used {mine:.2f} s of CPU; load average {load:.1f} on "
              f"{os.cpu_count()} cores")
    print(f"  errors: {len(errors)}" + "".join(f"\n    {e}" for e in errors[:10]))
    print(f"  server before the devices: {before}")
    print(f"  server with them:          {connected}")
    print(f"  server after the play:     {playing}")
    return verdict(streaming == len(devices), requests, told, errors)


def verdict(everyone_streams: bool, requests: list[float], told: list[float], errors: list[str]) -> int:
    """The targets, each PASS or FAIL, then the whole: the exit status (hosted_night.py prints the same)."""
    checks = {
        "every device gets a live stream": everyone_streams,
        f"End turn p95 <= {REQUEST_P95_MS:g} ms": bool(requests) and percentile(requests, 0.95) <= REQUEST_P95_MS,
        f"told p95 <= {TOLD_P95_MS:g} ms": bool(told) and percentile(told, 0.95) <= TOLD_P95_MS,
        "no errors": not errors,
    }
    for name, ok in checks.items():
        print(f"  {name}: {'PASS' if ok else 'FAIL'}")
    passed = all(checks.values())
    print("PASS" if passed else "FAIL")
    return 0 if passed else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--phones", type=int, default=5, help="phones per table, beside its tablet")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables play")
    parser.add_argument("--every", type=float, default=5.0, help="seconds between a table's End turn taps, on average")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--serve-with", metavar="COMMAND", default=str(ROOT / "start.sh"),
                        help="the server to measure, given --host, --port and --instance (another server, to compare "
                             "stacks under the same load; it must print 'is running at' once it serves)")
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        print("this benchmark gives each device its own 127.0.0.N address and reads /proc: Linux only")
        return 1
    return run(args.tables, args.phones, args.seconds, args.every, args.seed, shlex.split(args.serve_with))


if __name__ == "__main__":
    sys.exit(main())
