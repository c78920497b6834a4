"""Three-hand cutthroat euchre: the maker always plays alone against the other two.

Three players, each for themselves. It is the ``standard`` plugin
played by three seats (``players = 3``): with no partnerships the maker has nobody to
play with, so there is no "alone" choice; the other two defend together for the hand
and score individually. Deal, bidding (L, R, D, twice round; the dealer takes the
up-card on an order), the first lead by the dealer's left (L) whoever made trump, and
scoring come from the standard plugin; the variant file sets a march to 3. This plugin
adds:

* **Three seats only.** The plugin refuses any other player count.
* **Two players reaching the target in one hand** (a euchre gives 2 to both defenders):
  option ``simultaneous_target`` —

  - ``highest_wins_else_continue`` (default, project decision): the higher total wins;
    on equal totals hands go on until one of the players past the target is strictly
    ahead;
  - ``shared_win``: everyone who reached the target in that hand wins;
  - ``defenders_tie_continue`` (not recommended): a hand that takes several players to
    the target decides nothing, whatever their totals; the game ends after the first
    hand in which exactly one player who scored in it stands at or above the target,
    and that player wins. (Read literally, "continue until a single player alone is at or
    above target" can never happen once two are past it; this is the project's
    reading.)

  This option replaces ``standard.simultaneous_target`` in this game; setting that one
  is an error that points here.
* **The dummy hand** (option ``dummy_variant``, default off): a fourth
  hand of five cards is dealt face down (24 cards = 15 + 5 + 4, the top card of the last
  four turned up). Once trump is fixed (and after the dealer's exchange), the maker
  chooses ``take-dummy`` — the five cards go into the maker's hand unseen by the others
  and the maker discards five, one at a time, keeping the best five of ten — or
  ``leave-dummy``, playing alone without it. The scoring is the same either way. In a
  deal given explicitly, the dummy is the first five cards of the kitty.
* **The joker** (``standard.deck = deck25_benny`` with the ``benny`` rule): the highest
  trump; turned up, the dealer names trump without bidding (the ``benny`` plugin).
* **Per-seat results in comparisons.** Each hand records every seat's points and which
  seat made trump; ``euchre compare`` then reports points per hand and maker success for
  each seat.

Every parameter of the game, where to set it, and its default:

==========================================  ============================================
``standard.deck``                           ``deck24``; ``deck32``, ``deck25_benny`` (+ benny)
``standard.first_dealer``                   ``random``; ``first_black_jack``, ``low_cut``
``standard.all_pass``                       ``redeal``; stick the dealer is the plugin
                                            ``stick-the-dealer``
``standard.points_make``                    1 (maker 3 or 4 tricks)
``standard.points_march``                   3 (maker all 5), set by ``cutthroat.toml``
``standard.points_euchre``                  2, to *each* of the two defenders
                                            (each defender's own score)
``standard.target_score``                   10
``cutthroat.simultaneous_target``           ``highest_wins_else_continue``
``cutthroat.dummy_variant``                 ``false``
==========================================  ============================================

The lone-hand options of the standard plugin have no effect with three players (the
maker is not "alone" in the sense of a partnership game: a march scores
``points_march``), and ``defend-alone`` cannot be added.

Sources: the French euchre rules of AdPoker.fr ("Le Euchre coupe-gorge à 3 joueurs");
52pickup.net, “Three-Player Euchre”; rarepike.com, “Three-Handed Euchre”; euchre-2lz,
“Three-Handed Euchre”; gamerules.com, “Three-Hand Euchre”; ourpastimes.com, “How to Play
Three-Handed Euchre”; nairapreneurs.com, “Three-Handed Euchre Rules”.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import ClassVar

from euchre_core.actions import DISCARD, Action, WordAction, register_action
from euchre_core.cards import Card
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import Declared, Event
from euchre_core.hookspecs import hookimpl
from euchre_core.model import (
    ActionWords,
    Deal,
    Decision,
    GameResult,
    Metric,
    Table,
    Transfer,
    past_target,
    side_refs,
)
from euchre_core.state import State

NAME = "cutthroat"
APPLIES_TO = ("standard",)
CONFLICTS = ("two-hand", "defend-alone")

SIMULTANEOUS = ("highest_wins_else_continue", "shared_win", "defenders_tie_continue")

OPTIONS = [
    Option(
        "simultaneous_target",
        str,
        "highest_wins_else_continue",
        "When two players reach the target in the same hand: the higher total wins and a "
        "tie plays on; both win; or play on until one player alone scores past the target.",
        choices=SIMULTANEOUS,
    ),
    Option(
        "dummy_variant",
        bool,
        False,
        "Deal a fourth 5-card hand face down; the maker may take it and keep the best "
        "five of ten (declining it is playing alone without it; the scoring is the same).",
    ),
]


@register_action
@dataclass(frozen=True, slots=True)
class TakeDummy(WordAction):
    """The maker takes the dummy hand (cutthroat with ``dummy_variant``)."""

    keyword: ClassVar[str] = "take-dummy"


@register_action
@dataclass(frozen=True, slots=True)
class LeaveDummy(WordAction):
    """The maker leaves the dummy hand face down and plays without it."""

    keyword: ClassVar[str] = "leave-dummy"


TAKE_DUMMY = TakeDummy()
LEAVE_DUMMY = LeaveDummy()


def opt(state: State) -> dict[str, object]:
    return state.options[NAME]  # type: ignore[return-value]


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    if table.seats != 3:
        raise ConfigError(
            config.source,
            "variant.players",
            f"cutthroat is a game for 3 players, not {table.seats}",
        )
    if config.origins.get("standard.simultaneous_target", "default") != "default":
        raise ConfigError(
            config.source,
            "options.standard.simultaneous_target",
            "in cutthroat set options.cutthroat.simultaneous_target instead",
        )
    if config.options[NAME]["dummy_variant"]:
        need = table.seats * table.hand_size + table.hand_size + 1
        if len(table.deck) < need:
            raise ConfigError(
                config.source,
                "options.cutthroat.dummy_variant",
                f"the pack has {len(table.deck)} cards: the dummy needs {need}",
            )
    return table


# ---------------------------------------------------------------------------------------
# The dummy hand
# ---------------------------------------------------------------------------------------


@hookimpl(wrapper=True)
def euchre_deal(state: State) -> Generator[None, Deal, Deal]:
    """With the dummy, the five cards after the hands form the dummy (face down, kept at
    the head of the kitty) and the next card is turned up."""
    deal = yield
    if not opt(state)["dummy_variant"] or deal.upcard is None:
        return deal
    size = state.table.hand_size
    rest = [deal.upcard, *deal.kitty]
    dummy, upcard, kitty = rest[:size], rest[size], rest[size + 1 :]
    return Deal(deal.hands, (*dummy, *kitty), upcard)


def dummy_cards(state: State) -> tuple[Card, ...]:
    """The dummy hand of this deal: the first ``hand_size`` cards of the kitty as dealt."""
    return state.deal.kitty[: state.table.hand_size]


def dummy_choice(state: State) -> Action | None:
    """``TAKE_DUMMY`` or ``LEAVE_DUMMY`` once the maker has chosen, else ``None``."""
    for _, a in state.prepare_log:
        if isinstance(a, (TakeDummy, LeaveDummy)):
            return a
    return None


def dummy_step(state: State) -> Decision | Transfer | None:
    """The maker's choice, the taking of the dummy, then the maker's discards."""
    c = state.contract
    if c is None or c.maker is None or not opt(state)["dummy_variant"]:
        return None
    maker = c.maker
    choice = dummy_choice(state)
    if choice is None:
        return Decision(maker, (TAKE_DUMMY, LEAVE_DUMMY), kind="dummy")
    if choice is LEAVE_DUMMY:
        return None
    dummy = dummy_cards(state)
    if dummy and dummy[0] in state.kitty:
        return Transfer(maker, dummy, "kitty", public=False)
    hand = state.hands[maker]
    if len(hand) > state.table.hand_size:
        return Decision(maker, tuple(DISCARD[x.index] for x in hand), kind="discard")
    return None


@hookimpl(wrapper=True)
def euchre_prepare_step(
    state: State,
) -> Generator[None, Decision | Transfer | None, Decision | Transfer | None]:
    step: Decision | Transfer | None = yield
    if step is not None:
        return step
    if state.contract is None:
        return None
    return dummy_step(state)


# ---------------------------------------------------------------------------------------
# The end of the game
# ---------------------------------------------------------------------------------------


def game_result(state: State) -> GameResult | None:
    """Who has won after this hand, under ``simultaneous_target``."""
    target = state.table.target
    scores = state.scores
    reached = [s for s in range(state.seats) if scores[s] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return GameResult((reached[0],), f"reached {scores[reached[0]]} of {target}")
    mode = opt(state)["simultaneous_target"]
    if mode == "shared_win":
        return GameResult(tuple(reached), f"{len(reached)} players reached {target}: shared win")
    if mode == "highest_wins_else_continue":  # as with partners: the highest, a tie plays on
        return past_target(scores, state.table.sides, target)
    points = state.hand_records[-1].points if state.hand_records else ()
    scorers = [s for s in reached if s < len(points) and points[s] > 0]
    if len(scorers) == 1:
        s = scorers[0]
        return GameResult((s,), f"the only player to score past {target} ({scores[s]})")
    past = side_refs([(s,) for s in reached])
    return GameResult(
        (), f"{past} are past {target}: a hand with one of them alone scoring ends it", play_on=True
    )


@hookimpl(wrapper=True)
def euchre_game_result(state: State) -> Generator[None, GameResult | None, GameResult | None]:
    yield
    return game_result(state)


# ---------------------------------------------------------------------------------------
# Per-seat results for comparisons
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_hand_facts(state: State) -> dict[str, float]:
    """Each seat's points this hand, and which seat made trump and whether it made it."""
    scored = state.hand_records[-1]
    facts: dict[str, float] = {}
    for s, p in enumerate(scored.points):
        if p:
            facts[f"{NAME}.points_seat{s}"] = p
    for s in scored.makers:
        facts[f"{NAME}.maker_seat{s}"] = 1
        if scored.made:
            facts[f"{NAME}.made_seat{s}"] = 1
    return facts


