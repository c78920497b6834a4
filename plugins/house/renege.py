"""Renege: a player may fail to follow suit, as at a real table, and pays for it when it
is found out.

Without this rule the engine offers only the cards the rules allow, so a renege cannot
happen. With it, the player to play may play *any* card of his hand. The cards the rules
forbid (failing to follow the suit led while holding it; with ``must-trump``, failing to
trump) are offered as improper plays (``play 9S``, marked ``proper = False``): a person
may choose one, a bot never does.

* **Made.** The engine records a renege the moment it is made, in a ``RenegeMade`` event
  that only the offender sees.
* **Proved and called.** When the offender later plays a card of the suit he failed to
  follow (or, under ``must-trump``, a trump after failing to trump), the play itself
  proves the renege to everyone. From then on, whenever a player of the other side is to
  play, he may ``claim renege`` instead of playing a card (a public ``RenegeCalled``
  event). The heuristic bot always claims a proved renege. The claim is offered on what
  everyone saw played, never on the offender's hidden cards: under ``must-trump``, a
  player who showed neither the suit led nor a trump and later plays a trump has
  reneged either way (failing to follow or failing to trump), and the claim says only
  that. Since a claim is offered only once the play proves the renege, no claim can be
  false; a suspicion the play has not proved cannot be called.
* **Found.** A renege not called by the end of the hand is found when the tricks are
  examined (a public ``RenegeFound`` event, one per renege).

The penalty, by ``renege_mode``:

* ``hand_stops`` (default): the hand stops when the renege is called (its tricks count
  for nothing); the non-offending side scores 2, or 4 when it was the side playing
  alone. A renege found at the end of the hand scores the same instead of the hand.
* ``wiki`` (Wikipedia's rule): as ``hand_stops``, but 4 whenever a lone hand is involved:
  against a lone player, or by the lone player himself.
* ``laws1888`` (the 1888 Laws): 3 points to the non-offending side for each renege,
  5 when a lone hand is being played; equal numbers of reneges by both sides cancel. A
  called renege does not stop the hand: it is played out and scored as usual, and the
  penalty is added. The penalty is scored first: if it takes the wronged side to the
  target, they win the game even if the hand takes the offenders there too. (The Laws'
  "established" revoke, which may be corrected before the trick is quitted, has no
  counterpart: a card played stays played, so every renege is established at once.)
* ``tournament`` (a tournament sheet): the hand stops when the renege is called and the
  wronged side scores "full points", which the sheet does not define. Project decision:
  full points are what the table's own scoring would give the wronged side had it taken
  every trick: a march (2; 4 for a lone maker) when it made trump, a euchre (2, or what
  the stack makes of it: ``lone-euchre-4``, ``super-euchre``, ``defend-alone``) when it
  defended.

Under ``hand_stops``, ``wiki`` and ``tournament`` the first renege called (or, at the end
of the hand, the first made) decides the penalty.

Options: ``renege_mode`` (``hand_stops``, ``wiki``, ``laws1888``, ``tournament``).

Needs partnerships. Applies to: ``standard``.

Sources: a French euchre app's rules page (“Comment jouer au euchre”); Wikipedia, “Euchre”
(renege); Leeds & Dwight, The Laws of Euchre (1888), rules 4, 62-71; a euchre tournament
rules sheet (docstoc.com); Seton School's euchre tournament sheet.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from euchre_plugins.house._common import require_partnerships

from euchre_core.actions import PLAY, Action, Play, register_action
from euchre_core.cards import ALL_CARDS, Card, Suit
from euchre_core.config import Config, Option
from euchre_core.errors import EuchreError
from euchre_core.events import CardPlayed, Declared, Event, TrickWon
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords, GameResult, HandScore, Table
from euchre_core.state import State
from euchre_core.trumps import Ranking
from euchre_core.view import PlayerView

NAME = "renege"
APPLIES_TO = ("standard",)

MODES = ("hand_stops", "wiki", "laws1888", "tournament")
#: Modes in which the hand stops when a renege is called.
STOPS = ("hand_stops", "wiki", "tournament")


class ImproperPlay(Play):
    """A card the rules forbid now, offered because a person at a table could play it.

    It reads ``play 9S`` and equals the ``Play`` of its card, so that typing the card
    chooses it; ``proper`` is ``False``, so that bots leave it alone.
    """

    __slots__ = ()
    proper: ClassVar[bool] = False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.card is self.card

    def __hash__(self) -> int:
        return hash(PLAY[self.card.index])


#: The improper play of every card, by :attr:`Card.index`.
IMPROPER: tuple[ImproperPlay, ...] = tuple(ImproperPlay(c) for c in ALL_CARDS)


@register_action
@dataclass(frozen=True, slots=True)
class ClaimRenege(Action):
    """Call a renege the play has proved (``claim renege``)."""

    keyword: ClassVar[str] = "claim"
    claim: ClassVar[bool] = True

    def __str__(self) -> str:
        return "claim renege"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if [w.lower() for w in words] != ["renege"]:
            raise EuchreError("say 'claim renege'")
        return CLAIM


CLAIM = ClaimRenege()


@dataclass(frozen=True, slots=True)
class RenegeMade(Event):
    """``seat`` played ``card`` to trick ``trick`` although the rules required a card of
    ``suit`` (the suit led, or trump under must-trump). Only the offender sees it."""

    seat: int
    card: Card
    trick: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class RenegeCalled(Event):
    """``claimant`` called the renege of ``seat`` (its ``card`` on trick ``trick``), proved
    by the play: ``suit`` is the suit ``seat`` later played and so held then (the suit
    led or, under must-trump, trump)."""

    claimant: int
    seat: int
    card: Card
    trick: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class RenegeFound(Event):
    """At the end of the hand, a renege nobody called is found in the tricks."""

    seat: int
    card: Card
    trick: int
    suit: Suit


@hookimpl
def euchre_add_options() -> list[Option]:
    return [
        Option(
            "renege_mode",
            str,
            "hand_stops",
            "The penalty for a renege: the hand stops, 2 to the other side, 4 if it was "
            "alone (hand_stops); 4 whenever a lone hand is involved (wiki); 3 per renege, "
            "5 in a lone hand, the hand played out (laws1888); the hand stops and the wronged side "
            "scores what taking every trick would (tournament).",
            choices=MODES,
        )
    ]


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    require_partnerships(config, table, NAME)
    return table


def mode(state: State) -> str:
    return str(state.options[NAME]["renege_mode"])


# ---------------------------------------------------------------------------------------
# What the public play proves (the same for the engine and for a seat's view)
# ---------------------------------------------------------------------------------------


def proved(
    events: Sequence[Event], ranking: Ranking | None, must_trump: bool
) -> list[tuple[int, int, Suit]]:
    """Reneges the public play proves: ``(seat, trick, suit)`` for each seat that failed
    to play ``suit`` on trick ``trick`` and later played a card of it (under must-trump,
    failing to trump and later playing a trump)."""
    if ranking is None:
        return []
    suit_of = ranking.suit_of
    trump = ranking.trump
    failed: list[tuple[int, int, Suit]] = []
    out: list[tuple[int, int, Suit]] = []
    led: Suit | None = None
    trick = 0
    first = True
    for e in events:
        if isinstance(e, CardPlayed):
            suit = suit_of[e.card.index]
            for f in failed:
                if f[0] == e.seat and suit is f[2] and f not in out:
                    out.append(f)
            if first:
                led = suit
                first = False
            elif led is not None and suit is not led:
                failed.append((e.seat, trick, led))
                if must_trump and trump is not None and led is not trump and suit is not trump:
                    failed.append((e.seat, trick, trump))
        elif isinstance(e, TrickWon):
            trick += 1
            first = True
    return out


def proved_in_view(view: PlayerView) -> list[tuple[int, int, Suit]]:
    """What ``view``'s seat can prove from the cards it saw played."""
    return proved(view.events, view.ranking, "must-trump" in view.plugins)


