"""The hosted service's server (issue 37 §3): gunicorn with gevent workers, so that a following device costs no thread.

``python -m assistant.hosted --database postgresql://… --workers 2 --bind 127.0.0.1:8000 --trusted-proxy 127.0.0.1``
checks the data folder, makes its keys once (the workers share them: sessions and host links work through any of
them), and becomes ``gunicorn -c python:assistant.gunicorn_conf 'assistant.hosted:create()'``. Each worker is a
process with one thread: gevent runs each request, and each live stream, as a greenlet, a few kB of memory and no
OS thread, so a process holds thousands of streams (``STREAMS``) where waitress's held 192 (``__main__``).

Why gevent here when it measured slower than waitress on a laptop (docs/architecture.md, "Club night"): there
the heists were in SQLite, whose commit and ``fsync`` are C calls gevent cannot switch away from, so every device
waited for every commit. Here the heists are in PostgreSQL, and psycopg 3 (from 3.1.14) waits for its server
through gevent's patched ``select`` when the process is patched, so a commit lets the other greenlets run. The
rest of the app needs no change: gunicorn patches the standard library before it loads this module, so the
broker's ``threading.Condition`` and ``queue.Queue``, the store's locks and its connection per thread
(``threading.local``, then one per greenlet: one per request, given back as it ends) are gevent's.

``./start.sh`` and ``python -m assistant`` are untouched: waitress, SQLite or ``--database``, one process.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path
from typing import Any

# a following device in a process is a greenlet and a socket (about 0.08 MiB: bench/hosted_night.py,
# docs/scaling.md): 4,000 are 650 tables of 6 devices in one process, more than its CPU serves, and the open files
# below hold them
STREAMS = 4000
# devices waiting for a place when the streams are all taken: a greenlet each, no thread, so more may wait
WAITERS = 64
# gunicorn's connections per worker: every stream, and room for the pages and actions beside them
CONNECTIONS = STREAMS + 500
OPEN_FILES = CONNECTIONS + 512  # the sockets, the pool's PostgreSQL connections, the logs
WORKERS = 2  # one per core of the machine the bench ran on


def create() -> Any:
    """The app in one gunicorn worker, after gevent patched it: what the launcher put in the environment."""
    from .web import create_app

    public_url = os.environ.get("PUBLIC_URL") or None
    # a service: clubs sign in (web/club_session.py), as with ``python -m assistant --database``
    return create_app({
        "DATABASE": os.environ["DATABASE_URL"], "INSTANCE_PATH": Path(os.environ["INSTANCE_PATH"]),
        "PUBLIC_URL": public_url, "TRUSTED_PROXIES": os.environ.get("TRUSTED_PROXIES", ""),
        "LIVE_MAX_STREAMS": STREAMS, "LIVE_WAITERS": WAITERS, "HOSTED": True,
        "SIGNUP": os.environ.get("NO_SIGNUP") != "1",
        # served over https by the proxy: a club's signed-in session never travels in clear
        "SESSION_COOKIE_SECURE": bool(public_url and public_url.startswith("https://")),
    })


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m assistant.hosted",
                                     description="Burgle Bros guard assistant as a hosted service (gunicorn, gevent)")
    parser.add_argument("--database", default=os.environ.get("DATABASE_URL") or None,
                        help="postgresql://user:password@host:port/database (or DATABASE_URL)")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY") or WORKERS),
                        help=f"processes (default {WORKERS}: one per core)")
    parser.add_argument("--bind", default=os.environ.get("BIND", "127.0.0.1:8000"),
                        help="address:port to listen on, behind the proxy (default 127.0.0.1:8000)")
    parser.add_argument("--instance", type=Path, default=Path(os.environ.get("INSTANCE_PATH") or "instance"),
                        help="data folder shared by the workers: the session key and the host key")
    parser.add_argument("--trusted-proxy", action="append", default=None, metavar="ADDRESS",
                        help="a proxy whose X-Forwarded-For is believed (an address or a network; again for more; "
                             "or TRUSTED_PROXIES); with none, the socket's address is the client's")
    parser.add_argument("--url", default=os.environ.get("PUBLIC_URL"),
                        help="the service's address, for the links (https://…: the session cookie only over https)")
    parser.add_argument("--no-signup", action="store_true", default=os.environ.get("NO_SIGNUP") == "1",
                        help="no 'Start a club' page: clubs are made with 'python -m assistant club add NAME'")
    args = parser.parse_args(argv)
    if not args.database or not args.database.startswith(("postgresql://", "postgres://")):
        # an SQLite file is one process's (its lock), and gevent cannot switch away from its commits
        parser.error("--database postgresql://… is needed: the workers share the heists in PostgreSQL")
    if args.workers < 1:
        parser.error("--workers must be 1 or more")
    return args


def command(args: argparse.Namespace) -> list[str]:
    """gunicorn's command line for ``args``."""
    return [sys.executable, "-m", "gunicorn", "-c", "python:assistant.gunicorn_conf", "--workers", str(args.workers),
            "--bind", args.bind, "assistant.hosted:create()"]


def main(argv: list[str] | None = None) -> None:
    from .__main__ import _allow_open_files, _refuse
    from .web.extensions import instance_secret
    from .web.proxied import parse_proxies
    from .web.startup import StartupError, prepare_folder
    from .words.terminal import Terminal, locale_language

    args = _arguments(argv)
    folder = args.instance.resolve()
    proxies = " ".join(args.trusted_proxy) if args.trusted_proxy else os.environ.get("TRUSTED_PROXIES", "")
    try:
        parse_proxies(proxies)
    except ValueError as err:
        sys.exit(f"--trusted-proxy: {err}")
    try:
        prepare_folder(folder)
    except StartupError as err:
        _refuse(Terminal(locale_language()), err)
    # made here, once: workers starting together would each write a key of their own, and a session signed by one
    # would be refused by the others
    for name, make in (("secret_key", lambda: secrets.token_hex(32)), ("host_key", lambda: secrets.token_urlsafe(16))):
        instance_secret(folder, name, make)
    _allow_open_files(OPEN_FILES)  # inherited by gunicorn and its workers
    env = {**os.environ, "DATABASE_URL": args.database, "INSTANCE_PATH": str(folder), "TRUSTED_PROXIES": proxies,
           "PUBLIC_URL": args.url or "", "NO_SIGNUP": "1" if args.no_signup else ""}
    os.execve(sys.executable, command(args), env)


if __name__ == "__main__":
    main()
