"""Setting up a heist the way a table does, in a real browser: Fort Knox with the empty square chosen
by tapping it, walls drawn by tapping between rooms (a wall that shuts a room off is refused where
the person is looking), a random layout re-rolled, then the guide says where floor 1's guard and his
die go, and the crew enters."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.test_heist import game_id_of, room, state_of, tap_room, version_is


def slot(page: Page, floor: int, first: str, second: str):
    return page.get_by_role("button", name=re.compile(rf"^Floor {floor}: Wall between {first} and {second}:"))


def test_fort_knox_with_walls_drawn_by_tapping_then_re_rolled(page: Page, live_server):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/new")
    page.get_by_role("radio", name=re.compile("^Fort Knox")).check()
    expect(page.get_by_text("Fort Knox: tap the square left empty")).to_be_visible()
    page.locator(".void-cell", has_text="C3").click()  # the square is a big tile, tapped as a whole
    page.get_by_role("textbox", name="Name of burglar 1").fill("Ann")
    page.get_by_label("Character of burglar 1").select_option("raven")
    page.get_by_role("textbox", name="Name of burglar 2").fill("Bob")  # Bob's character left empty
    page.get_by_role("radio", name=re.compile("We draw them")).check()
    page.get_by_role("button", name="Set up the board").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f]+$"))
    game_id = game_id_of(page)
    s = state_of(live_server, game_id)
    assert s.void == ("C3",) and all(fl.walls == () for fl in s.floors.values())
    assert (s.crew["Ann"].character, s.crew["Bob"].character) == ("raven", "")
    guide = page.get_by_role("region", name="Setup guide")
    expect(guide).to_contain_text("leaving C3 empty")
    expect(guide.get_by_text("none yet")).to_have_count(2)

    slot(page, 1, "A1", "B1").click()
    version_is(page, 1)
    expect(room(page, 1, "A1")).to_have_class(re.compile(r"\bwall-e\b"))
    expect(slot(page, 1, "A1", "B1")).to_have_attribute("aria-pressed", "true")
    assert state_of(live_server, game_id).floors[1].walls == ("A1-B1",)

    slot(page, 1, "A1", "A2").click()  # with A1-B1 up, this would shut A1 off: refused, in view
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("shut A1 off")
    box = alert.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800
    assert state_of(live_server, game_id).floors[1].walls == ("A1-B1",)

    slot(page, 1, "A1", "B1").click()  # a second tap takes the wall down again
    version_is(page, 2)
    expect(room(page, 1, "A1")).not_to_have_class(re.compile(r"\bwall-e\b"))

    page.get_by_role("button", name="Re-roll random walls").click()
    version_is(page, 3)
    first = [fl.walls for fl in state_of(live_server, game_id).floors.values()]
    assert [len(w) for w in first] == [12, 12]
    expect(guide.get_by_text(re.compile(r"^12 walls$"))).to_have_count(2)
    for wall in first[0]:
        expect(slot(page, 1, *wall.split("-"))).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Re-roll random walls").click()
    version_is(page, 4)
    assert [fl.walls for fl in state_of(live_server, game_id).floors.values()] != first

    page.get_by_role("button", name="Break in — place the floor-1 guard").click()
    version_is(page, 5)
    fl = state_of(live_server, game_id).floors[1]
    expect(page.get_by_text(f"Put floor 1's guard on {fl.guard}, his die beside the board showing {fl.die}; the "
                            "entrance comes next, then his destination.")).to_be_visible()
    expect(page.locator(".slot")).to_have_count(0)
    entrance = next(r for r in state_of(live_server, game_id).plan(1).rooms if r not in (fl.guard, fl.destination))
    tap_room(page, 1, entrance)
    page.get_by_role("button", name="The crew breaks in here").click()
    version_is(page, 6)
    expect(page.get_by_role("button", name="End turn — the floor-1 guard moves")).to_be_visible()
    expect(page.get_by_role("region", name="Setup guide")).to_have_count(0)
