"""The store's Burgle Bros 2 campaigns (database version 5): each campaign's Heist Log, one row a heist.

The rows keep what the table wrote (the players, won or lost, the gear card taken) and what it set up from (the
Meter's prompt); the Suspicion of each heist, its rewards and what comes next are counted from them by the engine's
pure ``bb2/campaign.py``, so the log can never hold a Suspicion its results do not give. Plain SQL only (the JSON
stays in TEXT columns, read here), so another database can hold the same tables.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from .engine.bb2.campaign import Campaign, Meter
from .engine.cases import Step
from .engine.state import GameState
from .store_clubs import LOCAL

if TYPE_CHECKING:
    from .store_sql import Database, WriteLock

RESULTS = {"won": True, "lost": False, None: None}
CAMPAIGN_COLUMNS = ("id", "name", "created", "updated", "meter")
HEIST_COLUMNS = ("campaign_id", "finale", "game_id", "players", "meter", "result", "gear", "created")


class CampaignNotFoundError(Exception):
    """No such campaign."""


@dataclass(frozen=True)
class CampaignRecord:
    """A campaign as stored: its Heist Log (the engine's arithmetic over it), the heist of each line (None once that
    heist was deleted), and the table's Suspicion Meter as it typed it, by Suspicion."""

    id: str
    name: str
    created: str
    updated: str
    log: Campaign
    games: tuple[str | None, ...]
    meter: dict[int, Meter] = field(default_factory=dict)
    club: str = LOCAL  # the club whose campaign it is


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def result_word(won: bool | None) -> str | None:
    return None if won is None else ("won" if won else "lost")


def log_of(rows: Sequence[Any]) -> Campaign:
    """The Heist Log of a campaign's rows (players, result, gear, meter as stored), in their finales' order;
    CampaignError (the engine's) for rows no log could hold, ValueError for JSON that does not read."""
    entries = []
    for players, result, gear, meter in rows:
        names = json.loads(players)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or result not in RESULTS \
                or not isinstance(gear, str):
            raise ValueError("not a line of the Heist Log")
        entries.append((tuple(names), RESULTS[result], gear, None if meter is None else Meter.from_json(
            json.loads(meter))))
    return Campaign.of(entries)


