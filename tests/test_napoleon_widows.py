"""Napoleon's widows (``napoleon.md`` section 7): Peep Nap (one card a player may pay to see
before bidding, which the high bidder may exchange with) and Purchase Nap / Sir Garnet (a
five-card hand a player may take instead of bidding, to play a Nap that costs double if
it fails). Off by default.

Seats are numbered from the dealer: 0 deals, 1 bids first. Five players unless stated.
"""

from __future__ import annotations

import pytest
from euchre_cli.main import app
from typer.testing import CliRunner

from euchre_core import IllegalActionError, new_game, new_hand
from euchre_core.actions import Bid, Discard, Play
from euchre_core.bots import make_bot
from euchre_core.bots.sampling import KITTY
from euchre_core.cards import card
from euchre_core.events import BidMade, CardsTaken, Discarded
from euchre_core.model import Phase
from euchre_core.state import State
from euchre_core.testing import deal_from_text, play

#: Seat 1 holds the five top spades apart from the ace, seat 3 the ace; the widow first.
HANDS = "2C 3C 4C 5C 6C | KS QS JS TS 2D | 7C 8C 9C TC JC | QC KC AC AS 3S | 4S 5S 6S 7S 8S"
WIDOW = "9S 3D 4D 5D 6D"


def hand(widow: str = "peep", hands: str = HANDS, kitty: str = WIDOW, **options: object) -> State:
    opts = {f"napoleon.{k}": v for k, v in {"widow": widow, **options}.items()}
    return new_hand("napoleon", deal_from_text(hands, kitty), dealer=0, options=opts)


