"""The Burgle Bros 2 campaign's arithmetic (engine/bb2/campaign.py), each rule against the part of the bb2 rulebook
(shared/seeds/bb2-casino-capers-en.md) that says it."""

from __future__ import annotations

import pytest

from assistant.engine.bb2.campaign import (
    FINALES,
    Campaign,
    CampaignError,
    FloorChange,
    Meter,
    checked_suspicion,
    random_finales,
    suspicion_after,
)

CREW = ("Ann", "Bob")


def test_the_first_heist_starts_at_six_suspicion_and_plays_finale_one():
    """"Before Your Heist (Campaign Mode)": for the first heist, 6 Suspicion; the finales go from 1 to 9."""
    log = Campaign()
    assert (log.suspicion, log.next_finale, log.playing) == (6, 1, None)
    log = log.begin(CREW)
    assert (log.heists[0].finale, log.heists[0].suspicion, log.heists[0].players) == (1, 6, CREW)
    assert log.playing == log.heists[0] and log.next_finale is None


@pytest.mark.parametrize(("before", "won", "after"), [(6, True, 7), (6, False, 5), (10, True, 10), (1, False, 1),
                                                      (9, True, 10), (2, False, 1)])
def test_a_win_adds_one_suspicion_a_loss_takes_one_within_one_and_ten(before, won, after):
    """"After Your Heist (Campaign Mode)": +1 on a success, -1 on a failure, never below 1 nor above 10."""
    assert suspicion_after(before, won) == after


@pytest.mark.parametrize("level", [0, 11, -1, True, "6"])
def test_a_suspicion_off_the_meter_is_refused(level):
    with pytest.raises(CampaignError, match="Suspicion is 1 to 10"):
        checked_suspicion(level)


def test_win_loss_win_gives_seven_six_seven_and_the_fourth_heist_plays_finale_four_at_seven():
    """"After Your Heist": the log's new Suspicion after each heist; "Whether you won or lost, play the next heist"."""
    log = Campaign.of([(CREW, True, "Crybaby", None), (("Ann", "Cy"), False, "", None), (CREW, True, "", None)])
    assert [h.suspicion for h in log.heists] == [6, 7, 6]
    assert [h.suspicion_after for h in log.heists] == [7, 6, 7]
    assert [h.finale for h in log.heists] == [1, 2, 3]
    assert (log.suspicion, log.next_finale) == (7, 4)


def test_rewards_are_a_gear_card_every_heist_and_the_loot_sticker_on_a_win():
    """"After Your Heist": Finale Loot on a success; win or lose, the top card of the small envelope (alternate
    gear, "Alternate Gear")."""
    log = Campaign.of([(CREW, True, "Crybaby", None), (CREW, False, "", None), (CREW, True, "", None)])
    assert [h.rewards for h in log.heists] == [("gear", "loot"), ("gear",), ("gear", "loot")]
    assert (log.finales_won, log.gear_cards, log.heists[0].gear) == ((1, 3), 3, "Crybaby")
    assert log.begin(CREW).heists[-1].rewards == ()  # none before its result


def test_the_next_heist_waits_for_the_result_of_the_one_played():
    log = Campaign().begin(CREW)
    with pytest.raises(CampaignError, match="write the result of heist 1"):
        log.begin(CREW)
    with pytest.raises(CampaignError, match="no heist of the campaign is waiting"):
        log.record(True).record(False)


def test_the_campaign_ends_after_the_ninth_heist():
    """"Before Your Heist": a series of nine heists; then Random Finale Mode ("Playing with a Random Finale")."""
    log = Campaign.of([(CREW, n % 2 == 0, "", None) for n in range(FINALES)])
    assert log.finished and log.next_finale is None
    with pytest.raises(CampaignError, match="all 9 finales are played"):
        log.begin(CREW)


def test_random_finale_mode_uses_all_nine_or_those_not_won_yet():
    """"Playing with a Random Finale": all 9 finale cards, less any already won if the table likes."""
    assert random_finales() == tuple(range(1, 10))
    assert random_finales([2, 9]) == (1, 3, 4, 5, 6, 7, 8)
    assert random_finales(range(1, 10)) == tuple(range(1, 10))


def test_the_meter_adds_distracted_cards_or_takes_patrol_cards_out_of_each_floor():
    """"Heist Setup" 5: distracted cards added or patrol cards removed as the Suspicion Meter prompts, from the 16
    patrol cards of each floor ("Components")."""
    meter = Meter((FloorChange(distracted=2), FloorChange(removed=3)))
    assert meter.decks == (18, 13)
    assert Meter.from_json(meter.to_json()) == meter
    assert Meter().decks == (16, 16)


@pytest.mark.parametrize(("floors", "words"), [
    ((FloorChange(distracted=4), FloorChange(distracted=3)), "the box has 6 Distracted cards, not 7"),
    ((FloorChange(removed=15), FloorChange()), "floor 1: 15 patrol cards taken out of 16 leave fewer than the 2"),
    ((FloorChange(distracted=-1), FloorChange()), "whole number"),
    ((FloorChange(),), "both floors"),
])
def test_a_meter_the_box_cannot_make_is_refused(floors, words):
    """"Components": 6 Distracted cards; "Heist Setup" 6-8 draw two cards from each deck before the first turn."""
    with pytest.raises(CampaignError, match=words):
        Meter(floors)


def test_a_meter_read_back_from_anything_else_is_refused():
    for data in ({"1": 2}, [[1, 2]], [[1], [2]], [["a", 0], [0, 0]]):
        with pytest.raises(CampaignError):
            Meter.from_json(data)


def test_a_heist_whose_board_says_caught_is_written_as_lost():
    """bb2 "How to Play, Win...and Lose": 6 heat loses the heist; "Completing the Finale": a finale's losses too."""
    log = Campaign().begin(CREW)
    with pytest.raises(CampaignError, match="says the crew was caught: it goes in the Heist Log as lost"):
        log.record(True, caught=True)
    assert log.record(False, caught=True).heists[0].suspicion_after == 5


def test_the_last_result_can_be_written_again_until_the_next_heist_begins():
    """A result tapped wrongly: the log's Suspicion follows the result written last."""
    log = Campaign().begin(CREW).record(True, gear="Crybaby").reopen()
    assert (log.playing.finale, log.playing.gear, log.suspicion) == (1, "Crybaby", 6)
    assert log.record(False).suspicion == 5
    with pytest.raises(CampaignError, match="no heist of the campaign has a result to write again"):
        log.reopen()
    with pytest.raises(CampaignError, match="no heist of the campaign has a result to write again"):
        Campaign().reopen()
