"""The Burgle Bros 2 campaign as arithmetic: its Heist Log, the Suspicion it carries from heist to heist, the finale
each heist plays, the rewards taken, and the decks the Suspicion Meter gives.

Sources (bb2 rulebook, shared/seeds/bb2-casino-capers-en.md): "Before Your Heist (Campaign Mode)" (nine heists, the
finales taken in their order from 1 to 9, the Heist Log's Suspicion Meter, a first heist at 6 Suspicion), "Playing
with a Random Finale" (all nine finales, or those not won yet; any Suspicion, 6 the normal one), "Heist Setup" steps 5
(the Meter's prompt changes the patrol decks) and 12 (the finale card stays face down), "After Your Heist (Campaign
Mode)" (the log's players, result and new Suspicion: one up on a win, one down on a loss, within 1 and 10; the finale's
loot sticker on a win; an alternate gear card win or lose; the next heist whatever the result), "Alternate Gear",
"Components" (16 patrol cards a floor, 6 Distracted cards).

What the Meter prints for each Suspicion is on the table's own Heist Log sheet, not in the rulebook: the table says
it (a :class:`Meter`), and the app only counts. A finale's rules are on its card: the app knows a finale by its
number alone.

>>> log = Campaign().begin(("Ann", "Bob")).record(won=True, gear="Crybaby")
>>> log.suspicion, log.next_finale, log.heists[0].suspicion_after, log.heists[0].rewards
(7, 2, 7, ('gear', 'loot'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import N_, RulesError

FIRST_SUSPICION = 6  # "Before Your Heist (Campaign Mode)": the first heist starts at 6; Random Finale Mode's normal
LOWEST_SUSPICION = 1  # "After Your Heist (Campaign Mode)": never lower than 1 ...
HIGHEST_SUSPICION = 10  # ... nor greater than 10
FINALES = 9  # "Before Your Heist (Campaign Mode)": nine finale cards, numbered, played from 1 to 9
PRINTED_PATROL = 16  # "Components": 32 patrol cards, 16 for each floor
DISTRACTED_CARDS = 6  # "Components": the box's Distracted cards, all the Meter can shuffle in
SMALLEST_DECK = 2  # "Heist Setup" 6-8: each deck gives two cards before the first turn (the bouncer, his destination)
FLOORS = 2
MAX_GEAR_NAME = 40  # an alternate gear card's name as the table writes it in the log


class CampaignError(RulesError):
    """What the Heist Log does not allow: a Suspicion off the Meter, a deck the box cannot make, a heist past the
    ninth, a result written twice."""


def suspicion_after(before: int, won: bool) -> int:
    """The Suspicion written in the Heist Log after a heist ("After Your Heist (Campaign Mode)").

    >>> suspicion_after(6, True), suspicion_after(6, False), suspicion_after(10, True), suspicion_after(1, False)
    (7, 5, 10, 1)
    """
    checked_suspicion(before)
    return max(LOWEST_SUSPICION, min(HIGHEST_SUSPICION, before + (1 if won else -1)))


def checked_suspicion(level: int) -> int:
    """A level of the Suspicion Meter, 1 to 10 (Random Finale Mode may set any of them)."""
    if isinstance(level, bool) or not isinstance(level, int) or not LOWEST_SUSPICION <= level <= HIGHEST_SUSPICION:
        raise CampaignError(N_("Suspicion is %(lowest)s to %(highest)s on the Heist Log's meter, not %(level)s"),
                            lowest=LOWEST_SUSPICION, highest=HIGHEST_SUSPICION, level=level)
    return level


def random_finales(won: Iterable[int] = ()) -> tuple[int, ...]:
    """The finale cards Random Finale Mode shuffles: all nine, less those the table has won ("Playing with a Random
    Finale" lets it take them out); with every one won, all nine again (a draw needs a card).

    >>> random_finales(), random_finales([1, 3])
    ((1, 2, 3, 4, 5, 6, 7, 8, 9), (2, 4, 5, 6, 7, 8, 9))
    """
    left = tuple(n for n in range(1, FINALES + 1) if n not in set(won))
    return left or tuple(range(1, FINALES + 1))


@dataclass(frozen=True)
class FloorChange:
    """What the Meter's prompt does to one floor's patrol deck: Distracted cards shuffled in, patrol cards taken
    out ("Heist Setup" 5)."""

    distracted: int = 0
    removed: int = 0

    @property
    def deck(self) -> int:
        return PRINTED_PATROL + self.distracted - self.removed


@dataclass(frozen=True)
class Meter:
    """One Suspicion's prompt as the table's sheet prints it, floor 1 first; :meth:`decks` is what the app sets up.

    >>> Meter((FloorChange(distracted=2), FloorChange(removed=3))).decks
    (18, 13)
    """

    floors: tuple[FloorChange, ...] = (FloorChange(), FloorChange())

    def __post_init__(self) -> None:
        if len(self.floors) != FLOORS:
            raise CampaignError(N_("the Suspicion Meter changes the decks of both floors"))
        for n, change in enumerate(self.floors, start=1):
            for count in (change.distracted, change.removed):
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise CampaignError(N_("floor %(n)s: the Suspicion Meter adds or removes a whole number of "
                                           "cards"), n=n)
            if change.deck < SMALLEST_DECK:
                raise CampaignError(N_("floor %(n)s: %(removed)s patrol cards taken out of %(printed)s leave fewer "
                                       "than the %(least)s cards the setup draws"), n=n, removed=change.removed,
                                    printed=PRINTED_PATROL + change.distracted, least=SMALLEST_DECK)
        if sum(change.distracted for change in self.floors) > DISTRACTED_CARDS:
            raise CampaignError(N_("the box has %(most)s Distracted cards, not %(count)s"), most=DISTRACTED_CARDS,
                                count=sum(change.distracted for change in self.floors))

    @property
    def decks(self) -> tuple[int, ...]:
        return tuple(change.deck for change in self.floors)

    def to_json(self) -> list[list[int]]:
        return [[change.distracted, change.removed] for change in self.floors]

    @classmethod
    def from_json(cls, data: Any) -> Meter:
        """Read back :meth:`to_json`; CampaignError for anything else."""
        if not isinstance(data, list) or not all(isinstance(f, list) and len(f) == 2 for f in data):
            raise CampaignError(N_("the Suspicion Meter changes the decks of both floors"))
        return cls(tuple(FloorChange(f[0], f[1]) for f in data))


@dataclass(frozen=True)
class Heist:
    """One line of the Heist Log. ``won`` is None until the table writes the result; ``suspicion`` is the one the
    heist was set up at (the Suspicion after the heist before)."""

    finale: int
    suspicion: int
    players: tuple[str, ...]
    won: bool | None = None
    gear: str = ""  # the alternate gear card taken, as the table named it (it may leave the name out)
    meter: Meter | None = None  # the prompt the table followed; None for a heist the app did not set up from it

    @property
    def suspicion_after(self) -> int | None:
        return None if self.won is None else suspicion_after(self.suspicion, self.won)

    @property
    def rewards(self) -> tuple[str, ...]:
        """"After Your Heist": an alternate gear card win or lose, the finale's loot sticker on a win."""
        if self.won is None:
            return ()
        return ("gear", "loot") if self.won else ("gear",)


@dataclass(frozen=True)
class Campaign:
    """The Heist Log: its heists in order, each playing the finale of its number."""

    heists: tuple[Heist, ...] = ()

    @classmethod
    def of(cls, results: Sequence[tuple[Sequence[str], bool | None, str, Meter | None]]) -> Campaign:
        """The log of heists given as (players, won, gear, meter), oldest first; each Suspicion follows from the
        results before it. CampaignError where one follows a heist with no result or passes the ninth."""
        log = cls()
        for players, won, gear, meter in results:
            log = log.begin(players, meter)
            if won is not None:
                log = log.record(won, gear)
            elif gear:  # a result taken back (reopen) keeps its gear card's name
                log = replace(log, heists=(*log.heists[:-1], replace(log.heists[-1], gear=gear)))
        return log

    @property
    def suspicion(self) -> int:
        """The Suspicion now: 6 before the first heist, then the last result's."""
        level = FIRST_SUSPICION
        for heist in self.heists:
            level = heist.suspicion if heist.won is None else suspicion_after(heist.suspicion, heist.won)
        return level

    @property
    def playing(self) -> Heist | None:
        """The heist set up and not yet written in the log."""
        return self.heists[-1] if self.heists and self.heists[-1].won is None else None

    @property
    def finished(self) -> bool:
        """All nine finales played and written in the log: Random Finale Mode comes next."""
        return len(self.heists) == FINALES and self.playing is None

    @property
    def next_finale(self) -> int | None:
        """The finale of the next heist to set up ("Whether you won or lost, play the next heist"); None while one is
        being played, or after the ninth."""
        return None if self.playing is not None or self.finished else len(self.heists) + 1

    @property
    def finales_won(self) -> tuple[int, ...]:
        """The finales whose loot sticker is in the Trophy Case."""
        return tuple(h.finale for h in self.heists if h.won)

    @property
    def gear_cards(self) -> int:
        """Alternate gear cards taken from the rewards envelope: one a heist written in the log."""
        return sum(1 for h in self.heists if h.won is not None)

    def begin(self, players: Sequence[str], meter: Meter | None = None) -> Campaign:
        """The next heist set up at the Suspicion now, with its finale."""
        finale = self.next_finale
        if finale is None:
            if self.playing is not None:
                raise CampaignError(N_("write the result of heist %(n)s in the Heist Log before setting up the next"),
                                    n=self.playing.finale)
            raise CampaignError(N_("the campaign is over: all %(n)s finales are played"), n=FINALES)
        if not players:
            raise CampaignError(N_("a heist of the campaign needs its players"))
        heist = Heist(finale, self.suspicion, tuple(players), meter=meter)
        return replace(self, heists=(*self.heists, heist))

    def record(self, won: bool, gear: str = "", caught: bool = False) -> Campaign:
        """The result of the heist being played, written in the log with the gear card taken. ``caught``: its board
        says the crew was caught (6 heat, or a finale's own loss, "Completing the Finale"): a loss."""
        playing = self.playing
        if playing is None:
            raise CampaignError(N_("no heist of the campaign is waiting for its result"))
        if won and caught:
            raise CampaignError(N_("heist %(n)s's board says the crew was caught: it goes in the Heist Log as lost "
                                   "(undo the catch on its board if the board is wrong)"), n=playing.finale)
        if len(gear) > MAX_GEAR_NAME:
            raise CampaignError(N_("a gear card's name is at most %(most)s letters"), most=MAX_GEAR_NAME)
        return replace(self, heists=(*self.heists[:-1], replace(playing, won=won, gear=gear.strip())))

    def reopen(self) -> Campaign:
        """The last heist's result taken back to be written again (a tap on the wrong button), as long as no heist
        came after it; its gear card's name stays for the form."""
        if not self.heists or self.playing is not None:
            raise CampaignError(N_("no heist of the campaign has a result to write again"))
        return replace(self, heists=(*self.heists[:-1], replace(self.heists[-1], won=None)))
