"""Cards and ranking: codes, packs, and the effective suit (``standard.md`` §2, §3)."""

from __future__ import annotations

import pytest

from euchre_core import JOKER, EuchreError, Suit, card, cards, pack, ranking


def codes(cs) -> list[str]:
    return [c.code for c in cs]


def test_cards_are_interned_and_codes_have_aliases():
    assert card("10D") is card("TD") is card("td") is card("T♦")
    assert card("JK") is JOKER is card("joker")
    assert cards("9C JH AS") == [card("9C"), card("JH"), card("AS")]


@pytest.mark.parametrize("text", ["", "1X", "ZZ", "14H", "J", "AS3", "JK2"])
def test_unknown_card_codes_are_refused(text):
    with pytest.raises(EuchreError, match="not a card"):
        card(text)


@pytest.mark.parametrize(
    ("low", "jokers", "size"),
    [("9", 0, 24), ("9", 1, 25), ("8", 0, 28), ("7", 0, 32), ("7", 1, 33)],
)
def test_pack_sizes_of_section_2(low, jokers, size):
    p = pack(low, jokers=jokers)
    assert len(p) == len(set(p)) == size


def test_same_colour_suits_are_partners():
    assert Suit.SPADES.partner is Suit.CLUBS and Suit.HEARTS.partner is Suit.DIAMONDS
    assert Suit.CLUBS.colour == "black" and Suit.DIAMONDS.colour == "red"


def test_right_and_left_bower_lead_trump_in_the_24_card_pack():
    """§3.2 example: hearts trump: J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥; diamonds A K Q 10 9."""
    r = ranking(Suit.HEARTS)
    deck = pack("9")
    assert codes(r.sorted(c for c in deck if r.is_trump(c))) == [
        "JH", "JD", "AH", "KH", "QH", "TH", "9H"
    ]  # fmt: skip
    diamonds = [c for c in deck if r.effective_suit(c) is Suit.DIAMONDS]
    assert codes(r.sorted(diamonds)) == ["AD", "KD", "QD", "TD", "9D"]
    clubs = [c for c in deck if r.effective_suit(c) is Suit.CLUBS]
    assert codes(r.sorted(clubs)) == ["AC", "KC", "QC", "JC", "TC", "9C"]
    assert r.is_right_bower(card("JH")) and r.is_left_bower(card("JD"))


def test_left_bower_follows_trump_not_its_printed_suit():
    """§3.3: with hearts trump J♦ belongs to hearts: it follows a heart lead, not a
    diamond lead, and a led J♦ is a trump lead."""
    r = ranking(Suit.HEARTS)
    hand = cards("JD 9D AS")
    assert r.following(hand, Suit.HEARTS) == [card("JD")]
    assert r.following(hand, Suit.DIAMONDS) == [card("9D")]
    assert r.trick_winner(cards("JD AH 9H KH")) == 0


def test_trump_count_per_pack():
    """§3.2: 7 trumps with 24 cards, 8 with the joker, 9 with 32 cards."""
    r = ranking(Suit.SPADES)
    assert sum(r.is_trump(c) for c in pack("9")) == 7
    assert sum(r.is_trump(c) for c in pack("9", jokers=1)) == 8
    assert sum(r.is_trump(c) for c in pack("7")) == 9
    assert r.trick_winner(cards("JS JK")) == 1


def test_no_trump_ranking_promotes_nothing():
    """§3.4: without trump every jack ranks between Q and 10 of its own suit."""
    r = ranking(None)
    assert not any(r.is_trump(c) for c in pack("9"))
    hearts = [c for c in pack("9") if r.effective_suit(c) is Suit.HEARTS]
    assert codes(r.sorted(hearts)) == ["AH", "KH", "QH", "JH", "TH", "9H"]
    assert r.trick_winner(cards("QD JD AS AH")) == 0


def test_copies_and_pickles_of_a_ranking_are_the_shared_ranking() -> None:
    import copy
    import pickle

    for trump in (*Suit, None):
        r = ranking(trump)
        assert copy.deepcopy(r) is r
        assert copy.copy(r) is r
        assert pickle.loads(pickle.dumps(r)) is r


def test_cards_hash_by_identity_in_c_or_by_index_when_compiled() -> None:
    from euchre_core.build import compiled_modules
    from euchre_core.cards import Card

    jh = card("JH")
    assert {jh: 1}[card("JH")] == 1 and len({*cards("JH JH 9S")}) == 2
    if "euchre_core.cards" in compiled_modules():
        assert hash(jh) == jh.index
    else:
        assert Card.__hash__ is object.__hash__  # no Python call per dict or set lookup


@pytest.mark.parametrize("trump", [*Suit, None])
@pytest.mark.parametrize("bowers", [True, False])
def test_a_trick_is_won_by_its_highest_trump_else_the_highest_of_the_suit_led(trump, bowers):
    """The table the engine reads (trick_power, by suit led) gives the rule's winner: the
    highest trump played, else the highest card of the effective suit led (the joker wins
    at no trump); of equal cards the first played. Checked on every four-card trick of
    seeded deals from the 25-card pack."""
    import random

    r = ranking(trump, bowers)
    deck = pack("9", jokers=1)
    rng = random.Random(7)

    def rule_winner(trick: list) -> int:
        led = r.suit_of[trick[0].index]
        allowed = [
            c for c in trick if r.suit_of[c.index] in (trump, led) or r.suit_of[c.index] is None
        ]
        best = max(r.power[c.index] for c in allowed)
        return next(i for i, c in enumerate(trick) if c in allowed and r.power[c.index] == best)

    for _ in range(2000):
        trick = rng.sample(deck, 4)
        wins = r.trick_power[r.suit_of[trick[0].index]]
        powers = [wins[c.index] for c in trick]
        assert powers.index(max(powers)) == rule_winner(trick)
        assert r.trick_winner(trick) == rule_winner(trick)
