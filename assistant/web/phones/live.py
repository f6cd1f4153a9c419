"""Live updates: every open board follows its heist over Server-Sent Events.

The server only rings a doorbell, ``event: changed`` with the new version; each device then fetches
its own board (in its own role, with the room menu it has open), so nothing role-specific is ever
pushed. A stream holds one waitress thread for its whole life, which is why there is a cap: past
``LIVE_MAX_STREAMS`` a device waits up to ``LIVE_WAIT`` seconds for a place (a few devices at most,
``LIVE_WAITERS``: waiting holds a thread too), and takes the first one given back; else it gets the current
version and ``retry:`` (it checks back in ``LIVE_BUSY_RETRY_MS``) instead of a thread. A stream whose device hung
up gives its place back at once (serving.py hears the hang-up). A browser's tabs share one stream for all their
heists (``/games/events``, led by one tab: static/app.js). See docs/architecture.md, "Live updates", and
docs/scaling.md for how the numbers were chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator

from flask import Blueprint, Response, abort, current_app, render_template, request

from ...broker import EVERY, Doorbells, Event, Follower, StreamLimitError, Subscription
from ...store import NotFoundError
from ..access import WHEN_GONE, Access, Role, open_game
from ..extensions import store

bp = Blueprint("live", __name__, url_prefix="/games")

RETRY_MS = 2000  # how soon a browser reconnects after a restart of the app or a network blip
# streams one device may hold on one link (a few tabs); a newer one ends the oldest (broker.subscribe)
STREAMS_PER_DEVICE = 4
SUPERSEDED_RETRY_MS = 15000  # a tab whose stream a newer one replaced checks back slowly
SHARED_KEYS_MAX = 32  # heists one browser's shared stream follows: a club's tables in tabs, and room to spare


def _frame(event: str, data: str) -> str:
    return f"event: {event}\ndata: {data}\n\n"


class _Stream:
    """A WSGI iterable over a stream's chunks whose ``close`` always gives its place back (see EventStream)."""

    _chunks: Generator[str, None, None]

    def __init__(self, place: Follower, release: Callable[[], None]):
        self._place = place
        self._release = release

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        return next(self._chunks)

    def close(self) -> None:
        self._chunks.close()
        self._place.close()


class EventStream(_Stream):
    """The body of one device's stream. A WSGI iterable rather than a bare generator because waitress
    may close a response before its first chunk, and a generator that never started would skip its
    ``finally``: ``close`` here always gives the subscription back.

    It touches neither the request nor the database (both are gone by the time it runs): everything
    it needs is passed in."""

    def __init__(self, sub: Subscription, version: int, role: Role, heartbeat: float,
                 release: Callable[[], None] = lambda: None):
        super().__init__(sub, release)
        self._sub = sub
        self._chunks = self._generate(version, role, heartbeat)

    def _generate(self, version: int, role: Role, heartbeat: float) -> Generator[str, None, None]:
        try:
            # the thread stays with this stream for as long as the device follows: its database connection
            # (two open files) is given back, so a club's hundred streams hold no file of the heists
            self._release()
            # the version now: a change between the page load and this stream is not missed
            yield f"retry: {RETRY_MS}\n" + _frame("changed", str(version))
            while True:
                event = self._sub.get(timeout=heartbeat)
                if event is None:
                    # the only way to learn a phone is gone: this write fails and waitress closes us. An event, not
                    # a comment: the page sees it, and says the connection is lost when two go missing (app.js)
                    yield _frame("heartbeat", "1")
                elif event.kind == "changed":
                    yield _frame("changed", event.data)
                elif event.kind == "superseded":
                    yield f"retry: {SUPERSEDED_RETRY_MS}\n: replaced by a newer stream from this device\n\n"
                    return
                elif event.kind == "gone":
                    return
                elif event.data in (role, "all"):
                    yield _frame("revoked", event.data)
                    return
        finally:
            self._sub.close()


