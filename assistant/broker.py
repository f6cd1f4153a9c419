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
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """``changed`` (data: the new version), ``revoked`` (data: "play", "watch" or "all"), ``superseded`` (this
    device opened a newer stream on the same link, or a device with fewer took its place: this one should end), or
    ``gone`` (its connection closed: the stream ends and gives its place back)."""

    kind: str
    data: str


# the key a follower of every heist subscribes to (the club page, web/setup/club.py): it hears every heist's events
EVERY = "*"


class StreamLimitError(Exception):
    """Too many devices are following live already: each one holds a server thread."""


class Subscription:
    """One device's place in the broker; ``close`` is idempotent and safe from any thread."""

    _order = itertools.count()

    def __init__(self, broker: Broker, game_id: str, maxsize: int, owner: Hashable | None = None,
                 device: Hashable | None = None, only: Iterable[str] | None = None):
        self.broker, self.game_id, self.owner, self.device = broker, game_id, owner, device
        self.seq = next(self._order)  # oldest first, when a device has too many
        self._queue: queue.Queue[Event] = queue.Queue(maxsize)
        # following EVERY heist, but told only of these (a club's heists and its channel, whose "added" event names
        # a new heist of the club, followed from then on); None: of every one
        self._only = None if only is None else set(only)

    def get(self, timeout: float) -> Event | None:
        """The next event, or None when ``timeout`` seconds pass without one (time for a heartbeat)."""
        try:
            return self._queue.get(timeout=timeout) if timeout > 0 else self._queue.get_nowait()
        except queue.Empty:
            return None

    @property
    def game_ids(self) -> tuple[str, ...]:
        return (self.game_id,)

    def offer(self, event: Event, game_id: str = "") -> None:
        if self._only is not None and game_id:  # "" is the broker's own word to this place (superseded)
            if game_id not in self._only:
                return
            if event.kind == "added":
                self._only.add(event.data)
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


class Doorbells:
    """One browser's place for several heists at once: the tab that leads its other tabs follows them all on
    one stream (static/app.js; a browser holds six connections to one address). It keeps, per heist, only the
    newest "changed" not yet read and each revocation, so a reader that falls behind loses nothing and holds a
    few events a heist at most. ``close`` is idempotent and safe from any thread.

    >>> broker = Broker()
    >>> bells = broker.subscribe_all(("g1", "g2"))
    >>> for v in ("5", "6"): broker.publish("g1", Event("changed", v))
    >>> broker.publish("g2", Event("changed", "3"))
    >>> bells.get(timeout=0), bells.get(timeout=0), bells.get(timeout=0)
    (('g1', Event(kind='changed', data='6')), ('g2', Event(kind='changed', data='3')), None)
    >>> bells.close(); broker.count()
    0
    """

    def __init__(self, broker: Broker, game_ids: tuple[str, ...], owner: Hashable | None = None, tab: str = "",
                 device: Hashable | None = None):
        self.broker, self.game_ids, self.owner, self.tab, self.device = broker, game_ids, owner, tab, device
        self.seq = next(Subscription._order)
        self._unread: dict[tuple[str, ...], Event] = {}  # by heist and kind ("" for this stream's "superseded")
        self._ready = threading.Condition()

    def get(self, timeout: float) -> tuple[str, Event] | None:
        """The heist and its event, or None when ``timeout`` seconds pass without one (time for a heartbeat)."""
        with self._ready:
            if not self._unread and timeout > 0:
                self._ready.wait(timeout)
            if not self._unread:
                return None
            key = next(iter(self._unread))
            return key[0], self._unread.pop(key)

    def offer(self, event: Event, game_id: str = "") -> None:
        # a newer "changed" replaces an unread one; each revocation (of which link) and "superseded" is kept
        key = (game_id, "changed") if event.kind == "changed" else (game_id, event.kind, event.data)
        with self._ready:
            self._unread[key] = event
            self._ready.notify()

    def close(self) -> None:
        self.broker.unsubscribe(self)


Follower = Subscription | Doorbells


