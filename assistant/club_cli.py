"""``python -m assistant club add NAME``: a new club on a hosted service whose operator turned public sign-up off
(``--no-signup``). It prints a one-time sign-in link: the club's first device opens it, then sets the club's password
in Settings (the club is made with a random one nobody is told)."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path

from .store_clubs import LINK_LIFETIME, MAX_NAME, ClubTakenError
from .stores import open_store
from .words.i18n import N_
from .words.terminal import Terminal, locale_language


def main(argv: list[str], default_folder: Path) -> int:
    parser = argparse.ArgumentParser(prog="python -m assistant club", description="clubs of a hosted service")
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", help="make a club and print a one-time sign-in link for its first device")
    add.add_argument("name")
    add.add_argument("--database", default=os.environ.get("DATABASE_URL") or None,
                     help="the service's postgresql:// address (default: heists.sqlite3 in the data folder)")
    add.add_argument("--instance", type=Path, default=Path(os.environ.get("INSTANCE_PATH") or default_folder))
    add.add_argument("--url", default=os.environ.get("PUBLIC_URL"), help="the service's address, as devices reach it")
    args = parser.parse_args(argv)
    term = Terminal(locale_language())
    name = " ".join(args.name.split())
    if not name or len(name) > MAX_NAME:
        print(term.say(N_("A club's name is at most %(most)s letters."), most=MAX_NAME), file=sys.stderr)
        return 2
    store = open_store(args.database or args.instance / "heists.sqlite3", folder=args.instance)
    try:
        club = store.create_club(name, secrets.token_urlsafe(32))
        token = store.make_sign_in_link(club.id)
    except ClubTakenError:
        print(term.say(N_("Another club has that name: choose another, or sign in if it is yours.")), file=sys.stderr)
        return 2
    finally:
        store.shutdown()
    base = (args.url or "http://localhost:8000/").rstrip("/")
    hours = int(LINK_LIFETIME.total_seconds() // 3600)
    print(term.say(N_("The club %(club)s is made. Its first device signs in with this link, once, within %(hours)s "
                      "hours, then sets the club's password in Settings:"), club=name, hours=hours))
    print(f"{base}/signin/{token}")
    return 0
