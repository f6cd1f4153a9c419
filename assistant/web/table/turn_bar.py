"""The bar at the top of the board: what the table does next (whose turn, the End turn button and what it
moves, the question the rules ask, setting up) and Undo / Redo. Worked out here from the state and the
device's role, so templates/partials/_turnbar.html only lays it out. Presentation only: every button is an
action the engine checks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...engine.offers import Offer
from ...engine.questions import question_highlights_rooms
from ...engine.state import GameState
from ...tiles import BB2_TILE_TYPES, TileType
from ...words.i18n import _
from ...words.questions import option_text, prompt
from ..access import Access
from .guide import SetupGuide
from .pieces import CARD_NAMES


@dataclass(frozen=True)
class Answer:
    """One button answering the question: what it sends, what it says (and explains, for a special card)."""

    choice: str
    label: str
    what: str = ""


@dataclass(frozen=True)
class Question:
    text: str
    cards: bool  # a patrol card to read: the squares in a grid, the cards that name none as explained buttons
    answers: tuple[Answer, ...]
    specials: tuple[Answer, ...] = ()  # the cards that name no square (Distracted, worker cards, Lost Visual)
    highlights: bool = False  # its options are also highlighted rooms on the board
    size: int = 4  # the card grid's width


@dataclass(frozen=True)
class TurnBar:
    """What the bar shows, by ``moment``: "over", "watching", "setup" (Burgle Bros 2 and 3 before play),
    "break_in", "entrance", "guards_only", "question" or "turn"."""

    moment: str
    outcome: str = ""  # "caught" or "escaped", when the heist is over
    whose: str = ""  # whose turn it is
    colour: str = "#888"
    whose_floor: int | None = None  # her floor, when she is in the building
    end_turn: str = ""  # the End turn button's words (what moves)
    question: Question | None = None
    watching: str = ""  # what a watch link sees the table doing
    guards: tuple[tuple[int, str], ...] = ()  # guards_only: each floor's Move button
    guide_guard: str | None = None  # entrance: where floor 1's guard stands, and his die
    guide_die: int | None = None
    guide_destination: str | None = None  # his die's square, when the setup placed it before the entrance (bb3)
    say: Offer | None = None  # turn: she walked into a face-down room; the table says what it is (bb2)
    tiles: tuple[TileType, ...] = ()  # … and what it can be
    can_act: bool = False
    can_undo: bool = False
    can_redo: bool = False


def turn_bar(access: Access, phase: str, figure: str, guards_at_setup: bool, guide: SetupGuide | None) -> TurnBar:
    game, state = access.game, access.game.state
    bar = TurnBar("", can_act=access.can_act, can_undo=bool(game.head), can_redo=game.can_redo)
    current = state.current()
    who = state.crew[current] if current else None
    colour = (who.colour or "#888") if who else "#888"
    if phase == "over":
        return replace(bar, moment="over", outcome=state.outcome or "")
    if not access.can_act:
        if phase == "question" and state.pending:
            watching = _("The table is answering: %(question)s", question=prompt(state.pending["question"]))
        elif phase == "play" and current:
            watching = ""
        else:
            watching = _("The heist is being set up.")
        return replace(bar, moment="watching", whose=current or "", colour=colour, watching=watching)
    if guards_at_setup and phase in ("break_in", "enter"):
        return replace(bar, moment="setup", whose=current or "", colour=colour)
    if phase in ("break_in", "entrance"):
        return replace(bar, moment=phase, guide_guard=guide.guard if guide else None,
                       guide_die=guide.die if guide else None, guide_destination=guide.destination if guide else None)
    if phase == "guards_only":
        guards = tuple((n, _("Move the floor-%(floor)s %(figure)s", floor=n, figure=_(figure)))
                       for n, fl in sorted(state.floors.items()) if fl.guard)
        return replace(bar, moment="guards_only", guards=guards)
    if phase == "question" and state.pending:
        return replace(bar, moment="question", question=question_of(state, state.pending["question"]))
    assert who is not None and current is not None  # play: someone's turn
    inside = who.at is not None and not who.escaped
    if state.no_move:
        end_turn = _("End turn — no %(figure)s moves (Shift Change)", figure=_(figure))
    elif not inside:
        end_turn = _("End turn — no %(figure)s moves", figure=_(figure))
    else:
        end_turn = _("End turn — the floor-%(floor)s %(figure)s moves", floor=who.floor, figure=_(figure))
    say = next((o for o in game.rulebook.rules.legal.player(state, current) if o.code == "say_room"), None)
    return replace(bar, moment="turn", whose=current, colour=colour, whose_floor=who.floor if inside else None,
                   end_turn=end_turn, say=say, tiles=BB2_TILE_TYPES if say else ())


def question_of(state: GameState, q: dict[str, Any]) -> Question:
    if q.get("kind") == "card":
        squares = tuple(Answer(o, o) for o in q["options"] if o not in CARD_NAMES)
        specials = tuple(Answer(o, _(CARD_NAMES[o][0]), _(CARD_NAMES[o][1])) for o in q["options"] if o in CARD_NAMES)
        return Question(prompt(q), True, squares, specials, size=state.size)
    return Question(prompt(q), False, tuple(Answer(o, option_text(q, o)) for o in q["options"]),
                    highlights=question_highlights_rooms(q))

