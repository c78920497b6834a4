"""Values that hooks return to the core.

Hooks answer questions; these are the shapes of the answers. They are frozen so that an
answer can be shared, cached and compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from ._fastinit import fast_init
from .actions import Action
from .cards import Card

__all__ = [
    "ActionWords",
    "Deal",
    "Decision",
    "GameResult",
    "HandScore",
    "Metric",
    "PassOut",
    "Phase",
    "Table",
    "Teams",
    "Transfer",
    "past_target",
    "side_refs",
]


class Phase(str, Enum):
    """Where a game is. Decisions are taken in BIDDING, PREPARE (before the bidding or
    between the contract and the first lead) and PLAY."""

    BIDDING = "bidding"
    PREPARE = "prepare"
    PLAY = "play"
    GAME_OVER = "game over"

    def __str__(self) -> str:
        return self.value


@fast_init
@dataclass(frozen=True, slots=True)
class Table:
    """The shape of the game, answered once per game by ``euchre_table``.

    :ivar seats: number of players, 2 to 7 (seats are 0 … seats-1, clockwise)
    :ivar partnerships: fixed partnerships as tuples of seats (``((0, 2), (1, 3))``), or
      ``None`` when every player scores for themselves
    :ivar deck: the cards of the pack
    :ivar hand_size: cards dealt to each seat
    :ivar target: points that end the game
    :ivar start_score: every seat's score when a game begins (0; a game that counts
      down starts above its target)
    :ivar count_down: scores count down: a side wins by getting down to ``target`` or
      below, and the lowest score is the best (Buck euchre: from 15 down to 0)
    """

    seats: int
    partnerships: tuple[tuple[int, ...], ...] | None
    deck: tuple[Card, ...]
    hand_size: int
    target: int
    start_score: int = 0
    count_down: bool = False

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that score with ``seat`` for the whole game (itself included)."""
        if self.partnerships is None:
            return (seat,)
        for side in self.partnerships:
            if seat in side:
                return side
        return (seat,)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Every scoring side: the partnerships, or one side per seat."""
        if self.partnerships is not None:
            return self.partnerships
        return tuple((s,) for s in range(self.seats))


@fast_init
@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal.

    :ivar hands: each seat's cards, by seat
    :ivar kitty: the undealt cards, top first, *without* the up-card
    :ivar upcard: the card turned face up, or ``None`` when the variant turns none
    """

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...] = ()
    upcard: Card | None = None

    @classmethod
    def of(
        cls,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card] = (),
        upcard: Card | None = None,
    ) -> Deal:
        return cls(tuple(tuple(h) for h in hands), tuple(kitty), upcard)

    def all_cards(self) -> list[Card]:
        out = [c for h in self.hands for c in h]
        out.extend(self.kitty)
        if self.upcard is not None:
            out.append(self.upcard)
        return out


@fast_init
@dataclass(frozen=True, slots=True)
class PassOut:
    """Bidding ended with no contract.

    :ivar points: points each seat scores for the pass-out (a dealer forfeit), by seat;
      empty for none
    :ivar same_dealer: the same dealer deals again (else the deal passes on)
    :ivar reason: plain words for the screen and the record
    """

    points: tuple[int, ...] = ()
    same_dealer: bool = False
    reason: str = "all passed"


@fast_init
@dataclass(frozen=True, slots=True)
class Decision:
    """A choice a seat must make before the first lead (answer of ``euchre_prepare_step``).

    :ivar seat: who chooses
    :ivar actions: the choices
    :ivar kind: what is being decided, one word: ``discard``, ``pickup``, ``alone``,
      ``defend``, ``give``, ``call``, ``partner`` …
    :ivar give_to: for ``Give`` actions, the seat that receives the card
    :ivar blind: the seat chooses without looking at its cards (the dealer naming trump
      when the Benny is turned up): its view hides its own hand while it decides
    """

    seat: int
    actions: tuple[Action, ...]
    kind: str = "declare"
    give_to: int | None = None
    blind: bool = False


