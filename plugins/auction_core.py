"""The numeric auction shared by auction euchre and pepper.

Both games settle the contract the same way: from the dealer's left, clockwise, each
player passes or names a bid from a fixed *ladder* that is higher than the highest bid so
far; the last player left holding the highest bid is the *declarer* and then names trump
(a suit, or no trump where the game allows it). This module is that auction, written once
and parameterised; the plugins ``auction`` and ``pepper`` give it their ladders and
options. It is a library, not a plugin: no variant names it.

The pieces:

* :class:`Rung` and :class:`Ladder`: the bids of a game in increasing order, each with
  what it undertakes (tricks, partners, whether the declarer takes the widow, whether
  the declarer plays alone) and what it is worth.
* :class:`AuctionRules`: how the auction runs.

  - ``rounds = "single"``: each player speaks once (Foster's auction, traditional pepper);
  - ``rounds = "multi"`` (auction euchre's ``until_passed``): the bidding goes round until
    every player but the high bidder has passed the high bid. With ``pass_is_final`` a
    player who has passed is out of the auction and is skipped; without it a player who
    passed may bid again when the turn comes back, and the auction ends when every other
    player has passed in succession after the last bid.
  - The auction also ends at once when the top of the ladder is bid: nobody can outbid it.
  - Everyone passes (``all_pass``): ``redeal`` (the hand is void, the deal passes on);
    ``dealer_min_bid`` (the dealer becomes the declarer at the lowest bid and names trump);
    ``stick_the_dealer`` (the dealer may not pass when every other player has passed
    without a bid: the dealer must bid, any value).
  - ``trumps``: what the declarer may name: the four suits, plus no trump when allowed.

* :func:`status`: the auction read from ``state.bids`` (who is to speak, who holds the
  high bid, whether it is over); :func:`next_bidder`, :func:`legal_bids`,
  :func:`bidding_result` and :func:`why_illegal` answer the four bidding hooks from it.
* :func:`action_words`: the words of a bid and of naming a partner, for both games.
* For the bots' advice of both games: :func:`trump_call` (the call of a chosen trump) and
  :func:`discard_advice` (the discard that leaves the best hand).

Naming trump is the declarer's last bidding action (``call H``, ``call NT``): the
bidding result is a :class:`~euchre_core.events.Contract` whose ``level`` is the winning
bid's value, and whose ``alone`` says the bid is a lone one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre_core.actions import DISCARD, PASS, Action, Bid, Call, Discard, Give, Partner, Pass
from euchre_core.bots.evaluate import Outlook, best_discard, describe, estimate
from euchre_core.cards import SUITS, Card, Suit
from euchre_core.events import Contract
from euchre_core.model import ActionWords, Decision, GameResult, PassOut, past_target
from euchre_core.state import State
from euchre_core.view import PlayerView

__all__ = [
    "ALL_PASS",
    "AuctionRules",
    "AuctionStatus",
    "Ladder",
    "Rung",
    "action_words",
    "bidding_result",
    "discard_advice",
    "legal_bids",
    "next_bidder",
    "status",
    "target_result",
    "trump_call",
    "trump_calls",
    "why_illegal",
]

#: What happens when everyone passes.
ALL_PASS = ("redeal", "dealer_min_bid", "stick_the_dealer")


@dataclass(frozen=True, slots=True)
class Rung:
    """One bid of a ladder.

    :ivar value: the bid as spoken: ``Bid(value)`` (``8``, ``"little-pepper"``)
    :ivar tricks: tricks the declarer's side must take (partners' tricks count)
    :ivar points: points at stake (the value of a numeric bid)
    :ivar partners: partners the declarer names after the contract (auction euchre)
    :ivar widow: whether the declarer takes the widow and discards as many cards
    :ivar alone: whether the declarer plays without the help of a partner
    """

    value: int | str
    tricks: int
    points: int
    partners: int = 0
    widow: bool = False
    alone: bool = False

    @property
    def action(self) -> Bid:
        """The bidding action that names this rung."""
        return Bid(self.value)


@dataclass(frozen=True, slots=True)
class Ladder:
    """The bids of a game, lowest first. Each bid must be higher than the last one."""

    rungs: tuple[Rung, ...]

    def __post_init__(self) -> None:
        if not self.rungs:
            raise ValueError("a ladder needs at least one bid")
        values = [r.value for r in self.rungs]
        if len(set(values)) != len(values):
            raise ValueError(f"a ladder names a bid twice: {values}")

    def index(self, value: int | str) -> int:
        """Position of the bid ``value`` on the ladder (0 = lowest).

        :raises KeyError: when the ladder has no such bid.
        """
        for i, r in enumerate(self.rungs):
            if r.value == value:
                return i
        raise KeyError(value)

    def rung(self, value: int | str) -> Rung:
        """The rung of the bid ``value``."""
        return self.rungs[self.index(value)]

    def above(self, index: int | None) -> tuple[Rung, ...]:
        """The rungs strictly above position ``index`` (all of them for ``None``)."""
        return self.rungs if index is None else self.rungs[index + 1 :]

    @property
    def values(self) -> tuple[int | str, ...]:
        return tuple(r.value for r in self.rungs)


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """How one game's auction runs (see the module text).

    :ivar ladder: the bids
    :ivar rounds: ``single`` (each player speaks once) or ``multi`` (round and round)
    :ivar pass_is_final: with ``multi``, a player who passed is out of the auction
    :ivar all_pass: ``redeal``, ``dealer_min_bid`` or ``stick_the_dealer``
    :ivar no_trump: whether the declarer may name no trump
    """

    ladder: Ladder
    rounds: str = "single"
    pass_is_final: bool = True
    all_pass: str = "redeal"
    no_trump: bool = False

    def __post_init__(self) -> None:
        if self.rounds not in ("single", "multi"):
            raise ValueError(f"rounds must be single or multi, not {self.rounds!r}")
        if self.all_pass not in ALL_PASS:
            raise ValueError(f"all_pass must be one of {ALL_PASS}, not {self.all_pass!r}")


@dataclass(frozen=True, slots=True)
class AuctionStatus:
    """The auction as it stands after the bids so far.

    :ivar high: the seat holding the highest bid, or ``None`` before any bid
    :ivar high_index: that bid's position on the ladder
    :ivar declarer: once the auction is over, the seat that names trump (``None`` when
      everyone passed and the hand is void)
    :ivar level: the declarer's bid (the lowest bid for a dealer held to it)
    :ivar over: whether the auction is over (trump may still have to be named)
    :ivar to_speak: the seat to bid next while the auction goes on
    :ivar out: seats that can no longer bid
    :ivar forced: the dealer was held to the lowest bid after everyone passed
    """

    high: int | None
    high_index: int | None
    declarer: int | None
    level: int | str | None
    over: bool
    to_speak: int | None
    out: frozenset[int]
    forced: bool = False


def status(
    bids: Sequence[tuple[int, Action]], dealer: int, seats: int, rules: AuctionRules
) -> AuctionStatus:
    """Read the auction from the bidding log (``Call`` actions after it are ignored).

    :param bids: ``state.bids``: ``(seat, action)`` in order
    :param dealer: this hand's dealer; the dealer's left speaks first
    """
    ladder = rules.ladder
    high: int | None = None
    high_index: int | None = None
    passed: set[int] = set()
    spoken: set[int] = set()
    passes_since_bid = 0
    count = 0
    for seat, action in bids:
        if isinstance(action, Call):
            break
        count += 1
        spoken.add(seat)
        if isinstance(action, Bid):
            high, high_index = seat, ladder.index(action.value)
            passes_since_bid = 0
        else:
            passed.add(seat)
            passes_since_bid += 1
    top = len(ladder.rungs) - 1
    first = (dealer + 1) % seats

    def finished(declarer: int | None, forced: bool = False) -> AuctionStatus:
        if declarer is None:
            return AuctionStatus(high, high_index, None, None, True, None, frozenset(range(seats)))
        if forced:
            level = ladder.rungs[0].value
        else:
            assert high_index is not None
            level = ladder.rungs[high_index].value
        return AuctionStatus(
            high, high_index, declarer, level, True, None, frozenset(range(seats)), forced
        )

    if high_index == top:
        return finished(high)
    if rules.rounds == "single" or rules.pass_is_final:
        out = frozenset(passed)
        if rules.rounds == "single":
            out = frozenset(spoken)
        if high is None and len(passed) == seats:
            return finished(dealer if rules.all_pass == "dealer_min_bid" else None, forced=True)
        if high is not None and all(s in out for s in range(seats) if s != high):
            return finished(high)
        # Next seat clockwise from the last speaker that is still in the auction.
        last = bids[count - 1][0] if count else dealer
        for step in range(1, seats + 1):
            s = (last + step) % seats
            if s not in out and (s != high or rules.rounds == "single"):
                if rules.rounds == "single" and s in spoken:
                    continue
                return AuctionStatus(high, high_index, None, None, False, s, out)
        return finished(high)  # pragma: no cover - every case above ends the auction
    # Several rounds, and a player who passed may come back in.
    if high is None and passes_since_bid >= seats:
        return finished(dealer if rules.all_pass == "dealer_min_bid" else None, forced=True)
    if high is not None and passes_since_bid >= seats - 1:
        return finished(high)
    nxt = (bids[count - 1][0] + 1) % seats if count else first
    return AuctionStatus(high, high_index, None, None, False, nxt, frozenset())


def trump_calls(rules: AuctionRules) -> list[Action]:
    """What the declarer may name: ``call C`` … ``call S``, and ``call NT`` if allowed."""
    out: list[Action] = [Call(s) for s in SUITS]
    if rules.no_trump:
        out.append(Call(None))
    return out


def _naming(state: State) -> bool:
    return bool(state.bids) and isinstance(state.bids[-1][1], Call)


def next_bidder(state: State, rules: AuctionRules) -> int:
    """The ``euchre_bidder`` answer: the next to speak, or the declarer naming trump."""
    st = status(state.bids, state.dealer, state.seats, rules)
    if st.over:
        if st.declarer is None:
            raise AssertionError("the auction is void: bidding_result should have ended it")
        return st.declarer
    assert st.to_speak is not None
    return st.to_speak


def stuck(state: State, seat: int, rules: AuctionRules, st: AuctionStatus) -> bool:
    """Whether ``seat`` is the dealer who may not pass (``stick_the_dealer``)."""
    if rules.all_pass != "stick_the_dealer" or seat != state.dealer or st.high is not None:
        return False
    others = [s for s in range(state.seats) if s != seat]
    passed = {s for s, a in state.bids if isinstance(a, Pass)}
    return all(s in passed for s in others)


def legal_bids(state: State, seat: int, rules: AuctionRules) -> list[Action]:
    """The ``euchre_legal_bids`` answer: pass or a higher bid; trump once the auction
    is won."""
    st = status(state.bids, state.dealer, state.seats, rules)
    if st.over:
        return trump_calls(rules)
    higher: list[Action] = [r.action for r in rules.ladder.above(st.high_index)]
    if stuck(state, seat, rules, st):
        return higher
    return [PASS, *higher]


def bidding_result(state: State, rules: AuctionRules) -> Contract | PassOut | None:
    """The ``euchre_bidding_result`` answer: a contract once trump is named, a pass-out
    when everyone passed, else ``None``."""
    st = status(state.bids, state.dealer, state.seats, rules)
    if not st.over:
        return None
    if st.declarer is None:
        return PassOut(reason="everyone passed")
    seat, last = state.bids[-1]
    if isinstance(last, Call) and seat == st.declarer:
        assert st.level is not None
        rung = rules.ladder.rung(st.level)
        return Contract(st.declarer, last.suit, rung.alone, st.level, round=1)
    return None


def why_illegal(state: State, seat: int, action: Action, rules: AuctionRules) -> str | None:
    """A sentence saying why a bidding action is refused, or ``None``."""
    if state.phase.value != "bidding" or state.to_act != seat:
        return None
    st = status(state.bids, state.dealer, state.seats, rules)
    ladder = rules.ladder
    if st.over:
        if isinstance(action, Call) and action.suit is None and not rules.no_trump:
            return "no trump cannot be named in this game: name a suit (call C/D/H/S)"
        return f"seat {seat} won the auction and must name trump now (call C/D/H/S)"
    if isinstance(action, Call):
        return "trump is named by the winner of the auction, once the bidding is over"
    if isinstance(action, Pass) and stuck(state, seat, rules, st):
        return "everyone else passed: the dealer must bid"
    if isinstance(action, Bid):
        if action.value not in ladder.values:
            words = ", ".join(str(v) for v in ladder.values)
            return f"'{action}' is not a bid of this game (bids: {words})"
        if st.high_index is not None and ladder.index(action.value) <= st.high_index:
            high = ladder.rungs[st.high_index].value
            choices = ", ".join(str(r.value) for r in ladder.above(st.high_index))
            return f"a bid must be higher than {high}: bid {choices} or pass"
    return None


def opening_leader(state: State, opening_lead: str) -> int:
    """Who leads the first trick: the declarer (``opening_lead = "declarer"``), or else
    the first seat on the dealer's left that plays this hand."""
    c = state.contract
    assert c is not None and c.maker is not None and state.teams is not None
    if opening_lead == "declarer":
        return c.maker
    out = state.teams.sitting_out
    for i in range(1, state.seats + 1):
        s = (state.dealer + i) % state.seats
        if s not in out:
            return s
    raise AssertionError("no seat plays")  # pragma: no cover - the declarer always plays


