"""The general mechanisms Napoleon and Buck euchre brought to the core, checked on their
own: a ranking without bowers, a trump fixed by the first card led (the state and every
view), a hand decided before the first card, and scores that count down."""

from __future__ import annotations

import copy
import pickle

from euchre_core import new_hand
from euchre_core.cards import Suit, card
from euchre_core.events import Contract
from euchre_core.model import Table
from euchre_core.testing import deal_from_text, play
from euchre_core.trumps import ranking


def test_a_ranking_without_bowers_keeps_every_jack_in_its_suit():
    plain = ranking(Suit.HEARTS, bowers=False)
    assert plain is ranking(Suit.HEARTS, False) and plain is not ranking(Suit.HEARTS)
    assert plain.suit_of[card("JD").index] is Suit.DIAMONDS
    assert not plain.is_right_bower(card("JH")) and not plain.is_left_bower(card("JD"))
    order = plain.sorted(map(card, ["9H", "JH", "AH", "TH", "KH", "QH"]))
    assert [c.code for c in order] == ["AH", "KH", "QH", "JH", "TH", "9H"]
    assert pickle.loads(pickle.dumps(plain)) is plain and copy.deepcopy(plain) is plain
    assert ranking(Suit.HEARTS).is_left_bower(card("JD")), "the default keeps the bowers"


def test_a_contract_fixed_by_the_lead_shows_no_trump_until_the_lead_then_its_suit():
    c = Contract(1, None, level=3, bowers=False, by_lead=True)
    assert "first card led" in str(c)
    deal = "2C 3C 4C 5C 6C | 7D 2S 3S 4S 5S | QD 6S 7S 8S 9S | AH KH QH JH TH | AD 7C 8C 9C TC"
    s = new_hand("napoleon", deal_from_text(deal), dealer=0)
    play(s, "pass", "pass", "bid 3", "pass", "pass")
    views = [s.view(x) for x in range(5)]
    assert all(v.trump is None and v.contract.by_lead for v in views)
    play(s, "play KH")
    for seat in range(5):
        v = s.view(seat)
        assert v.trump is Suit.HEARTS and v.ranking is ranking(Suit.HEARTS, bowers=False)
    assert s.ranking is ranking(Suit.HEARTS, bowers=False)


def test_a_count_down_table_starts_every_seat_at_its_start_score():
    t = Table(4, None, (), 5, 0, 15, True)
    assert (t.start_score, t.count_down) == (15, True)
    assert Table(4, None, (), 5, 10).start_score == 0, "counting up is the default"


def test_a_hand_decided_before_the_first_card_is_scored_without_a_trick():
    deal = "9S 9H TH TD KC | QH KH KD QD JD | JS JC AH AC 9D | AS KS QS TS TC"
    s = new_hand("buck", deal_from_text(deal, "9C QC AD", "JH"), dealer=0)
    play(s, "pass", "bid 2", "pass", "pass", "call D", "drop", "drop", "drop")
    assert not s.tricks and s.hand_records[-1].points == (0, 0, -5, 0)
