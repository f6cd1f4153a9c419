"""Burgle Bros 3's numbers and names that its rules, its actions and its legal actions share (bb3 rulebook "Alarms and
Suspicion", "Workers")."""

SUSPICION_LIMIT = 3  # the third suspicion cube turns the die up
MOST_WORKERS = 9  # the supply is not limited; no room ever holds more
MOST_SCANS = 3  # Flee: the Scan cards drawn
GUARD_ROOM = "guard-room"  # a room with a dark grey banner and a guard icon (bb3 Adjacency, Moving, and Jumping)
