"""Napoleon's and Buck euchre's bots: the search bot samples deals consistent with what
the rules made public (the forced opening lead of a Wellington), and plays whole hands
through the sampler; the heuristic bot beats random players (measured in the README)."""

from __future__ import annotations

import random

from euchre_core import new_game, new_hand
from euchre_core.bots.sampling import Sampler
from euchre_core.bots.search import SearchBot
from euchre_core.cards import card
from euchre_core.config import load_variant
from euchre_core.testing import deal_from_text, play

WELLINGTON = "2D 3D 4D 5D 6D | 2S 3S 4S 5S 6S | 7C 8C 9C TC JC | AC KC QC 2H 3H | 9H TH JH QH KH"


def test_a_forced_wellington_lead_tells_the_sampler_what_the_bidder_did_not_hold():
    from euchre_plugins.napoleon_bot import sample_constraints

    options = {"napoleon.wellington_lead_lowest_trump": True}
    s = new_hand("napoleon", deal_from_text(WELLINGTON), dealer=0, options=options)
    play(s, "pass", "pass", "bid nap", "bid wellington", "pass", "play 9H")
    view = s.view(0)
    facts = sample_constraints(view)
    assert facts is not None
    forbidden = set(facts.forbidden[4])
    assert forbidden == {card(c) for c in ("2H", "3H", "4H", "5H", "6H", "7H", "8H")}
    sampler = Sampler(view)
    rng = random.Random(1)
    for _ in range(20):
        deal = sampler.sample(rng).deal
        assert not forbidden & set(deal.hands[4])
        assert card("9H") in deal.hands[4]
    assert sample_constraints(s.view(4)) is None, "the bidder knows his own hand"


def test_without_the_option_the_lead_tells_nothing():
    from euchre_plugins.napoleon_bot import sample_constraints

    s = new_hand("napoleon", deal_from_text(WELLINGTON), dealer=0)
    play(s, "pass", "pass", "bid nap", "bid wellington", "pass", "play 9H")
    assert sample_constraints(s.view(0)) is None


def play_with_search(variant: str, players: int, seed: int, hands: int) -> None:
    g = new_game(load_variant(variant, players=players), seed=seed)
    search = SearchBot(seed=seed, samples=4, rollout="random")
    from euchre_core.bots.heuristic import HeuristicBot

    others = HeuristicBot(seed=seed)
    while not g.is_over and g.hand_number < hands:
        seat = g.to_act
        assert seat is not None
        bot = search if seat == 0 else others
        action = bot.choose(g.view(seat), g.legal_actions())
        assert action in g.legal_actions()
        g.apply(action)


def test_the_search_bot_plays_napoleon_hands_from_sampled_deals():
    play_with_search("napoleon", 3, seed=2, hands=2)


def test_the_search_bot_plays_buck_hands_from_sampled_deals():
    play_with_search("buck", 4, seed=3, hands=2)


def test_a_duel_in_a_game_that_counts_down_credits_the_points_taken_off():
    from helpers import invoke

    result = invoke("duel", "heuristic", "random", "-v", "buck", "--games", "8", "-j", "1")
    assert result.exit_code == 0, result.output
    assert "A's lead per hand: +" in result.output, result.output
