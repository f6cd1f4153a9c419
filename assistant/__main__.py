"""Start the table app: ``python -m assistant`` (see README). Serves on the table's network with
waitress (one process, many threads) and prints the address and a QR code for phones."""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import os
import select
import signal
import sys
from pathlib import Path
from typing import Any

import qrcode

from . import __version__, secure_serving, serving
from .engine.upgrades import SaveFormatError
from .store import UnreachableError
from .web import ROOT, create_app
from .web.hardening import MAX_BODY
from .web.setup.backups import RESTORE_BODY
from .web.phones.lan import lan_url, public_url
from .web.phones.share import ADDRESS_SETTING
from .web.startup import StartupError, check_database, hold_lock, prepare_folder
from .words.i18n import N_
from .words.terminal import Terminal, locale_language

# every device following a heist live holds one thread (a stream is a waitress task for its whole life) and
# SPARE_THREADS always answer everything else. A club night is 20-30 tables of a tablet and 5 phones (120-180
# streams, bench/club_night.py; 30 tables measured in docs/scaling.md); LIVE_STREAMS leaves room for a spare tab
# at some. Waitress starts its threads at once (224 idle ones: about 3 MiB more than 32), and a request gives its
# database connection back as it ends (store.release): after 30 tables played, 56 database files open.
LIVE_STREAMS, SPARE_THREADS = 192, 32
THREADS = LIVE_STREAMS + SPARE_THREADS
# devices that may wait for a stream's place at once (web/phones/live.py): each waits on one of the spare threads,
# and 24 are left for pages and actions
LIVE_WAITERS = 8
# open files this process may need: a socket per connection (connection_limit), two files per database
# connection, the logs. macOS lets a terminal's process open only 256 by default, many Linux machines 1024.
OPEN_FILES = 2048

# waitress's limits, chosen so that sockets nobody uses cannot lock the table out. Waitress stops
# accepting connections at ``connection_limit`` (its default, 100, is reached by 100 idle sockets from
# one phone or script; then the tablet cannot even connect), and closes a connection only after
# ``channel_timeout`` seconds without a byte (at its default, 120, a client sending one byte every
# 20 s holds its socket for ever). So:
# * connection_limit 500: far above a table (a dozen devices, a few sockets each) and what a
#   misbehaving device opens before the timeout clears it, yet under the 512 sockets select() can
#   watch on Windows and the 1024 open files many Linux machines allow a process.
# * channel_timeout 15 and cleanup_interval 5: a connection with no request in progress and no byte
#   for 15 s is closed within 20 s. A live stream is never cut: it has a request in progress and
#   writes a heartbeat every few seconds. Browsers simply open a new connection after an idle one is
#   closed. A trickle that keeps a connection from being idle meets serving.py's deadline to read a
#   request, and one address holds at most serving.PER_ADDRESS connections.
# * max_request_body_size just above the biggest body the app takes: a backup the host restores
#   (web/setup/backups.py; every other request has the app's own 1 MB cap, web/hardening.py, and is
#   refused by its Content-Length before it is read). Waitress reads a body before the app sees who
#   sends it, so a device may make it hold one that big (on disk past 512 kB) until the app says no:
#   per address, the cap on connections bounds that. max_request_header_size 64 kB (a
#   request of ours has under 2 kB of headers, the default 256 kB is a lot to hold per socket).
# * asyncore_use_poll where the OS has poll(): select() fails outright on a socket numbered over
#   1024, which a few hundred connections plus the database files can reach.
SERVER_OPTIONS: dict[str, Any] = {
    "threads": THREADS,
    "connection_limit": 500,
    "channel_timeout": 15,
    "cleanup_interval": 5,
    "max_request_body_size": max(MAX_BODY, RESTORE_BODY) + 1024 * 1024,
    "max_request_header_size": 64 * 1024,
    "asyncore_use_poll": hasattr(select, "poll"),
    "ident": "burgle",
}


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Burgle Bros guard assistant")
    parser.add_argument("--version", action="version", version=f"Burgle Bros guard assistant {__version__}")
    parser.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--url", default=os.environ.get("PUBLIC_URL"), help="address to show phones")
    parser.add_argument("--https-port", type=int, default=int(os.environ.get("HTTPS_PORT") or 0) or None,
                        help="port of https, once the laptop is made trusted on /trust (default: --port + 443)")
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("INSTANCE_PATH") or ROOT / "instance"),
                        help="data folder: the heists, the keys and the lock (default: instance/)")
    parser.add_argument("--database", default=os.environ.get("DATABASE_URL") or None,
                        help="keep the heists in PostgreSQL, postgresql://user:password@host:port/database, for "
                             "several processes of a hosted service (default: heists.sqlite3 in the data folder); "
                             "clubs then sign in (docs/scaling.md)")
    parser.add_argument("--no-signup", action="store_true", default=os.environ.get("NO_SIGNUP") == "1",
                        help="a hosted service where only `python -m assistant club add NAME` makes clubs")
    return parser.parse_args()


def _refuse(term: Terminal, err: StartupError | SaveFormatError) -> None:
    """One clear line in the terminal's language, and exit status 2."""
    print(term.say(N_("Cannot start: %(problem)s"), problem=term.say(err.message, **err.params)), file=sys.stderr)
    sys.exit(2)


def _claim(folder: Path, term: Terminal, hosted: bool) -> Any:
    """The data folder checked and locked for this process, or one clear line and exit status 2. The heists of a
    ``hosted`` service are in PostgreSQL, which every process of it shares: none locks the folder (their keys)."""
    lock = None
    try:
        prepare_folder(folder)
        if not hosted:
            lock = hold_lock(folder)
            check_database(folder / "heists.sqlite3")
    except StartupError as err:
        _refuse(term, err)
    return lock


