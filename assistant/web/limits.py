"""What a request may send: numbers written with the digits 0-9 only, and text no longer than any
field needs. Every view reads numbers and text through these, so a garbled or oversized value
becomes a plain message (or is ignored where the value is only a hint), never a 500 or a megabyte
stored in a heist. (The readers of numbers and names are the engine's: the new-heist form is read
by each game's setup.)
"""

from __future__ import annotations

from ..engine.setup import MAX_NAME, shorten, whole_number

__all__ = ["MAX_LIST", "MAX_NAME", "MAX_SEARCH", "MAX_TEXT", "shorten", "whole_number"]

# the longest value a button or form of ours sends is a name (20 letters) or a key like
# "change_of_plans": 60 characters leave room, and nothing longer is ever stored
MAX_TEXT = 60
MAX_LIST = 25  # the most items a form sends under one name (rooms ticked for Shoplifting)
MAX_SEARCH = 200  # a search of the rules reference (not stored, but searched on every keystroke)
