"""The numbers every game shares: a burglar's Stealth, a guard's die, a room's combination number. Each game's own
are in its package (``bbN/limits.py``)."""

MOST_STEALTH = 6  # Stealth tokens a burglar holds at most (the easy difficulty's)
DIE_FACES = 6  # a guard's die shows 1 to 6
MOST_NUMBER = 6  # a room's combination number, 1 to 6 (Safe cracking; bb2's Distracted rooms)
MOST_BONUS = 3  # what Espresso and Daydreaming add to a guard's speed, either way
