"""Burgle Bros 1's numbers that its rules, its actions, its vocabulary and its legal actions share (§1.22 hack
capacity; bb1 "Lavatory", "Smoke Bomb")."""

MOST_HACK = 6  # §1.22 hack capacity: the tokens a computer holds
MOST_HACKER = 1  # the advanced Hacker keeps one hack token on her character card
MOST_ROOM_TOKENS = 6  # Stealth tokens lying in a room: a Lavatory's 3 and a Smoke Bomb's 3