class SharedStream(_Stream):
    """The body of one browser's stream for all the heists its tabs show (``GET /games/events?key=…&key=…``):
    the tab that leads the others relays each event to the tab of that key (static/app.js). Each event says its
    key first, ``changed`` as "<key> <version>" and ``revoked`` as "<key> <link>"; a revoked key is followed no
    more, and the stream ends with the last. Like :class:`EventStream` it touches neither the request nor the
    database, and ``close`` always gives its place back."""

    def __init__(self, bells: Doorbells, opened: list[tuple[Access, int]], heartbeat: float,
                 release: Callable[[], None] = lambda: None):
        super().__init__(bells, release)
        self._bells = bells
        self._chunks = self._generate(opened, heartbeat)

    def _generate(self, opened: list[tuple[Access, int]], heartbeat: float) -> Generator[str, None, None]:
        following = {access.key: (access.game.id, access.role) for access, _version in opened}
        try:
            self._release()
            yield f"retry: {RETRY_MS}\n" + "".join(_frame("changed", f"{a.key} {v}") for a, v in opened)
            while following:
                heard = self._bells.get(timeout=heartbeat)
                if heard is None:
                    yield _frame("heartbeat", "1")
                    continue
                game_id, event = heard
                if event.kind == "gone":
                    return
                if event.kind == "superseded":
                    yield f"retry: {SUPERSEDED_RETRY_MS}\n: replaced by a newer stream from this browser\n\n"
                    return
                keys = [key for key, (gid, role) in following.items()
                        if gid == game_id and (event.kind == "changed" or event.data in (role, "all"))]
                for key in keys:
                    if event.kind != "changed":
                        del following[key]
                if keys:
                    yield "".join(_frame(event.kind, f"{key} {event.data}") for key in keys)
        finally:
            self._bells.close()


class ClubStream(_Stream):
    """The club page's stream (web/setup/club.py): one doorbell for any heist's change, its start and its end, so
    the page fetches its list again. It names no heist and no version: the page is the host's and draws them all.
    Like :class:`EventStream` it touches neither the request nor the database."""

    def __init__(self, sub: Subscription, heartbeat: float, release: Callable[[], None] = lambda: None):
        super().__init__(sub, release)
        self._sub = sub
        self._chunks = self._generate(heartbeat)

    def _generate(self, heartbeat: float) -> Generator[str, None, None]:
        try:
            self._release()
            yield f"retry: {RETRY_MS}\n" + _frame("changed", "")  # what changed since the page was drawn
            while True:
                event = self._sub.get(timeout=heartbeat)
                if event is None:
                    yield _frame("heartbeat", "1")
                elif event.kind == "superseded":
                    yield f"retry: {SUPERSEDED_RETRY_MS}\n: replaced by a newer stream from this device\n\n"
                    return
                elif event.kind == "gone":
                    return
                else:  # changed, or revoked: a heist deleted leaves the list
                    yield _frame("changed", "")
        finally:
            self._sub.close()


def club_events(only: frozenset[str] | None = None) -> Response:
    """The club page's stream, a place counted as any device's (the view checks it is the host); ``only``: the
    club's heists and its channel (store.club_channel) on a hosted service, None for every heist."""
    config = current_app.config
    try:
        sub: Subscription | None = store().broker.subscribe(
            EVERY, limit=config["LIVE_MAX_STREAMS"], owner=(request.remote_addr, "club"),
            per_owner=config.get("LIVE_STREAMS_PER_DEVICE", STREAMS_PER_DEVICE), device=request.remote_addr,
            wait=config["LIVE_WAIT"], waiters=config["LIVE_WAITERS"], only=only)
    except StreamLimitError:
        sub = None
    if sub:
        _end_on_hang_up(sub)
    body = (ClubStream(sub, config["LIVE_HEARTBEAT"], store().close) if sub
            else _busy(0, config["LIVE_BUSY_RETRY_MS"]))
    return Response(body, mimetype="text/event-stream", headers={"Cache-Control": "no-cache"})


def _busy(version: int, retry_ms: int) -> Iterator[str]:
    """No thread to spare: say the version (so the board catches up) and when to ask again."""
    yield f"retry: {retry_ms}\n" + _frame("changed", str(version))


