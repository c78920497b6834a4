"""The card model's ranks 11, 12 and 13 (the 63-card pack of six-handed Five Hundred) and
its packs holding two copies of a card (Bid euchre's double packs): codes, order, words,
packs, and the rule that of two equal cards in one trick the first played wins."""

from __future__ import annotations

import pickle

import pytest

from euchre_core.cards import (
    ALL_CARDS,
    JOKER,
    SIXTY_THREE_EXTRA,
    SUITS,
    Suit,
    card,
    cards,
    copy_of,
    pack,
    parse_card,
    same_face,
)
from euchre_core.errors import EuchreError
from euchre_core.trumps import ranking

SIXTY_THREE = pack("2", jokers=1, extra=SIXTY_THREE_EXTRA)


def test_the_52_cards_and_the_joker_keep_their_indexes() -> None:
    # Rule tables, bit masks and saved seeds depend on them: suits C D H S, 2 to A.
    ranks = "23456789TJQKA"
    codes = [r + s for s in "CDHS" for r in ranks]
    assert [c.code for c in ALL_CARDS[:52]] == codes
    assert ALL_CARDS[52] is JOKER and JOKER.index == 52
    assert all(c.index == i for i, c in enumerate(ALL_CARDS))


def test_eleven_twelve_and_thirteen_have_one_letter_codes_and_read_as_numbers() -> None:
    assert parse_card("11H") is card("EH") and card("EH").rank == "E"
    assert parse_card("12s") is card("WS") and parse_card("13d") is card("RD")
    assert [card(c).value for c in ("EH", "WH", "RH")] == [11, 12, 13]
    # Every code is two characters, rank then suit: none collides with another card.
    assert len({c.code for c in ALL_CARDS}) == len(ALL_CARDS)


def test_the_63_card_pack() -> None:
    assert len(SIXTY_THREE) == 63 and JOKER in SIXTY_THREE
    for s in SUITS:
        assert card("E" + s.value) in SIXTY_THREE and card("W" + s.value) in SIXTY_THREE
    assert card("RH") in SIXTY_THREE and card("RD") in SIXTY_THREE
    assert card("RS") not in SIXTY_THREE and card("RC") not in SIXTY_THREE
    hearts = [c.code for c in SIXTY_THREE if c.suit is Suit.HEARTS]
    assert hearts[7:] == ["9H", "TH", "EH", "WH", "RH", "JH", "QH", "KH", "AH"]
    # No other pack holds them.
    assert not any(c.rank in ("E", "W", "R") for c in pack("2", jokers=1))


def test_11_12_13_rank_between_the_10_and_the_jack() -> None:
    plain = ranking(Suit.SPADES)
    p = plain.power
    order = cards("TH EH WH RH JH QH KH AH")
    assert [p[c.index] for c in order] == sorted(p[c.index] for c in order)
    assert len({p[c.index] for c in order}) == len(order)
    trumps = ranking(Suit.HEARTS).sorted(c for c in SIXTY_THREE if c.suit is Suit.HEARTS)
    assert [c.code for c in trumps[:8]] == ["JH", "AH", "KH", "QH", "RH", "WH", "EH", "TH"]
    assert ranking(Suit.HEARTS).trick_winner(cards("TH EH")) == 1
    assert ranking(None).trick_winner(cards("RD JD 11D")) == 1


def test_the_pack_builder_refuses_what_it_cannot_build() -> None:
    with pytest.raises(EuchreError, match="not a rank"):
        pack("E")
    with pytest.raises(EuchreError, match="not an 11, 12 or 13"):
        pack("2", extra=("AS",))
    with pytest.raises(EuchreError, match="1 to 2 times"):
        pack("9", copies=3)


# ---------------------------------------------------------------------------------------
# Copies
# ---------------------------------------------------------------------------------------


def test_a_double_pack_holds_each_card_twice_as_distinct_cards() -> None:
    double = pack("9", copies=2)
    assert len(double) == 48 and len(set(double)) == 48
    faces = [c.face for c in double]
    assert all(faces.count(f) == 2 for f in faces)
    first, second = card("AS"), card("AS2")
    assert first is not second and first != second and first.index != second.index
    assert same_face(first, second) and second.face == "AS" and second.copy == 1
    assert (second.rank, second.suit, second.value) == (first.rank, first.suit, first.value)
    assert copy_of(first, 1) is second and copy_of(second, 0) is first
    assert [c.code for c in pack("J", copies=2) if c.suit is Suit.CLUBS] == [
        *("JC", "QC", "KC", "AC", "JC2", "QC2", "KC2", "AC2")
    ]


def test_a_copy_code_saves_and_reads_back() -> None:
    c = card("TD2")
    assert parse_card("td2") is c and parse_card("10D2") is c and str(c) == "TD2"
    assert pickle.loads(pickle.dumps(c)) is c
    assert parse_card("AS") is card("AS") and card("AS").copy == 0
    with pytest.raises(EuchreError, match="not a card"):
        parse_card("AS3")


@pytest.mark.parametrize("trump", [Suit.SPADES, Suit.HEARTS, None])
def test_of_two_equal_cards_in_one_trick_the_first_played_wins(trump: Suit | None) -> None:
    r = ranking(trump)
    assert r.trick_winner(cards("KD 9D KD2 TD")) == 0
    assert r.trick_winner(cards("9D KD2 KD TD")) == 1
    assert r.trick_winner(cards("QC AC2 AC")) == 1


def test_both_copies_of_a_bower_are_bowers_and_the_first_played_wins() -> None:
    r = ranking(Suit.HEARTS)
    for c in cards("JH JH2 JD JD2"):
        assert r.is_trump(c) and r.effective_suit(c) is Suit.HEARTS
    assert r.power[card("JD2").index] == r.power[card("JD").index]
    assert r.power[card("JH2").index] > r.power[card("JD").index]
    assert r.trick_winner(cards("AH JD2 JD KH")) == 1
    assert r.trick_winner(cards("AH JD JH2 JH")) == 2
    # Led, the left bower is followed by trumps, not by diamonds.
    assert r.legal_plays(cards("QD AH2"), [(0, card("JD2"))]) == [card("AH2")]
