"""Each rule the log names, in our own words, with where it comes from.

Rule ids are those the engine writes in its log entries: the numbers of guard-rules.md (in shared/),
"§2" for the clockwise rule, and "bb2 ..."/"bb3 ..." for the sections of the later rulebooks. The
words are ours (the rulebooks are sources of facts, never of sentences); the reference says where a
player can check them.
"""

from __future__ import annotations

from ..words.i18n import N_, _
from ..words.names import card_title
from .model import RuleText

_RULES: dict[str, tuple[str, str, str]] = {
    "1.1": (
        N_("Which guard moves"),
        N_("After a turn only the guard of the floor where that burglar ended moves. A burglar who got out moves no "
           "guard."),
        N_("BB1 rulebook, Move the Guard · guard-rules 1.1")),
    "1.2": (
        N_("How far he walks"),
        N_("The guard takes as many steps as his die shows, plus one for each alarm token on his floor. The count is "
           "made once, as he sets off."),
        N_("BB1 rulebook, Move the Guard (movement speed) · guard-rules 1.2")),
    "1.3": (
        N_("The shortest way"),
        N_("He walks one room at a time by the shortest way to his die: never diagonally, never through a wall, "
           "never by stairs or secret passages, and no room's own text holds him up."),
        N_("BB1 rulebook, Move the Guard (example p.5) · guard-rules 1.3")),
    "1.5": (
        N_("Arriving with steps to spare"),
        N_("When he reaches his die with steps left, the die moves on at once and he spends the rest walking toward "
           "it."),
        N_("BB1 rulebook, Move the Guard (changing destination) · guard-rules 1.5")),
    "1.6": (
        N_("The next destination"),
        N_("On arrival the die goes to the nearest alarm on his floor, by walking distance; with no alarm, the next "
           "patrol card decides. A card naming his own room is put aside and the next one drawn (our ruling)."),
        N_("BB1 rulebook, Alarms · guard-rules 1.6")),
    "1.6b": (
        N_("Die on his own room"),
        N_("If the die ends up where he already stands, he has arrived, and the next destination is set straight "
           "away."),
        N_("Our ruling · guard-rules 1.6b")),
    "1.7": (
        N_("Rooms he walks into"),
        N_("In every room he enters, not only the last one, each burglar there loses a Stealth token and any alarm "
           "there is switched off."),
        N_("BB1 rulebook, Move the Guard · guard-rules 1.7")),
    "1.8": (
        N_("Out of Stealth"),
        N_("A burglar who has to give up a Stealth token and has none left is caught, and the whole crew loses. In a "
           "Lavatory (or a room with a Smoke Bomb's tokens) they may give one of the room's instead: the app asks "
           "when both are possible (our ruling, §1.22)."),
        N_("BB1 rulebook, Stealth; Lavatory · guard-rules 1.8")),
    "1.9": (
        N_("Alarms"),
        N_("An alarm puts a token in its room and the die goes to whichever alarm is nearest the guard, at once, "
           "even halfway through his walk. Players settle a tie. No alarm can go off in the room he stands in."),
        N_("BB1 rulebook, Alarms · guard-rules 1.9")),
    "1.10": (
        N_("After the last alarm"),
        N_("Once the last alarm on a floor is gone, a fresh patrol card gives the destination: the old patrol "
           "destination is forgotten."),
        N_("BB1 rulebook, Alarms · guard-rules 1.10")),
    "1.11": (
        N_("The patrol deck"),
        N_("Each floor has its own deck, one card per room; with fewer than four burglars some cards are set aside "
           "unseen. An empty deck is reshuffled, cards are set aside again and the die goes up by one, to 6 at most."),
        N_("BB1 rulebook, Setup; Speeding up · guard-rules 1.11")),
    "1.12": (
        N_("A safe cracked"),
        N_("Opening a safe raises the die on that floor and on every floor below it by one (6 at most)."),
        N_("BB1 rulebook, Safes · guard-rules 1.12")),
    "1.13": (
        N_("A guard appears"),
        N_("A floor's guard is put on the board when a burglar first gets to that floor: one patrol card says where "
           "he stands, the next where his die goes."),
        N_("BB1 rulebook, Setup · guard-rules 1.13")),
    "1.14": (
        N_("Cameras"),
        N_("A guard on a camera room, even just passing through, sees every burglar standing on another camera room, "
           "on any floor; each one seen sets off an alarm where they stand. Nobody loses Stealth for it."),
        N_("BB1 rulebook, Camera · guard-rules 1.14")),
    "1.15": (
        N_("Foyer"),
        N_("A burglar in a Foyer loses a Stealth token whenever a guard stands in a room next to it with no wall "
           "between, and one more if he walks in."),
        N_("BB1 rulebook, Foyer · guard-rules 1.15")),
    "1.16": (
        N_("Atrium"),
        N_("A burglar in an Atrium loses a Stealth token when a guard stands in the same spot on the floor just "
           "above or below."),
        N_("BB1 rulebook, Atrium · guard-rules 1.16")),
    "1.17": (
        N_("Tiara"),
        N_("Whoever carries the Tiara loses a Stealth token on moving next to a guard; a wall between blocks the "
           "view (our ruling)."),
        N_("BB1 rulebook, Loot (Tiara) · guard-rules 1.17")),
    "1.18": (
        N_("Donuts"),
        N_("The guard who was given the Donuts skips his next move."),
        N_("BB1 rulebook, Tools (Donuts) · guard-rules 1.18")),
    "1.19": (
        N_("The Raven's crow"),
        N_("The guard walks into the crow's room and then loses one of the steps he had left (with his last step he "
           "still goes in); the advanced crow keeps him where he is if he starts on it with no alarm on the floor."),
        N_("BGA character help (Raven) · guard-rules 1.19")),
    "1.20": (
        N_("Lost Visual"),
        N_("This card takes the guard off the board; the next time he would move, one card puts him back and another "
           "sets his die."),
        N_("BB1 mini expansion · guard-rules 1.20")),
    "1.21": (
        N_("Events and tools"),
        N_("Cards that move the guard or his die do what the card says; where a card leaves a gap, the app's ruling "
           "is marked."),
        N_("BB1 rulebook, Events and Tools · guard-rules 1.21")),
    "§2": (
        N_("Equally short routes: the clockwise rule"),
        N_("When several shortest routes tie, draw two of them: together they close a loop, and the guard goes round "
           "that loop clockwise, as the board is seen. Facing where the routes meet again, that is the route on his "
           "left. Where routes split more than once, each split is settled this way."),
        N_("BB1 rulebook p.6, Move the Guard (two figures) · guard-rules §2")),
    "§2.2": (
        N_("Equally short routes: the BGA-compatible reading"),
        N_("Each split is settled by a fixed table, as on Board Game Arena: it looks at the directions in which the "
           "two branches leave and at the compass bearing to where they meet again, not at the shape of the loop."),
        N_("Board Game Arena adaptation · guard-rules §2.2")),
    "§3": (
        N_("Fort Knox decks"),
        N_("The app's Fort Knox deck has one card per room and none for the empty square; a card naming the empty "
           "square is put aside and another drawn."),
        N_("Our ruling · guard-rules §3")),
    "§4": (
        N_("Wall layouts"),
        N_("Each job has a printed wall layout; other layouts keep every room reachable."),
        N_("BB1 rulebook, Setup; Advanced wall layouts · guard-rules §4")),
    "§6": (
        N_("The bouncer's own room"),
        N_("A patrol card (or a Distracted choice) naming the room the bouncer stands in is put aside and the next "
           "one drawn."),
        N_("Our ruling · guard-rules §6")),
    "§7": (
        N_("The guard's own room"),
        N_("A patrol card naming the room the guard stands in is put aside and the next one drawn."),
        N_("Our ruling · guard-rules §7")),
    "bb2 Bouncer's Turn": (
        N_("The bouncer's turn"),
        N_("After each turn the bouncer on that floor takes exactly three steps toward his marker; every player in a "
           "room he enters gains 2 heat. On reaching the marker a new card is drawn and he walks on."),
        N_("BB2 rulebook, Bouncer's Turn · guard-rules §6")),
    "bb2 Hunting": (
        N_("Hunting"),
        N_("Once his deck is empty the bouncer hunts: he heads for the nearest player on his floor and stops in the "
           "first room with players. With his marker off the board, a card that changes or swaps his destination "
           "does nothing; one that sets a new destination ends the hunt until he gets there."),
        N_("BB2 rulebook, Hunting · guard-rules §6")),
    "bb2 Commotions": (
        N_("Commotions"),
        N_("A commotion pulls the marker to its room and the bouncer steps toward it at once, outside his usual "
           "three."),
        N_("BB2 rulebook, Commotions · guard-rules §6")),
    "bb2 Distracted": (
        N_("Distracted"),
        N_("The players pick an even-numbered room for the bouncer's marker; with none, draw again."),
        N_("BB2 rulebook, Distracted · guard-rules §6")),
    "bb2 Surveillance": (
        N_("Surveillance"),
        N_("Each bouncer visit adds a cube; the fourth gives everyone on that floor heat."),
        N_("BB2 rulebook, Surveillance · guard-rules §6")),
    "bb2 Crow's Nest": (
        N_("Crow's Nest"),
        N_("When he climbs it, players in the rooms around gain 1 heat, walls or not."),
        N_("BB2 rulebook, Crow's Nest · guard-rules §6")),
    "bb2 Crowd": (
        N_("Crowd"),
        N_("A crowd chip hides the players in its room once, then it is discarded."),
        N_("BB2 rulebook, Crowd · guard-rules §6")),
    "bb2 Losing": (
        N_("Too much heat"),
        N_("A player who reaches 6 heat is caught and the crew loses."),
        N_("BB2 rulebook, Losing · guard-rules §6")),
    "bb2 Exit": (
        N_("Leaving"),
        N_("After a player leaves, the bouncer of their floor skips his next turn."),
        N_("BB2 rulebook, Exit · guard-rules §6")),
    "bb2 Undercover": (
        N_("Undercover"),
        N_("The chip puts the bouncer straight into its room."),
        N_("BB2 rulebook, Undercover · guard-rules §6")),
    "bb2 setup": (
        N_("Setup"),
        N_("Each floor's bouncer is placed by a patrol card at setup."),
        N_("BB2 rulebook, Setup · guard-rules §6")),
    "bb3 Guard Turns": (
        N_("The guard's turn"),
        N_("The guard walks as many steps as his destination die shows, plus one per alarm cube on his floor, by the "
           "shortest way; characters in a room he enters lose Stealth."),
        N_("BB3 rulebook, Turn Order and Guard Turns · guard-rules §7")),
    "bb3 Alarms": (
        N_("Alarm cubes"),
        N_("A new alarm only takes the die when it is strictly nearer than the alarm he is heading for; cubes he "
           "walks onto, or an alarm under him, become suspicion."),
        N_("BB3 rulebook, Alarms and Suspicion · guard-rules §7")),
    "bb3 Suspicion": (
        N_("Suspicion"),
        N_("Every third suspicion cube raises the floor's die by one."),
        N_("BB3 rulebook, Alarms and Suspicion · guard-rules §7")),
    "bb3 Workers": (
        N_("Workers"),
        N_("A worker card adds a worker where the guard stands and the next card is drawn; a worker covers for alarm "
           "cubes in its room."),
        N_("BB3 rulebook, Workers · guard-rules §7")),
    "bb3 Jumping": (
        N_("Jumps"),
        N_("A guard who jumps to a room does not trigger anything there."),
        N_("BB3 rulebook, Guard Turns · guard-rules §7")),
    "bb2 Buffet": (
        N_("The Buffet"),
        N_("Each player walking into the Buffet adds a counting cube; the third sends its cubes back and makes a "
           "commotion there that pulls the bouncer up to three steps."),
        N_("BB2 rulebook, Tile Clarifications: Buffet · guard-rules §6")),
    "bb3 Disguises": (
        N_("Disguises"),
        N_("A disguised character walks into the guard's room at no cost; a geared one loses a Stealth token."),
        N_("BB3 rulebook, Disguises · guard-rules §7")),
    "bb2 Slots": (
        N_("Slots"),
        N_("Walking into the Slots makes a commotion there, unless another player on that floor stands in the same "
           "row or column."),
        N_("BB2 rulebook, Tile Clarifications: Slots")),
    "bb2 Table Games": (
        N_("Table Games"),
        N_("Walking in, the player rolls the two casino dice: a sum of 7 or 11 takes away 1 heat, any other sum "
           "makes a commotion there."),
        N_("BB2 rulebook, Tile Clarifications: Table Games")),
    "bb2 Count Room": (
        N_("Count Room"),
        N_("A player whose turn ends in the Count Room makes a commotion there, before the bouncer moves."),
        N_("BB2 rulebook, Tile Clarifications: Count Room")),
    "bb2 Chips": (
        N_("Chips that move a player"),
        N_("The Prima Donna pulls whoever peeked at her into her room; the Drunk slides a player on one room (floor "
           "1) or drops them to floor 1. Our ruling: landing so is not walking in, so the room's own text stays "
           "quiet, but landing on the bouncer still costs 2 heat."),
        N_("BB2 rulebook, Chips Glossary · our ruling")),
    "bb2 Gear": (
        N_("Gear and event cards"),
        N_("Their texts are not in our sources: the table says what a card does to the bouncer (he jumps, his marker "
           "is set, changed or swapped, he skips a move) and the app follows. A new marker ends hunting until he "
           "reaches it; a changed or swapped one does nothing while he hunts."),
        N_("BB2 rulebook, Gear; Hunting · guard-rules §6")),
    "bb2 Heist Setup": (
        N_("Setting up the bouncers"),
        N_("For each floor, the first patrol card places the bouncer and the 8 face-down chips, the next one his "
           "destination marker. A Distracted card names no square: the table draws the next card."),
        N_("BB2 rulebook, Heist Setup steps 6-8 · our ruling")),
    "bb2 Entering the Casino": (
        N_("Walking into a face-down room"),
        N_("A player who moves into a face-down room turns it up and does what it says on entering. When the room is "
           "said after the move, its text acts then, exactly as if it had been said first."),
        N_("BB2 rulebook, Entering the Casino; Tile Clarifications")),
    "bb2 Revolving Door": (
        N_("Revolving Door"),
        N_("For 2 actions a player on it jumps to a room touching one of its corners, walls or not. As with the "
           "chips, landing is not walking in, but landing on the bouncer costs 2 heat."),
        N_("BB2 rulebook, Tile Clarifications: Revolving Door · our ruling")),
    "bb2 Bodyguard Heist One": (
        N_("Bodyguard Heist One"),
        N_("A player who enters the room of a Prima Donna chip takes it onto their character card. If a player with "
           "one is ever in the same room as a bouncer, the team loses."),
        N_("BB2 rulebook, Bodyguard Heist One (finale)")),
    "bb2 Patrol Decks": (
        N_("The patrol deck's size"),
        N_("The Suspicion Meter and some finales add or take out patrol cards, so the table says how many its deck "
           "holds; the bouncer hunts only when the table's real deck is empty."),
        N_("BB2 rulebook, Heist Setup step 5; Hunting · guard-rules §6")),
    "bb3 Guard Rooms": (
        N_("Guard rooms"),
        N_("A room with a dark grey banner and a guard icon acts when a guard walks in, never when he jumps there. "
           "The table says what its text does to him."),
        N_("BB3 rulebook, Adjacency, Moving, and Jumping; Turn Order and Guard Turns")),
    "bb3 Scans": (
        N_("Scan cards"),
        N_("A Scan drawn while charming gives the guard a suspicion cube; one drawn while making workers flee sets "
           "off an alarm where they fled to."),
        N_("BB3 rulebook, Program Cards: Scans")),
    # the Burgle Bros 1 table around the guard (engine/bb1/table.py, bb1/cards.py)
    "§1.22": (
        N_("Our rulings on the table"),
        N_("Where the books leave the table around the guard open, the app follows the rulings of §1.22: being "
           "placed is not entering, the Lavatory is a choice, the break-in order, and the others in the rulings "
           "table."),
        N_("guard-rules §1.22")),
    "Break in": (
        N_("Breaking in"),
        N_("The guard is placed first, then the crew chooses its entrance, then the next patrol card sets his "
           "destination. Each burglar walks in at the start of their own first turn, with no room effect."),
        N_("BB1 rulebook, Break in · guard-rules §1.22")),
    "Laser": (
        N_("Laser"),
        N_("Walking into a Laser sets off its alarm unless the burglar spends an extra action to cross safely."),
        N_("BB1 rulebook, Room Tiles: Laser")),
    "Thermo": (
        N_("Thermo"),
        N_("A burglar whose actions end in a Thermo sets off its alarm, before any event card and before the "
           "guard moves."),
        N_("BB1 rulebook, Room Tiles: Thermo")),
    "Deadbolt": (
        N_("Deadbolt"),
        N_("Getting into an empty Deadbolt costs 3 actions. A burglar who moves in without having peeked first, or "
           "by a single action such as Go with your Gut, cannot pay them then and stays in her previous room."),
        N_("BB1 rulebook, Room Tiles: Deadbolt · guard-rules §1.22")),
    "Keypad": (
        N_("Keypad"),
        N_("A locked Keypad lets a burglar in only on a 6. Brought in by an effect or by the advanced Acrobat's "
           "climb she rolls one die; on a miss she stays where she was."),
        N_("BB1 rulebook, Room Tiles: Keypad; Card Reference: Rook · guard-rules §1.22")),
    "Detector": (
        N_("Detector"),
        N_("Walking into a Detector while holding a tool or loot sets off its alarm."),
        N_("BB1 rulebook, Room Tiles: Detector")),
    "Walkway": (
        N_("Walkway"),
        N_("Turning a Walkway up by moving into it drops the burglar to the same spot one floor down (a guard on the "
           "Walkway costs 1 Stealth first); landing is not entering, so no room effect and no Stealth for a guard "
           "there, but she is seen as after any move."),
        N_("BB1 rulebook, Room Tiles: Walkway")),
    "Hacker": (
        N_("The Hacker's Jammer"),
        N_("The Hacker, and anyone in her room, sets off no Fingerprint, Laser or Motion alarm."),
        N_("BB1 rulebook, Card Reference: Hacker")),
    "Acrobat": (
        N_("The Acrobat"),
        N_("The Acrobat may walk into a guard's room without losing Stealth, but loses one if she is still there "
           "when he moves."),
        N_("BGA help, Cartes Personnages: Acrobat")),
    "Rook": (
        N_("The Rook"),
        N_("Orders move another burglar one room at no extra cost; the Disguise swaps two pieces, and neither enters "
           "a room."),
        N_("BB1 rulebook, Card Reference: Rook")),
    "Peterman": (
        N_("The Peterman"),
        N_("The advanced Peterman may crack the Safe straight above or below her room; then her own floor and every "
           "floor below speed up."),
        N_("BGA help, Cartes Personnages: Peterman · guard-rules §1.22")),
    "Spotter": (
        N_("The Spotter"),
        N_("Once per turn, for an action, she looks at her floor's top patrol card and leaves it on top or puts it "
           "at the bottom; only her device is shown the card."),
        N_("BGA help, Cartes Personnages: Spotter · guard-rules §1.22")),
}
# cards and abilities: the title is the name as printed in the reader's edition (words/names.py)
_CARDS: dict[str, str] = {
    "Mirror": N_("Its holder sets off no Laser alarm."),
    "Isotope": N_("A Thermo sets off its alarm as soon as its holder walks in."),
    "Chihuahua": N_("At the start of its holder's turn a die is rolled: on a 6 it barks, and an alarm goes off "
                    "there."),
    "Cursed Goblet": N_("Taking it costs a Stealth token at once, though never below zero."),
    "Crowbar": N_("A room next to the user no longer blocks anyone or sets off an alarm, for good."),
    "Invisible Suit": N_("No guard or camera sees the user's moves this turn."),
    "Smoke Bomb": N_("Three Stealth tokens lie in the user's room, used like a Lavatory's."),
    "Makeup Kit": N_("Everyone in the user's room gains a Stealth token."),
    "Lampshade": N_("The player gains a Stealth token."),
    "Thermal Bomb": N_("A hole up or down that is Stairs for the whole crew for the rest of the heist, and an alarm "
                       "in the user's room."),
    "Virus": N_("Three hack tokens shared among the computers, six at most on each."),
    "Reboot": N_("Every revealed computer is left with exactly one hack token."),
    "Video Loop": N_("Every camera is off until the player's next turn."),
    "Freight Elevator": N_("The player goes up one floor to the same spot, without entering the room; from the top "
                           "floor, with all the loot, she escapes."),
    "Persian Kitty": N_("Its token runs to a room next door on a 1 or 2; until someone picks it up there, nobody "
                        "holds it."),
    "Lost Grip": N_("The player falls one floor, without entering the room."),
    "Buddy System": N_("Another burglar is put in the player's room, without entering it."),
    "Dead Drop": N_("The player's tools and loot pass to the next player on their right still in the building."),
    "Go with your Gut": N_("After her actions the player must move into a face-down room next to hers, as with one "
                           "action spent: a Laser goes off and a Deadbolt keeps her out. With no such room nothing "
                           "happens."),
    "Rigger": N_("The advanced Rigger gives up a Stealth token to draw a tool."),
    "Time Lock": N_("Nobody goes up or down by the Stairs or a Thermal Bomb hole until the player's next turn; "
                    "peeking is still allowed."),
    "Gymnastics": N_("Anyone may move into a Walkway from the room below it until the player's next turn."),
}


def rule_text(rule: str) -> RuleText:
    """Our words for a rule id in the reader's language; an id we have no words for is still named, so nothing
    is hidden."""
    if rule in _CARDS:
        return RuleText(rule, card_title(rule), _(_CARDS[rule]), _("BB1 rulebook or BGA help, card: %(card)s",
                                                                    card=card_title(rule)))
    if rule not in _RULES:
        return RuleText(rule, _("Rule %(rule)s", rule=rule), "", rule)
    title, words, reference = _RULES[rule]
    return RuleText(rule, _(title), _(words), _(reference))


def known_rules() -> list[str]:
    return [*_RULES, *_CARDS]
