"""Five Hundred's pieces as data: its options, its actions and events, the packs and the
Avondale bid table. The rules that use them are the plugin :mod:`euchre_plugins.five_hundred`
(which re-exports every name here); this module keeps it to a readable size."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from euchre_plugins.auction_core import AuctionRules, Ladder, Rung

from euchre_core.actions import Action, Play, register_action
from euchre_core.cards import JOKER, SIXTY_THREE_EXTRA, SUITS, Card, Suit, pack
from euchre_core.config import Option
from euchre_core.errors import EuchreError
from euchre_core.events import Event
from euchre_core.state import State

NAME = "five-hundred"
HAND = 10
PLAYERS = (3, 4, 5, 6)
MISERE = "misere"
OPEN_MISERE = "open-misere"
MISERES = (MISERE, OPEN_MISERE)
#: Strains in Avondale order, with their words in a bid.
STRAINS: tuple[tuple[str, Suit | None], ...] = (
    ("spades", Suit.SPADES),
    ("clubs", Suit.CLUBS),
    ("diamonds", Suit.DIAMONDS),
    ("hearts", Suit.HEARTS),
    ("no-trump", None),
)

OPTIONS = [
    Option(
        "deck",
        str,
        "43",
        "The four-player pack: 43 cards (red 4s, black 5s up, the joker), 45 (every 4; a "
        "five-card kitty) or 42 (no joker; a two-card kitty).",
        choices=("43", "45", "42"),
    ),
    Option(
        "red_fours",
        str,
        "black_fours_removed",
        "Which 4s leave the 43-card pack: the black ones, or the 4 of spades and the 4 of "
        "diamonds.",
        choices=("black_fours_removed", "4S_4D_removed"),
    ),
    Option(
        "partnerships",
        str,
        "2x3",
        "Six players: two partnerships of three, partners in alternate seats, or three "
        "partnerships of two, partners opposite.",
        choices=("2x3", "3x2"),
    ),
    Option(
        "deal_pattern",
        str,
        "3-4-3_kitty_each_round",
        "3, 4 and 3 cards each with a card to the kitty after each round, or 3 each, the "
        "kitty, 4 each and 3 each.",
        choices=("3-4-3_kitty_each_round", "3-widow-4-3"),
    ),
    Option(
        "bidding_rounds",
        str,
        "until_three_pass",
        "The bidding goes round until a bid is passed by all the others, or each player "
        "speaks once.",
        choices=("until_three_pass", "single"),
    ),
    Option("misere", bool, True, "Misère (no trick, the partner out, 250) may be bid."),
    Option("open_misere", bool, True, "Open misère (the hand shown, 500) may be bid."),
    Option(
        "misere_rank",
        str,
        "above_sevens_below_eights",
        "Misère beats every seven and loses to every eight, or ranks by its value (between "
        "8 spades and 8 clubs).",
        choices=("above_sevens_below_eights", "by_value"),
    ),
    Option("misere_after_seven", bool, True, "Misère only after a bid of seven or more."),
    Option(
        "open_misere_rank",
        str,
        "between_10D_10H",
        "Open misère ranks between 10 diamonds and 10 hearts, or above every bid.",
        choices=("between_10D_10H", "top"),
    ),
    Option("open_misere_after_eight", bool, False, "Open misère only after a bid of eight."),
    Option(
        "all_pass",
        str,
        "redeal",
        "When everyone passes: a new deal, or the hand is played at no trumps without the "
        "kitty, 10 a trick to everyone.",
        choices=("redeal", "play_no_trumps"),
    ),
    Option(
        "redeal_by",
        str,
        "next_dealer",
        "After a thrown-in hand the next player deals, or the same dealer again.",
        choices=("next_dealer", "same_dealer"),
    ),
    Option(
        "joker_nomination",
        str,
        "declarer_may_nominate",
        "At no trumps and misère the declarer holding the joker may name its suit.",
        choices=("declarer_may_nominate", "off"),
    ),
    Option(
        "joker_lead",
        str,
        "name_suit_not_shown_void",
        "Who leads a free joker names the suit to follow (not one the leader has shown "
        "void in), or the joker may be led only to the last trick.",
        choices=("name_suit_not_shown_void", "last_trick_only"),
    ),
    Option("slam", bool, True, "All ten tricks on a contract worth less than 250 score 250."),
    Option(
        "misere_defender_trick_points",
        str,
        "0",
        "What the defenders of a misère score: nothing, or 10 a trick.",
        choices=("0", "10_per_trick"),
    ),
    Option("target_score", int, 500, "Points that win the game.", min=1),
    Option("lose_score", int, -500, "A side at this score or below loses.", max=-1),
    Option(
        "win_requires_bid",
        bool,
        True,
        "A side reaches the target and wins only by making a contract.",
    ),
]


# ---------------------------------------------------------------------------------------
# Actions of this game
# ---------------------------------------------------------------------------------------


@register_action
@dataclass(frozen=True, slots=True)
class Nominate(Action):
    """The declarer of a no-trump or misère contract names the joker's suit."""

    keyword: ClassVar[str] = "nominate"
    suit: Suit

    def __str__(self) -> str:
        return f"nominate {self.suit.value}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1:
            raise EuchreError("'nominate' takes one suit, e.g. 'nominate H'")
        return Nominate(Suit.parse(words[0]))