# ---------------------------------------------------------------------------------------
# The record of the hand (full information)
# ---------------------------------------------------------------------------------------


def made(state: State) -> list[RenegeMade]:
    return [e for e in state.hand_events if isinstance(e, RenegeMade)]


def called(state: State) -> list[RenegeCalled]:
    return [e for e in state.hand_events if isinstance(e, RenegeCalled)]


def claimable(state: State, seat: int) -> list[RenegeCalled]:
    """The calls ``seat`` may make now: reneges of the other side that the public play
    has proved and nobody has called yet, one per offender and trick.

    Only the cards played decide it, never the offender's hand: under must-trump a
    trump played after a trick with neither the suit led nor a trump proves a renege on
    that trick whether the offender failed to follow (he held the suit led) or failed to
    trump (he did not), and which one it was stays hidden. So the call names the suit
    the play proved. A proof is never wrong (a card played later was in the hand at the
    earlier trick), so a call is never false."""
    done = {(c.seat, c.trick) for c in called(state)}
    mine = set(state.table.side_of(seat))
    played = {(r.seat, r.trick): r.card for r in made(state)}
    out: list[RenegeCalled] = []
    for offender, trick, suit in proved(
        state.hand_events, state.ranking, "must-trump" in state.rules.names
    ):
        key = (offender, trick)
        if offender in mine or key in done or any((c.seat, c.trick) == key for c in out):
            continue
        card = played.get(key)
        if card is None:
            raise EuchreError(
                f"the play proves a renege by seat {offender} on trick {trick + 1} "
                "that was not recorded when it was made"
            )
        out.append(RenegeCalled(seat, offender, card, trick, suit))
    return out


