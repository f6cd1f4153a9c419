"""Issue 22 §1: every room, character, tool, loot, event and special card the coverage documents list links to
its page of the rules reference, the page speaks of it, and search finds the page by its name in each language.
A row added to either document without a link to a page fails at once."""

from __future__ import annotations

import re

import pytest

from assistant import reference
from assistant.files import ROOT
from assistant.reference.folding import normalise

DOCS = ("coverage.md", "coverage-bb2-bb3.md")
LINK = re.compile(r"^\[([^\]]+)\]\(/rules/([a-z0-9-]+)\)$")


def rows() -> list[tuple[str, str]]:
    """(document, first cell) of every table row naming a card, room or character."""
    out = []
    for doc in DOCS:
        for line in (ROOT / "docs" / doc).read_text(encoding="utf-8").splitlines():
            if line.startswith("| ") and not set(line) <= set("|-: "):
                first = line.split("|")[1].strip()
                if first not in ("Room", "Character", "Tool", "Loot", "Event", "Card", "Chip", "What"):
                    out.append((doc, first))
    return out


ROWS = rows()
LINKED = [(doc, m.group(1), m.group(2)) for doc, cell in ROWS if (m := LINK.match(cell))]


def test_the_documents_list_the_three_games():
    assert len(ROWS) >= 110
    assert {"Acrobat", "Stamp", "Gymnastics", "Motion", "Slots", "Flee"} <= {name for _, name, _ in LINKED}


@pytest.mark.parametrize(("doc", "cell"), ROWS, ids=[cell for _, cell in ROWS])
def test_every_card_links_to_its_page(doc, cell):
    match = LINK.match(cell)
    assert match, f"{doc}: {cell} links to no page of the rules reference"
    assert reference.get(match.group(2)) is not None, f"{doc}: {cell} links to /rules/{match.group(2)}, no page"


@pytest.mark.parametrize(("doc", "name", "slug"), LINKED, ids=[name for _, name, _ in LINKED])
def test_the_page_speaks_of_the_card_it_is_linked_from(doc, name, slug):
    library = reference.library("en")
    entry = library.by_slug[slug]
    said = normalise(" ".join([entry.title, library.texts[slug], *entry.aliases]))
    # the whole name or one of the names a row gives ("Lounge, Pool"), without a plural or "cards" ending;
    # for a row that describes ("Our deck is empty"), one of its longer words
    names = [normalise(n).removesuffix(" cards ").removesuffix(" card ").rstrip().removesuffix("s")
             for n in re.split(r"[,()]| and ", name) if n.strip()]
    longer = [f" {w} " for w in normalise(name).split() if len(w) >= 4 and w not in ("cards", "room", "rooms")]
    assert any(n in said for n in names + longer), f"/rules/{slug} never names {name}"


PAGES = sorted({slug for _, _, slug in LINKED})


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("slug", PAGES)
def test_search_finds_each_page_by_its_name_in_each_language(slug, lang):
    title = reference.get(slug, lang).title
    hits = [hit.entry.slug for hit in reference.search(title, lang)]
    assert slug in hits[:3], f"{title!r} ({lang}) gives {hits[:5]}"


@pytest.mark.parametrize(("rule", "slug"), [
    ("Acrobat", "acrobat"), ("Hacker", "hacker"), ("Rook", "rook"), ("Rigger", "rigger"), ("Mirror", "mirror"),
    ("Invisible Suit", "invisible-suit"), ("Makeup Kit", "makeup-kit"), ("Smoke Bomb", "smoke-bomb"),
    ("Virus", "virus"), ("Buddy System", "buddy-system"), ("Dead Drop", "dead-drop"),
    ("Freight Elevator", "freight-elevator"), ("Lost Grip", "lost-grip"), ("Reboot", "reboot"),
    ("Lampshade", "lampshade"),
])
def test_a_log_line_named_for_its_card_links_to_the_cards_page(rule, slug):
    """The engine names these cards as the rule of their log lines (bb1/cards.py, bb1/table.py)."""
    assert reference.reference_slug_for_rule(rule) == slug


def _known_to_the_engine() -> list[str]:
    """Every bb1 character, tool, loot and event card and every room type of bb1 and bb2 the app can record
    (bb3's rooms are one kind for the app: the guard room; its page is bb3's)."""
    from assistant.engine.bb1.table import CHARACTERS, EVENT_CARDS, LOOT, TOOLS
    from assistant.tiles import BB2_TILE_TYPES, TILE_TYPES
    computers = {"computer-fingerprint", "computer-laser", "computer-motion"}  # one Computer row and page
    rooms = [t.key for t in (*TILE_TYPES, *BB2_TILE_TYPES) if t.key not in computers]
    return sorted({*CHARACTERS, *TOOLS, *LOOT, *(e.replace("_", "-") for e in EVENT_CARDS), *rooms, "computer"})


@pytest.mark.parametrize("key", _known_to_the_engine())
def test_every_card_and_room_the_app_records_is_a_linked_row_of_the_coverage_documents(key):
    """Issue 22 §1 done-when: a card of the three games with no page fails, even one a coverage row forgot."""
    said = [normalise(name) for _, name, _ in LINKED]
    name = normalise(key.replace("-", " "))
    assert key in PAGES or any(name in row for row in said), f"{key}: no row of docs/coverage*.md links it to a page"


def test_no_card_the_app_plays_is_listed_as_nothing_to_track():
    """Issue 38: an event card the engine knows (bb1/table.EVENT_CARDS: Time Lock and Gymnastics since §1.22 turn 4)
    is a button of the app, so its coverage row cannot say there is nothing to track."""
    from assistant.engine.bb1.table import EVENT_CARDS
    kinds = {}
    for line in (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if (m := LINK.match(cells[0])) and len(cells) == 3:
            kinds[m.group(2).replace("-", "_")] = cells[-1]
    played = [e for e in EVENT_CARDS if e in kinds]
    assert len(played) >= 20
    assert [e for e in played if kinds[e] == "nothing to track"] == []
