"""The room sheet on a burglar's turn (issue 35 §4): her Move here comes first; the others' moves wait behind one
"Someone else…" step, for a face-up room's buttons and a face-down room's picker alike."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_heist import heist_in_play, tap_room, version_is


def both_next_to_a2(live_server) -> str:
    """Ann and Bob in B2 on Ann's turn, A2 face up (an atrium), C2 face down: either may walk into both."""
    game_id = heist_in_play(live_server)
    store = live_server.store()
    store.act(game_id, {"do": "move", "who": "Bob", "floor": 1, "to": "B2"})
    store.act(game_id, {"do": "reveal", "floor": 1, "at": "A2", "type": "atrium"})
    assert store.load(game_id).state.current() == "Ann"
    return game_id


def test_a_face_up_rooms_sheet_offers_the_current_burglars_move_first_and_the_others_behind_a_step(page: Page,
                                                                                                 live_server):
    page.goto(f"/games/{both_next_to_a2(live_server)}")
    version_is(page, 4)
    tap_room(page, 1, "A2")
    menu = page.locator("#room-menu")
    ann, bob = menu.get_by_role("button", name="Move Ann here"), menu.get_by_role("button", name="Move Bob here")
    expect(ann).to_be_visible()
    expect(bob).to_be_hidden()
    step = menu.get_by_text("Someone else…")
    assert ann.evaluate("(b, s) => !!(b.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING)",
                        step.element_handle())  # hers first
    step.click()
    expect(bob).to_be_visible()
    bob.click()
    version_is(page, 5)
    assert live_server.store().load(page.url.rsplit("/", 1)[1]).state.crew["Bob"].at == "A2"


def test_a_face_down_rooms_picker_has_the_current_burglar_chosen_and_the_others_behind_a_step(page: Page, live_server):
    page.goto(f"/games/{both_next_to_a2(live_server)}")
    version_is(page, 4)
    tap_room(page, 1, "C2")
    who = page.locator("#room-menu fieldset.who")
    expect(who.get_by_role("radio", name="Ann")).to_be_checked()
    expect(who.get_by_role("radio", name="Bob")).to_be_hidden()
    who.get_by_text("Someone else…").click()
    expect(who.get_by_role("radio", name="Bob")).to_be_visible()
