"""The doorbell between the store and the open devices: "heist X changed" fanned out to everyone
following X. Nothing here knows about HTTP or SQLite.

Each subscriber has a small bounded queue. A device that stops reading (a phone in a pocket whose
socket is not yet known to be gone) can never make the server hold more than ``maxsize`` events
for it: when its queue is full the oldest event is dropped, which loses nothing, because a
"changed" event only says "fetch the board again" and the newest one carries the newest version.

>>> broker = Broker()
>>> tablet, phone = broker.subscribe("g1"), broker.subscribe("g1")
>>> broker.publish("g1", Event("changed", "7"))
>>> phone.get(timeout=0)
Event(kind='changed', data='7')
>>> tablet.close(); phone.close(); broker.count()
0
"""

from __future__ import annotations

import contextlib
import itertools
import queue
import threading
from collections.abc import Hashable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """``changed`` (data: the new version), ``revoked`` (data: "play", "watch" or "all"), or
    ``superseded`` (this device opened a newer stream on the same link: this one should end)."""

    kind: str
    data: str


class StreamLimitError(Exception):
    """Too many devices are following live already: each one holds a server thread."""


class Subscription:
    """One device's place in the broker; ``close`` is idempotent and safe from any thread."""

    _order = itertools.count()

    def __init__(self, broker: Broker, game_id: str, maxsize: int, owner: Hashable | None = None):
        self.broker, self.game_id, self.owner = broker, game_id, owner
        self.seq = next(self._order)  # oldest first, when a device has too many
        self._queue: queue.Queue[Event] = queue.Queue(maxsize)

    def get(self, timeout: float) -> Event | None:
        """The next event, or None when ``timeout`` seconds pass without one (time for a heartbeat)."""
        try:
            return self._queue.get(timeout=timeout) if timeout > 0 else self._queue.get_nowait()
        except queue.Empty:
            return None

    def offer(self, event: Event) -> None:
        while True:
            try:
                self._queue.put_nowait(event)
                return
            except queue.Full:
                with contextlib.suppress(queue.Empty):
                    self._queue.get_nowait()  # the oldest doorbell is superseded by this one

    def pending(self) -> int:
        return self._queue.qsize()

    def close(self) -> None:
        self.broker.unsubscribe(self)


class Broker:
    """Subscribers per heist, guarded by one lock; publishing never blocks on a subscriber."""

    def __init__(self, maxsize: int = 8):
        self.maxsize = maxsize
        self._subs: dict[str, set[Subscription]] = {}
        self._lock = threading.Lock()
        self._held = threading.local()

    def subscribe(self, game_id: str, limit: int | None = None, owner: Hashable | None = None,
                  per_owner: int | None = None) -> Subscription:
        """A new subscription; raises StreamLimitError when ``limit`` subscriptions are open already.

        An ``owner`` (a device on one link) holds at most ``per_owner``: its oldest are told to end
        first. A device reconnecting in a loop then replaces its own streams instead of taking every
        place (each holds a server thread until a heartbeat finds its socket gone) from every other
        heist's devices; a stream superseded by mistake simply reconnects."""
        sub = Subscription(self, game_id, self.maxsize, owner)
        with self._lock:
            if owner is not None and per_owner is not None:
                self._make_room(owner, per_owner - 1)
            if limit is not None and sum(map(len, self._subs.values())) >= limit:
                raise StreamLimitError(game_id)
            self._subs.setdefault(game_id, set()).add(sub)
        return sub

    def _make_room(self, owner: Hashable, keep: int) -> None:
        """End ``owner``'s oldest subscriptions until ``keep`` are left (the lock is held)."""
        mine = sorted((s for subs in self._subs.values() for s in subs if s.owner == owner), key=lambda s: s.seq)
        for old in mine[:max(0, len(mine) - keep)]:
            self._discard(old)
            old.offer(Event("superseded", ""))

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            self._discard(sub)

    def _discard(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.game_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._subs[sub.game_id]  # a heist nobody follows costs nothing

    def publish(self, game_id: str, event: Event) -> None:
        held = getattr(self._held, "events", None)
        if held is not None:
            held.append((game_id, event))
            return
        with self._lock:
            subs = list(self._subs.get(game_id, ()))
        for sub in subs:
            sub.offer(event)

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """What this thread publishes inside the block is sent as the block ends. A view that changes a heist
        draws its own device's answer first: the other devices' fetches would otherwise share the one
        interpreter with it (a club night's End turn p95, bench/club_night.py). Events may then reach a device
        out of order when two devices change one heist at once: each says the newest version it knows, and a
        page keeps the highest it heard (static/app.js).

        >>> broker = Broker(); phone = broker.subscribe("g1")
        >>> with broker.holding():
        ...     broker.publish("g1", Event("changed", "8"))
        ...     phone.get(timeout=0) is None
        True
        >>> phone.get(timeout=0)
        Event(kind='changed', data='8')
        """
        held: list[tuple[str, Event]] = []
        self._held.events = held
        try:
            yield
        finally:
            self._held.events = None
            for game_id, event in held:
                self.publish(game_id, event)

    def count(self, game_id: str | None = None) -> int:
        """How many devices follow ``game_id`` (or any heist)."""
        with self._lock:
            if game_id is not None:
                return len(self._subs.get(game_id, ()))
            return sum(map(len, self._subs.values()))
