"""Why the guard did that: a log line turned into plain words, the rule behind it in our words with
its rulebook reference, whether it is one of our rulings (and which setting switches it), and what
to draw on the floor (tied routes, fork and rejoin, distances). No Flask here: the web layer draws it.

>>> from assistant.engine.actions import apply
>>> from assistant.engine.cases import state_from_case
>>> from assistant.engine.rulesets import RULEBOOKS
>>> before = state_from_case({"floors": {"1": {"walls": ["B1-B2", "D1-D2", "A2-B2", "B2-B3", "C2-C3",
...     "C3-C4", "A4-B4", "C4-D4"], "guard": "D3", "destination": "A1", "die": 5, "patrol": ["C4"]}}})
>>> log = apply(before, {"do": "guard_turn", "floor": 1}).log
>>> print(explain_entry(log, 1, before, RULEBOOKS["bb1"]).sentence)  # doctest: +NORMALIZE_WHITESPACE
Two routes of 5 steps: via C3 and via D2. Drawn together they make a loop; going out through C3 runs it
clockwise, so he goes through C3.
"""

from .explain import explain_entry, has_why
from .model import Picture, RouteChoice, RuleText, SandboxSpot, Why
from .routes import fork_sentence
from .rules import rule_text

__all__ = ["Picture", "RouteChoice", "RuleText", "SandboxSpot", "Why", "explain_entry", "fork_sentence", "has_why",
           "rule_text"]
