"""What a why-view holds: plain data, drawn by the web layer and checked by the tests."""

from __future__ import annotations

from dataclasses import dataclass

from ..render import Mark, Route


@dataclass(frozen=True)
class RuleText:
    """A rule in our own words, with where the books (or our rules file) say it."""

    id: str
    title: str
    words: str
    reference: str


@dataclass(frozen=True)
class Picture:
    """One floor as it stood at that moment (the guard, his die, alarms) with what to draw on it."""

    floor: int
    guard: str | None = None
    destination: str | None = None
    alarms: tuple[str, ...] = ()
    routes: tuple[Route, ...] = ()
    marks: tuple[Mark, ...] = ()
    caption: str = ""


@dataclass(frozen=True)
class RouteChoice:
    """A tie the guard broke: the route he takes and the equally short ones he leaves, start included."""

    chosen: tuple[str, ...]
    rejected: tuple[tuple[str, ...], ...]
    fork: str
    rejoin: str
    reading: str


@dataclass(frozen=True)
class SandboxSpot:
    """A walk worth replaying in the sandbox: on this floor, from ``guard`` to ``target``."""

    floor: int
    guard: str
    target: str


@dataclass(frozen=True)
class Why:
    """Why one log line happened.

    ``sentence`` says it in plain words; ``rule`` is the rule that decided it; ``ruling`` marks one of
    our own rulings, and ``switch`` names the table setting that changes it ("" when it is fixed);
    ``facts`` are the numbers behind it (distances, die and alarms, cards); ``pictures`` are the floors
    to draw; ``route`` names the routes of a broken tie.
    """

    line: str
    sentence: str
    rule: RuleText
    ruling: bool = False
    switch: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    pictures: tuple[Picture, ...] = ()
    route: RouteChoice | None = None
    sandbox: SandboxSpot | None = None
