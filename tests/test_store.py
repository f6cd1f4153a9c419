"""The store's meaning on both of its databases (issue 37 §1): an SQLite file and PostgreSQL hold a heist the same
way, one row per action, a head for undo and redo, a version for every change, a stale board refused, and a backup
is the same one-file SQLite database whichever store wrote it or takes it back."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from assistant import backup, doorbell_pg
from assistant.broker import Event
from assistant.engine.actions import apply
from assistant.engine.bb1.setup import new_game
from assistant.engine.rulesets import rulebook
from assistant.engine.state import GameState
from assistant.engine.upgrades import SaveFormatError
from assistant.store import LinkTakenError, NotFoundError, StaleVersionError, Store
from assistant.stores import open_store
from assistant.store_pg import PgStore
from assistant.store_pg_upgrades import FIRST, STEPS
from assistant.store_upgrades import SCHEMA_VERSION
from tests.pg_cluster import cluster

CREW = [{"name": "Ann", "colour": "#e4572e"}, {"name": "Bob", "colour": "#29a3e6"}]


def fresh() -> GameState:
    return new_game("bank", CREW, seed=4242)


def broken_in(store: Store, turns: int = 0) -> str:
    """A Bank Job whose crew broke in at D4, ``turns`` turns played."""
    game_id = store.create("The Bank Job", fresh(), [("scenario", "bank")])
    for action in [{"do": "start"}, {"do": "entrance", "at": "D4"}] + [{"do": "end_turn"}] * turns:
        store.act(game_id, action)
    return game_id


def test_a_heist_is_one_row_per_action_with_a_head_that_undo_and_redo_move(store: Store) -> None:
    game_id = broken_in(store, turns=2)
    game = store.load(game_id)
    assert (game.head, game.version, game.can_redo) == (4, 4, False)
    assert [entry.action.do for entry in store.history(game_id)] == ["start", "entrance", "end_turn", "end_turn"]
    undone = store.undo(game_id, version=4)
    assert (undone.head, undone.version, undone.can_redo) == (3, 5, True)
    assert store.load(game_id).state == store.replay(game_id)
    assert store.redo(game_id).head == 4
    store.undo(game_id)
    store.act(game_id, {"do": "end_turn"})  # a new action after an undo drops the undone one
    game = store.load(game_id)
    assert (game.head, game.version, game.can_redo) == (4, 8, False)
    assert store.load(game_id).state == store.replay(game_id)
    before, action, log = store.action_at(game_id, 4)
    assert action.do == "end_turn" and apply(before, action).state == game.state and log
    assert store.last_log(game_id, 4) == log
    first, steps = store.timeline(game_id)
    assert first == fresh() and steps[-1][2] == game.state


def test_a_change_made_on_an_older_version_is_refused_and_nothing_is_written(store: Store) -> None:
    game_id = broken_in(store)
    with pytest.raises(StaleVersionError):
        store.act(game_id, {"do": "end_turn"}, version=1)
    with pytest.raises(StaleVersionError):
        store.undo(game_id, version=1)
    assert (store.load(game_id).head, store.version(game_id)) == (2, 2)


def test_every_change_rings_the_doorbell_with_its_new_version(store: Store) -> None:
    game_id = broken_in(store)
    phone = store.broker.subscribe(game_id)
    store.act(game_id, {"do": "end_turn"})
    store.undo(game_id)
    store.new_token(game_id, "watch")
    store.delete(game_id)
    heard = [phone.get(timeout=0) for _ in range(4)]
    assert heard == [Event("changed", "3"), Event("changed", "4"), Event("revoked", "watch"), Event("revoked", "all")]
    with pytest.raises(NotFoundError):
        store.load(game_id)
    with pytest.raises(NotFoundError):
        store.history(game_id)


def test_links_settings_and_the_list_of_heists(store: Store) -> None:
    played, other = broken_in(store, turns=2), broken_in(store)
    game = store.load(played)
    assert store.by_token(game.play_token) == (played, "play")
    assert store.by_token(game.watch_token) == (played, "watch")
    with pytest.raises(NotFoundError):
        store.by_token("no-such-link")
    listed = {g["id"]: (g["head"], g["turns"], g["outcome"]) for g in store.games()}
    assert listed == {played: (4, 2, None), other: (2, 0, None)}
    assert store.setup(played) == ([("scenario", "bank")], fresh(), rulebook("bb1"))
    store.set_setting(f"danger/{played}", "on")
    store.set_setting("public_url", "http://192.168.1.10:8000/")
    assert store.settings_on([f"danger/{played}", f"danger/{other}"]) == {f"danger/{played}"}
    assert store.settings_on([]) == set()
    store.set_setting("public_url", None)
    assert store.setting("public_url") is None


def test_a_link_leads_to_one_heist_in_the_database_itself(store: Store) -> None:
    first, second = broken_in(store), broken_in(store)
    taken = store.load(first).watch_token
    with pytest.raises(Exception, match="UNIQUE constraint failed") as refused, store.db() as db:
        db.execute("UPDATE games SET play_token = ? WHERE id = ?", (taken, second))
    assert type(refused.value).__name__ in ("IntegrityError", "UniqueViolation")
    store.release()
    assert store.by_token(taken) == (first, "watch")


def test_a_second_store_on_the_same_database_finds_every_heist_as_it_was(store: Store, tmp_path: Path) -> None:
    game_id = broken_in(store, turns=3)
    store.undo(game_id)
    before = store.load(game_id)
    target = getattr(store, "_url", store.path)
    again = open_store(target, folder=tmp_path)
    try:
        assert again.load(game_id) == before
        assert again.upgraded == []
    finally:
        again.shutdown()


def backup_of(store: Store) -> bytes:
    out = io.BytesIO()
    backup.write(store, out)
    return out.getvalue()


@pytest.mark.parametrize("into", ["sqlite", "postgresql"])
def test_a_backup_written_by_either_store_is_taken_back_by_either(store: Store, into: str, tmp_path: Path,
                                                                  request: pytest.FixtureRequest) -> None:
    played, other = broken_in(store, turns=2), broken_in(store)
    store.set_setting(f"coach/{played}", "on")
    packed = backup_of(store)
    target = str(tmp_path / "other.sqlite3") if into == "sqlite" else request.getfixturevalue("pg_url")
    there = open_store(target, folder=tmp_path)
    try:
        kept = broken_in(there)  # replaced by the restore
        with backup.checked(io.BytesIO(packed)) as checked:
            there.replace_with(checked)
        assert sorted(g["id"] for g in there.games()) == sorted([played, other])
        for game_id in (played, other):
            assert there.load(game_id) == store.load(game_id)
            assert there.history(game_id) == store.history(game_id)
        assert there.settings_on([f"coach/{played}"]) == {f"coach/{played}"}
        with pytest.raises(NotFoundError):
            there.load(kept)
        # added beside the heists here: nothing twice, the same heists again
        with backup.checked(io.BytesIO(packed)) as checked:
            added, here = there.add_from(checked)
        assert (added, sorted(here)) == (0, sorted([played, other]))
        assert _same_heists(backup_of(there), packed)
    finally:
        there.shutdown()


def _same_heists(one: bytes, other: bytes) -> bool:
    with backup.checked(io.BytesIO(one)) as a, backup.checked(io.BytesIO(other)) as b:
        left, right = Store(a), Store(b)
        try:
            return all(left.load(g["id"]) == right.load(g["id"]) and left.history(g["id"]) == right.history(g["id"])
                       for g in right.games()) and len(left.games()) == len(right.games())
        finally:
            left.close(), right.close()


def test_a_backup_added_brings_its_heists_and_one_further_on_can_be_taken(store: Store, tmp_path: Path) -> None:
    shared = broken_in(store)
    laptop = Store(tmp_path / "laptop.sqlite3")
    with backup.checked(io.BytesIO(backup_of(store))) as checked:
        laptop.add_from(checked)
    laptop.act(shared, {"do": "end_turn"})
    new = broken_in(laptop)
    with backup.checked(io.BytesIO(backup_of(laptop))) as checked:
        assert store.add_from(checked) == (1, [shared])
        assert store.further_on(checked, shared) == ("The Bank Job", 3, 2)
        phone = store.broker.subscribe(shared)
        assert store.take_longer(checked, shared) == 3
    assert store.load(shared).state == laptop.load(shared).state
    assert store.load(shared).version == 4  # past both: a page drawn from either is told the board changed
    assert phone.get(timeout=0) == Event("changed", "4")
    assert store.load(new).state == laptop.load(new).state
    laptop.close()


def test_a_backup_whose_link_a_heist_here_has_adds_nothing(store: Store, tmp_path: Path) -> None:
    mine = broken_in(store)
    laptop = Store(tmp_path / "laptop.sqlite3")
    theirs = broken_in(laptop)
    with laptop.db() as db:
        db.execute("UPDATE games SET watch_token = ? WHERE id = ?", (store.load(mine).watch_token, theirs))
    with backup.checked(io.BytesIO(backup_of(laptop))) as checked, pytest.raises(LinkTakenError):
        store.add_from(checked)
    assert [g["id"] for g in store.games()] == [mine]
    laptop.close()


# -- PostgreSQL's own -----------------------------------------------------------------------------------------------

def test_two_processes_writing_one_heist_at_once_the_later_is_refused(pg_url: str, tmp_path: Path) -> None:
    """Two stores on one database (two processes of the service: each has its own write lock): the one whose
    change comes second, on the version both read, is refused by its UPDATE … WHERE version, and writes nothing."""
    one, two = PgStore(pg_url, folder=tmp_path), PgStore(pg_url, folder=tmp_path)
    game_id = broken_in(one)
    outcome: list[Any] = []
    with one.db() as db:  # process one's change, still uncommitted, holds the heist's row
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))

        def act() -> None:
            try:
                outcome.append(two.act(game_id, {"do": "end_turn"}, version=2))
            except StaleVersionError as err:
                outcome.append(err)
            finally:
                two.release()
        other = threading.Thread(target=act)
        other.start()
        time.sleep(0.5)  # process two read version 2 and waits on the row
        assert not outcome
    other.join(5)
    assert isinstance(outcome[0], StaleVersionError)
    assert (two.load(game_id).head, two.version(game_id)) == (2, 3)
    one.shutdown(), two.shutdown()


def test_the_postgresql_schema_has_its_version_and_a_newer_one_is_refused(pg_url: str, tmp_path: Path) -> None:
    store = PgStore(pg_url, folder=tmp_path)
    assert store.db().execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    with store.db() as db:
        db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    store.shutdown()
    with pytest.raises(SaveFormatError) as refused:
        PgStore(pg_url, folder=tmp_path)
    assert refused.value.params["version"] == SCHEMA_VERSION + 1


def test_every_sqlite_upgrade_since_postgresql_came_has_its_postgresql_twin() -> None:
    assert sorted(STEPS) == list(range(FIRST, SCHEMA_VERSION))


def test_a_password_never_shows_in_the_stores_address(tmp_path: Path) -> None:
    """A club's own role, owning its own database (as a hosted service's is), with a password."""
    with cluster().admin() as admin:
        admin.execute("CREATE ROLE club LOGIN PASSWORD 'hunter2'")
        admin.execute("CREATE DATABASE club OWNER club TEMPLATE template0")
    store = PgStore(f"postgresql://club:hunter2@/club?host={cluster().folder}", folder=tmp_path)
    try:
        assert "hunter2" not in store.path and store.path.startswith("postgresql://club@/club")
        assert broken_in(store)
    finally:
        store.shutdown()
        with cluster().admin() as admin:
            admin.execute("DROP DATABASE club WITH (FORCE)")
            admin.execute("DROP ROLE club")


def test_a_change_through_one_process_rings_the_devices_of_another_within_a_second(pg_url: str,
                                                                                   tmp_path: Path) -> None:
    """Two stores on one database, each with its own broker (two processes): each change is told once to the devices
    of each, through PostgreSQL to the other's; a write of some other program's (here psycopg's own) too."""
    one, two = PgStore(pg_url, folder=tmp_path), PgStore(pg_url, folder=tmp_path)
    try:
        game_id = broken_in(one)
        here, there = one.broker.subscribe(game_id), two.broker.subscribe(game_id)
        time.sleep(0.5)
        while there.get(timeout=0):  # the doorbells of its setting up, heard late
            pass
        started = time.monotonic()
        one.act(game_id, {"do": "end_turn"})
        assert there.get(timeout=1.0) == Event("changed", "3")
        assert time.monotonic() - started < 1.0
        two.undo(game_id)
        assert here.get(timeout=0) == Event("changed", "3") and here.get(timeout=1.0) == Event("changed", "4")
        assert there.get(timeout=0) == Event("changed", "4")  # its own process's, rung by its store
        with psycopg.connect(pg_url, autocommit=True) as other:
            other.execute("UPDATE games SET watch_token = 'x' || watch_token WHERE id = %s", (game_id,))
        assert {here.get(timeout=1.0), there.get(timeout=1.0)} == {Event("revoked", "watch")}
        two.delete(game_id)
        assert here.get(timeout=1.0) == Event("revoked", "all")
        time.sleep(0.3)
        assert (here.get(timeout=0), there.get(timeout=0)) == (None, Event("revoked", "all"))  # each once
        assert there.get(timeout=0) is None
    finally:
        one.shutdown(), two.shutdown()


def test_a_listener_cut_off_listens_again_and_rings_the_versions_it_may_have_missed(pg_url: str,
                                                                                    tmp_path: Path) -> None:
    one, two = PgStore(pg_url, folder=tmp_path), PgStore(pg_url, folder=tmp_path)
    try:
        game_id = broken_in(one)
        there = two.broker.subscribe(game_id)
        time.sleep(0.5)
        while there.get(timeout=0):
            pass
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                          (f"{two.name} doorbell",))
        one.act(game_id, {"do": "end_turn"})  # while nobody listens for process two, or just after
        heard = [there.get(timeout=3.0), there.get(timeout=0.5)]
        assert Event("changed", "3") in heard and all(e in (Event("changed", "3"), None) for e in heard)
        one.act(game_id, {"do": "end_turn"})
        assert Event("changed", "4") in (there.get(timeout=1.0), there.get(timeout=0.5))
    finally:
        one.shutdown(), two.shutdown()