def legal(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def finish(state: State) -> None:
    """Play the rest of the hand with the first legal card each time."""
    n = state.hand_number
    while state.hand_number == n and not state.is_over:
        state.apply(state.legal_actions()[0])


def test_the_widows_are_off_by_default() -> None:
    s = new_hand("napoleon", seed=1)
    assert s.options["napoleon"]["widow"] == "none"
    assert not {"peep", "purchase"} & legal(s)


# ---------------------------------------------------------------------------------------
# Peep Nap
# ---------------------------------------------------------------------------------------


def test_a_player_may_peep_once_at_the_widow_before_bidding() -> None:
    s = hand()
    assert "peep" in legal(s)
    play(s, "peep")
    assert s.to_act == 1, "the peeper still bids"
    assert "peep" not in legal(s) and "bid 2" in legal(s)
    with pytest.raises(IllegalActionError, match="seen the widow card already"):
        s.apply_text("peep")
    play(s, "pass")
    assert s.to_act == 2 and "peep" in legal(s), "each player may peep at his turn"


def test_only_the_peeper_sees_the_widow_card() -> None:
    s = hand()
    play(s, "peep")
    mine = s.view(1).events
    assert any(getattr(e, "card", None) == card("9S") for e in mine)
    for seat in (0, 2, 3, 4):
        seen = s.view(seat).events
        assert isinstance(seen[-1], BidMade) and str(seen[-1].action) == "peep"
        assert "9S" not in repr(seen)


def test_the_high_bidder_may_exchange_with_the_widow_card_unseen_by_the_others() -> None:
    s = hand()
    play(s, "bid 4", "pass", "pass", "pass", "pass")
    assert s.phase is Phase.PREPARE and legal(s) == {"exchange", "pass"}
    play(s, "exchange")
    assert card("9S") in s.hands[1] and len(s.hands[1]) == 6
    assert legal(s) == {f"discard {c.code}" for c in s.hands[1]}
    play(s, "discard 2D")
    assert s.phase is Phase.PLAY and sorted(c.code for c in s.hands[1]) == sorted(
        ["KS", "QS", "JS", "TS", "9S"]
    )
    for seat in (0, 2, 3, 4):
        v = s.view(seat)
        assert [e.cards for e in v.events if isinstance(e, CardsTaken)] == [None]
        assert [e.card for e in v.events if isinstance(e, Discarded)] == [None]


def test_the_high_bidder_may_keep_his_hand() -> None:
    s = hand()
    play(s, "bid 4", "pass", "pass", "pass", "pass", "pass")
    assert s.phase is Phase.PLAY and s.kitty[0] == card("9S") and len(s.hands[1]) == 5


def test_a_peep_is_paid_into_the_pool_whatever_the_bid_becomes() -> None:
    s = hand(peep_cost=2)
    play(s, "peep", "bid 2", "peep", "pass", "pass", "pass", "pass", "pass")
    finish(s)
    rec = s.hand_records[-1]
    made = rec.tricks[1] >= 2
    base = [(-2 if made else 2)] * 5
    base[1] = -4 * base[0]
    base[1] -= 2  # seat 1 peeped
    base[2] -= 2  # seat 2 peeped
    assert list(rec.points) == base
    assert sum(s.scores) == -4, "the pool holds the two peeps"


def test_peeps_before_everyone_passes_are_paid_all_the_same() -> None:
    s = new_game(
        "napoleon",
        deals=[deal_from_text(HANDS, WIDOW)],
        dealer=0,
        seed=1,
        options={"napoleon.widow": "peep"},
    )
    play(s, "peep", "pass", "pass", "peep", "pass", "pass", "pass")
    assert s.scores == [0, -1, 0, -1, 0] and s.dealer == 1


def test_the_next_nap_made_takes_the_pool() -> None:
    nap = "2C 3C 4C 5C 6C | 7C 8C 9C TC JC | AS KS QS JS TS | QC KC AC 2S 3S | 4S 5S 6S 7S 8S"
    nap_deal = deal_from_text(nap, WIDOW)
    s = new_game(
        "napoleon",
        deals=[deal_from_text(HANDS, WIDOW), nap_deal],
        dealer=0,
        seed=1,
        options={"napoleon.widow": "peep"},
    )
    play(s, "peep", "pass", "peep", "pass", "pass", "pass", "pass")  # thrown in: pool 2
    assert sum(s.scores) == -2 and s.dealer == 1
    # Seat 1 deals; seat 2, holding AS to TS, bids first: Nap, and nobody outbids it.
    play(s, "bid nap", "pass", "pass", "pass", "pass", "pass")  # the last: keeps his hand
    assert s.phase is Phase.PLAY
    finish(s)
    rec = s.hand_records[-1]
    assert rec.tricks[2] == 5
    assert rec.points[2] == 4 * 10 + 2, "a Nap from each of four, and the pool"
    assert sum(s.scores) == 0, "the pool is empty again"


def test_a_bid_below_five_does_not_take_the_pool() -> None:
    s = hand()
    play(s, "peep", "bid 4", "pass", "pass", "pass", "pass", "pass")
    finish(s)
    assert sum(s.hand_records[-1].points) == -1


# ---------------------------------------------------------------------------------------
# Purchase Nap / Sir Garnet
# ---------------------------------------------------------------------------------------


def test_the_extra_hand_may_be_taken_instead_of_a_bid_until_someone_bids_nap() -> None:
    s = hand("purchase")
    assert "purchase" in legal(s) and "peep" not in legal(s)
    play(s, "bid 3")
    assert "purchase" in legal(s)
    play(s, "bid nap")
    assert "purchase" not in legal(s)
    with pytest.raises(IllegalActionError, match="nobody has bid Nap or more"):
        s.apply_text("purchase")


def test_the_purchaser_keeps_five_of_ten_and_plays_a_nap_nobody_outbids() -> None:
    s = hand("purchase")
    play(s, "pass", "purchase")
    assert s.contract is not None and s.contract.maker == 2 and s.contract.level == "nap"
    assert s.phase is Phase.PREPARE and len(s.hands[2]) == 10
    for seat in (0, 1, 3, 4):
        taken = [e for e in s.view(seat).events if isinstance(e, CardsTaken)]
        assert taken[-1].cards is None and taken[-1].count == 5
    for code in ("7C", "8C", "3D", "4D", "5D"):
        assert s.to_act == 2 and s.decision is not None and s.decision.kind == "discard"
        s.apply(Discard(card(code)))
    assert s.phase is Phase.PLAY and s.to_act == 2
    assert sorted(c.code for c in s.hands[2]) == sorted(["9C", "TC", "JC", "6D", "9S"])


@pytest.mark.parametrize(("made", "each"), [(True, 10), (False, -20)])
def test_a_purchased_nap_wins_a_nap_or_costs_double(made: bool, each: int) -> None:
    hands = "2C 3C 4C 5C 6C | 7C 8C 9C TC 2D | 3H 4H 5H 6H 7H | QC KC 2S 3S 4S | 5S 6S 7S 8S 9S"
    widow = "AS KS QS JS TS" if made else "JC AC 3D 4D 5D"
    s = hand("purchase", hands, widow)
    play(s, "purchase")
    keep = "AS KS QS JS TS" if made else "JC AC TC 9C 8C"
    for c in list(s.hands[1]):
        if c.code not in keep.split():
            s.apply(Discard(c))
    finish(s)
    rec = s.hand_records[-1]
    assert (rec.tricks[1] == 5) is made
    assert rec.points[1] == 4 * each and rec.points[0] == -each


# ---------------------------------------------------------------------------------------
# Words, rules page, bots
# ---------------------------------------------------------------------------------------


def test_the_peep_and_the_purchase_are_told_in_words() -> None:
    s = hand()
    words = {str(a): s.rules.action_words(s.view(1), a) for a in s.legal_actions()}
    assert words["peep"].say == "peep at the widow for 1 into the pool"
    play(s, "peep")
    told = [
        s.rules.describe_event(e, s.view(seat)) for seat in (1, 2) for e in s.view(seat).events[-2:]
    ]
    assert "You peep at the widow: 9S" in told
    assert "{1} pays 1 into the pool to peep at the widow" in told
    p = hand("purchase")
    w = p.rules.action_words(p.view(1), next(a for a in p.legal_actions() if str(a) == "purchase"))
    assert w.say.startswith("take the extra hand") and w.risk == "80 points at risk"


def test_the_rules_page_describes_the_widow_in_force() -> None:
    out = CliRunner().invoke(app, ["rules", "napoleon", "--ascii", "-o", "napoleon.widow=purchase"])
    assert out.exit_code == 0, out.output
    words = " ".join(out.output.split())
    assert "Purchase Nap or Sir Garnet (`purchase`)" in words
    assert "napoleon.widow = purchase" in words


def test_the_bot_peeps_with_a_hand_a_trick_short_and_not_with_a_clear_bid() -> None:
    near = new_hand("napoleon", seed=19, dealer=0, options={"napoleon.widow": "peep"})
    assert str(make_bot("heuristic", 1).choose(near.view(1), near.legal_actions())) == "peep"
    weak = "2C 3C 4C 5C 6C | 2H 8D 4H 5H 7D | 7C 8C 9C TC JC | QC KC AC AS 3S | 4S 5S 6S 7S 8S"
    s = hand(hands=weak)
    choice = str(make_bot("heuristic", 1).choose(s.view(1), s.legal_actions()))
    assert choice == "bid misere", "a misère: the widow card cannot help, no peep"


def test_the_bot_exchanges_for_a_widow_card_it_saw_help_its_trumps() -> None:
    s = hand()
    play(s, "peep", "bid 4", "pass", "pass", "pass", "pass")
    bot = make_bot("heuristic", 1)
    assert str(bot.choose(s.view(1), s.legal_actions())) == "exchange"
    play(s, "exchange")
    assert str(bot.choose(s.view(1), s.legal_actions())) == "discard 2D"
    sampled = s.rules.sample_constraints(s.view(1))
    assert any(c.known.get(KITTY) == (card("9S"),) for c in sampled if c is not None)


def test_the_bot_buys_the_extra_hand_with_four_top_trumps_not_with_a_three() -> None:
    strong = "2C 3C 4C 5C 6C | AS KS QS JS 2D | 7C 8C 9C TC JC | QC KC AC 2S 3S | 4S 5S 6S 7S 8S"
    s = hand("purchase", strong, "9D 3D 4D 5D 6D")
    assert str(make_bot("heuristic", 1).choose(s.view(1), s.legal_actions())) == "purchase"
    middling = "2C 3C 4C 5C 6C | AS KS 9S 7H 2D | 7C 8C 9C TC JC | QC KC AC 2S 3S | 4S 5S 6S 7S 8S"
    s = hand("purchase", middling, "9D 3D 4D 5D 6D")
    assert isinstance(make_bot("heuristic", 1).choose(s.view(1), s.legal_actions()), Bid)


def test_bots_play_whole_games_with_each_widow() -> None:
    for widow in ("peep", "purchase"):
        for seed in range(3):
            s = new_game("napoleon", seed=seed, options={"napoleon.widow": widow})
            bots = [make_bot("heuristic", i) for i in range(s.seats)]
            while not s.is_over:
                seat = s.to_act
                assert seat is not None
                a = bots[seat].choose(s.view(seat), s.legal_actions())
                assert a in s.legal_actions()
                assert isinstance(a, Play) is (s.phase is Phase.PLAY)
                s.apply(a)
            assert s.result is not None


@pytest.mark.parametrize("widow", ["peep", "purchase"])
def test_every_event_and_action_of_a_game_with_a_widow_is_told_in_words(widow: str) -> None:
    from test_cli_narration import play_and_tell

    from euchre_core import load_variant

    seen: set[type] = set()
    for seed in range(1, 4):
        config = load_variant("napoleon", options=[f"napoleon.widow={widow}"])
        classes, wrong = play_and_tell(config, seed, 3000, bots=True)
        assert not wrong, "\n".join(wrong[:10])
        seen |= classes
        classes, wrong = play_and_tell(config, seed, 400)
        assert not wrong, "\n".join(wrong[:10])
        seen |= classes
    names = {c.__name__ for c in seen}
    assert ("WidowPeeped" in names) is (widow == "peep")
    assert "CardsTaken" in names
