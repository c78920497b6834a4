"""The search bot: legal, deterministic, variant-independent, and better than chance."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_core import load_variant
from euchre_core.actions import ORDER, ORDER_ALONE, PASS, Action, Play
from euchre_core.analysis.sim import play_game
from euchre_core.bots.search import LEVELS, SearchBot, bot_for_level, hand_value
from euchre_core.config import Config
from euchre_core.errors import EuchreError
from euchre_core.state import State, new_hand
from euchre_core.testing import deal_from_text

VARIANTS = [
    ("standard", ()),
    ("two-hand", ()),
    ("cutthroat", ()),
    ("standard", ("farmers-hand", "partners-best", "defend-alone")),
    ("standard", ("benny", "stick-the-dealer")),
    ("call-ace", ()),
]


def test_the_search_bot_is_registered_with_the_levels() -> None:
    from euchre_core.bots import BOTS, make_bot

    assert "search" in BOTS
    assert isinstance(make_bot("search", 1), SearchBot)
    assert LEVELS == {"easy": "careless", "normal": "heuristic", "hard": "search"}
    assert bot_for_level("hard").name == "search"
    assert bot_for_level("Normal").name == "heuristic"
    assert bot_for_level("easy").name == "careless"
    with pytest.raises(EuchreError, match="unknown level"):
        bot_for_level("expert")


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_plays_a_legal_hand_of_every_variant(name: str, rules: tuple[str, ...]) -> None:
    config = load_variant(name, rules=rules)
    seats = config.rules().table(config).seats
    bots = [SearchBot(s, samples=2, rollout="random") for s in range(seats)]
    state = play_game(config, f"search/{name}", bots, max_hands=2)
    assert state.is_over and state.hand_records


def test_same_seed_same_choices_and_any_worker_count() -> None:
    from euchre_cli.duel import run_duel

    a = run_duel("standard", "search:samples=2,rollout=random", "random", hands=4, jobs=1)
    b = run_duel("standard", "search:samples=2,rollout=random", "random", hands=4, jobs=2)
    assert [(u.a_points, u.b_points, u.hands) for u in a.units] == [
        (u.a_points, u.b_points, u.hands) for u in b.units
    ]


def test_the_same_view_gives_the_same_choice(standard: Config) -> None:
    state = State(standard, seed=4, max_hands=1)
    view = state.view(state.to_act or 0)
    legal = state.legal_actions()
    first = SearchBot(3, samples=6).evaluate(view, legal)
    again = SearchBot(3, samples=6).evaluate(view, legal)
    assert first == again and set(first) == set(legal)


def test_goes_alone_with_a_hand_that_cannot_lose_a_trick() -> None:
    # Seat 1 (first to speak) holds the five best hearts with the 9H turned up: alone it
    # takes every trick (4 points) whatever the others hold; passing or playing with a
    # partner is worth less.
    deal = deal_from_text(
        "9C TC QC 9S TS | JH JD AH KH QH | JC KC QS KS AS | TD QD KD AD 9D", "TH AC JS", "9H"
    )
    state = new_hand("standard", deal, dealer=0)
    view = state.view(1)
    bot = SearchBot(0, samples=12, rollout="random")
    values = bot.evaluate(view, state.legal_actions())
    assert values[ORDER_ALONE] == 4.0
    assert values[ORDER_ALONE] > values[ORDER] > values[PASS]
    assert bot.choose(view, state.legal_actions()) == ORDER_ALONE


def test_hand_value_counts_the_partner_and_the_hand_sides() -> None:
    standard = load_variant("standard")
    state = State(standard, seed=1, max_hands=1)
    bots = [SearchBot(s, samples=1, rollout="random") for s in range(4)]
    state = play_game(standard, 1, bots, max_hands=1)
    scored = state.hand_records[-1]
    for seat in range(4):
        partner = (seat + 2) % 4
        opp = (seat + 1) % 4
        assert hand_value(state, seat) == scored.points[seat] - scored.points[opp]
        assert hand_value(state, seat) == hand_value(state, partner)
    cut = load_variant("cutthroat")
    state = play_game(cut, 5, [SearchBot(s, samples=1, rollout="random") for s in range(3)])
    last = state.hand_records[-1]
    if last.makers:
        maker = last.makers[0]
        defender = next(s for s in range(3) if s != maker)
        assert hand_value(state, maker) == last.points[maker] - last.points[defender]
        assert hand_value(state, defender) == last.points[defender] - last.points[maker]


def test_in_a_game_that_counts_down_points_taken_off_are_gains() -> None:
    # Buck euchre: every score counts down from 15, each trick taken takes a point off.
    from euchre_core.bots.heuristic import HeuristicBot

    buck = load_variant("buck")
    checked = 0
    for seed in range(6):
        state = play_game(buck, seed, [HeuristicBot(s) for s in range(4)], max_hands=1)
        last = state.hand_records[-1]
        took = [-p for p in last.points]  # points off each score
        best = max(range(4), key=took.__getitem__)
        worst = min(range(4), key=took.__getitem__)
        if took[best] > took[worst]:
            assert hand_value(state, best) > 0 > hand_value(state, worst)
            checked += 1
    assert checked


def test_beats_random_play_by_a_clear_margin() -> None:
    from euchre_cli.duel import run_duel

    result = run_duel("standard", "search:samples=4,rollout=random", "random", hands=12, seed=3)
    lead = result.estimates()["lead_per_hand"]
    assert lead.value > 0.5 and lead.low > 0


def test_unknown_settings_are_refused() -> None:
    from euchre_cli.duel import make_duel_bot

    with pytest.raises(EuchreError, match="unknown rollout"):
        SearchBot(0, rollout="greedy")
    with pytest.raises(EuchreError, match="unknown search bot setting 'depth' \\(known: samples,"):
        make_duel_bot("search:depth=3", 0)
    assert make_duel_bot("search:samples=5,rollout=random", 0).samples == 5


def test_a_duel_spec_takes_every_setting_of_the_search_bot() -> None:
    import inspect

    from euchre_cli.duel import make_duel_bot, search_settings

    known = search_settings()
    keywords = set(inspect.signature(SearchBot.__init__).parameters) - {"self", "seed", "config"}
    assert set(known) == keywords
    spec = "search:slip=0.3,bid_sure=1,card_sure=0.5,trick_weight=0.1,discard_solver=yes"
    bot = make_duel_bot(spec, 0)
    assert (bot.slip, bot.bid_sure, bot.card_sure, bot.trick_weight) == (0.3, 1.0, 0.5, 0.1)
    assert bot.discard_solver is True and isinstance(bot.bid_sure, float)
    assert make_duel_bot("search:partner_bid_slip=0.5", 0).partner_bid_slip == 0.5
    assert make_duel_bot("search:solver=off,reuse=1", 0).solver is False
    with pytest.raises(EuchreError, match=r"^search bot setting 'solver=maybe': not yes or no$"):
        make_duel_bot("search:solver=maybe", 0)


def test_the_duel_command_reports_points_and_wins() -> None:
    import typer
    from euchre_cli.duel import duel
    from typer.testing import CliRunner

    app = typer.Typer()
    app.command()(duel)
    app.command("other")(lambda: None)
    result = CliRunner().invoke(
        app,
        [
            "duel",
            "search:samples=2,rollout=random",
            "random",
            "--variant",
            "two-hand",
            "--games",
            "2",
            "--jobs",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "A's lead per hand" in result.output and "of the games" in result.output


def test_think_ms_is_a_time_budget_and_heuristic_settings_are_read() -> None:
    from euchre_cli.duel import make_duel_bot

    bot = make_duel_bot("search:think_ms=25,solver=no", 0)
    assert bot.time_budget == pytest.approx(0.025) and bot.solver is False
    assert SearchBot(0, think_ms=0).time_budget is None
    with pytest.raises(EuchreError, match="think_ms"):
        SearchBot(0, think_ms=-1)
    tuned = make_duel_bot("heuristic:alone_at=3.1,call_margin=0.5", 0)
    assert (tuned.alone_at, tuned.call_margin) == (3.1, 0.5)
    with pytest.raises(EuchreError, match="alone_at=X"):
        make_duel_bot("heuristic:bold=1", 0)
    tuned_search = make_duel_bot("search:bid_samples=20,model=off,reuse=no,oversample=2", 0)
    assert (tuned_search.bid_samples, tuned_search.model, tuned_search.reuse) == (20, False, False)
    assert tuned_search.oversample == 2
    with pytest.raises(EuchreError, match="'bid_samples=x': not a whole number"):
        make_duel_bot("search:bid_samples=x", 0)
    with pytest.raises(EuchreError, match="'think_ms=fast': not a number"):
        make_duel_bot("search:think_ms=fast", 0)


def test_card_play_averages_the_solvers_points_over_the_sampled_deals() -> None:
    from euchre_core import new_game
    from euchre_core.actions import Play
    from euchre_core.bots.heuristic import HeuristicBot

    state = new_game("standard", seed=11)
    heuristic = HeuristicBot(0)
    while state.to_act is not None and not all(isinstance(a, Play) for a in state.legal_actions()):
        legal = state.legal_actions()
        state.apply(heuristic.choose(state.view(state.to_act), legal))
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    bot = SearchBot(3, samples=6)
    values = bot.evaluate(state.view(seat), legal)
    assert set(values) == set(legal) and bot.last_samples == 6
    # Points of a hand: between a lone march against and a lone march for.
    assert all(-4 <= v <= 4 for v in values.values())


def test_card_points_are_the_solvers_with_points_shared_by_tricks() -> None:
    from euchre_core.analysis.solver import fits, solve
    from euchre_core.bots.heuristic import HeuristicBot
    from euchre_core.bots.search import card_points
    from euchre_core.model import Phase

    compared = 0
    for name in ("standard", "railroad", "two-hand"):
        config = load_variant(name)
        for g in range(6):
            state = State(config, seed=f"points/{g}", max_hands=1)
            bots = [HeuristicBot(s) for s in range(state.seats)]
            memos: dict[int, dict[int, int]] = {}  # one per seat: points by its side's tricks
            while state.to_act is not None:
                seat = state.to_act
                if state.phase is Phase.PLAY and fits(state):
                    memo = memos.setdefault(seat, {}) if name != "two-hand" else None
                    assert card_points(state, memo) == solve(state).points
                    compared += 1
                state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert compared > 50


def test_the_deals_of_a_decision_are_kept_for_the_next_one_of_the_hand() -> None:
    from euchre_core.bots.heuristic import HeuristicBot

    state = new_hand(
        "standard",
        deal_from_text(
            "9C TC 9D TD 9S | JH JD AH KH AC | QC KC QD KD QS | AD AS KS TS JS", "9H TH", "QH"
        ),
        dealer=0,
    )
    bot = SearchBot(1, samples=8, bid_samples=8)
    other = HeuristicBot(0)
    reused = []
    while state.to_act is not None and len(reused) < 3:
        seat = state.to_act
        legal = state.legal_actions()
        if seat == 2 and len(legal) > 1:
            action = bot.choose(state.view(seat), legal)
            reused.append(bot.last_reused)
        else:
            action = other.choose(state.view(seat), legal)
        state.apply(action)
    assert reused[0] == 0 and any(r > 0 for r in reused[1:]), reused
    fresh = SearchBot(1, samples=8, bid_samples=8, reuse=False)
    assert fresh.reuse is False
    with pytest.raises(EuchreError, match="oversample"):
        SearchBot(0, oversample=0)


def test_among_many_bids_the_heuristics_stands_unless_the_search_is_sure() -> None:
    # Five Hundred's first bid: dozens of choices. On a few deals the best average is
    # mostly luck, so the heuristic's bid is kept; a bid that wins on every deal by a
    # clear margin overrules it.
    from euchre_core.bots.heuristic import HeuristicBot

    config = load_variant("five-hundred")
    state = State(config, seed=3, max_hands=1)
    seat = state.to_act
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    assert len(legal) > 8
    heuristic = HeuristicBot(f"search-fallback:{1}").choose(view, legal)
    few = SearchBot(1, bid_samples=4, samples=4)
    assert few.choose(view, legal) == heuristic
    other = next(a for a in legal if a != heuristic)
    i, j = legal.index(other), legal.index(heuristic)
    rows: list[tuple[float, list[float | None]]] = []
    for k in range(12):
        row: list[float | None] = [0.0] * len(legal)
        row[i], row[j] = 10.0 + k % 3, float(k % 2)
        rows.append((1.0, row))
    values = {a: 0.0 for a in legal} | {other: 11.0, heuristic: 0.5}
    few.last_rows = rows
    assert few._sure_or_heuristic(view, legal, values) is None  # sure: the search's own
    noisy: list[tuple[float, list[float | None]]] = []
    for k in range(12):
        row = [0.0] * len(legal)
        row[i], row[j] = (21.0 if k % 2 else -19.0), 0.0  # by 1 on average, give or take 20
        noisy.append((1.0, row))
    few.last_rows = noisy
    assert few._sure_or_heuristic(view, legal, values) == heuristic  # noisy: the heuristic's


def _first_bid(seed: str, seat: int) -> tuple[State, list[Action]]:
    from euchre_core.bots.heuristic import HeuristicBot

    state = State(load_variant("call-ace"), seed=seed, max_hands=1)
    while state.to_act != seat:
        s = state.to_act
        assert s is not None
        state.apply(HeuristicBot(s).choose(state.view(s), state.legal_actions()))
    return state, list(state.legal_actions())


@pytest.mark.parametrize(
    ("seed", "seat", "kept"),
    [("cut/0", 0, True), ("cut/4", 3, False)],
    ids=["by-a-little-on-four-deals", "on-each-of-four-deals"],
)
def test_a_bid_the_time_budget_cut_short_keeps_the_heuristics_choice_unless_sure(
    seed: str, seat: int, kept: bool
) -> None:
    # Call-for-ace, a first bid: on four deals the search would order up a hand the
    # heuristic passes (the best average of four deals is mostly luck). When the time
    # budget stops the search at those four deals of the 96 it asked for, the heuristic's
    # pass stands, unless ordering up wins by more than twice the standard error on them;
    # asked for four deals, the search keeps its own choice.
    from euchre_core.actions import Order, Pass
    from euchre_core.bots.heuristic import HeuristicBot

    state, legal = _first_bid(seed, seat)
    view = state.view(seat)
    assert isinstance(HeuristicBot("search-fallback:1").choose(view, legal), Pass)
    asked_four = SearchBot(1, samples=2, bid_samples=4)
    assert isinstance(asked_four.choose(view, legal), Order) and asked_four.last_samples == 4
    rushed = SearchBot(1, think_ms=1e-6)
    choice = rushed.choose(view, legal)
    assert rushed.last_samples == 4 < rushed.bid_samples
    assert rushed.last_values == asked_four.last_values  # the same deals, read differently
    assert isinstance(choice, Pass if kept else Order)


def test_with_bid_sure_a_bid_the_search_barely_prefers_is_left_to_the_heuristic() -> None:
    # Sixteen deals put ordering up a few hundredths of a point ahead of passing: enough
    # for the search alone, not for a search asked to be one standard error sure.
    from euchre_core.bots.heuristic import HeuristicBot

    state = State(load_variant("standard"), seed=32, max_hands=1)
    seat = state.to_act
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    heuristic = HeuristicBot("search-fallback:1").choose(view, legal)
    assert heuristic == PASS
    assert SearchBot(1, samples=4, bid_samples=16).choose(view, legal) == ORDER
    assert SearchBot(1, samples=4, bid_samples=16, bid_sure=1.0).choose(view, legal) == PASS
    with pytest.raises(EuchreError, match="bid_sure"):
        SearchBot(0, bid_sure=-1.0)


def test_a_bid_the_model_would_not_have_made_weighs_slip() -> None:
    # The first three seats passed: a deal on which the model would have ordered up for
    # one of them weighs ``slip``.
    state = State(load_variant("standard"), seed=0, max_hands=1)
    for _ in range(3):
        state.apply(PASS)
    seat = state.to_act
    assert seat is not None
    bot = SearchBot(1, samples=4, bid_samples=12, slip=0.5, oversample=1)
    bot.choose(state.view(seat), state.legal_actions())
    weights = {w for w, _ in bot.last_rows}
    assert 0.5 in weights and weights <= {1.0, 0.5, 0.25, 0.125}
    with pytest.raises(EuchreError, match="slip"):
        SearchBot(0, slip=0.0)


def test_play_slip_reads_the_cards_played_and_the_same_seed_gives_the_same_card() -> None:
    # Hearts are trumps; seat 1, void in clubs, threw a diamond on the opponents' ace
    # instead of trumping. Reading the cards played (play_slip below 1) weighs the deals
    # by them; the search's choice is the same for the same seed.
    from euchre_cli.duel import make_duel_bot

    state = new_hand(
        "standard",
        deal_from_text(
            "AC KC 9H TH QD | 9D TD 9S TS QS | 9C TC JD KD AD | QH KH AH AS KS", "JC QC JS", "JH"
        ),
        dealer=3,
    )
    for text in ("order", "discard KS", "play AC", "play 9D", "play 9C"):
        state.apply_text(text)
    view, legal = state.view(3), state.legal_actions()
    blind = SearchBot(2, samples=12, slip=1.0)
    blind.choose(view, legal)
    assert {w for w, _ in blind.last_rows} == {1.0}
    reading = SearchBot(2, samples=12, slip=1.0, play_slip=0.25)
    first = reading.choose(view, legal)
    weights = {w for w, _ in reading.last_rows}
    assert weights <= {1.0, 0.25, 0.25**2, 0.25**3} and len(weights) > 1
    assert SearchBot(2, samples=12, slip=1.0, play_slip=0.25).choose(view, legal) == first
    spec = make_duel_bot("search:play_slip=0.25,partner_slip=0.5", 0)
    assert (spec.play_slip, spec.partner_slip) == (0.25, 0.5)
    for bad in ("play_slip", "partner_slip"):
        with pytest.raises(EuchreError, match=rf"^{bad} must be more than 0 and at most 1$"):
            SearchBot(0, **{bad: 0.0})
        with pytest.raises(EuchreError, match="not a number"):
            make_duel_bot(f"search:{bad}=x", 0)
    with pytest.raises(EuchreError, match=r"^unknown play_read 'some' \(known: all, leads\)$"):
        SearchBot(0, play_read="some")
    assert make_duel_bot("search:play_read=leads", 0).play_read == "leads"


def test_trick_weight_adds_the_solvers_tricks_to_each_cards_points() -> None:
    from euchre_core.analysis.solver import fits, solve
    from euchre_core.bots.heuristic import HeuristicBot
    from euchre_core.bots.search import card_points
    from euchre_core.model import Phase

    compared = 0
    for g in range(4):
        state = State(load_variant("standard"), seed=f"tricks/{g}", max_hands=1)
        bot = HeuristicBot(0)
        while state.to_act is not None:
            if state.phase is Phase.PLAY and fits(state):
                solution = solve(state)
                weighed = card_points(state, {}, 0.25)
                assert weighed == {
                    c: p + 0.25 * solution.tricks[c] for c, p in solution.points.items()
                }
                compared += 1
            state.apply(bot.choose(state.view(state.to_act), state.legal_actions()))
    assert compared > 10
    # Cards that score alike are told apart by their tricks, so fewer tie.
    state = _heuristic_hand_at(0, 10)
    view, legal = state.view(state.to_act), state.legal_actions()
    plain = SearchBot(1, samples=8)
    plain.evaluate(view, legal)
    weighed = SearchBot(1, samples=8, trick_weight=0.25)
    weighed.evaluate(view, legal)
    assert plain.last_values != weighed.last_values
    assert all(
        weighed.last_values[a] - plain.last_values[a] >= -1e-9 for a in legal
    )  # the side's tricks only ever add


def test_partner_bid_slip_reads_the_partners_bids_apart() -> None:
    # Three seats passed, the partner of the dealer (who decides) among them: a deal on
    # which the model would have ordered up for the partner weighs partner_bid_slip, for
    # an opponent slip.
    state = State(load_variant("standard"), seed=0, max_hands=1)
    for _ in range(3):
        state.apply(PASS)
    seat = state.to_act
    assert seat == state.dealer
    both = SearchBot(1, samples=4, bid_samples=40, slip=0.5, oversample=1)
    both.choose(state.view(seat), state.legal_actions())
    assert {w for w, _ in both.last_rows} <= {1.0, 0.5, 0.25, 0.125}
    apart = SearchBot(1, samples=4, bid_samples=40, slip=0.5, partner_bid_slip=0.2, oversample=1)
    apart.choose(state.view(seat), state.legal_actions())
    weights = {round(w, 9) for w, _ in apart.last_rows}
    assert weights <= {1.0, 0.5, 0.25, 0.2, 0.1, 0.05}
    assert weights & {0.2, 0.1} and weights & {0.5, 0.25}
    with pytest.raises(EuchreError, match=r"^partner_bid_slip must be more than 0 and at most 1$"):
        SearchBot(0, partner_bid_slip=2.0)


def test_discard_solver_values_the_discard_as_bid_solver_does_and_nothing_else() -> None:
    from euchre_core.actions import Discard

    # Seeded hand 0 as the heuristic bots bid it: the dealer picks the card up, discards.
    state = State(load_variant("standard"), seed=0, max_hands=1)
    bids = []
    for kw in ({}, {"discard_solver": True}):
        bot = SearchBot(4, bid_samples=6, **kw)
        bids.append(bot.evaluate(state.view(state.to_act), state.legal_actions()))
    assert bids[0] == bids[1]  # a bid is played out as before
    state = _heuristic_hand_at(0, 4)
    legal = state.legal_actions()
    assert all(type(a) is Discard for a in legal)
    view = state.view(state.to_act)
    solved = SearchBot(4, bid_samples=6, discard_solver=True).evaluate(view, legal)
    assert solved == SearchBot(4, bid_samples=6, bid_solver=True).evaluate(view, legal)
    assert solved != SearchBot(4, bid_samples=6).evaluate(view, legal)


def _heuristic_hand_at(seed: int, actions: int) -> State:
    from euchre_core.bots.heuristic import HeuristicBot

    state = State(load_variant("standard"), seed=seed, max_hands=1)
    bot = HeuristicBot(0)
    while len(state.actions) < actions:
        seat = state.to_act
        assert seat is not None
        state.apply(bot.choose(state.view(seat), state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("seed", "actions", "search", "careful"),
    [
        (0, 10, "QS", "9H"),  # the solver's card by three eighths of a point: not sure
        (1, 14, "JS", "JS"),  # by over half a point, steadily on the same deals: sure
    ],
)
def test_with_card_sure_the_heuristics_card_stands_unless_the_solver_is_sure(
    seed: int, actions: int, search: str, careful: str
) -> None:
    from euchre_core.bots.heuristic import HeuristicBot

    state = _heuristic_hand_at(seed, actions)
    seat = state.to_act
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    plain = SearchBot(1, samples=8).choose(view, legal)
    chosen = SearchBot(1, samples=8, card_sure=1.0).choose(view, legal)
    assert isinstance(plain, Play) and isinstance(chosen, Play)
    assert HeuristicBot("search-fallback:1").choose(view, legal) != plain
    assert (plain.card.code, chosen.card.code) == (search, careful)


def test_with_card_tie_near_equal_cards_are_the_heuristics_choice() -> None:
    # The solver prefers the queen of spades to the heuristic's nine of hearts by three
    # eighths of a point on these deals: a tie band wider than that leaves the card to
    # the heuristic, a narrower one does not.
    state = _heuristic_hand_at(0, 10)
    seat = state.to_act
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    bot = SearchBot(1, samples=8)
    values = bot.evaluate(view, legal)
    by_code = {a.card.code: v for a, v in values.items() if isinstance(a, Play)}
    assert by_code["QS"] - by_code["9H"] == pytest.approx(0.375)
    picks = []
    for tie in (0.0, 0.25, 0.5):
        chosen = SearchBot(1, samples=8, card_tie=tie).choose(view, legal)
        assert isinstance(chosen, Play)
        picks.append(chosen.card.code)
    assert picks == ["QS", "QS", "9H"]
    for bad in ("card_tie", "trick_weight"):
        with pytest.raises(EuchreError, match=r"^card_tie and trick_weight must be zero"):
            SearchBot(0, **{bad: -1})


def test_the_search_bots_decisions_are_pinned() -> None:
    """Seeded hands of the search bot (seats 0 and 2) against the heuristic bot: its
    actions and the value it found for each choice hash to the same digest. A change
    meant only to make the search faster must not move it; a change to what the search
    does moves it on purpose (and then the expected value here)."""
    import hashlib

    from euchre_core.bots.heuristic import HeuristicBot

    h = hashlib.sha256()
    config = load_variant("standard")
    for g in range(4):
        state = State(config, seed=f"search-digest/{g}", max_hands=1)
        bots: list[Any] = [
            SearchBot(f"{g}/{s}", samples=12) if s % 2 == 0 else HeuristicBot(f"{g}/{s}")
            for s in range(4)
        ]
        while state.to_act is not None:
            seat = state.to_act
            action = bots[seat].choose(state.view(seat), state.legal_actions())
            if seat % 2 == 0:
                values = sorted((str(a), v) for a, v in bots[seat].last_values.items())
                h.update(repr((action, values)).encode())
            state.apply(action)
    assert h.hexdigest()[:16] == "6b5f0daa19782fec"


def test_giving_up_unlikely_deals_early_leaves_the_choices_as_they_were() -> None:
    """Once a decision holds as many deals as it evaluates, a candidate whose bids make it
    less likely than all of those is given up as soon as its replay shows it: seeded hands
    play the same actions, with the same values, as a search that replays every
    candidate to the end, and some candidates were given up. (A deal given up that the
    rest of its replay would have refused, a hidden discard that cannot lead to the
    cards played later, say, leaves one deal fewer than that search draws in its place:
    these two hands have none.)"""
    from euchre_core.bots.heuristic import HeuristicBot

    config = load_variant("standard")
    given_up = 0
    for g in range(2):
        games = []
        for give_up in (True, False):
            state = State(config, seed=f"give-up/{g}", max_hands=1)
            bots: list[Any] = [
                SearchBot(f"{g}/{s}", samples=12) if s % 2 == 0 else HeuristicBot(f"{g}/{s}")
                for s in range(4)
            ]
            for b in bots[::2]:
                b._give_up = give_up
            log = []
            while state.to_act is not None:
                seat = state.to_act
                action = bots[seat].choose(state.view(seat), state.legal_actions())
                if seat % 2 == 0:
                    values = sorted((str(a), v) for a, v in bots[seat].last_values.items())
                    log.append((action, values))
                    if give_up:
                        given_up += bots[seat].last_given_up
                    else:
                        assert bots[seat].last_given_up == 0
                state.apply(action)
            games.append(log)
        assert games[0] == games[1]
    assert given_up > 0
