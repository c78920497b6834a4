"""Determinization: deals sampled from a seat's view never contradict it, never depend on
what the seat cannot see, and are spread uniformly over what it cannot see."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from euchre_core import load_variant
from euchre_core.bots import make_bot
from euchre_core.bots.sampling import KITTY, Sampler, SamplingError, config_from_view, sample_state
from euchre_core.cards import Suit, card
from euchre_core.config import Config
from euchre_core.errors import EuchreError
from euchre_core.events import CardPlayed, Dealt, HandStarted
from euchre_core.state import State, new_hand
from euchre_core.testing import deal_from_text
from euchre_core.view import PlayerView

# Every variant and house rule that exists (with the options that change what is hidden).
STACKS: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("standard", (), ()),
    ("two-hand", (), ()),
    ("cutthroat", (), ()),
    ("cutthroat", (), ("cutthroat.dummy_variant=true",)),
    ("standard", ("benny",), ()),
    ("two-hand", ("benny",), ("standard.deck=deck25_benny",)),
    ("standard", ("farmers-hand",), ()),
    ("standard", ("farmers-hand",), ("farmers-hand.farmer_rule=all_low",)),
    ("standard", ("farmers-hand",), ("farmers-hand.several_claimants=misdeal",)),
    ("standard", ("partners-best",), ()),
    ("standard", ("partners-best",), ("standard.lone_partner_dealer_skips_pickup=false",)),
    ("standard", ("defend-alone",), ()),
    ("standard", ("defend-alone", "partners-best"), ()),
    ("standard", ("stick-the-dealer",), ()),
    ("standard", ("dealer-forfeit",), ()),
    ("standard", ("no-trump-passout",), ()),
    ("standard", ("canadian-loner",), ()),
    ("standard", ("minimum-trump",), ()),
    ("standard", ("must-trump",), ()),
    ("standard", ("super-euchre",), ()),
    ("standard", (), ("standard.dealer_pickup=optional",)),
    ("standard", (), ("standard.alone_by=any_player", "standard.deck=deck32")),
    ("call-ace", (), ()),
    ("call-ace-5", (), ()),
    ("call-ace-6", (), ()),
    ("auction", (), ()),
    ("auction-6", (), ()),
    ("pepper", (), ()),
    ("pepper-3", (), ()),
]


def _load(name: str, rules: tuple[str, ...], options: tuple[str, ...]) -> Config:
    try:
        return load_variant(name, rules=rules, options=options)
    except EuchreError as e:  # a variant of this list not shipped in this build
        pytest.skip(f"{name} not available: {e}")


def _hand_events(view: PlayerView) -> tuple[object, ...]:
    first = view.events[0]
    assert isinstance(first, HandStarted)
    return (HandStarted(0, first.dealer), *view.events[1:])


@pytest.mark.parametrize(
    ("name", "rules", "options"),
    STACKS,
    ids=["+".join((n, *r, *o)) for n, r, o in STACKS],
)
def test_sampled_deals_never_contradict_the_view(
    name: str, rules: tuple[str, ...], options: tuple[str, ...]
) -> None:
    _check_views(name, rules, options, games=8, per_view=1)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "rules", "options"),
    STACKS,
    ids=["+".join((n, *r, *o)) for n, r, o in STACKS],
)
def test_many_sampled_deals_never_contradict_the_view(
    name: str, rules: tuple[str, ...], options: tuple[str, ...]
) -> None:
    _check_views(name, rules, options, games=60, per_view=3)


def _check_views(
    name: str, rules: tuple[str, ...], options: tuple[str, ...], games: int, per_view: int
) -> None:
    config = _load(name, rules, options)
    rng = random.Random(7)
    checked = 0
    for g in range(games):
        state = State(config, seed=f"views/{g}", max_hands=3)
        bots = [make_bot("random" if g % 2 else "heuristic", s) for s in range(state.seats)]
        while state.to_act is not None:
            seat = state.to_act
            view = state.view(seat)
            legal = state.legal_actions()
            sampler = Sampler(view, config)
            for _ in range(per_view):
                det = sampler.sample(rng)
                sampled = det.state()
                again = sampled.view(seat)
                where = f"{name} {rules} game {g} seat {seat} action {len(state.actions)}"
                assert _hand_events(again) == _hand_events(view), where
                assert again.hand == view.hand, where
                assert again.to_act == view.to_act and again.phase is view.phase, where
                assert again.decision_kind == view.decision_kind, where
                assert sampled.legal_actions() == legal, where
                # Every card of the pack once; the seat's own deal and the up-card as seen.
                assert sorted(det.deal.all_cards()) == sorted(state.table.deck), where
                own = next(e for e in view.events if isinstance(e, Dealt) and e.seat == seat)
                if own.cards is not None:
                    assert det.deal.hands[seat] == own.cards, where
                assert det.deal.upcard == state.deal.upcard, where
                checked += 1
            state.apply(bots[seat].choose(view, legal))
    assert checked > 50


def _rebuilt_elsewhere(view: PlayerView, config: Config, seed: int) -> State:
    """Another state with exactly the same view for the seat but other hidden cards."""
    return sample_state(view, seed, config)


def test_the_sampler_never_looks_at_hidden_state(standard: Config) -> None:
    state = State(standard, seed="hidden", max_hands=1)
    bots = [make_bot("heuristic", s) for s in range(4)]
    compared = 0
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        other = _rebuilt_elsewhere(view, standard, compared)
        other_view = other.view(seat)
        assert _hand_events(other_view) == _hand_events(view)
        # The two states hide different cards (for all but the last decisions) ...
        if len(view.hand) >= 3:
            assert [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
        # ... yet the samples drawn from their views are the same, card for card.
        a = Sampler(view, standard).samples(3, random.Random(11))
        b = Sampler(other_view, standard).samples(3, random.Random(11))
        assert [d.deal for d in a] == [d.deal for d in b]
        assert [d.actions for d in a] == [d.actions for d in b]
        compared += 1
        state.apply(bots[seat].choose(view, state.legal_actions()))
    assert compared >= 8


def test_the_sampler_takes_a_view_and_public_rules_only(standard: Config) -> None:
    state = State(standard, seed=3, max_hands=1)
    view = state.view(state.to_act or 0)
    assert not any(isinstance(v, State) for v in vars(view).values())
    sampler = Sampler(view)  # the rules rebuilt from the view's public description
    assert sampler.config.plugins == standard.plugins
    assert config_from_view(view) is config_from_view(view)


def test_unseen_cards_are_spread_uniformly() -> None:
    deal = deal_from_text(
        "9C TC JC QC KC | 9D TD JD QD KD | 9H TH JH QH KH | 9S TS JS QS KS", "AD AH AS", "AC"
    )
    state = new_hand("standard", deal, dealer=3)
    view = state.view(0)
    sampler = Sampler(view)
    rng = random.Random(5)
    n = 3000
    where: Counter[int | str] = Counter()
    for _ in range(n):
        d = sampler.sample(rng).deal
        for s in (1, 2, 3):
            if card("AS") in d.hands[s]:
                where[s] += 1
        if card("AS") in d.kitty:
            where[KITTY] += 1
    # 18 unseen cards: 5 slots in each other hand, 3 in the kitty.
    for place, slots in ((1, 5), (2, 5), (3, 5), (KITTY, 3)):
        expected = n * slots / 18
        assert abs(where[place] - expected) < 4 * (expected * (1 - slots / 18)) ** 0.5, where


def test_a_void_shown_keeps_the_suit_out_of_that_hand() -> None:
    deal = deal_from_text(
        "AC KC QC AD KD | 9H TH JH QH 9S | 9C TC 9D TD JD | KH AH TS JS QS", "JC KS QD", "AS"
    )
    state = new_hand("standard", deal, dealer=3)
    # Seat 0 orders spades up; the dealer (3) takes AS and discards; 0 leads a club.
    state.apply_text("order")
    state.apply_text("discard KH")
    state.apply_text("play AC")
    state.apply_text("play 9H")  # seat 1 shows it has no club
    view = state.view(2)
    assert view.voids[1] == {Suit.CLUBS}
    sampler = Sampler(view)
    rng = random.Random(1)
    # Under spades the jack of clubs is a spade (the left bower): it may be anywhere.
    clubs = {card(c) for c in ("9C", "TC", "QC", "KC")}
    seen = Counter[str]()
    for _ in range(300):
        d = sampler.sample(rng).deal
        assert not clubs & set(d.hands[1])
        assert card("9H") in d.hands[1]  # the card it played was dealt to it
        seen.update(c.code for c in d.hands[1])
    assert seen["JC"] > 0  # the left bower is not a club


def test_samples_are_the_same_for_the_same_seed(standard: Config) -> None:
    state = State(standard, seed=9, max_hands=1)
    view = state.view(state.to_act or 0)
    a = Sampler(view, standard).samples(5, random.Random(3))
    b = Sampler(view, standard).samples(5, random.Random(3))
    c = Sampler(view, standard).samples(5, random.Random(4))
    assert [x.deal for x in a] == [x.deal for x in b]
    assert [x.deal for x in a] != [x.deal for x in c]


def test_a_view_no_deal_can_explain_is_refused(standard: Config) -> None:
    state = State(standard, seed=2, max_hands=1)
    view = state.view(0)
    # A forged history: seat 1 plays a card that seat 0 holds.
    forged = PlayerView(**{**vars(view), "events": (*view.events, CardPlayed(1, view.hand[0]))})
    with pytest.raises(SamplingError):
        Sampler(forged, standard).sample(random.Random(0))


def _seat_1_ordered_hearts() -> tuple[PlayerView, list[Any]]:
    """Seat 2's view after seat 1 ordered hearts up, and a bidding model per seat (the
    heuristic bot)."""
    from euchre_core.bots.heuristic import HeuristicBot

    deal = deal_from_text(
        "9C TC 9D TD 9S | JH JD AH KH AC | QC KC QD KD QS | AD AS KS TS JS", "9H TH", "QH"
    )
    state = new_hand("standard", deal, dealer=0)
    state.apply_text("order")
    return state.view(2), [HeuristicBot(s) for s in range(4)]


def test_a_bidding_model_weighs_the_deals_that_explain_an_order_up() -> None:
    # Seat 1 orders hearts up: with a model of how seats bid (the heuristic bot), the
    # deals where seat 1's hand would not have ordered weigh ``slip`` each; the deals that
    # explain the order give seat 1 more hearts than the deals that do not.
    view, model = _seat_1_ordered_hearts()
    sampler = Sampler(view, model=model, slip=0.1)
    rng = random.Random(2)
    hearts = {True: [], False: []}  # type: dict[bool, list[int]]
    for _ in range(400):
        det = sampler.sample(rng)
        assert det.weight in (1.0, 0.1)  # one bid of another seat: agreed or not
        trumps = sum(1 for c in det.deal.hands[1] if c.suit is Suit.HEARTS or c == card("JD"))
        hearts[det.weight == 1.0].append(trumps)
    explained, not_explained = hearts[True], hearts[False]
    assert explained and not_explained
    assert sum(explained) / len(explained) > sum(not_explained) / len(not_explained) + 0.5
    assert all(d.weight == 1.0 for d in Sampler(view).samples(20, rng))  # no model: all 1


def test_a_deal_whose_bids_weigh_no_more_than_the_floor_is_given_up() -> None:
    # Seat 1 ordered up. With a floor of ``slip``, a deal on which the model would not have
    # ordered for seat 1 is given up at that bid (``draw`` gives None and names the deal);
    # the same stream without a floor gives that deal, weighing ``slip``; a deal that
    # explains the order is drawn as before.
    view, model = _seat_1_ordered_hearts()
    kinds = set()
    for k in range(60):
        free = Sampler(view, model=model, slip=0.1).draw(random.Random(k))
        floored = Sampler(view, model=model, slip=0.1)
        floored.floor = 0.1
        got = floored.draw(random.Random(k))
        assert free is not None
        if got is None:
            assert floored.gave_up and floored.given_up == free[0].deal
            assert free[0].weight == 0.1
            kinds.add("given up")
        else:
            assert free[0] == got[0] and got[0].weight == 1.0
            kinds.add("kept")
    assert kinds == {"given up", "kept"}
    plain = Sampler(view, model=model, slip=0.1)
    plain.floor = 0.1
    # ``sample`` never gives a deal up: it draws the unlikely ones too, and keeps the floor.
    assert 0.1 in {plain.sample(random.Random(k)).weight for k in range(20)}
    assert plain.floor == 0.1


def test_a_deal_of_an_earlier_view_fits_a_later_one_only_if_it_could_have_produced_it() -> None:
    deal = deal_from_text(
        "AC KC QC AD KD | 9H TH JH QH 9S | 9C TC 9D TD JD | KH AH TS JS QS", "JC KS QD", "AS"
    )
    state = new_hand("standard", deal, dealer=3)
    earlier = Sampler(state.view(2))
    rng = random.Random(4)
    drawn = [earlier.sample(rng).deal for _ in range(200)]
    state.apply_text("order")
    state.apply_text("discard KH")
    state.apply_text("play AC")
    state.apply_text("play 9H")  # seat 1 shows it has no club
    later = Sampler(state.view(2))
    fits = [d for d in drawn if later.fit(d, rng) is not None]
    assert 0 < len(fits) < len(drawn)
    clubs = {card(c) for c in ("9C", "TC", "QC", "KC")}
    for d in drawn:
        one = set(d.hands[1])
        could = card("9H") in one and card("AC") in d.hands[0] and not clubs & one
        assert (later.fit(d, rng) is not None) == could
    assert later.fit(deal, rng) is not None  # the real deal always fits


def test_slip_is_a_weight_between_0_and_1(standard: Config) -> None:
    view = State(standard, seed=2, max_hands=1).view(0)
    for slip in (0.0, 1.5):
        with pytest.raises(EuchreError, match="slip"):
            Sampler(view, standard, slip=slip)


def _partner_threw_off_on_an_opponents_ace() -> State:
    # Hearts are trumps (seat 0 ordered the jack up to the dealer, seat 3). Seat 0 leads
    # the ace of clubs; seat 1, the dealer's partner, shows no club and throws a diamond
    # instead of trumping the trick the opponents are winning; seat 2 follows.
    deal = deal_from_text(
        "AC KC 9H TH QD | 9D TD 9S TS QS | 9C TC JD KD AD | QH KH AH AS KS", "JC QC JS", "JH"
    )
    state = new_hand("standard", deal, dealer=3)
    state.apply_text("order")
    state.apply_text("discard KS")
    state.apply_text("play AC")
    state.apply_text("play 9D")
    state.apply_text("play 9C")
    return state


def _holds_trump(hand: tuple[object, ...] | list[object]) -> bool:
    return any(getattr(c, "suit", None) is Suit.HEARTS or c == card("JD") for c in hand)


def test_a_card_the_model_would_not_have_played_weighs_play_slip() -> None:
    # The heuristic bot, void in the suit led, trumps a trick the opponents are winning.
    # A partner who threw a diamond instead is, on the deals where the model agrees with
    # the card, a partner without trumps: read, the plays move the weight away from the
    # deals that give it some; not read (play_slip=1), every deal weighs the same.
    from euchre_core.bots.heuristic import HeuristicBot

    view = _partner_threw_off_on_an_opponents_ace().view(3)
    model = [HeuristicBot(s) for s in range(4)]
    share = {}
    for play_slip in (1.0, 0.05):
        sampler = Sampler(view, model=model, slip=1.0, play_slip=play_slip)  # bids not read
        rng = random.Random(5)
        dets = [sampler.sample(rng) for _ in range(200)]
        total = sum(d.weight for d in dets)
        share[play_slip] = sum(d.weight for d in dets if _holds_trump(d.deal.hands[1])) / total
        if play_slip == 1.0:
            assert all(d.weight == 1.0 for d in dets)
        else:
            # Three cards of other seats read: each agreed with or not.
            assert {d.weight for d in dets} <= {1.0, 0.05, 0.05**2, 0.05**3}
    assert share[1.0] > 0.5  # by the facts alone, the partner mostly holds a trump
    assert share[0.05] < share[1.0] / 3


def test_a_kept_sample_is_extended_by_the_new_events_only() -> None:
    # A sample of an earlier view, extended to a later one, is the same deal with the
    # same weight a replay from the start gives, or refused exactly when the deal no
    # longer fits.
    from euchre_core.bots.heuristic import HeuristicBot

    state = _partner_threw_off_on_an_opponents_ace()
    model = [HeuristicBot(s) for s in range(4)]
    earlier = Sampler(state.view(3), model=model, play_slip=0.2)
    rng = random.Random(6)
    tracks = [earlier.sample_track(rng)[1] for _ in range(60)]
    state.apply_text("play JH")  # seat 3 takes the trick and leads
    state.apply_text("play AH")
    state.apply_text("play 9H")
    state.apply_text("play TS")  # seat 1 shows no trump
    later = Sampler(state.view(3), model=model, play_slip=0.2)
    kept = 0
    for track in tracks:
        deal = track.deal
        again = later.fit(deal, rng)
        got = later.extend(track, rng)
        assert (got is None) == (again is None)
        if got is not None and again is not None:
            kept += 1
            assert got[0].deal == deal and got[1].deal == deal
            assert got[0].weight == pytest.approx(again.weight)
    assert 0 < kept < len(tracks)


def test_play_slip_is_a_weight_between_0_and_1(standard: Config) -> None:
    view = State(standard, seed=2, max_hands=1).view(0)
    for bad in (0.0, -1.0, 1.5):
        with pytest.raises(EuchreError, match=r"^play_slip must be more than 0 and at most 1$"):
            Sampler(view, standard, play_slip=bad)
        with pytest.raises(EuchreError, match=r"^partner_slip must be more than 0"):
            Sampler(view, standard, partner_slip=bad)


def test_with_play_read_leads_only_leads_and_cards_off_the_suit_led_are_read() -> None:
    # Seat 0's lead and seat 1's diamond on a club are read; seat 2's club, which
    # followed suit, is not: at most two cards disagree with the model.
    from euchre_core.bots.heuristic import HeuristicBot

    view = _partner_threw_off_on_an_opponents_ace().view(3)
    model = [HeuristicBot(s) for s in range(4)]
    sampler = Sampler(view, model=model, slip=1.0, play_slip=0.05, play_read="leads")
    rng = random.Random(5)
    dets = [sampler.sample(rng) for _ in range(200)]
    assert {d.weight for d in dets} <= {1.0, 0.05, 0.05**2}
    assert any(d.weight < 1.0 for d in dets)
    trumped = [d for d in dets if _holds_trump(d.deal.hands[1])]
    assert trumped and all(d.weight < 1.0 for d in trumped)
    with pytest.raises(EuchreError, match=r"^unknown play_read 'some' \(known: all, leads\)$"):
        Sampler(view, model=model, play_read="some")
