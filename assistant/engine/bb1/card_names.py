"""The names of Burgle Bros 1's tools, loot and the cards and abilities played from the table, as the engine keys
them: what an action may name (bb1/vocabulary.py) and what the rules look up (bb1/table.py, bb1/cards.py), kept
below both so that reading an action needs no card's rule."""

TOOLS = ("blueprints", "crowbar", "crystal-ball", "donuts", "dynamite", "emp", "invisible-suit", "makeup-kit",
         "rollerskates", "smoke-bomb", "stethoscope", "thermal-bomb", "virus")
LOOT = ("bust", "chihuahua", "cursed-goblet", "gemstone", "gold-bar", "isotope", "keycard", "mirror", "painting",
        "persian-kitty", "stamp", "tiara")
# the tools, events and abilities bb1/cards.py plays (its ``CARDS``), by their ``event`` names
PLAYED = ("thermal_bomb", "invisible_suit", "smoke_bomb", "makeup_kit", "crowbar", "virus", "reboot", "lampshade",
          "video_loop", "freight_elevator", "lost_grip", "buddy_system", "dead_drop", "juicer_alarm", "juicer_drop",
          "rook_swap", "rigger_tool", "time_lock", "gymnastics")