@hookimpl
def euchre_add_metrics() -> list[Metric]:
    """Per seat: points per hand, and how often its contracts are made."""
    out = [
        Metric(
            f"{NAME}.seat{s}_points_per_hand",
            f"points per hand, seat {s}",
            f"{NAME}.points_seat{s}",
        )
        for s in range(3)
    ]
    out += [
        Metric(
            f"{NAME}.seat{s}_maker_success",
            f"maker success, seat {s}",
            f"{NAME}.made_seat{s}",
            f"{NAME}.maker_seat{s}",
            percent=True,
        )
        for s in range(3)
    ]
    return out


# ---------------------------------------------------------------------------------------
# Coaching: cutthroat's own rules in plain words
# ---------------------------------------------------------------------------------------


def _points(n: object) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What cutthroat changes, for the coach: three players, a maker alone against two,
    and each player's own score."""
    std = config.options["standard"]
    make, march = _points(std["points_make"]), _points(std["points_march"])
    euchre = _points(std["points_euchre"])
    target = std["target_score"]
    dummy = config.options[NAME]["dummy_variant"]
    texts = {
        "intro": (
            "Three-hand cutthroat euchre: three players, each for themselves. Whoever "
            "makes trump plays alone against the other two, who defend together for that "
            f"hand. The first player to {target} points wins. I will tell you what each "
            "decision is about, what I would do and why; the choice is always yours."
        ),
        "rules": (
            "24 cards, five to each of three players; the next card is turned up. Round 1: "
            "each, from the dealer's left, orders the up-card's suit as trump or passes (the "
            "dealer takes the card and discards); round 2: name another suit or pass. The "
            "maker plays alone against the other two. Follow suit if you can; the bowers "
            f"are the two highest trumps. The maker scores {make} for 3 or 4 tricks and "
            f"{march} for all 5; a euchred maker gives {euchre} to each opponent. Game to "
            f"{target}, each player on their own score."
        ),
        "alone": (
            "In cutthroat the maker always plays alone: there are no partners, so the "
            "other two players defend together for this hand, and no one sits out."
        ),
        "scoring": (
            f"Cutthroat scoring: the maker alone scores {make} for 3 or 4 tricks and {march} "
            f"for a march (all 5). Each player keeps their own score; the first to {target} "
            "wins, and if two get there in the same hand the higher total wins."
        ),
        "euchred": (
            "If the maker takes fewer than 3 tricks the maker is euchred: each of the two "
            f"defenders scores {euchre}. That is why a call needs a strong hand."
        ),
        "term:alone": (
            "Playing without a partner. In cutthroat every maker plays alone against the "
            "other two players."
        ),
        "term:march": f"Taking all 5 tricks: {march} for the maker in cutthroat.",
        "term:euchred": (
            f"When the maker takes fewer than 3 tricks: in cutthroat each defender scores {euchre}."
        ),
        "term:cutthroat": (
            "Euchre for three players, each for themselves: the maker plays alone against "
            "the other two."
        ),
    }
    if dummy:
        texts["ask:dummy"] = (
            "The dummy: take the five face-down cards into your hand and discard five, "
            "keeping the best five of ten, or leave them and play with your own hand."
        )
    return texts


__all__ = ["LEAVE_DUMMY", "TAKE_DUMMY", "LeaveDummy", "TakeDummy", "dummy_cards", "game_result"]


@hookimpl
def euchre_action_words(action: Action) -> ActionWords | None:
    """Taking or leaving the dummy hand (``dummy_variant``)."""
    if isinstance(action, TakeDummy):
        return ActionWords(
            "take the dummy hand", typed=("take dummy",), kind="take-dummy", example="take-dummy"
        )
    if isinstance(action, LeaveDummy):
        return ActionWords(
            "leave the dummy hand",
            typed=("leave dummy",),
            kind="leave-dummy",
            example="leave-dummy",
        )
    return None


@hookimpl
def euchre_describe_event(event: Event) -> str | None:
    """The maker's choice of the dummy hand, in words."""
    if isinstance(event, Declared) and isinstance(event.action, TakeDummy):
        return f"{{{event.seat}}} takes the dummy hand, unseen by the others"
    if isinstance(event, Declared) and isinstance(event.action, LeaveDummy):
        return f"{{{event.seat}}} leaves the dummy hand face down and plays without it"
    return None
