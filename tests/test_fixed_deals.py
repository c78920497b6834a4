"""Fixed deals replayed through fixed action lists to exact scores (``standard.md`` §10).

Each deal is written out hand by hand (dealer first: D = seat 0, L = 1, P = 2, R = 3);
the actions are the complete list from the first bid to the last card. The expected
points follow from the tricks each side takes and the table of §10.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from helpers import run

from euchre_core import Deal, card, cards, new_game
from euchre_core.events import HandScored


@dataclass
class FixedDeal:
    name: str
    hands: tuple[str, str, str, str]  # D, L, P, R
    up: str
    kitty: str
    actions: str
    tricks: tuple[int, int, int, int]
    points: tuple[int, int, int, int]
    outcome: str
    rules: tuple[str, ...] = ()
    options: dict[str, object] = field(default_factory=dict)

    def deal(self) -> Deal:
        return Deal.of([cards(h) for h in self.hands], cards(self.kitty), card(self.up))


PASS4 = "pass, pass, pass, pass"

DEALS = [
    FixedDeal(
        "march: L names hearts in round 2, L+R take all five → L+R 2",
        ("KS KC KD JD TS", "AS QC AD AH QH", "QS JC QD KH TC", "JS AC TD JH 9D"),
        "9C",
        "9S TH 9H",
        f"{PASS4}, call H, play AS, play QS, play JS, play KS, play QC, play JC, play AC, "
        "play KC, play TD, play KD, play AD, play QD, play AH, play KH, play JH, play JD, "
        "play 9D, play TS, play QH, play TC",
        (0, 3, 0, 2),
        (0, 2, 0, 2),
        "march",
    ),
    FixedDeal(
        "lone march: P orders up alone (D sits out, no pick-up), takes all five → D+P 4",
        ("KS KC KD JD TS", "QS QC QD AH TC", "AS AC AD JH QH", "JS JC TD KH 9D"),
        "9H",
        "9C 9S TH",
        "pass, order alone, play QS, play AS, play JS, play AC, play JC, play QC, play AD, "
        "play TD, play QD, play JH, play KH, play AH, play QH, play 9D, play TC",
        (0, 0, 5, 0),
        (4, 0, 4, 0),
        "lone march",
    ),
    FixedDeal(
        "euchre: L names hearts, L+R take two → D+P 2",
        ("KS KC AD JD QH", "AS QC KD AH TS", "QS JC QD JH TC", "JS AC TD KH 9D"),
        "9C",
        "9S TH 9H",
        f"{PASS4}, call H, play AS, play QS, play JS, play KS, play QC, play JC, play AC, "
        "play KC, play TD, play AD, play KD, play QD, play JD, play AH, play JH, play KH, "
        "play TC, play 9D, play QH, play TS",
        (2, 1, 1, 1),
        (2, 0, 2, 0),
        "euchre",
    ),
    FixedDeal(
        "lone euchre: L names hearts alone, takes two → D+P 2",
        ("KS KC AD JD QH", "AS AC KD AH TS", "QS QC QD JH TC", "JS JC TD KH 9D"),
        "9C",
        "9S TH 9H",
        f"{PASS4}, call H alone, play AS, play QS, play KS, play AC, play QC, play KC, "
        "play KD, play QD, play AD, play JD, play AH, play JH, play TC, play QH, play TS",
        (2, 2, 1, 0),
        (2, 0, 2, 0),
        "lone euchre",
    ),
    FixedDeal(
        "lone euchre worth 4 with lone_euchre_points = 4",
        ("KS KC AD JD QH", "AS AC KD AH TS", "QS QC QD JH TC", "JS JC TD KH 9D"),
        "9C",
        "9S TH 9H",
        f"{PASS4}, call H alone, play AS, play QS, play KS, play AC, play QC, play KC, "
        "play KD, play QD, play AD, play JD, play AH, play JH, play TC, play QH, play TS",
        (2, 2, 1, 0),
        (4, 0, 4, 0),
        "lone euchre",
        options={"standard.lone_euchre_points": 4},
    ),
    FixedDeal(
        "round-2 call: L passes, P names hearts, D+P take three → D+P 1",
        ("KS AC KD JD TS", "QS KC AD AH TC", "AS QC QD KH QH", "JS JC TD JH 9D"),
        "9C",
        "9S TH 9H",
        f"{PASS4}, pass, call H, play QS, play AS, play JS, play KS, play QC, play JC, "
        "play AC, play KC, play KD, play AD, play QD, play TD, play AH, play KH, play JH, "
        "play JD, play 9D, play TS, play TC, play QH",
        (1, 1, 2, 1),
        (1, 0, 1, 0),
        "make",
    ),
    FixedDeal(
        "dealer pick-up: R orders 9♥ up, D takes it and discards 10♠; L+R take four → 1",
        ("KS KC AD JD TS", "QS AC KD AH QH", "JS QC QD KH TC", "AS JC TD JH 9D"),
        "9H",
        "9C 9S TH",
        "pass, pass, order, discard TS, play QS, play JS, play AS, play KS, play JC, "
        "play KC, play AC, play QC, play KD, play QD, play TD, play AD, play JD, play AH, "
        "play KH, play JH, play 9D, play 9H, play QH, play TC",
        (1, 2, 0, 2),
        (0, 1, 0, 1),
        "make",
    ),
    FixedDeal(
        "stick the dealer: seven passes, D must name a suit (hearts); D+P take three → 1",
        ("AS KC AD JD TS", "KS QC KD JH TC", "QS AC QD AH 9D", "JS JC TD KH QH"),
        "9C",
        "9S TH 9H",
        f"{PASS4}, pass, pass, pass, call H, play KS, play QS, play JS, play AS, play KC, "
        "play QC, play AC, play JC, play QD, play TD, play AD, play KD, play JD, play JH, "
        "play AH, play KH, play TC, play 9D, play QH, play TS",
        (2, 1, 1, 1),
        (1, 0, 1, 0),
        "make",
        rules=("stick-the-dealer",),
    ),
    FixedDeal(
        "defend-alone euchre: P alone, L defends alone and takes three → L+R 4",
        ("KS KC KD JD TS", "QS AC AD AH QH", "AS QC QD JH TC", "JS JC TD KH 9D"),
        "9H",
        "9C 9S TH",
        "pass, order alone, defend alone, play QS, play AS, play QC, play AC, play AD, "
        "play QD, play AH, play JH, play TC, play QH",
        (0, 3, 2, 0),
        (0, 4, 0, 4),
        "lone defender euchre",
        rules=("defend-alone",),
    ),
    FixedDeal(
        "super euchre: L names hearts, L+R take nothing → D+P 4",
        ("AS KC AD JD QH", "KS QC KD AH TS", "QS AC QD JH TC", "JS JC TD KH 9D"),
        "9C",
        "9S TH 9H",
        f"{PASS4}, call H, play KS, play QS, play JS, play AS, play KC, play QC, play AC, "
        "play JC, play QD, play TD, play AD, play KD, play JD, play AH, play JH, play KH, "
        "play TC, play 9D, play QH, play TS",
        (3, 0, 2, 0),
        (4, 0, 4, 0),
        "super euchre",
        rules=("super-euchre",),
    ),
    FixedDeal(
        "no-trump pass-out: eight passes, played at no trump; D+P take four → D+P 1",
        ("AS KC KD KH TS", "KS QC AD QH TC", "QS AC QD AH TD", "JS JC JD JH TH"),
        "9C",
        "9S 9D 9H",
        f"{PASS4}, {PASS4}, play KS, play QS, play JS, play AS, play KC, play QC, play AC, "
        "play JC, play QD, play JD, play KD, play AD, play QH, play AH, play JH, play KH, "
        "play TD, play TH, play TS, play TC",
        (1, 1, 3, 0),
        (1, 0, 1, 0),
        "no-trump hand",
        rules=("no-trump-passout",),
    ),
]


@pytest.mark.parametrize("fixed", DEALS, ids=[d.name.split(":")[0] for d in DEALS])
def test_fixed_deal_replays_to_its_exact_score(fixed: FixedDeal):
    state = new_game(
        "standard",
        deals=[fixed.deal()],
        dealer=0,
        seed=0,
        rules=fixed.rules,
        options=fixed.options,
    )
    run(state, fixed.actions)
    assert len(state.hand_records) == 1, "the action list did not finish exactly one hand"
    scored = state.hand_records[0]
    assert scored.tricks == fixed.tricks
    assert scored.points == fixed.points
    assert scored.outcome == fixed.outcome
    assert state.scores == list(fixed.points)
    assert state.hand_number == 1 and state.dealer == 1, "the deal passes to the left"


def test_dealer_pickup_deal_keeps_the_upcard_and_buries_the_discard():
    """§6.1: after R orders up, D holds the 9♥ and the 10♠ is out of play, face down."""
    fixed = DEALS[6]
    state = new_game("standard", deals=[fixed.deal()], dealer=0)
    run(state, "pass, pass, order")
    assert card("9H") in state.hands[0] and state.upcard_taken
    run(state, "discard TS")
    assert state.discards == [card("TS")]
    assert card("TS") not in state.hands[0]


# Four hands to 10: L's lone march (+4), D+P's march (+2), R's lone march (+4),
# D+P euchred (+2 to L+R) → L+R reach 10 and win, 10-2.
GAME_DEALS = [
    ("KS KC KD JD TS", "AS AC AD JH QH", "QS QC QD AH TC", "JS JC TD KH 9D"),
    ("KS AC KD JH TS", "QS KC QD JD TC", "AS QC AD AH QH", "JS JC TD KH 9D"),
    ("KS KC KD JD TS", "QS QC QD AH TC", "JS JC TD KH 9D", "AS AC AD JH QH"),
    ("AS KC KD JD TS", "KS AC QD JH TC", "QS QC TD AH QH", "JS JC AD KH 9D"),
]
GAME_ACTIONS = (
    f"{PASS4}, call H alone, play AS, play QS, play KS, play AC, play QC, play KC, play AD, "
    "play QD, play KD, play JH, play AH, play JD, play QH, play TC, play TS, "
    f"{PASS4}, call H, play AS, play JS, play KS, play QS, play QC, play JC, play AC, "
    "play KC, play KD, play QD, play AD, play TD, play AH, play KH, play JH, play JD, "
    "play TS, play TC, play QH, play 9D, "
    f"{PASS4}, call H alone, play AS, play KS, play JS, play AC, play KC, play JC, play AD, "
    "play KD, play TD, play JH, play JD, play KH, play QH, play TS, play 9D, "
    f"{PASS4}, call H, play AS, play KS, play QS, play JS, play KC, play AC, play QC, "
    "play JC, play QD, play TD, play AD, play KD, play KH, play JD, play JH, play AH, "
    "play TC, play QH, play 9D, play TS"
)


def test_a_whole_game_to_ten_from_explicit_deals():
    """§10-§11: the deal moves left each hand; the game ends when L+R reach 10."""
    deals = [
        Deal.of([cards(h) for h in hands], cards("9S TH 9H"), card("9C")) for hands in GAME_DEALS
    ]
    state = new_game("standard", deals=deals, dealer=0, seed=0)
    run(state, GAME_ACTIONS)
    assert state.is_over
    assert [h.dealer for h in state.hand_records] == [0, 1, 2, 3]
    assert [h.points for h in state.hand_records] == [
        (0, 4, 0, 4),
        (2, 0, 2, 0),
        (0, 4, 0, 4),
        (0, 2, 0, 2),
    ]
    assert [h.outcome for h in state.hand_records] == [
        "lone march",
        "march",
        "lone march",
        "euchre",
    ]
    assert state.scores == [2, 10, 2, 10]
    assert state.result.winners == (1, 3)
    assert state.legal_actions() == ()
    assert isinstance(state.events[-2], HandScored)


def test_a_hand_of_given_cards_and_dealer_can_be_copied_and_played_on() -> None:
    import copy

    from euchre_core import new_hand

    state = new_hand("standard", DEALS[6].deal(), dealer=0)
    twin = copy.deepcopy(state)  # nothing random drawn yet: the copy must still work
    for s in (state, twin):
        while s.to_act is not None:
            s.apply(s.legal_actions()[0])
    assert twin.hand_records == state.hand_records and twin.events == state.events