def test_a_store_shut_down_stops_its_listener_at_once_leaving_no_thread_behind(pg_url: str, tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A listener looks whether to stop every POLL_SECONDS (made 5 here): shutdown wakes it instead, so a server
    stopped or restarted (the browser tests' live server, each web test's app) leaves no thread running on."""
    monkeypatch.setattr(doorbell_pg, "POLL_SECONDS", 5.0)
    before = {t for t in threading.enumerate() if t.name == "pg-doorbell"}
    store = PgStore(pg_url, folder=tmp_path)
    started = time.monotonic()
    store.shutdown()
    took = time.monotonic() - started
    assert {t for t in threading.enumerate() if t.name == "pg-doorbell" and t.is_alive()} <= before
    assert took < 2.0, f"shutdown took {took:.1f} s"


def test_a_writer_never_holds_the_lock_while_waiting_for_a_connection(pg_url: str, tmp_path: Path) -> None:
    """A pool of one connection: a request holding it waits for the write lock while another wants to write. The
    writer takes its connection before the lock, so both are done; the other way round, each would wait for the
    other until the pool gave up (30 s)."""
    store = PgStore(pg_url, folder=tmp_path, connections=1)
    game_id = broken_in(store)
    store.release()
    holding, done = threading.Event(), []

    def request() -> None:
        store.version(game_id)  # the connection, taken
        holding.set()
        time.sleep(0.3)
        store.act(game_id, {"do": "end_turn"})
        store.release()
        done.append("act")
    other = threading.Thread(target=request)
    other.start()
    holding.wait(5)
    started = time.monotonic()
    store.create("Another", fresh())
    store.release()
    other.join(10)
    assert done == ["act"] and time.monotonic() - started < 5
    store.shutdown()
