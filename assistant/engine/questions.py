"""Every kind of question the rules ask the table (``Ruleset.ask``), declared once with what the rest of the
app needs to know about it: whether its options are rooms of its floor (highlighted on the board, a tap
answers), how its answer buttons are labelled, and the everyday words a case or a player may answer with.

>>> QUESTIONS["alarm_put"].rooms, QUESTIONS["lavatory"].rooms
(True, False)
>>> question_highlights_rooms({"kind": "tie", "options": ["B2", "C1"], "floor": 1})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class QuestionKind:
    kind: str
    rooms: bool = False  # the options are rooms of the question's floor: the board highlights them to tap
    labels: str = "as_is"  # the answer buttons: "as_is" (a room, a sum), "floor" ("Floor 2"), "word" (explained)
    words: Mapping[str, str] = field(default_factory=dict)  # an everyday word -> the option (or its start)


QUESTIONS: dict[str, QuestionKind] = {q.kind: q for q in (
    QuestionKind("tie", rooms=True),  # §2: the tie-break cannot decide between next rooms
    QuestionKind("alarm", rooms=True),  # 1.6: alarms equally near
    QuestionKind("alarm_put", rooms=True),  # 1.21 Switch Signs / Where Is He?: tied alarms to be put on
    QuestionKind("squeak", rooms=True),  # 1.21 Squeak!: burglars equally near
    QuestionKind("hunt", rooms=True),  # bb2 Hunting: players equally near
    QuestionKind("distracted", rooms=True),  # bb2 Distracted: an even-numbered room
    QuestionKind("card"),  # 1.11: the table's own deck; a card picker, not the board
    QuestionKind("order", labels="floor"),  # 1.21 Shift Change: which floor's guard moves next
    QuestionKind("hole", labels="floor"),  # Thermal Bomb: the floor its hole leads to
    QuestionKind("lavatory", labels="word", words={"yes": "room", "lavatory": "room", "token": "room", "no": "own",
                                                   "stealth": "own"}),
    QuestionKind("laser", labels="word", words={"actions": "action", "extra": "action", "safe": "action"}),
    QuestionKind("hack", labels="word", words={"hack": "hack-", "yes": "hack-", "no": "alarm"}),
    QuestionKind("detector", labels="word", words={"yes": "alarm", "no": "nothing"}),
    QuestionKind("chihuahua", labels="word", words={"yes": "6", "no": "1-5"}),
    # bb1 Keypad reached by an effect or the advanced Acrobat's climb: one die (a 6), or it is open already
    QuestionKind("keypad", labels="word", words={"6": "opens", "yes": "opens", "open": "opens", "1-5": "missed",
                                                 "no": "missed"}),
    QuestionKind("table_games"),  # bb2 Table Games: the dice's sum
    QuestionKind("guard_room", labels="word"),  # bb3 Guard Rooms: what its text does to him
)}


def question_highlights_rooms(question: Mapping[str, Any] | None) -> bool:
    """Whether the board shows this question's options as highlighted rooms, a tap on one answering it."""
    kind = QUESTIONS.get(str(question.get("kind"))) if question else None
    return kind is not None and kind.rooms