def meter_of(text: str) -> dict[int, Meter]:
    """The table's Suspicion Meter as stored (JSON by Suspicion); ValueError or CampaignError when it does not read."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a Suspicion Meter")
    return {int(level): Meter.from_json(prompt) for level, prompt in data.items()}


class CampaignStore:
    """The campaign half of the Store (which it is mixed into): the Store's connection and write lock."""

    _write: WriteLock

    def db(self) -> Database:  # the Store's
        raise NotImplementedError

    def _insert_game(self, db: Database, title: str, state: GameState, setup: Sequence[tuple[str, str]] | None,
                     steps: Sequence[Step] = (), club: str = LOCAL) -> str:  # the Store's
        raise NotImplementedError

    def campaigns(self, club: str = LOCAL) -> list[CampaignRecord]:
        """Every campaign of ``club``, the last played first."""
        ids = [r[0] for r in self.db().execute("SELECT id FROM campaigns WHERE club = ? ORDER BY updated DESC, id",
                                               (club,))]
        return [self.campaign(cid) for cid in ids]

    def campaign(self, campaign_id: str) -> CampaignRecord:
        db = self.db()
        row = db.execute("SELECT id, name, created, updated, meter, club FROM campaigns WHERE id = ?",
                         (campaign_id,)).fetchone()
        if row is None:
            raise CampaignNotFoundError(campaign_id)
        heists = db.execute("SELECT players, result, gear, meter, game_id FROM campaign_heists WHERE campaign_id = ? "
                            "ORDER BY finale", (campaign_id,)).fetchall()
        return CampaignRecord(row[0], row[1], row[2], row[3], log_of([tuple(h)[:4] for h in heists]),
                              tuple(h[4] for h in heists), meter_of(row[4]), row[5])

    def campaign_of(self, game_id: str) -> str | None:
        """The campaign heist ``game_id`` is part of, if any."""
        row = self.db().execute("SELECT campaign_id FROM campaign_heists WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    def create_campaign_heist(self, campaign_id: str | None, name: str, title: str, state: GameState,
                              setup: Sequence[tuple[str, str]], players: Sequence[str],
                              meter: Meter, club: str = LOCAL) -> tuple[str, str]:
        """The next heist of campaign ``campaign_id`` (or the first of a new campaign called ``name``), set up at its
        Suspicion from ``meter`` (what the table's sheet prompts there, kept for the next time the campaign is at
        that Suspicion), for ``club`` (a new campaign's; a campaign's next heist is its campaign's club's). Returns
        (campaign id, heist id); the engine's CampaignError when the log allows no heist
        now (one waits for its result, or all nine are played), and nothing is written."""
        now = _now()
        with self._write, self.db() as db:
            if campaign_id is None:
                campaign_id = secrets.token_hex(4)
                db.execute("INSERT INTO campaigns (id, name, created, updated, meter, club) VALUES (?, ?, ?, ?, ?, ?)",
                           (campaign_id, name, now, now, "{}", club))
            record = self.campaign(campaign_id)
            heist = record.log.begin(players, meter).heists[-1]
            game_id = self._insert_game(db, title, state, setup, club=record.club)
            db.execute("INSERT INTO campaign_heists (campaign_id, finale, game_id, players, meter, result, gear, "
                       "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (campaign_id, heist.finale, game_id, json.dumps(list(players)), json.dumps(meter.to_json()),
                        None, "", now))
            sheet = {str(level): prompt.to_json() for level, prompt in record.meter.items()}
            sheet[str(heist.suspicion)] = meter.to_json()
            db.execute("UPDATE campaigns SET meter = ?, updated = ? WHERE id = ?",
                       (json.dumps(sheet, sort_keys=True), now, campaign_id))
        return campaign_id, game_id

    def record_result(self, campaign_id: str, won: bool, gear: str = "") -> Campaign:
        """The heist being played written in the Heist Log: won or lost, the gear card taken. Returns the log after;
        CampaignError when no heist waits for its result, or for a win its board says was lost."""
        with self._write, self.db() as db:
            record = self.campaign(campaign_id)
            game_id = record.games[-1] if record.games else None
            row = None if game_id is None else db.execute(
                "SELECT a.state FROM games g JOIN actions a ON a.game_id = g.id AND a.seq = g.head WHERE g.id = ?",
                (game_id,)).fetchone()
            caught = row is not None and GameState.from_text(row[0]).outcome == "caught"
            log = record.log.record(won, gear, caught=caught)
            written = log.heists[-1]
            db.execute("UPDATE campaign_heists SET result = ?, gear = ? WHERE campaign_id = ? AND finale = ?",
                       (result_word(won), written.gear, campaign_id, written.finale))
            db.execute("UPDATE campaigns SET updated = ? WHERE id = ?", (_now(), campaign_id))
        return log

    def reopen_result(self, campaign_id: str) -> Campaign:
        """The last heist's result taken back, to be written again; CampaignError when a heist came after it (or
        none has a result)."""
        with self._write, self.db() as db:
            log = self.campaign(campaign_id).log.reopen()
            db.execute("UPDATE campaign_heists SET result = NULL WHERE campaign_id = ? AND finale = ?",
                       (campaign_id, log.heists[-1].finale))
            db.execute("UPDATE campaigns SET updated = ? WHERE id = ?", (_now(), campaign_id))
        return log

    def _campaign_taken(self, source: sqlite3.Connection, db: Database, club: str) -> str | None:
        """The name of a campaign of ``source`` (a checked backup) that another club has, if any: the Store refuses
        that backup whole."""
        for campaign_id, name in source.execute("SELECT id, name FROM campaigns").fetchall():
            if db.execute("SELECT 1 FROM campaigns WHERE id = ? AND club <> ?", (campaign_id, club)).fetchone():
                return str(name)
        return None

    def _add_campaigns_from(self, source: sqlite3.Connection, db: Database, club: str = LOCAL) -> None:
        """The campaigns of ``source`` (a checked backup, its heists just added) that are not here, with their logs,
        as ``club``'s. A line whose heist is here in another campaign keeps its words and loses the link (a heist is
        in one campaign)."""
        campaigns, heists = (", ".join(columns) for columns in (CAMPAIGN_COLUMNS, HEIST_COLUMNS))
        for row in source.execute(f"SELECT {campaigns} FROM campaigns").fetchall():
            if db.execute("SELECT 1 FROM campaigns WHERE id = ?", (row[0],)).fetchone():
                continue
            db.execute(f"INSERT INTO campaigns ({campaigns}, club) VALUES "
                       f"({', '.join('?' * len(CAMPAIGN_COLUMNS))}, ?)", (*row, club))
            for line in source.execute(f"SELECT {heists} FROM campaign_heists WHERE campaign_id = ?",
                                       (row[0],)).fetchall():
                values = dict(zip(HEIST_COLUMNS, line, strict=True))
                if values["game_id"] is not None and db.execute(
                        "SELECT 1 FROM campaign_heists WHERE game_id = ?", (values["game_id"],)).fetchone():
                    values["game_id"] = None
                db.execute(f"INSERT INTO campaign_heists ({heists}) VALUES ({', '.join('?' * len(HEIST_COLUMNS))})",
                           [values[c] for c in HEIST_COLUMNS])
