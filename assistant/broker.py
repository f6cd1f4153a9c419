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
from collections import Counter, deque
from collections.abc import Hashable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """``changed`` (data: the new version), ``revoked`` (data: "play", "watch" or "all"), ``superseded`` (this
    device opened a newer stream on the same link, or a device with fewer took its place: this one should end), or
    ``gone`` (its connection closed: the stream ends and gives its place back)."""

    kind: str
    data: str


class StreamLimitError(Exception):
    """Too many devices are following live already: each one holds a server thread."""


class Subscription:
    """One device's place in the broker; ``close`` is idempotent and safe from any thread."""

    _order = itertools.count()

    def __init__(self, broker: Broker, game_id: str, maxsize: int, owner: Hashable | None = None,
                 device: Hashable | None = None):
        self.broker, self.game_id, self.owner, self.device = broker, game_id, owner, device
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
        self._freed = threading.Condition(self._lock)  # a place was given back
        self._waiting: deque[object] = deque()  # devices waiting for a place, first come first served
        self._held = threading.local()

    def subscribe(self, game_id: str, limit: int | None = None, owner: Hashable | None = None,
                  per_owner: int | None = None, device: Hashable | None = None, wait: float = 0.0,
                  waiters: int = 0) -> Subscription:
        """A new subscription; raises StreamLimitError when ``limit`` subscriptions are open already.

        An ``owner`` (a device on one link) holds at most ``per_owner``: its oldest are told to end
        first. A device reconnecting in a loop then replaces its own streams instead of taking every
        place (each holds a server thread until its socket is known gone) from every other
        heist's devices; a stream superseded by mistake simply reconnects.

        When every place is taken, a ``device`` (an address) holding fewer streams than another by two or more
        takes that one's oldest place: 48 addresses of 4 tabs each cannot keep a new phone from following. Else
        it waits, first come first served, up to ``wait`` seconds for a place to be given back, when fewer than
        ``waiters`` wait already (a waiting device holds a server thread too)."""
        sub = Subscription(self, game_id, self.maxsize, owner, device)
        with self._lock:
            if owner is not None and per_owner is not None:
                self._make_room(owner, per_owner - 1)
            if limit is not None and not self._place(limit, device, wait, waiters):
                raise StreamLimitError(game_id)
            self._subs.setdefault(game_id, set()).add(sub)
        return sub

    def _open(self) -> int:
        return sum(map(len, self._subs.values()))

    def _place(self, limit: int, device: Hashable | None, wait: float, waiters: int) -> bool:
        """Whether a new subscription may open (the lock is held; it is let go while waiting)."""
        if self._open() < limit and not self._waiting:
            return True
        if device is not None and self._take_from_the_greediest(device):
            return True
        if wait <= 0 or len(self._waiting) >= waiters:
            return False
        ticket = object()
        self._waiting.append(ticket)
        try:
            return self._freed.wait_for(lambda: self._waiting[0] is ticket and self._open() < limit, timeout=wait)
        finally:
            self._waiting.remove(ticket)
            self._freed.notify_all()  # the next in line may take a place that is still free

    def _take_from_the_greediest(self, device: Hashable) -> bool:
        """End the oldest stream of the device holding the most, if it holds two more than ``device`` at least."""
        held = Counter(s.device for subs in self._subs.values() for s in subs if s.device is not None)
        greediest, most = max(held.items(), key=lambda item: item[1], default=(None, 0))
        if most < held[device] + 2:
            return False
        oldest = min((s for subs in self._subs.values() for s in subs if s.device == greediest), key=lambda s: s.seq)
        self._discard(oldest)
        oldest.offer(Event("superseded", ""))
        return True

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
        if subs is not None and sub in subs:
            subs.discard(sub)
            if not subs:
                del self._subs[sub.game_id]  # a heist nobody follows costs nothing
            self._freed.notify_all()

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