def lone_exchange_step(
    state: State, declarer: int, partner: int, n: int, log: Sequence[tuple[int, Action]]
) -> Decision | None:
    """The next step of a lone bidder's exchange of ``n`` cards with the partner who sits
    out (Bid euchre's shoot, Hasenpfeffer's lone hand): the bidder discards ``n`` cards,
    then the partner gives ``n``; ``None`` once both are done. ``log``: the steps taken
    since the exchange began."""
    discarded = sum(1 for s, a in log if s == declarer and isinstance(a, Discard))
    if discarded < n:
        hand = state.hands[declarer]
        return Decision(declarer, tuple(DISCARD[x.index] for x in hand), kind="discard")
    given = sum(1 for s, a in log if s == partner and isinstance(a, Give))
    if given < n:
        hand = state.hands[partner]
        return Decision(partner, tuple(Give(x) for x in hand), kind="give", give_to=declarer)
    return None


def target_result(
    state: State, target: int, mode: str, scorers: Sequence[int] = ()
) -> GameResult | None:
    """Whether a side has reached ``target`` (per seat when there are no partnerships).

    ``mode``: ``highest_wins_else_continue`` / ``highest_wins`` (the highest of the sides
    past the target wins; equal totals play on), ``shared_win`` (every side past the
    target wins), ``bidders_win`` (the side in ``scorers`` wins if it is past the target,
    else the highest as above).
    """
    first = scorers[0] if mode == "bidders_win" and scorers else None
    return past_target(
        state.scores,
        state.table.sides,
        target,
        shared=mode == "shared_win",
        first=first,
        first_words="the bidders",
    )