@dataclass(frozen=True, slots=True)
class ActionWords:
    """How a person at the table names one action (answer of ``euchre_action_words``).

    The text form of the action (``bid big-pepper``) is always understood; these are the
    words around it, so that a prompt lists what this decision accepts and a person's
    typing means one thing only.

    :ivar say: the action in a few plain words, for a menu and a confirmation:
      ``bid big pepper``, ``order it up alone``, ``play JH``
    :ivar typed: other spellings that name it in full (lower case, single spaces):
      ``("big pepper", "big-pepper")``, ``("hearts alone",)``; a risky action typed so is
      taken at once
    :ivar short: short forms (lower case): ``("4",)`` for ``bid 4``, ``("h",)`` for
      ``call H``; a risky action typed so, or by its menu key, is confirmed first
    :ivar kind: the kind of choice, one word (``pass``, ``order``, ``call``, ``bid``,
      ``pepper``): a prompt gives one example per kind
    :ivar example: that example, as a person would type it (``call h``, ``4``)
    :ivar risk: what the action puts at stake beyond the usual, as a phrase
      (``24 points at risk``, ``your partner sits out``); ``""`` for an ordinary action
    :ivar seat: the seat the action names (a partner), so that a person may name it by
      the seat's name or number
    :ivar numbered: the action is one of those a person names by a number (a bid of an
      auction, a seat): a menu with such an action is keyed by letters, so that a number
      typed is that bid or seat (or refused with the rules' reason), never a position
    """

    say: str
    typed: tuple[str, ...] = ()
    short: tuple[str, ...] = ()
    kind: str = ""
    example: str = ""
    risk: str = ""
    seat: int | None = None
    numbered: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class Transfer:
    """Cards that move into a seat's hand without a choice (answer of
    ``euchre_prepare_step``): the dealer takes the up-card, a declarer takes the widow.

    :ivar source: ``"upcard"``, or the pile the cards come from as the variant names it:
      ``"kitty"`` or ``"widow"`` (the words a table shows: ``takes 3 cards from the
      widow``)
    :ivar public: whether the other seats learn which cards moved
    :ivar returned: cards the seat puts from its hand into the kitty in exchange, in the
      places of the cards taken (a farmer's hand); empty for none
    """

    seat: int
    cards: tuple[Card, ...]
    source: str = "upcard"
    public: bool = True
    returned: tuple[Card, ...] = ()


