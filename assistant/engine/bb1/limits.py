"""Burgle Bros 1's numbers that its rules, its actions, its vocabulary and its legal actions share (§1.22 hack
capacity; bb1 "Lavatory", "Smoke Bomb", "Virus")."""

MOST_HACK = 6  # §1.22 hack capacity: the tokens a computer holds
MOST_HACKER = 1  # the advanced Hacker keeps one hack token on her character card
ROOM_TOKENS = 3  # Stealth tokens a Lavatory's stalls hold; a Smoke Bomb leaves as many
MOST_ROOM_TOKENS = 2 * ROOM_TOKENS  # Stealth tokens lying in a room: a Lavatory's and a Smoke Bomb's
CROW_RANGE = 2  # the basic Raven's crow flies at most 2 rooms from her, walls respected
VIRUS_TOKENS = 3  # the hack tokens the Virus shares among the computers
