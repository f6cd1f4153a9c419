"""Words for people: log entries and questions to the table, put into sentences at display time.

The engine records what happened as data (``engine/log.py``); this package is the only place that
turns it into language, so a device can read the same heist in its own language.
"""

from .log import sentence
from .questions import option_text, prompt

__all__ = ["option_text", "prompt", "sentence"]
