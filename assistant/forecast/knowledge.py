"""What the players know about a floor's patrol deck, and a copy of the state that knows nothing more.

The danger forecast must never depend on the app's shuffled order (design.md, "Hidden information stays
hidden"; guard-rules.md §1.22 "Information"). So it never reads the names in a deck or among the cards set
aside: it rebuilds what the table can see, which is

* the floor's full patrol deck, a public fact of the box (one card per room, plus the game's special
  cards: Lost Visual in bb1 when it is in play, Distracted in bb2, worker cards in bb3);
* the face-up discard pile (rule 1.11: "players may look through the face-up discard pile at any time");
* how many cards are left in the deck.

The cards not seen face up are ``full deck - discard``, as a multiset. In app-deck mode that is exactly the
deck plus the set-aside cards; in table-deck mode the deck holds only "?" placeholders and this is the
only way to know them; in a conformance case it ignores which cards the ``patrol`` list names, as issue 14
asks (a case lists only what it needs). Each of them is equally likely to be the next card: the deck was
shuffled and the set-aside cards were chosen at random from it, so no unseen card is more likely to be on
top than another (a uniformly random order of the unseen cards, of which the first ``len(deck)`` are the
deck).
"""

from __future__ import annotations

from collections import Counter

from ..engine.rulesets import Rulebook
from ..engine.state import HIDDEN, LOST_VISUAL, GameState


def kind_of(book: Rulebook, card: str) -> str:
    """The card as the forecast counts it in ``book``'s game: cards that do the same within one move are one (bb3:
    both worker cards only make the guard draw again, bb3 Workers)."""
    alike = book.rules.alike_cards
    return alike.get(card, card) if alike else card


def full_deck(state: GameState, floor: int, book: Rulebook) -> Counter[str]:
    """The whole patrol deck of a floor as the box of ``book``'s game makes it: one card per room (the empty square
    of Fort Knox has none, §3) and the game's special cards.

    How many special cards: bb1 has one Lost Visual when the mini expansion is in play (1.20); in bb2 and
    bb3 the table's deck holds more cards than rooms exactly when Distracted (bb2 Heist Setup 5) or worker
    cards (bb3: 21 cards for 16 rooms) are in it, so every card beyond the rooms is a special one. A special
    card seen in the discard or listed in a case's deck counts too (the players know their box)."""
    fl = state.floors[floor]
    rooms = state.plan(floor).rooms
    cards: Counter[str] = Counter(rooms)
    game = book.rules
    special = game.roomless_card
    named = sum(1 for c in (*fl.deck, *fl.unseen, *fl.discard) if kind_of(book, c) == special)
    if game.roomless_card_optional:
        expected = 1 if state.lost_visual else 0
    else:
        expected = len(fl.deck) + len(fl.unseen) + len(fl.discard) - len(rooms)
    count = max(expected, named, 0)
    if count:
        cards[special] = count
    return cards


def unseen_cards(state: GameState, floor: int, book: Rulebook, discard: list[str] | None = None,
                 full: Counter[str] | None = None) -> Counter[str]:
    """The cards the players have not seen face up: the full deck minus the discard pile (``discard`` when
    given: the pile at some moment during a forecast branch; ``full``, the floor's full deck when the caller
    already has it). Never empty while the deck has cards: a case whose discard lists every card gets the
    full deck back (its lists are incomplete, not impossible)."""
    if full is None:
        full = full_deck(state, floor, book)
    pile = state.floors[floor].discard if discard is None else discard
    left = full - Counter(kind_of(book, c) for c in pile)
    return left if left else full


def blind(state: GameState, book: Rulebook) -> GameState:
    """A copy of ``state`` that holds no hidden information: every deck and set-aside pile turned into "?"
    placeholders of the same size, in table-deck mode, so the engine must *ask* for each card it draws
    (the forecast answers with every unseen card in turn). The counts are made whole: the cards neither in
    the deck nor face up are set aside, so that a reshuffle shuffles the full deck back (1.11) even when a
    case listed only part of it. A known next reshuffle order (a case's ``reshuffle``) is dropped: the new
    order is unknown too. The seed goes, so nothing the app shuffled can leak through it. The copy is the
    engine's own (``GameState.copy``): the piles it hides are replaced here, never changed in place."""
    view = state.copy()
    view.deck_mode = "table"
    view.seed = 0
    view.pending = None
    view.version = 0
    view.spotted = False
    optional = book.rules.roomless_card_optional
    for n, fl in view.floors.items():
        full = full_deck(state, n, book)
        if optional and full[LOST_VISUAL]:
            view.lost_visual = True  # so the engine accepts "lost-visual" as a drawn card
        aside = max(0, sum(full.values()) - len(fl.discard) - len(fl.deck))
        fl.deck = [HIDDEN] * len(fl.deck)
        fl.unseen = (HIDDEN,) * aside
        fl.stacked = None
        fl.shuffles = 0
    return view


def reshuffled_first(view: GameState, floor: int, book: Rulebook) -> GameState:
    """The blind ``view`` with floor ``floor``'s empty deck already reshuffled, as his first draw of the move
    would do it (1.11; bb3 alike, bb2 hunts instead): the same move, exactly. The players know the new deck as
    well as the old one (every card unseen again), and the engine reads a deck only to draw from it or to see it
    empty, so nothing before that first draw can differ, and after it the state is the one the reshuffle makes,
    but for the die: his speed was fixed when the move started (1.2), so the die +1 (bb1) is not his this move
    unless the draw is the one that brings him back after Lost Visual (1.20), before his speed is counted.

    Why: the forecast leaves out bb3's worker cards only while the deck cannot run out (tree.explore); with the
    deck empty at the start it always can, and a bb3 floor late in a heist was explored twice, the second time
    with every worker card (0.1-0.5 s). Reshuffled first, its deck is full. A deck that is not empty is returned
    as it is."""
    fl = view.floors[floor]
    if fl.deck or book.rules.hunts or (fl.guard is None and not fl.lost):
        return view
    shuffled = view.copy()
    die = shuffled.floors[floor].die
    book.ruleset(shuffled, []).reshuffle(floor)
    if not fl.lost:
        shuffled.floors[floor].die = die
    return shuffled
