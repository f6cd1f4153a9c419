"""The doorbell across processes (issue 37 §2): a change made through one process of the service reaches the devices
following through every other.

Each change of a heist rings PostgreSQL's ``NOTIFY`` in the very transaction that makes it (the trigger
games_doorbell, schema_pg.sql), so a change is told if and only if it is committed. Each process listens on one
connection of its own and hands each change to its own devices through the same ``Broker`` the store rings; the
process that made the change rang its devices already, and skips its own. Devices are only told "changed" and fetch
their own board, so nothing else crosses processes.

A listening connection that drops (the server restarted, the network failed) is opened again; every heist followed
here is then rung with its version as it stands, since changes made meanwhile were told to nobody here.
"""

from __future__ import annotations

import threading
from contextlib import suppress

import psycopg

from .broker import Broker, Event

CHANNEL = "heists"  # as games_doorbell notifies it
RETRY_SECONDS = 0.5  # between two attempts to listen again
POLL_SECONDS = 1.0  # how often the listener looks whether it should stop


class PgDoorbell:
    """Listens for the changes of every process but the one whose connections are called ``name``, and rings
    ``broker`` with them."""

    def __init__(self, url: str, broker: Broker, name: str):
        self._url, self._broker, self._name = url, broker, name
        self._stopped = threading.Event()
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="pg-doorbell", daemon=True)

    def start(self, timeout: float = 10.0) -> None:
        """Listening from now on (a change committed after this returns is heard)."""
        self._thread.start()
        self._listening.wait(timeout)

    def stop(self) -> None:
        """The listener ends, and its thread with it: woken by a note of its own rather than at its next look
        (POLL_SECONDS), so that a store shut down leaves no thread behind. A database out of reach is waited for no
        longer than a look (its thread is a daemon's: the process need not wait for it)."""
        self._stopped.set()
        if not self._thread.is_alive():
            return
        with suppress(psycopg.Error), psycopg.connect(self._url, autocommit=True, connect_timeout=2,
                                                      application_name=f"{self._name} doorbell") as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self._name} stop"))  # _ring ignores it
        self._thread.join(POLL_SECONDS)

    def _listen(self) -> None:
        dropped = False
        while not self._stopped.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True, connect_timeout=10,
                                     application_name=f"{self._name} doorbell") as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if dropped:
                        self._catch_up(conn)
                    self._listening.set()
                    while not self._stopped.is_set():
                        for note in conn.notifies(timeout=POLL_SECONDS):
                            if self._stopped.is_set():
                                break
                            self._ring(note.payload)
            except psycopg.Error:
                dropped = True
                self._stopped.wait(RETRY_SECONDS)

    def _ring(self, payload: str) -> None:
        parts = payload.rsplit(" ", 3)  # the sender's name may hold spaces (another program's)
        if len(parts) == 4 and parts[0] != self._name:
            self._broker.publish(parts[1], Event(parts[2], parts[3]))

    def _catch_up(self, conn: psycopg.Connection[tuple[object, ...]]) -> None:
        for game_id in self._broker.followed():
            row = conn.execute("SELECT version FROM games WHERE id = %s", (game_id,)).fetchone()
            self._broker.publish(game_id, Event("changed", str(row[0])) if row else Event("revoked", "all"))
