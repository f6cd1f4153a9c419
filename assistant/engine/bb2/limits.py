"""Burgle Bros 2's numbers that its rules, its actions and its legal actions share (bb2 rulebook "Heat",
"Surveillance", "Buffet", "Cashier Cages", "Suspicion Meter")."""

HEAT_LIMIT = 6  # six heat and the heist is lost
SURVEILLANCE_LIMIT = 4  # the fourth counting cube heats the floor
BUFFET_LIMIT = 3  # the third makes a commotion
BUFFET_STEPS = 3  # … which pulls the bouncer 3 steps (any other commotion 1)
MOST_CUBES = 5  # Cashier Cages hold at most 5
MOST_DECK = 32  # every patrol card of the box in one deck: more than any Suspicion Meter setting gives
PRIMA_DONNAS = 2  # Bodyguard Heist One: the two Prima Donna chips the crew walks out with
