"""The league's figures in the reader's words (web/setup/league.py's page and CSV file): a crew, a character, a job at
its difficulty, a number to two places, a heist's luck; and the CSV file of every row."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from fractions import Fraction

from flask_babel import format_decimal

from ...engine.bb1.table import CHARACTERS
from ...league import HeistLine, League, Row
from ...words.i18n import N_, _, ngettext
from ..language import character_name
from .new_heist import IMPORTED_TITLE, JOB_TITLES, heist_title

GAME_JOBS = {"casino": N_("Burgle Bros 2 · The Casino Capers"), "future": N_("Burgle Bros 3 · Future Flip")}
DIFFICULTY_WORDS = {"easy": N_("Easy: 6 Stealth"), "normal": N_("Normal: 3 Stealth"), "hard": N_("Hard: 1 Stealth")}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # a cell a spreadsheet would run as a formula


def crew_words(key: tuple[str, ...]) -> str:
    return " & ".join(key)


def character_words(key: tuple[str, ...]) -> str:
    character = key[0]
    if not character:
        return _("No character named")
    return character_name(character) if character in CHARACTERS else character


def job_words(key: tuple[str, ...]) -> str:
    _game, job, floors, difficulty = key
    if job in JOB_TITLES:
        title = _(JOB_TITLES[job])
    elif job in GAME_JOBS:
        title = _(GAME_JOBS[job])
    else:
        title = ngettext("%(job)s, %(num)s floor", "%(job)s, %(num)s floors", int(floors), job=_(IMPORTED_TITLE))
    return f"{title} · {_(DIFFICULTY_WORDS[difficulty])}" if difficulty in DIFFICULTY_WORDS else title


def figure(value: Fraction, signed: bool = False) -> str:
    """Expected finds or luck as the reader's language writes a number, to two places."""
    return format_decimal(float(value), format="+#,##0.00;-#,##0.00" if signed else "#,##0.00")


def luck_words(line: HeistLine) -> str:
    return ngettext("found %(num)s time where the odds expected %(expected)s (luck %(luck)s)",
                    "found %(num)s times where the odds expected %(expected)s (luck %(luck)s)", line.found,
                    expected=figure(line.expected), luck=figure(line.luck, signed=True))


# -- the CSV file --------------------------------------------------------------------------------------------
def as_csv(table: League) -> str:
    """Every row of the page's tables, then one row a heist, with the same columns; numbers as a spreadsheet reads
    them in any language (a point before the decimals)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("Table"), _("Name"), _("Heists"), _("Won"), _("Caught"), _("Stealth lost"), _("Heat gained"),
                     _("Finds expected"), _("Finds"), _("Luck")])
    writer.writerows(_csv_rows(table))
    return out.getvalue()


def _csv_rows(table: League) -> Iterator[list[str]]:
    for caption, rows, words in ((_("Crew"), table.crews, crew_words), (_("Character"), table.characters,
                                                                        character_words),
                                 (_("Job and difficulty"), table.jobs, job_words)):
        for row in rows:
            yield [caption, _cell(words(row.key)), *_numbers(row)]
    for line in table.heists:
        yield [_("Heist"), _cell(f"{heist_title(line.heist.title)} ({line.heist.id})"), *_numbers(line.row())]


def _numbers(row: Row) -> list[str]:
    return [str(row.heists), str(row.won), str(row.lost), str(row.stealth_lost), str(row.heat_gained),
            f"{float(row.expected):.2f}", str(row.found), f"{float(row.luck):+.2f}"]


def _cell(text: str) -> str:
    """A name as a cell: one the players typed that a spreadsheet would take for a formula is kept as text."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text