@fast_init
@dataclass(frozen=True, slots=True)
class Teams:
    """Sides for the current hand (answer of ``euchre_teams``).

    :ivar makers: seats on the maker's side (a sitting-out partner included)
    :ivar defenders: the other seats
    :ivar sitting_out: seats that take no part in the tricks
    """

    makers: frozenset[int]
    defenders: frozenset[int]
    sitting_out: frozenset[int] = frozenset()

    def side_of(self, seat: int) -> frozenset[int]:
        return self.makers if seat in self.makers else self.defenders

    def is_alone(self, seat: int) -> bool:
        """True when ``seat`` plays and every other seat of its side sits out."""
        if not self.sitting_out:
            return False
        side = self.side_of(seat)
        return (
            len(side) > 1
            and seat not in self.sitting_out
            and all(s in self.sitting_out for s in side if s != seat)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class HandScore:
    """Points of a hand (answer of ``euchre_score_hand``).

    :ivar points: points each seat gains, by seat (partners gain the same; may be
      negative in games with negative scores)
    :ivar outcome: a short word: ``make``, ``march``, ``lone march``, ``euchre`` …
    :ivar made: whether the makers fulfilled their contract. ``None`` (the default) lets
      the core decide: made when a seat of the makers' side gained points this hand. A
      variant whose scoring does not follow that (makers who score nothing on a made bid,
      defenders paid on a made contract) sets it explicitly.
    :ivar tricks: the tricks each seat counts as taken, by seat, where they differ from
      the tricks played: a maker whose opponents all gave up takes all five without play
      (Buck euchre). ``None`` (the default): the tricks played. The hand's record and the
      statistics (marches, tricks per hand) use these.
    """

    points: tuple[int, ...]
    outcome: str
    made: bool | None = None
    tricks: tuple[int, ...] | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Metric:
    """A statistic a variant adds to comparisons (answer of ``euchre_add_metrics``).

    It is computed from the facts that ``euchre_hand_facts`` records for each hand: the
    value is ``sum(facts[numerator]) / sum(facts[denominator])`` over every hand of the
    run (a hand without the fact counts 0), or per hand when ``denominator`` is empty.
    Games are the independent units of its confidence interval, and a difference between
    two rule sets played on the same deals is paired game by game.

    :ivar name: a key for JSON and CSV, prefixed with the plugin's name
      (``cutthroat.seat0_points_per_hand``)
    :ivar title: words for the table (``points per hand, seat 0``)
    :ivar numerator: the fact summed above the line
    :ivar denominator: the fact summed below it, or ``""`` for the number of hands
    :ivar percent: shown as a percentage (a rate) rather than a number
    """

    name: str
    title: str
    numerator: str
    denominator: str = ""
    percent: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game (answer of ``euchre_game_result``).

    :ivar winners: the winning seats (a whole partnership; several seats on a shared win)
    :ivar reason: plain words
    :ivar extra: anything a plugin wants recorded with the result (rubber points …)
    :ivar next_scores: ``None`` (the default): the game, and the match, are over. A tuple
      of scores by seat: this game is over but the match goes on, and the next game
      starts with these scores (points carried over, or zeros)
    :ivar losers: seats whose fall ended the game (a side at the losing score, five
      hundred's -500): then the winners need not have reached the target
    :ivar play_on: the game is *not* over although a side reached the target (two sides
      level past it, say): the core tells the players ``reason``
      (:class:`~euchre_core.events.PlayGoesOn`; ``{2}`` in it names seat 2) and deals
      on. ``winners`` is then empty
    """

    winners: tuple[int, ...]
    reason: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
    next_scores: tuple[int, ...] | None = None
    losers: tuple[int, ...] = ()
    play_on: bool = False


def past_target(
    scores: Sequence[int],
    sides: Sequence[tuple[int, ...]],
    target: int,
    *,
    shared: bool = False,
    first: int | None = None,
    first_words: str = "",
) -> GameResult | None:
    """The end of a game played to ``target``, for a ``euchre_game_result`` hook:
    ``None`` while no side has reached it; the one side that has; several at once: with
    ``shared`` every one of them wins together; else the side holding seat ``first``
    (the bidders, say: ``first_words`` names them) when it is among them; else the
    highest, and a tie plays on (a result with ``play_on``, saying who is level)."""
    reached = [side for side in sides if scores[side[0]] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        side = reached[0]
        return GameResult(side, f"reached {scores[side[0]]} of {target}")
    if shared:
        winners = tuple(sorted(s for side in reached for s in side))
        return GameResult(winners, f"{len(reached)} sides reached {target} together: shared win")
    if first is not None:
        for side in reached:
            if first in side:
                return GameResult(side, f"{first_words} reached {scores[side[0]]} of {target}")
    best = max(scores[side[0]] for side in reached)
    top = [side for side in reached if scores[side[0]] == best]
    if len(top) == 1:
        return GameResult(top[0], f"reached {best} of {target}, the highest score past it")
    return GameResult(
        (), f"{side_refs(top)} are level at {best} (the target: {target})", play_on=True
    )


def side_refs(sides: Sequence[Sequence[int]]) -> str:
    """Sides as a reason names them, for the table to put the seats' names in:
    ``{0} & {2} and {1} & {3}``."""
    return " and ".join(" & ".join(f"{{{s}}}" for s in side) for side in sides)
