"""The next heist of a Burgle Bros 2 campaign on the new-heist form: where the form goes, the heist's place in the
campaign (its finale, its Suspicion), and the fields filled in as the last heist was set up, with what the table
typed from its sheet the last time the campaign stood at this Suspicion (bb2 rulebook "Heist Setup" 5 and 12)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...engine.bb2.campaign import FIRST_SUSPICION
from ...store import Store
from ...store_campaigns import CampaignRecord

# the fields a campaign's next heist takes anew, never from the last one's: its Meter, its mode, its decks
TAKEN_ANEW = ("mode", "suspicion", "finale", "distracted1", "removed1", "distracted2", "removed2", "cards1",
              "cards2", "campaign_name", "game")


@dataclass(frozen=True)
class NextHeist:
    """The campaign heist the form sets up; ``campaign``: None for the first heist of a new campaign."""

    action: str  # where the form posts
    finale: int
    suspicion: int
    campaign: CampaignRecord | None = None
    remembered: bool = False  # the Meter is filled in as the table typed it at this Suspicion before


def first_heist() -> NextHeist:
    return NextHeist(url_for("campaigns.start"), 1, FIRST_SUSPICION)


def next_heist(record: CampaignRecord) -> NextHeist:
    """The heist that comes next (the caller checked there is one)."""
    finale = record.log.next_finale or 0
    return NextHeist(url_for("campaigns.set_up_next", campaign_id=record.id), finale, record.log.suspicion, record,
                     record.log.suspicion in record.meter)


def next_fields(store: Store, record: CampaignRecord) -> list[tuple[str, str]]:
    """The form as the campaign's last heist was set up (the same crew, entrances and walls: the table changes what
    it likes, "Before Your Heist": the players may change), with the Meter typed at this Suspicion before."""
    fields = [("game", "bb2"), ("mode", "campaign")]
    last = next((g for g in reversed(record.games) if g is not None), None)
    if last is not None:
        setup, _first, _game = store.setup(last)
        fields += [(name, value) for name, value in setup or [] if name not in TAKEN_ANEW]
    meter = record.meter.get(record.log.suspicion)
    if meter is not None:
        for n, change in enumerate(meter.floors, start=1):
            fields += [(f"distracted{n}", str(change.distracted)), (f"removed{n}", str(change.removed))]
    return fields
