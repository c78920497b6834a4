"""The hints (the bots' reasons, ``?`` at the table and the coach's advice) speak to the
player ("your partner", "you hold", never "my"), state a threshold with the number it is
compared to at the same precision, and show cards as the table does."""

from __future__ import annotations

import io
import re

import pytest
from euchre_cli.render import Screen, make_console, seat_names

from euchre_core import new_game
from euchre_core.actions import Play
from euchre_core.bots import make_bot
from euchre_core.bots.evaluate import short_of
from euchre_core.cards import card

VARIANTS = ("standard", "cutthroat", "two-hand", "pepper", "pepper-3", "auction", "call-ace")
SELF = re.compile(r"\b(my|our|me|I|us|mine)\b")
#: "... about 2.96 tricks for your side, short of the 3.00 a call needs".
SHORT = re.compile(r"(\d+\.\d+)[^.;]*?short of the (\d+\.\d+)")


def reasons(variant: str, games: int = 3) -> list[str]:
    out = []
    for seed in range(1, games + 1):
        state = new_game(variant, seed=seed)
        bots = [make_bot("heuristic", f"{seed}/seat{s}") for s in range(state.seats)]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            advice = bots[seat].advise(state.view(seat), state.legal_actions())
            out.append(advice.reason)
            state.apply(advice.action)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_reasons_speak_to_the_player_in_whole_sentences(variant: str) -> None:
    said = reasons(variant)
    assert len(said) > 50
    for reason in said:
        assert not SELF.search(reason), reason
        assert reason.endswith("."), reason
        assert not any(sym in reason for sym in "♣♦♥♠"), "the core speaks card codes"
    assert any("your" in r or "you " in r for r in said)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_threshold_is_stated_with_a_number_below_it_at_the_same_precision(
    variant: str,
) -> None:
    for reason in reasons(variant, games=6):
        for have, need in SHORT.findall(reason):
            assert float(have) < float(need), reason
            assert len(have.split(".")[1]) == len(need.split(".")[1]), reason


def test_short_of_adds_places_until_the_two_numbers_differ() -> None:
    assert short_of(2.4, 3.0) == ("2.4", "3.0")
    assert short_of(2.96, 3.0) == ("2.96", "3.00")
    assert short_of(4.349, 4.35) == ("4.349", "4.350")
    assert short_of(2.999, 3.0) == ("2.999", "3.000")


def screen(plain: bool) -> tuple[Screen, io.StringIO]:
    buffer = io.StringIO()
    console = make_console(plain)
    console.file = buffer
    console.width = 200
    s = Screen(
        names=seat_names(4, 0),
        viewer=0,
        partnerships=((0, 2), (1, 3)),
        title="Hint",
        plain=plain,
        console=console,
    )
    return s, buffer


def test_a_hint_draws_the_cards_of_its_reason_as_the_table_does() -> None:
    why = "play 9C: your partner's AC wins the trick; save your cards."
    s, out = screen(plain=False)
    s.hint([(1, Play(card("9C")))], Play(card("9C")), why)
    text = out.getvalue()
    assert "A♣" in text and "9♣" in text
    assert "AC" not in text and "9C" not in text, "no card codes beside card symbols"
    s, out = screen(plain=True)
    s.hint([(1, Play(card("9C")))], Play(card("9C")), why)
    assert "your partner's AC" in out.getvalue(), "--ascii: codes everywhere"


@pytest.mark.parametrize("variant", VARIANTS)
def test_reasons_read_as_sentences_and_count_what_they_name(variant: str) -> None:
    # "tricks for your side" in cutthroat and two-hand, where every player is alone;
    # "4 trumps (JC JS AC)", three named of four; "with picking up AC"; "keeps you hold".
    state = new_game(variant, seed=1)
    alone = state.table.partnerships is None and variant not in ("auction", "call-ace")
    trumps = re.compile(r"(\d) trumps \(([^)]*)\)")
    for reason in reasons(variant, games=4):
        if alone:
            assert "your side" not in reason, reason
        assert "with picking up" not in reason and "keeps you hold" not in reason, reason
        assert "little-pepper" not in reason and "big-pepper" not in reason, "a code"
        for count, named in trumps.findall(reason):
            codes, _, more = named.partition(" and ")
            shown = len(codes.split()) + (int(more.split()[0]) if more else 0)
            assert shown == int(count), reason


def test_a_pepper_bid_is_said_in_words() -> None:
    # "bid little-pepper: about 5.2 of 6 tricks alone" (the bid's code, not its words).
    said = []
    for seed in range(1, 200):
        state = new_game("pepper", seed=seed)
        seat = state.to_act
        assert seat is not None
        advice = make_bot("heuristic", seed).advise(state.view(seat), state.legal_actions())
        if "pepper" in str(advice.action):
            said.append(advice.reason)
            if len(said) >= 2:
                break
    assert said and all(r.startswith(("bid little pepper:", "bid big pepper:")) for r in said)