class Broker:
    """Subscribers per heist, guarded by one lock; publishing never blocks on a subscriber."""

    def __init__(self, maxsize: int = 8):
        self.maxsize = maxsize
        self._subs: dict[str, set[Follower]] = {}
        self._lock = threading.Lock()
        self._held = threading.local()
        self._freed = threading.Condition(self._lock)  # a place was given back
        self._waiting: deque[object] = deque()  # devices waiting for a place, first come first served

    def subscribe(self, game_id: str, limit: int | None = None, owner: Hashable | None = None,
                  per_owner: int | None = None, device: Hashable | None = None, wait: float = 0.0,
                  waiters: int = 0, only: Iterable[str] | None = None) -> Subscription:
        """A new subscription; raises StreamLimitError when ``limit`` subscriptions are open already. ``only``:
        of EVERY heist, those alone (and those an "added" event of one of them names).

        An ``owner`` (a device on one link) holds at most ``per_owner``: its oldest are told to end
        first. A device reconnecting in a loop then replaces its own streams instead of taking every
        place (each holds a server thread until its socket is known gone) from every other
        heist's devices; a stream superseded by mistake simply reconnects.

        When every place is taken, a ``device`` (an address) holding fewer streams than another by two or more
        takes that one's oldest place: 48 addresses of 4 tabs each cannot keep a new phone from following. Else
        it waits, first come first served, up to ``wait`` seconds for a place to be given back, when fewer than
        ``waiters`` wait already (a waiting device holds a server thread too)."""
        sub = Subscription(self, game_id, self.maxsize, owner, device, only)
        self._add(sub, limit, per_owner, wait, waiters)
        return sub

    def subscribe_all(self, game_ids: tuple[str, ...], limit: int | None = None, owner: Hashable | None = None,
                      per_owner: int | None = None, tab: str = "", device: Hashable | None = None,
                      wait: float = 0.0, waiters: int = 0) -> Doorbells:
        """One place following every heist of ``game_ids``: it counts once against ``limit`` (it holds one
        server thread), and ``owner``, ``per_owner``, ``device``, ``wait`` and ``waiters`` work as in
        :meth:`subscribe`. A ``tab`` (the leading
        tab's own name) ends that tab's last place of the same owner at once: it opens a new one whenever its
        browser's tabs change, and the last one's thread would otherwise wait for a heartbeat to find it closed."""
        bells = Doorbells(self, tuple(dict.fromkeys(game_ids)), owner, tab, device)
        self._add(bells, limit, per_owner, wait, waiters)
        return bells

    def _add(self, sub: Follower, limit: int | None, per_owner: int | None, wait: float, waiters: int) -> None:
        with self._lock:
            if isinstance(sub, Doorbells) and sub.tab:
                same = (sub.owner, sub.tab)
                for old in [s for s in self._everyone() if isinstance(s, Doorbells) and (s.owner, s.tab) == same]:
                    self._discard(old)
                    old.offer(Event("superseded", ""), "")
            if sub.owner is not None and per_owner is not None:
                self._make_room(sub.owner, per_owner - 1)
            if limit is not None and not self._place(limit, sub.device, wait, waiters):
                raise StreamLimitError(",".join(sub.game_ids))
            for game_id in sub.game_ids:
                self._subs.setdefault(game_id, set()).add(sub)

    def _place(self, limit: int, device: Hashable | None, wait: float, waiters: int) -> bool:
        """Whether a new place may open (the lock is held; it is let go while waiting)."""
        if len(self._everyone()) < limit and not self._waiting:
            return True
        if device is not None and self._take_from_the_greediest(device):
            return True
        if wait <= 0 or len(self._waiting) >= waiters:
            return False
        ticket = object()
        self._waiting.append(ticket)
        try:
            return self._freed.wait_for(lambda: self._waiting[0] is ticket and len(self._everyone()) < limit,
                                        timeout=wait)
        finally:
            self._waiting.remove(ticket)
            self._freed.notify_all()  # the next in line may take a place that is still free

    def _take_from_the_greediest(self, device: Hashable) -> bool:
        """End the oldest place of the device holding the most, if it holds two more than ``device`` at least."""
        everyone = self._everyone()
        held = Counter(s.device for s in everyone if s.device is not None)
        greediest, most = max(held.items(), key=lambda item: item[1], default=(None, 0))
        if most < held[device] + 2:
            return False
        oldest = min((s for s in everyone if s.device == greediest), key=lambda s: s.seq)
        self._discard(oldest)
        oldest.offer(Event("superseded", ""), "")
        return True

    def _everyone(self) -> set[Follower]:
        """Every open place once (one following several heists is in several sets); the lock is held."""
        return set().union(*self._subs.values())

    def _make_room(self, owner: Hashable, keep: int) -> None:
        """End ``owner``'s oldest subscriptions until ``keep`` are left (the lock is held)."""
        mine = sorted((s for s in self._everyone() if s.owner == owner), key=lambda s: s.seq)
        for old in mine[:max(0, len(mine) - keep)]:
            self._discard(old)
            old.offer(Event("superseded", ""), "")

    def unsubscribe(self, sub: Follower) -> None:
        with self._lock:
            self._discard(sub)

    def _discard(self, sub: Follower) -> None:
        """Take ``sub``'s place away and tell a device waiting for one (the lock is held)."""
        for game_id in sub.game_ids:
            subs = self._subs.get(game_id)
            if subs is not None and sub in subs:
                subs.discard(sub)
                if not subs:
                    del self._subs[game_id]  # a heist nobody follows costs nothing
        self._freed.notify_all()

    def publish(self, game_id: str, event: Event) -> None:
        held = getattr(self._held, "events", None)
        if held is not None:
            held.append((game_id, event))
            return
        with self._lock:
            subs = [*self._subs.get(game_id, ()), *self._subs.get(EVERY, ())]
        for sub in subs:
            sub.offer(event, game_id)

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

    def followed(self) -> list[str]:
        """The heists someone follows here now."""
        with self._lock:
            return list(self._subs)

    def count(self, game_id: str | None = None) -> int:
        """How many devices follow ``game_id`` (or any heist)."""
        with self._lock:
            if game_id is not None:
                return len(self._subs.get(game_id, ()))
            return len(self._everyone())
