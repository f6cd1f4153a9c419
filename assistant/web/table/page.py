"""The table page as one object: ``TablePage`` holds the typed sub-views the board's templates read (``page.turn``,
``page.view.summary``, ``page.floors``…), built once a request by :func:`table_page`. The same object draws the
whole page (game.html), the partial htmx gets back after every action (partials/_game.html) and the display's
board (partials/_display.html)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask import request
from markupsafe import Markup

from ...engine.log import LogEntry
from ...engine.rulesets import Rulebook
from ...store import Game
from ..access import Access
from ..extensions import store
from ..links import url_for
from .board_view import FloorView, RoomMenu, build_floors, phase, room_menu
from .coach import CoachBoard, coach_board, coach_is_on
from .danger import DangerBoard, danger_board
from .export import may_export
from .floor_html import floor_html, floor_page, floors_held, kept_floor
from .floor_tabs import FloorTabs, floor_tabs
from .log_view import log_lines
from .menus import MenuLink, menu_links
from .pieces import RoomPieces, dress_floors, room_pieces
from .room_cells import folded_here
from .table_pieces import TablePieces, table_pieces
from .table_view import TableView, table_view
from .teach import Lesson, lesson, lesson_to_come
from .turn_bar import TurnBar, turn_bar


@dataclass(frozen=True)
class TablePage:
    """Everything the table page shows, each part a view of its own."""

    game: Game
    key: str  # the link it is open with: every button posts there
    role: str  # host, play or watch
    can_act: bool
    phase: str  # board_view.phase
    current: str | None  # whose turn it is
    selected: tuple[int, str] | None  # the room tapped, its menu open
    book: Rulebook  # the heist's game: its rules' attributes (``page.book.rules.room_rules``), actions and limits
    turn: TurnBar
    tabs: FloorTabs | None
    table: TablePieces
    floors: list[FloorView]
    floor_html: Callable[[FloorView], Markup]  # one floor's HTML, or a placeholder for one the device already shows
    menu: RoomMenu | None
    here: str  # the tapped room's pieces a narrow row folds away, named
    menu_links: list[MenuLink]
    view: TableView
    pieces: RoomPieces | None
    danger: DangerBoard | None  # the danger forecast of every floor, when the heist's switch is on
    coach: CoachBoard | None  # the coach's advice to whoever's turn it is, when its switch is on
    log_lines: Sequence[Any]  # the last action's lines, as web/table/log_view.py says them
    last_log: Sequence[LogEntry]  # the last action's log entries
    can_export: bool
    error: str | None = None
    notice: str | None = None
    animate: bool = False  # the guard's walk plays (an answer to a change, not a reload)
    spotted_card: str | None = None  # the card the Spotter looked at, for her own device's answer only
    overrule: dict[str, str] | None = None  # the refused action's fields, sent again as a correction

    @property
    def figure(self) -> str:
        """The word for the figure that patrols a floor (guard, bouncer): a key the templates translate."""
        return self.book.rules.figure

    @property
    def coach_on(self) -> bool:
        return coach_is_on(self.game)

    @property
    def lesson(self) -> Lesson | None:
        """Teach me's step due now (read when the panel is drawn: most heists are not taught)."""
        return lesson(self.game, self.phase, self.key)

    @property
    def lesson_to_come(self) -> bool:
        return lesson_to_come(self.game, self.phase)


def table_page(access: Access, error: str | None = None, selected: tuple[int, str] | None = None,
               animate: bool = False, spotted_card: str | None = None, notice: str | None = None,
               overrule: dict[str, str] | None = None, log: Sequence[LogEntry] | None = None) -> TablePage:
    """``log``: the log of the action at the game's head, when the caller has it (the action just applied)."""
    game, state, book = access.game, access.game.state, access.game.rulebook
    last = store().last_log(game.id, game.head) if log is None else log
    now = phase(state, book)
    view = table_view(state, book, last, now, selected, lambda: store().history(game.id))
    danger = danger_board(game)
    coach = coach_board(game)
    held = floors_held(request.headers.get("X-Floors")) if request.headers.get("HX-Request") else {}
    floors = dress_floors(state, book, build_floors(state, last, selected))
    sandbox = book.rules.in_sandbox

    def floor(f: FloorView) -> Markup:
        drawn = floor_html(f, floor_page(state, book, f, key=access.key, can_act=access.can_act, phase=now,
                                         focus=view.focus, downstairs=view.downstairs, danger=danger, coach=coach,
                                         sandbox=url_for("sandbox.from_heist", key=access.key, floor=f.number)
                                         if sandbox else None))
        # a floor the device already shows as it is stays on its screen: only what changed is sent
        return kept_floor(f.number, drawn.digest) if held.get(f.number) == drawn.digest else drawn.html

    return TablePage(
        game=game, key=access.key, role=access.role, can_act=access.can_act, phase=now, current=state.current(),
        selected=selected, book=book,
        turn=turn_bar(access, now, book.rules.figure, book.rules.guards_at_setup, view.guide),
        tabs=floor_tabs(state, now, view.focus, book.rules.figure), table=table_pieces(state), floors=floors,
        floor_html=floor, menu=room_menu(state, selected) if selected else None,
        here=folded_here(floors, selected, view.downstairs) if selected else "",
        menu_links=menu_links(state, book, now, access.key), view=view, pieces=room_pieces(state, book, selected),
        danger=danger, coach=coach,
        log_lines=log_lines(last, access.key, game.head), last_log=last, can_export=may_export(access.role, state),
        error=error, notice=notice, animate=animate,
        spotted_card=spotted_card, overrule=overrule)