@hookimpl
def euchre_play_actions(state: State, seat: int) -> list[Action]:
    proper = set(state.rules.legal_plays(state, seat) or ())
    out: list[Action] = [IMPROPER[c.index] for c in state.hands[seat] if c not in proper]
    if claimable(state, seat):
        out.append(CLAIM)
    return out


@hookimpl
def euchre_play_over(state: State) -> bool | None:
    if state.play_log and isinstance(state.play_log[-1][1], ClaimRenege):
        return mode(state) in STOPS
    return None


def _failed_suit(state: State, seat: int, card: Card) -> Suit | None:
    """The suit ``seat`` was bound to play when it played ``card`` improperly."""
    r = state.ranking
    trick = state.trick
    if r is None or len(trick) < 2:
        return None
    led = r.suit_of[trick[0][1].index]
    own = r.suit_of[card.index]
    hand = state.hands[seat]
    if led is not None and own is not led and any(r.suit_of[c.index] is led for c in hand):
        return led
    if r.trump is not None and any(r.suit_of[c.index] is r.trump for c in hand):
        return r.trump
    return led


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    if isinstance(event, CardPlayed):
        seat, action = state.actions[-1]
        if action.proper or seat != event.seat:
            return []
        suit = _failed_suit(state, seat, event.card)
        if suit is None:
            return []
        return [(RenegeMade(seat, event.card, len(state.tricks), suit), frozenset((seat,)))]
    if isinstance(event, Declared) and isinstance(event.action, ClaimRenege):
        return [(call, None) for call in claimable(state, event.seat)]
    if isinstance(event, TrickWon) and not any(state.hands):
        done = {(c.seat, c.trick) for c in called(state)}
        return [
            (RenegeFound(r.seat, r.card, r.trick, r.suit), None)
            for r in made(state)
            if (r.seat, r.trick) not in done
        ]
    return []


# ---------------------------------------------------------------------------------------
# Penalties
# ---------------------------------------------------------------------------------------


class _EveryTrick:
    """The state as if ``seat`` had taken every trick of the hand (for full points)."""

    def __init__(self, state: State, seat: int):
        self._state = state
        n = state.table.hand_size
        self.tricks_won = [n if s == seat else 0 for s in range(state.seats)]
        self.tricks = [None] * n

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def _alone(state: State, seats: Sequence[int]) -> bool:
    t = state.teams
    return t is not None and any(t.is_alone(s) for s in seats)


def _points(state: State, side: Sequence[int], value: int) -> tuple[int, ...]:
    return tuple(value if s in side else 0 for s in range(state.seats))


def full_points(state: State, wronged: Sequence[int]) -> int:
    """What the table's scoring gives the wronged side for taking every trick."""
    active = [s for s in wronged if s in state.active] or list(wronged)
    seat = next((s for s in active if _alone(state, (s,))), active[0])
    score = state.rules.score_hand(_EveryTrick(state, seat))
    return max(score.points[s] for s in wronged)