def suit_name(suit: Suit | None) -> str:
    """``hearts`` or ``no trump``."""
    return "no trump" if suit is None else suit.word


def trump_call(suit: Suit | None, legal: Sequence[Action]) -> Call:
    """The declarer's ``call`` of ``suit``, or the first legal call when that one is not
    legal."""
    call = Call(suit)
    if call not in legal:
        call = next(a for a in legal if isinstance(a, Call))
    return call


def discard_advice(
    hand: Sequence[Card], trump: Suit | None, outlook: Outlook, legal: Sequence[Action]
) -> tuple[Action, str]:
    """The bot's discard among the legal ones: the card whose loss leaves the best hand
    under ``trump``, with the reason."""
    allowed = [a.card for a in legal if isinstance(a, Discard)]
    card, _ = best_discard(hand, trump, outlook, allowed)
    rest = [x for x in hand if x is not card]
    e = estimate(rest, trump, outlook.without((card,)))
    return DISCARD[card.index], f"discard {card}: after it {describe(e)}."


def risky(rung: Rung, hand_size: int) -> bool:
    """Whether a bid risks more than the usual: a lone bid, or a bid of every trick."""
    return rung.alone or rung.tricks >= hand_size


def action_words(view: PlayerView, action: Action, rules: AuctionRules) -> ActionWords | None:
    """The ``euchre_action_words`` answer for a bid and for naming a partner.

    A numeric bid is typed as its number (``4`` is ``bid 4``: the menu then uses
    letters); a named bid by its name (``big pepper``). A lone bid, or a bid of every
    trick, says what it risks: the points at stake.
    """
    if isinstance(action, Partner):
        return ActionWords(
            f"partner seat {action.seat}",
            short=(str(action.seat),),
            kind="partner",
            example=f"partner {action.seat}",
            seat=action.seat,
            numbered=True,
        )
    if not isinstance(action, Bid):
        return None
    try:
        rung = rules.ladder.rung(action.value)
    except KeyError:
        return None
    risk = f"{rung.points} points at risk" if risky(rung, view.hand_size) else ""
    if isinstance(action.value, int):
        return ActionWords(
            f"bid {action.value}",
            short=(str(action.value),),
            kind="bid",
            example=str(action.value),
            risk=risk,
            numbered=True,
        )
    name = action.value.replace("-", " ")
    return ActionWords(
        f"bid {name}",
        typed=(name, action.value),
        kind=action.value,
        example=name,
        risk=risk,
        numbered=True,  # among bids, a number typed is a bid, even when none is left
    )