def _open(config: dict[str, Any], term: Terminal) -> Any:
    """The app, or one clear line and exit status 2 for a database it cannot use."""
    try:
        return create_app(config)
    except SaveFormatError as err:  # a database written by a newer version of the app
        _refuse(term, err)
    except UnreachableError as err:
        _refuse(term, StartupError(N_("cannot open the database %(url)s (%(reason)s): check its address, and that "
                                      "the database server is running"), url=err.args[0], reason=err.args[1]))


def _qr(url: str) -> None:
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    print(out.getvalue())


def _announce(url: str, tablet: str, port: int, term: Terminal) -> None:
    _qr(tablet)
    print(term.say(N_("Burgle Bros guard assistant is running at %(url)s"), url=url))
    print("  " + term.say(N_("the table's tablet: scan the code above or open %(url)s"), url=tablet))
    print("  " + term.say(N_("on this machine: %(url)s"), url=f"http://localhost:{port}/"))
    print("  " + term.say(N_("phones join from the QR code on each heist's board.")))
    print(term.say(N_("Stop it with Ctrl+C; every heist is saved as you play.")), flush=True)


def _announce_service(url: str, term: Terminal) -> None:
    """A hosted service has no host link to print: clubs sign in."""
    print(term.say(N_("Burgle Bros guard assistant is running at %(url)s"), url=url))
    print("  " + term.say(N_("clubs sign in at %(url)s"), url=f"{url.rstrip('/')}/signin"))
    print(term.say(N_("Stop it with Ctrl+C; every heist is saved as you play.")), flush=True)


# what stops the server as Ctrl+C does: a service manager or ``kill`` (SIGTERM) and a closed terminal window
# (SIGHUP, which Windows does not have)
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # what waitress's loop ends on, and what Ctrl+C raises


def _allow_open_files(wanted: int = OPEN_FILES) -> None:
    """Raise this process's limit on open files towards ``wanted``, within what the system allows (POSIX only:
    Windows has no such limit on sockets and files, and waitress's select() there takes 512 sockets)."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):  # a system that refuses keeps its limit: fewer devices fit
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def _announce_https(https: secure_serving.Https, term: Terminal) -> None:
    """Once the laptop is trusted: the https address too, and the tablet's QR code for it."""
    if https.problem:
        print(term.say(N_("https cannot start on port %(port)s: %(problem)s"), port=https.port,
                       problem=https.problem.strerror or str(https.problem)), file=sys.stderr)
    if https.listener is None:
        return
    url = lan_url(https.port, "https") or f"https://localhost:{https.port}/"
    _qr(f"{url}host/{https.app.config['HOST_KEY']}")
    print("  " + term.say(N_("over https, for devices that trust this laptop: %(url)s"), url=url), flush=True)


def _serve_until_stopped(app: Any, host: str, port: int, https_port: int, term: Terminal) -> None:
    """Serve until a stop signal, then put every heist into the database file itself (store.shutdown)."""
    for signum in STOP_SIGNALS[1:]:
        signal.signal(signum, _interrupt)
    logging.basicConfig()  # waitress's warnings reach the terminal, as with waitress.serve
    _allow_open_files()
    server = serving.create(app, host=host, port=port, **SERVER_OPTIONS)
    _announce_https(secure_serving.attach(app, server, host, https_port, SERVER_OPTIONS), term)
    try:
        server.run()  # returns when waitress's loop is interrupted
    finally:
        for signum in STOP_SIGNALS:  # a second signal must not cut the checkpoint short
            signal.signal(signum, signal.SIG_IGN)
        app.extensions["store"].shutdown()


def main() -> None:
    if sys.argv[1:2] == ["club"]:  # python -m assistant club add NAME (club_cli.py)
        from .club_cli import main as clubs
        sys.exit(clubs(sys.argv[2:], ROOT / "instance"))
    args = _arguments()
    https_port = args.https_port or args.port + 443
    term = Terminal(locale_language())
    folder = args.instance.resolve()
    lock = _claim(folder, term, args.database is not None)  # held (open) until the process ends
    # PUBLIC_URL stays what was asked for: without it the board finds the LAN address on each visit,
    # so a tablet that joins another network after the start still shows phones the right one
    config = {"PUBLIC_URL": args.url, "LIVE_MAX_STREAMS": LIVE_STREAMS, "LIVE_WAITERS": LIVE_WAITERS,
              "INSTANCE_PATH": folder, "HTTPS_PORT": https_port}
    if args.database is not None:
        # a hosted service (issue 37 §4): clubs sign in, nobody is the host by being on this machine
        config.update(DATABASE=args.database, HOSTED=True, SIGNUP=not args.no_signup)
    app = _open(config, term)
    app.extensions["instance_lock"] = lock
    if args.database is not None:
        _announce_service(args.url or f"http://localhost:{args.port}/", term)
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)
        _serve_until_stopped(app, args.host, args.port, https_port, term)
        return
    url = public_url(args.port, app.extensions["store"].setting(ADDRESS_SETTING) or args.url)
    # the terminal QR is the host link: it makes the device that scans it the table's tablet
    _announce(url, f"{url}host/{app.config['HOST_KEY']}", args.port, term)
    # after each change every phone re-fetches its board at once: a burst that briefly queues behind
    # the threads held by live streams, by design; waitress would warn about each queued request
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    _serve_until_stopped(app, args.host, args.port, https_port, term)


if __name__ == "__main__":
    main()