@register_action
@dataclass(frozen=True, slots=True)
class JokerLead(Play):
    """Lead the free joker and name the suit the others must follow."""

    keyword: ClassVar[str] = "joker"
    suit: Suit = Suit.CLUBS

    def __str__(self) -> str:
        return f"joker {self.suit.value}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1:
            raise EuchreError("'joker' takes the suit it names, e.g. 'joker C'")
        return JokerLead(JOKER, Suit.parse(words[0]))


NOMINATE: dict[Suit, Nominate] = {s: Nominate(s) for s in SUITS}
JOKER_LEAD: dict[Suit, JokerLead] = {s: JokerLead(JOKER, s) for s in SUITS}


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """The open-misère declarer's hand, laid face up for every seat after the first
    trick (the cards still held then)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class JokerLed(Event):
    """A free joker was led and its leader named the suit to follow."""

    seat: int
    suit: Suit


# ---------------------------------------------------------------------------------------
# Packs and the bid table
# ---------------------------------------------------------------------------------------


def deck_for(options: Mapping[str, Any], seats: int) -> tuple[Card, ...]:
    """The cards of the pack for the player count and the options."""
    if seats == 3:
        return pack("7", jokers=1)
    if seats == 5:
        return pack("2", jokers=1)
    if seats == 6:
        return pack("2", jokers=1, extra=SIXTY_THREE_EXTRA)
    name = str(options["deck"])
    jokers = 0 if name == "42" else 1
    full = pack("4", jokers=jokers)
    if name == "45":
        return full
    gone = {"4C", "4S"} if options["red_fours"] == "black_fours_removed" else {"4S", "4D"}
    return tuple(c for c in full if c.code not in gone)


def partnerships_of(options: Mapping[str, Any], seats: int) -> tuple[tuple[int, ...], ...] | None:
    """The fixed partnerships: partners opposite with four players; with six two sides of
    three in alternate seats (``2x3``) or three sides of two, partners opposite (``3x2``);
    none with three or five players."""
    if seats == 4:
        return ((0, 2), (1, 3))
    if seats == 6:
        if options["partnerships"] == "3x2":
            return ((0, 3), (1, 4), (2, 5))
        return ((0, 2, 4), (1, 3, 5))
    return None


def kitty_size(options: Mapping[str, Any], seats: int) -> int:
    return len(deck_for(options, seats)) - HAND * seats


def bid_value(tricks: int, strain: int) -> int:
    """The Avondale value: 40 for 6 spades, +20 a strain, +100 a trick."""
    return 40 + 100 * (tricks - 6) + 20 * strain


@functools.lru_cache(maxsize=64)
def ladder_for(misere: bool, open_misere: bool, by_value: bool, open_top: bool) -> Ladder:
    """Every bid, lowest first: the Avondale table with the misères in their places."""
    rungs = [
        Rung(f"{n}-{word}", n, bid_value(n, i))
        for n in range(6, 11)
        for i, (word, _) in enumerate(STRAINS)
    ]
    if misere:
        at = next(
            k
            for k, r in enumerate(rungs)
            if r.tricks == 8 and (not by_value or r.value == "8-clubs")
        )
        rungs.insert(at, Rung(MISERE, 0, 250, alone=True))
    if open_misere:
        at = (
            len(rungs)
            if open_top
            else next(k for k, r in enumerate(rungs) if r.value == "10-hearts")
        )
        rungs.insert(at, Rung(OPEN_MISERE, 0, 500, alone=True))
    return Ladder(tuple(rungs))


def rules_for(options: Mapping[str, Any]) -> AuctionRules:
    """The auction of this game, from the options."""
    return _rules(
        bool(options["misere"]),
        bool(options["open_misere"]),
        options["misere_rank"] == "by_value",
        options["open_misere_rank"] == "top",
        "single" if options["bidding_rounds"] == "single" else "multi",
    )


@functools.lru_cache(maxsize=64)
def _rules(misere: bool, open_misere: bool, by_value: bool, top: bool, rounds: str) -> AuctionRules:
    return AuctionRules(ladder_for(misere, open_misere, by_value, top), rounds, True, "redeal")


def strain_of(value: int | str) -> tuple[bool, Suit | None]:
    """``(is a misère, trump)`` of a bid."""
    if value in MISERES:
        return True, None
    word = str(value).partition("-")[2]
    return False, dict(STRAINS)[word]


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def auction_rules(state: State) -> AuctionRules:
    return rules_for(opt(state))


def is_misere(level: object) -> bool:
    return level in MISERES


def bid_words(value: int | str) -> str:
    """``7 hearts``, ``8 no trumps``, ``misère``, ``open misère``."""
    if value == MISERE:
        return "misère"
    if value == OPEN_MISERE:
        return "open misère"
    n, _, strain = str(value).partition("-")
    return f"{n} {'no trumps' if strain == 'no-trump' else strain}"


__all__ = [
    "HAND",
    "JOKER_LEAD",
    "MISERE",
    "MISERES",
    "NAME",
    "NOMINATE",
    "OPEN_MISERE",
    "OPTIONS",
    "PLAYERS",
    "STRAINS",
    "HandShown",
    "JokerLead",
    "JokerLed",
    "Nominate",
    "auction_rules",
    "bid_value",
    "bid_words",
    "deck_for",
    "is_misere",
    "kitty_size",
    "ladder_for",
    "opt",
    "partnerships_of",
    "rules_for",
    "strain_of",
]