def penalty(state: State) -> tuple[tuple[int, ...], str] | None:
    """The renege penalty of this hand by seat, and a word, or None without a renege."""
    reneges = made(state)
    if not reneges:
        return None
    how = mode(state)
    sides = state.table.sides
    if how == "laws1888":
        count = {side: sum(1 for r in reneges if r.seat in side) for side in sides}
        value = 5 if _alone(state, range(state.seats)) else 3
        points = [0] * state.seats
        for side in sides:
            others = sum(n for s, n in count.items() if s != side)
            net = others - count[side]
            if net > 0:
                for s in side:
                    points[s] += net * value
        return tuple(points), "renege"
    calls = called(state)
    first = calls[0].seat if calls else reneges[0].seat
    wronged = tuple(s for s in range(state.seats) if s not in state.table.side_of(first))
    if how == "tournament":
        return _points(state, wronged, full_points(state, wronged)), "renege"
    lone = _alone(state, wronged) or (how == "wiki" and _alone(state, (first,)))
    return _points(state, wronged, 4 if lone else 2), "renege"


@hookimpl(wrapper=True)
def euchre_score_hand(state: State) -> Generator[None, HandScore, HandScore]:
    score = yield
    if isinstance(state, _EveryTrick):
        return score
    found = penalty(state)
    if found is None:
        return score
    points, word = found
    if mode(state) != "laws1888":
        return HandScore(points, word, made=False)
    if not any(points):
        return score
    total = tuple(a + b for a, b in zip(score.points, points, strict=True))
    return HandScore(total, f"{score.outcome}, {word}", made=score.made)


@hookimpl(wrapper=True)
def euchre_game_result(state: State) -> Generator[None, GameResult | None, GameResult | None]:
    result = yield
    if mode(state) != "laws1888" or not state.hand_records:
        return result
    found = penalty(state)
    if found is None or not any(found[0]):
        return result
    points = found[0]
    last = state.hand_records[-1].points
    target = state.table.target
    for side in state.table.sides:
        s = side[0]
        before = state.scores[s] - last[s]
        if points[s] and before < target <= before + points[s]:
            if result is not None and tuple(result.winners) == side:
                return result
            first = GameResult(side, f"reached {target} with the renege penalty, scored first")
            from euchre_plugins.house.match import MATCH_PLUGINS, match_result

            if not any(p in state.options for p in MATCH_PLUGINS):
                return first  # a single game, not a match
            return match_result(state, first)
    return result


@hookimpl
def euchre_action_words(action: Action) -> ActionWords | None:
    """A renege (a card the rules forbid) says so; calling a renege is a claim."""
    if isinstance(action, ImproperPlay):
        code = action.card.code
        return ActionWords(
            f"play {code} (a renege)",
            typed=(code.lower(),),
            kind="card",
            example=code,
            risk="a renege, penalised if it is called",
        )
    if isinstance(action, ClaimRenege):
        return ActionWords(
            "claim a renege", typed=("renege",), kind="claim", example="claim renege"
        )
    return None


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """Reneges made, called and found, in words (the offender alone is told of its own)."""
    if isinstance(event, Declared) and isinstance(event.action, ClaimRenege):
        return f"{{{event.seat}}} claims a renege"
    if isinstance(event, RenegeMade):
        if view is None or view.seat != event.seat:
            return (
                f"{{{event.seat}}} reneges: {event.card.code} on trick {event.trick + 1}, "
                f"holding {event.suit.word}"
            )
        return (
            f"You played {event.card.code} on trick {event.trick + 1} though you could "
            f"play {event.suit.word}: a renege, if someone calls it"
        )
    if isinstance(event, RenegeCalled):
        return (
            f"{{{event.claimant}}} calls a renege: {{{event.seat}}} played {event.card.code} "
            f"on trick {event.trick + 1} holding {event.suit.word}"
        )
    if isinstance(event, RenegeFound):
        return (
            f"A renege is found: {{{event.seat}}} played {event.card.code} on trick "
            f"{event.trick + 1} holding {event.suit.word}"
        )
    return None
