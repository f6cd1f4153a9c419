"""Issue 33 §3, the pool of live streams (broker.py): 48 addresses of 4 tabs each filled all 192 places, and a
device told to come back later was told to wait 15 s whether a place freed or not. Now a device holding fewer
streams takes the place of one holding the most, and a device that waits gets the first place given back."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from assistant.broker import Broker, Event, StreamLimitError, Subscription

POOL = 192


def fill(broker: Broker, addresses: int, tabs: int, limit: int) -> list[Subscription]:
    return [broker.subscribe("heist", limit=limit, owner=(f"10.0.0.{a}", n), device=f"10.0.0.{a}")
            for a in range(addresses) for n in range(tabs)]


def superseded(sub: Subscription) -> bool:
    return sub.get(timeout=0) == Event("superseded", "")


def test_a_new_phone_takes_a_place_from_an_address_holding_four_when_48_addresses_fill_the_pool() -> None:
    broker = Broker()
    held = fill(broker, 48, 4, POOL)
    phone = broker.subscribe("heist", limit=POOL, owner=("10.0.9.9", "play"), device="10.0.9.9")
    assert broker.count() == POOL
    assert sum(superseded(s) for s in held) == 1  # one tab of one address is told to end (it checks back later)
    assert phone in broker._subs["heist"]


def test_devices_holding_as_many_streams_as_the_others_do_not_take_each_others_places() -> None:
    # one less than the most is not enough: else two full devices would end each other's streams in turn
    broker = Broker()
    held = fill(broker, 48, 4, POOL)
    held[0].close()
    broker.subscribe("heist", limit=POOL, owner=("10.0.0.0", 9), device="10.0.0.0")  # the freed place
    with pytest.raises(StreamLimitError):
        broker.subscribe("heist", limit=POOL, owner=("10.0.0.1", 9), device="10.0.0.1")
    assert not any(superseded(s) for s in held)


def waiting(broker: Broker, device: str, wait: float, got: list[tuple[str, float]]) -> threading.Thread:
    def run() -> None:
        try:
            broker.subscribe("heist", limit=2, owner=(device, "watch"), device=device, wait=wait, waiters=2)
            got.append((device, time.monotonic()))
        except StreamLimitError:
            got.append((f"{device} refused", time.monotonic()))
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def until(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end and not condition():
        time.sleep(0.01)
    return condition()


def test_a_device_that_waits_gets_the_first_place_given_back_at_once_first_come_first_served() -> None:
    broker = Broker()
    first, second = fill(broker, 2, 1, 2)
    got: list[tuple[str, float]] = []
    early = waiting(broker, "10.0.1.1", 30, got)
    assert until(lambda: len(broker._waiting) == 1)
    late = waiting(broker, "10.0.1.2", 30, got)
    assert until(lambda: len(broker._waiting) == 2)
    with pytest.raises(StreamLimitError):  # two wait already: a third is told to come back, without a thread held
        broker.subscribe("heist", limit=2, owner=("10.0.1.3", "watch"), device="10.0.1.3", wait=30, waiters=2)
    freed = time.monotonic()
    first.close()
    early.join(10)
    assert [device for device, _ in got] == ["10.0.1.1"]  # the one that came first
    assert got[0][1] - freed < 1.0  # at once, not after a fixed retry
    second.close()
    late.join(10)
    assert [device for device, _ in got] == ["10.0.1.1", "10.0.1.2"]
    assert broker.count() == 2 and not broker._waiting


def test_a_device_that_waited_in_vain_is_told_to_come_back() -> None:
    broker = Broker()
    fill(broker, 2, 1, 2)
    got: list[tuple[str, float]] = []
    waiting(broker, "10.0.1.1", 0.2, got).join(10)
    assert [device for device, _ in got] == ["10.0.1.1 refused"]
    assert not broker._waiting