def _subscribe(game_id: str, key: str) -> Subscription | None:
    """A place in the broker, or None when every thread that may hold a stream is taken. A device is
    its address on one link: its newest streams replace its oldest (a reconnect loop cannot take the
    places of other devices and other heists)."""
    config = current_app.config
    try:
        return store().broker.subscribe(game_id, limit=config["LIVE_MAX_STREAMS"], owner=(request.remote_addr, key),
                                        per_owner=config.get("LIVE_STREAMS_PER_DEVICE", STREAMS_PER_DEVICE),
                                        device=request.remote_addr, wait=config["LIVE_WAIT"],
                                        waiters=config["LIVE_WAITERS"])
    except StreamLimitError:
        return None


def _end_on_hang_up(sub: Follower) -> None:
    """The server calls this when the device's connection closes (serving.py): the stream ends at once instead
    of at the heartbeat that fails to go out, and its place is free for a device waiting for one."""
    when_gone = request.environ.get(WHEN_GONE)
    if when_gone is not None:
        when_gone(lambda: sub.offer(Event("gone", ""), ""))


@bp.get("/<key>/events")
def events(key: str) -> Response:
    access = open_game(key)
    sub = _subscribe(access.game.id, key)
    try:
        version = store().version(access.game.id)  # read after subscribing: no change falls in between
    except BaseException as err:
        if sub:
            sub.close()
        if isinstance(err, NotFoundError):
            abort(404)  # deleted a moment ago
        raise
    if sub:
        _end_on_hang_up(sub)
    config = current_app.config
    body = (EventStream(sub, version, access.role, config["LIVE_HEARTBEAT"], store().close) if sub
            else _busy(version, config["LIVE_BUSY_RETRY_MS"]))
    return Response(body, mimetype="text/event-stream", headers={"Cache-Control": "no-cache"})


@bp.get("/events")
def shared_events() -> Response:
    """One stream for several heists, each key opened exactly as :func:`events` opens its one (a wrong key: 404
    for all), so a tab learns nothing of a heist its own link does not open."""
    keys = list(dict.fromkeys(request.args.getlist("key")))
    if not keys or len(keys) > SHARED_KEYS_MAX:
        abort(400)
    accesses = [open_game(key) for key in keys]
    config = current_app.config
    # a device is its address: its few browsers' shared streams, the newest replacing the oldest (a loop of new
    # tab names cannot take every place); the leading tab names itself, and its new stream ends its last
    try:
        bells = store().broker.subscribe_all(tuple(a.game.id for a in accesses), limit=config["LIVE_MAX_STREAMS"],
                                             owner=(request.remote_addr, "shared"),
                                             per_owner=config.get("LIVE_STREAMS_PER_DEVICE", STREAMS_PER_DEVICE),
                                             tab=request.args.get("tab", "")[:64], device=request.remote_addr,
                                             wait=config["LIVE_WAIT"], waiters=config["LIVE_WAITERS"])
    except StreamLimitError:
        bells = None
    try:
        opened = [(a, store().version(a.game.id)) for a in accesses]  # after subscribing: no change falls between
    except BaseException as err:
        if bells:
            bells.close()
        if isinstance(err, NotFoundError):
            abort(404)
        raise
    if bells:
        _end_on_hang_up(bells)
    body: Iterator[str] = (SharedStream(bells, opened, config["LIVE_HEARTBEAT"], store().close) if bells else iter([
        f"retry: {config['LIVE_BUSY_RETRY_MS']}\n" + "".join(_frame("changed", f"{a.key} {v}") for a, v in opened)]))
    return Response(body, mimetype="text/event-stream", headers={"Cache-Control": "no-cache"})


@bp.get("/revoked")
def revoked() -> str:
    """Where a page goes when its stream says its link was revoked (static/app.js): the old token now leads
    nowhere, so this says why, and what to do, instead of a bare "Not here"."""
    return render_template("revoked.html", deleted=request.args.get("link") == "all")
