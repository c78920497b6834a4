"""Call-for-ace euchre: the maker may recruit a secret partner by naming an ace.

The French game "le Euchre à la pêche". Four,
five or six players, each for themselves (``players``; the variant files ``call-ace``,
``call-ace-5`` and ``call-ace-6``). It builds on the ``standard`` plugin, which deals and
runs the bidding for any number of seats; this plugin adds the partner call, the secrecy
of the partnership, the individual scoring, and a bot that knows the game.

* **Players and pack.** 4, 5 or 6 players with ``standard.deck``: ``deck32``
  (default), ``deck28`` (4 or 5 players), ``deck24`` (4 players). A player count and a
  pack that cannot deal five cards each plus an up-card are refused with a one-line
  configuration error; so are the packs with a joker and any other player count.
* **Deal and trump.** Five cards each from the dealer's left, the next card turned
  up; two bidding rounds as in standard euchre (order up the up-card's suit, the dealer
  takes it up and discards; then name another suit). All pass twice: a new deal
  (``standard.all_pass``; stick the dealer is the plugin ``stick-the-dealer``). Nobody
  goes alone with the bid: there are no fixed partners.
* **The call.** Once trump is fixed the maker chooses: ``alone`` (no partner) or
  ``call-ace S`` (the holder of the ace of spades becomes the partner for the hand).
  With ``called_card = any_card`` the call names a card: ``call-card KH``. The call is
  public; who holds the card is not. The partner follows suit like anyone else and is
  never forced to play the called card early.
* **Secrecy.** The holder of the called card knows it (it is in their hand); nobody else
  does, not even the maker, until the card is played: then everybody is told who the
  partner is. Nothing another player is shown or asked, and no record of another seat,
  says more before that. The one exception is public anyway: when the called card is
  the up-card that the dealer took up (and the dealer may not discard it,
  ``standard.discard_may_be_upcard`` false), everybody saw where it went, and the
  partner is told at once.
* **The card out of play.** The called card may be undealt, or the turned-down up-card,
  or the dealer's discard: then the maker has no partner without knowing it, and the
  hand is scored per ``ace_not_held_scoring``. A maker who holds the card named (allowed
  with ``callable_aces = any_ace``) plays a hidden lone hand.
* **Play.** Eldest hand leads; standard following and trick winning.
* **Scoring**, each player for themselves; the makers are the maker and the holder
  of the called card; every other player is an opponent (a player whose identity stayed
  hidden included):

  ==================================  =========================================
  lone maker takes all 5              ``lone_march_mode``: ``n_minus_1`` (default)
                                      one point per opponent (3, 4 or 5), or
                                      ``transfer``: each opponent loses 1, the
                                      maker gains as many (zero-sum)
  maker and partner take all 5        ``points_partner_march_each`` (2) to each
  makers take 3 or 4                  ``points_make_each`` (1) to each
  makers take 0 to 2                  ``points_euchre_each_opponent`` (2) to each
                                      opponent
  ==================================  =========================================

  ``scoring = bradwilson`` (Brad Wilson's rules) replaces these values: 1 each for 3 or 4
  tricks, 2 each for a march, 2 to each defender for a euchre, 5 for a lone march; then
  giving one of the four point options above a value other than its default is an error.
* **End of game.** To ``standard.target_score`` (10). When several players reach it in one
  hand (partners score together, every opponent scores on a euchre),
  ``standard.simultaneous_target``: ``highest_wins_else_continue`` (default; a tie at the
  top plays on) or ``shared_win``.

Every parameter of the game, where to set it, and its default:

=====================================  ===============================================
``players``                            4 (``call-ace``); 5 (``call-ace-5``), 6
                                       (``call-ace-6``); or ``--players``
``standard.deck``                      ``deck32``; ``deck28``, ``deck24``
``standard.all_pass``                  ``redeal``; stick the dealer: plugin
                                       ``stick-the-dealer``
``call-ace.call_timing``               ``after_dealer_discard``; ``immediately`` (the
                                       call comes before the dealer's exchange, and
                                       the dealer may then bury the called ace)
``call-ace.callable_aces``             ``not_own_ace`` (any ace the maker does not
                                       hold, trump ace included);
                                       ``not_own_non_trump_ace``; ``any_ace`` (a hidden
                                       lone hand allowed)
``call-ace.called_card``               ``ace``; ``any_card`` (any card that is not a
                                       trump)
``call-ace.ace_not_held_scoring``      ``as_lone``; ``as_partnership``
``call-ace.lone_march_mode``           ``n_minus_1``; ``transfer``
``call-ace.points_make_each``          1
``call-ace.points_partner_march_each`` 2
``call-ace.points_euchre_each_opponent`` 2
``call-ace.scoring``                   ``classic``; ``bradwilson``
``standard.target_score``              10
``standard.simultaneous_target``       ``highest_wins_else_continue``; ``shared_win``
=====================================  ===============================================

Project decisions, where the sources are silent: the call comes after the dealer's
discard; any ace the maker does not hold may be called; a called card out of play scores
as a lone hand; 1 point each for 3 or 4 tricks; "one point from each opponent" is a gain
of N-1. A card the maker put in the discard counts as the maker's own (calling it would be
a lone hand in disguise), and so does the up-card that the maker is about to take up. The
standard plugin's lone-hand options have no effect (there are no fixed partners) and its
scoring options are replaced by this plugin's: giving them another value is an error that
points here.

Sources: the French euchre rules of AdPoker.fr ("Le Euchre à la pêche"); Brad Wilson,
“Call-Your-Partner Euchre”; the Yahoo! Games euchre glossary.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from euchre_plugins.standard import exchanger

from euchre_core.actions import (
    DISCARD,
    PASS,
    Action,
    Call,
    CallAce,
    Discard,
    GoAlone,
    Order,
    Play,
    register_action,
)
from euchre_core.cards import SUITS, Card, Suit, card, parse_card
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError, EuchreError
from euchre_core.events import CardPlayed, CardsTaken, Declared, Discarded, Event
from euchre_core.hookspecs import hookimpl
from euchre_core.model import ActionWords, Decision, HandScore, Table, Teams, Transfer
from euchre_core.state import State
from euchre_core.trumps import Ranking
from euchre_core.view import PlayerView

if TYPE_CHECKING:
    from euchre_core.bots.evaluate import Outlook

NAME = "call-ace"
APPLIES_TO = ("standard",)
CONFLICTS = (
    "two-hand",
    "cutthroat",
    "defend-alone",
    "canadian-loner",
    "partners-best",
    "benny",
)

PLAYERS = (4, 5, 6)
SCORING_POINT_OPTIONS = (
    "points_make_each",
    "points_partner_march_each",
    "points_euchre_each_opponent",
    "lone_march_mode",
)
#: Standard options that this game replaces, and the option to set instead.
REPLACED_STANDARD = {
    "points_make": "points_make_each",
    "points_march": "points_partner_march_each",
    "points_lone_march": "lone_march_mode",
    "points_euchre": "points_euchre_each_opponent",
    "lone_euchre_points": "points_euchre_each_opponent",
}
#: Brad Wilson's complete scoring set: make, march (each), euchre (each defender), lone march.
BRADWILSON = (1, 2, 2, 5)

OPTIONS = [
    Option(
        "call_timing",
        str,
        "after_dealer_discard",
        "When the maker calls: after the dealer's exchange (the dealer cannot bury the "
        "called ace on purpose) or as soon as trump is fixed.",
        choices=("after_dealer_discard", "immediately"),
    ),
    Option(
        "callable_aces",
        str,
        "not_own_ace",
        "Which aces may be called: any the maker does not hold (trump ace included), "
        "the same without the trump ace, or any ace (calling one's own is a hidden lone "
        "hand).",
        choices=("not_own_ace", "not_own_non_trump_ace", "any_ace"),
    ),
    Option(
        "called_card",
        str,
        "ace",
        "What is called: an ace (call-ace S), or any card that is not a trump (call-card KH).",
        choices=("ace", "any_card"),
    ),
    Option(
        "ace_not_held_scoring",
        str,
        "as_lone",
        "When nobody holds the called card (undealt, turned down, discarded): score the "
        "maker as a lone hand, or as a partnership of one.",
        choices=("as_lone", "as_partnership"),
    ),
    Option(
        "lone_march_mode",
        str,
        "n_minus_1",
        "A lone maker's march: one point per opponent to the maker, or each opponent "
        "gives the maker one point (negative scores possible).",
        choices=("n_minus_1", "transfer"),
    ),
    Option("points_make_each", int, 1, "To the maker and the partner for 3 or 4 tricks.", min=0),
    Option(
        "points_partner_march_each",
        int,
        2,
        "To the maker and the partner for all 5 tricks.",
        min=0,
    ),
    Option(
        "points_euchre_each_opponent",
        int,
        2,
        "To each opponent when the makers take fewer than 3 tricks.",
        min=0,
    ),
    Option(
        "scoring",
        str,
        "classic",
        "The scoring set: the classic French one with the options above, or Brad "
        "Wilson's (1 each for 3-4 tricks, 2 each for a march, 2 to each defender, "
        "5 for a lone march).",
        choices=("classic", "bradwilson"),
    ),
]


# ---------------------------------------------------------------------------------------
# Actions and events
# ---------------------------------------------------------------------------------------


@register_action
@dataclass(frozen=True, slots=True)
class CallCard(Action):
    """Call any card (``called_card = any_card``): its holder becomes the maker's secret
    partner. Text form ``call-card KH``."""

    keyword: ClassVar[str] = "call-card"
    called: Card

    def __str__(self) -> str:
        return f"call-card {self.called.code}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1:
            raise EuchreError("'call-card' takes one card code, e.g. 'call-card KH'")
        return CallCard(parse_card(words[0]))


@dataclass(frozen=True, slots=True)
class PartnerRevealed(Event):
    """The holder of the called card is known to every seat.

    :ivar seat: the holder (the maker's partner, or the maker itself after calling a card
      of their own)
    :ivar maker: the maker
    :ivar card: the called card
    :ivar how: ``"played"`` (the card was just played) or ``"up-card"`` (the dealer took
      the called card up in view of everyone)
    """

    seat: int
    maker: int
    card: Card
    how: str

    #: The lesson topic this event shows (``euchre learn``).
    lesson_topic: ClassVar[str] = "secret-partner"


GO_ALONE = GoAlone()
CALL_ACE: dict[Suit, CallAce] = {s: CallAce(s) for s in SUITS}


def opt(state: State) -> dict[str, object]:
    return state.options[NAME]  # type: ignore[return-value]


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


# ---------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    """Four to six players, each for themselves; the standard plugin has already refused
    a pack too small for the players."""
    seats = config.players or 4
    if seats not in PLAYERS:
        raise ConfigError(
            config.source,
            "variant.players",
            f"call-ace is a game for 4, 5 or 6 players, not {seats}",
        )
    table = yield
    deck_name = config.options["standard"]["deck"]
    if "benny" in deck_name:
        raise ConfigError(
            config.source,
            "options.standard.deck",
            f"call-ace is played without the joker: use deck32, deck28 or deck24, not {deck_name}",
        )
    std = config.declared.get("standard", {})
    for key, instead in REPLACED_STANDARD.items():
        declared = std.get(key)
        if declared is not None and config.options["standard"][key] != declared.default:
            raise ConfigError(
                config.source,
                f"options.standard.{key}",
                f"call-ace scores for itself: set options.call-ace.{instead} instead",
            )
    ours = config.options[NAME]
    if ours["scoring"] == "bradwilson":
        defaults = {o.name: o.default for o in OPTIONS}
        for key in SCORING_POINT_OPTIONS:
            if ours[key] != defaults[key]:
                raise ConfigError(
                    config.source,
                    f"options.call-ace.{key}",
                    "scoring = bradwilson fixes the points: leave this option out "
                    "or use scoring = classic",
                )
    return Table(table.seats, None, table.deck, table.hand_size, table.target)


# ---------------------------------------------------------------------------------------
# The call
# ---------------------------------------------------------------------------------------


def ace_of(suit: Suit) -> Card:
    return card("A" + suit.value)


def call_of(state: State) -> Action | None:
    """The maker's call this hand (``alone``, ``call-ace S``, ``call-card KH``), if made."""
    c = state.contract
    if c is None:
        return None
    for seat, a in state.prepare_log:
        if seat == c.maker and isinstance(a, (GoAlone, CallAce, CallCard)):
            return a
    return None


def called_card(state: State) -> Card | None:
    """The card called this hand, ``None`` before the call or after ``alone``."""
    return card_of_call(call_of(state))


def card_of_call(action: Action | None) -> Card | None:
    if isinstance(action, CallAce):
        return ace_of(action.suit)
    if isinstance(action, CallCard):
        return action.called
    return None


def makers_own(state: State, maker: int) -> set[Card]:
    """Cards that count as the maker's own for the call: the hand, the maker's discards,
    and the up-card the maker is about to take up."""
    own = set(state.hands[maker])
    own.update(a.card for s, a in state.prepare_log if s == maker and isinstance(a, Discard))
    up = state.upcard
    if up is not None and not state.upcard_taken and exchanger(state) == maker:
        own.add(up)
    return own


def callable_cards(state: State) -> list[Card]:
    """The cards the maker may call now, per ``called_card`` and ``callable_aces``."""
    c = state.contract
    assert c is not None and c.maker is not None
    o = opt(state)
    r = state.ranking
    assert r is not None
    rule = o["callable_aces"]
    own = makers_own(state, c.maker) if rule != "any_ace" else set()
    if o["called_card"] == "ace":
        out = [ace_of(s) for s in SUITS]
        if rule == "not_own_non_trump_ace":
            out = [a for a in out if not r.is_trump(a)]
    else:
        out = [x for x in state.table.deck if not r.is_trump(x)]
    return [x for x in out if x not in own and x in state.table.deck]


def call_actions(state: State) -> tuple[Action, ...]:
    cards = callable_cards(state)
    if opt(state)["called_card"] == "ace":
        calls: list[Action] = [CALL_ACE[x.suit] for x in cards if x.suit is not None]
    else:
        calls = [CallCard(x) for x in cards]
    return (GO_ALONE, *calls)


@hookimpl(wrapper=True)
def euchre_prepare_step(
    state: State,
) -> Generator[None, Decision | Transfer | None, Decision | Transfer | None]:
    """The maker's call: after the dealer's exchange (default) or before it."""
    step = yield
    c = state.contract
    if c is None or c.maker is None or call_of(state) is not None:
        return step
    if step is not None and opt(state)["call_timing"] == "after_dealer_discard":
        return step
    return Decision(c.maker, call_actions(state), kind="call")


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if not isinstance(action, (CallAce, CallCard)):
        return None
    d = state.decision
    if d is None or d.kind != "call" or d.seat != seat:
        return "a card is called only by the maker, once trump is fixed"
    o = opt(state)
    if isinstance(action, CallAce) and o["called_card"] != "ace":
        return "in this game the maker calls a card: call-card followed by a card code"
    if isinstance(action, CallCard) and o["called_card"] == "ace":
        return "in this game the maker calls an ace: call-ace followed by a suit"
    x = card_of_call(action)
    assert x is not None
    if x not in state.table.deck:
        return f"{x} is not in this pack"
    if state.ranking is not None and state.ranking.is_trump(x):
        if o["called_card"] != "ace":
            return f"{x} is a trump: only a card that is not a trump may be called"
        if o["callable_aces"] == "not_own_non_trump_ace":
            return f"{x} is the ace of trumps: only a non-trump ace may be called in this game"
    if x in makers_own(state, seat):
        return (
            f"seat {seat} holds {x}: the maker may not call a card of their own "
            "(callable_aces = any_ace allows it)"
        )
    return None


# ---------------------------------------------------------------------------------------
# Sides
# ---------------------------------------------------------------------------------------


def holder_of(state: State, x: Card) -> int | None:
    """The seat that holds (or played) card ``x`` this hand; ``None`` when it is out of
    play (undealt, turned down, discarded)."""
    for t in state.tricks:
        for s, c in t.plays:
            if c is x:
                return s
    for s, c in state.trick:
        if c is x:
            return s
    for s, h in enumerate(state.hands):
        if x in h:
            return s
    return None


def partner_of_maker(state: State) -> int | None:
    """The maker's partner (the holder of the called card, not the maker), if any.
    Knows everything: never show it to a seat."""
    x = called_card(state)
    if x is None:
        return None
    holder = holder_of(state, x)
    c = state.contract
    if holder is None or c is None or holder == c.maker:
        return None
    return holder


def lone_maker(state: State) -> bool:
    """Whether the maker is scored as a lone hand: ``alone`` declared, the called card
    the maker's own, or out of play with ``ace_not_held_scoring = as_lone``."""
    call = call_of(state)
    if call is None or isinstance(call, GoAlone):
        return True
    x = card_of_call(call)
    assert x is not None
    holder = holder_of(state, x)
    c = state.contract
    assert c is not None
    if holder == c.maker:
        return True
    return holder is None and opt(state)["ace_not_held_scoring"] == "as_lone"


@dataclass(frozen=True, slots=True)
class CallAceTeams(Teams):
    """The sides of a call-ace hand, with the lone maker named.

    Nobody sits out in call-ace: a maker who plays alone plays against everyone, so
    :meth:`Teams.is_alone` (every other seat of the side sits out) cannot see it. ``lone``
    names the seat that played alone, and :meth:`is_alone` answers for it; the core reads
    it into :attr:`HandScored.alone <euchre_core.events.HandScored.alone>` (and a
    comparison counts it as a lone attempt).

    :ivar lone: the maker scored as a lone hand (see :func:`lone_maker`), once every card
      is played: the teams asked for when the tricks begin name nobody, so that the
      opening lead (``lead-left-of-lone``) never gives a hidden lone hand away and stays
      with eldest hand as the game's rules say.
    """

    lone: frozenset[int] = frozenset()

    def is_alone(self, seat: int) -> bool:
        return seat in self.lone or Teams.is_alone(self, seat)


@hookimpl
def euchre_teams(state: State) -> Teams:
    c = state.contract
    everyone = frozenset(range(state.seats))
    if c is None or c.maker is None:
        return Teams(frozenset(), everyone)
    makers = {c.maker}
    p = partner_of_maker(state)
    if p is not None:
        makers.add(p)
    over = not any(state.hands)
    lone = frozenset((c.maker,)) if over and lone_maker(state) else frozenset()
    return CallAceTeams(frozenset(makers), everyone - makers, lone=lone)


# ---------------------------------------------------------------------------------------
# Revealing the partner
# ---------------------------------------------------------------------------------------


def _revealed(state: State) -> bool:
    return any(isinstance(e, PartnerRevealed) for e in state.hand_events)


def upcard_partner(state: State) -> int | None:
    """The seat known to everyone to hold the called card because it took it up
    in view of all and may not discard it; else ``None``."""
    x = called_card(state)
    if x is None or x is not state.upcard or not state.upcard_taken:
        return None
    if state.options["standard"]["discard_may_be_upcard"]:
        return None  # it may have gone face down: nothing is public
    taker = holder_of(state, x)
    return taker


@hookimpl
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:
    if isinstance(event, CardPlayed):
        x = called_card(state)
        if x is None or event.card is not x or _revealed(state):
            return []
        c = state.contract
        assert c is not None and c.maker is not None
        return [(PartnerRevealed(event.seat, c.maker, x, "played"), None)]
    if isinstance(event, (Declared, CardsTaken)):
        c = state.contract
        if c is None or c.maker is None:
            return []
        seat = upcard_partner(state)
        if seat is None or _revealed(state):
            return []
        x = called_card(state)
        assert x is not None
        return [(PartnerRevealed(seat, c.maker, x, "up-card"), None)]
    return []


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_score_hand(state: State) -> HandScore:
    t = state.teams
    c = state.contract
    assert t is not None and c is not None and c.maker is not None
    o = opt(state)
    n = state.seats
    maker = c.maker
    side = t.makers
    opponents = [s for s in range(n) if s not in side]
    total = len(state.tricks)
    made = sum(state.tricks_won[s] for s in side)
    alone = lone_maker(state)
    if o["scoring"] == "bradwilson":
        make, march, euchre, lone_march = BRADWILSON
    else:
        make = o["points_make_each"]  # type: ignore[assignment]
        march = o["points_partner_march_each"]  # type: ignore[assignment]
        euchre = o["points_euchre_each_opponent"]  # type: ignore[assignment]
        lone_march = len(opponents)
    points = [0] * n
    if made == total:
        if alone:
            points[maker] = lone_march
            if o["scoring"] == "classic" and o["lone_march_mode"] == "transfer":
                for s in opponents:
                    points[s] = -1
            return HandScore(tuple(points), "lone march")
        for s in side:
            points[s] = march
        return HandScore(tuple(points), "march")
    if made >= total // 2 + 1:
        for s in side:
            points[s] = make
        return HandScore(tuple(points), "lone make" if alone else "make")
    for s in opponents:
        points[s] = euchre
    return HandScore(tuple(points), "lone euchre" if alone else "euchre")


# ---------------------------------------------------------------------------------------
# What one seat knows (from its view only)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The sides of the hand as one seat knows them (from its :class:`PlayerView`).

    :ivar maker: the maker, or ``None`` before the contract
    :ivar called: the called card, or ``None`` (not yet called, or ``alone``)
    :ivar holder: the seat known to this seat to hold the called card, or ``None``
    :ivar friends: seats known to be on this seat's side (itself excluded)
    :ivar foes: seats known to be on the other side
    :ivar out: cards this seat knows to be out of play (its discard, the turned-down
      up-card)
    """

    maker: int | None
    called: Card | None
    holder: int | None
    friends: frozenset[int]
    foes: frozenset[int]
    out: frozenset[Card]

    def unknown(self, seats: int, me: int) -> frozenset[int]:
        return frozenset(range(seats)) - self.friends - self.foes - {me}


def knowledge(view: PlayerView) -> Knowledge:
    """What ``view``'s seat knows of the sides: the holder of the called card is known to
    the holder itself, and to everyone once it is revealed."""
    me = view.seat
    c = view.contract
    maker = c.maker if c is not None else None
    call = next(
        (
            a
            for s, a in view.declarations
            if s == maker and isinstance(a, (GoAlone, CallAce, CallCard))
        ),
        None,
    )
    called = card_of_call(call)
    out: set[Card] = set()
    for e in view.events:
        if isinstance(e, Discarded) and e.seat == me and e.card is not None:
            out.add(e.card)
    up = view.upcard
    if up is not None and view.upcard_taken_by is None and c is not None and c.round == 2:
        out.add(up)
    holder: int | None = None
    if called is not None:
        if called in view.hand:
            holder = me
        for e in view.events:
            if isinstance(e, PartnerRevealed):
                holder = e.seat
    everyone = frozenset(range(view.seats)) - {me}
    if maker is None:
        return Knowledge(None, called, holder, frozenset(), frozenset(), frozenset(out))
    partner = holder if holder is not None and holder != maker else None
    no_partner = call is not None and (called is None or called in out or holder == maker)
    if me == maker:
        friends = frozenset({partner}) if partner is not None else frozenset()
        foes = everyone - friends if (partner is not None or no_partner) else frozenset()
    elif me == partner:
        friends = frozenset({maker})
        foes = everyone - friends
    else:
        foes = frozenset({maker} | ({partner} if partner is not None else set()))
        friends = everyone - foes if (partner is not None or no_partner) else frozenset()
    return Knowledge(maker, called, holder, friends, foes, frozenset(out))


# ---------------------------------------------------------------------------------------
# The bot's advice
# ---------------------------------------------------------------------------------------

#: Expected tricks for the maker's side from which the bot makes trump.
MAKE_THRESHOLD = 3.0
#: Expected tricks of the maker's own hand, alone, from which the bot plays alone.
ALONE_THRESHOLD = 4.1


def _outlook(view: PlayerView, out: Iterable[Card], partners: int) -> Outlook:
    from euchre_core.bots.evaluate import Outlook, deck_from_options

    deck = deck_from_options(view.options)
    others = view.seats - 1
    opps = others - partners
    return Outlook(
        deck=deck,
        out=frozenset(out),
        opponent_cards=view.hand_size * opps,
        opponents=opps,
        partner_cards=view.hand_size * partners,
        partners=partners,
        hand_size=view.hand_size,
    )


def _dealt_share(view: PlayerView, seen: int) -> float:
    """Chance that a card this seat cannot see was dealt to another player."""
    from euchre_core.bots.evaluate import deck_from_options

    deck = len(deck_from_options(view.options))
    unseen = deck - seen
    return min(1.0, view.hand_size * (view.seats - 1) / unseen) if unseen > 0 else 0.0


def _side_value(view: PlayerView, hand: Sequence[Card], trump: Suit, out: Iterable[Card]) -> float:
    """Expected tricks for a maker holding ``hand`` who will call a partner."""
    from euchre_core.bots.evaluate import estimate, partner_tricks

    look = _outlook(view, out, 1)
    own = estimate(hand, trump, look).tricks
    return own + partner_tricks(look) * _dealt_share(view, len(hand) + 1)


def _bid_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    from euchre_core.bots.evaluate import best_discard, short_of

    up = view.upcard
    order = next((a for a in legal if isinstance(a, Order) and not a.alone), None)
    if order is not None and up is not None and up.suit is not None:
        trump = up.suit
        hand = list(view.hand)
        out: list[Card] = []
        if view.seat == view.dealer:
            look = _outlook(view, (), 1)
            # The up-card itself may not be discarded.
            drop, _ = best_discard([*hand, up], trump, look, list(hand))
            hand = [x for x in hand if x is not drop] + [up]
            out = [drop]
        value = _side_value(view, hand, trump, out)
        if view.seat != view.dealer:
            value -= 0.25  # the up-card strengthens the dealer, usually an opponent
        if value >= MAKE_THRESHOLD:
            return order, (
                f"order up: with {trump.word} as trump, about {value:.1f} tricks for you and "
                "the partner you will call."
            )
        have, need = short_of(value, MAKE_THRESHOLD)
        return PASS, (
            f"pass: with {trump.word} as trump, about {have} tricks for you and a called "
            f"partner, short of the {need} a call needs."
        )
    calls = [a for a in legal if isinstance(a, Call) and not a.alone and a.suit is not None]
    if not calls:
        return None
    turned = [up] if up is not None else []
    best: tuple[float, Call] | None = None
    for a in calls:
        assert a.suit is not None
        v = _side_value(view, view.hand, a.suit, turned)
        if best is None or v > best[0]:
            best = (v, a)
    assert best is not None
    value, action = best
    assert action.suit is not None
    if value >= MAKE_THRESHOLD or PASS not in legal:
        return action, (
            f"call {action.suit.word}: about {value:.1f} tricks for you and "
            "the partner you will call."
        )
    have, need = short_of(value, MAKE_THRESHOLD)
    return PASS, (
        f"pass: no suit is worth a call; at best about {have} tricks for you and a called "
        f"partner, short of the {need} a call needs."
    )


def _call_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    from euchre_core.bots.evaluate import estimate

    trump = view.trump
    if trump is None:
        return None
    k = knowledge(view)
    hand = list(view.hand)
    alone_value = estimate(hand, trump, _outlook(view, k.out, 0)).tricks
    if GO_ALONE in legal and alone_value >= ALONE_THRESHOLD:
        return GO_ALONE, (
            f"go alone: about {alone_value:.1f} tricks from your own cards, strong enough "
            "to play alone."
        )
    look = _outlook(view, k.out, 1)
    best: tuple[float, Action] | None = None
    for a in legal:
        x = card_of_call(a)
        if x is None or x in k.out or x in view.hand:
            continue
        v = estimate([*hand, x], trump, look).tricks
        if best is None or v > best[0] + 1e-9:
            best = (v, a)
    if best is None:
        return GO_ALONE, "go alone: no card is worth calling."
    x = card_of_call(best[1])
    return best[1], f"call {x}: it covers the weakest part of your hand."


def _is_master(x: Card, r: Ranking, unseen: Iterable[Card]) -> bool:
    s = r.suit_of[x.index]
    p = r.power[x.index]
    return not any(r.suit_of[u.index] is s and r.power[u.index] > p for u in unseen)


def _lowest(cards: Sequence[Card], r: Ranking, keep: Card | None) -> Card:
    """The cheapest card: a plain card before a trump, the lowest first, ``keep`` last."""
    return min(cards, key=lambda x: (x is keep, r.is_trump(x), r.power[x.index]))


def _play_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    from euchre_core.bots.evaluate import deck_from_options

    r = view.ranking
    plays = [a.card for a in legal if isinstance(a, Play)]
    if r is None or not plays or len(plays) != len(legal):
        return None
    if len(plays) == 1:
        return legal[0], "The only card that may be played."
    k = knowledge(view)
    me = view.seat
    deck = deck_from_options(view.options)
    gone = set(view.hand) | set(view.played) | set(k.out)
    unseen = [x for x in deck if x not in gone]
    hidden_partner = k.holder == me and k.maker != me and k.called is not None
    keep = k.called if hidden_partner else None
    trick = view.trick
    if not trick:
        return _lead(view, r, plays, k, unseen, keep)
    cards = [x for _, x in trick]
    w = r.trick_winner(cards)
    w_seat, w_card = trick[w]
    after = _after_me(view)
    threats = [s for s in after if s not in k.friends]
    friend_winning = w_seat in k.friends
    if w_seat not in k.friends | k.foes and me != k.maker and k.maker is not None:
        # An unknown seat wins: as a defender, leave it when the maker has been beaten
        # and the unknown seat is more likely a fellow defender than the partner.
        candidates = k.unknown(view.seats, me)
        friend_winning = k.maker not in after and len(candidates) >= 3
    if friend_winning and (not threats or _is_master(w_card, r, unseen)):
        x = _lowest(plays, r, keep)
        return Play(x), "A friend of yours is winning the trick: play low."
    beats = [x for x in plays if r.trick_winner([*cards, x]) == len(cards)]
    if beats:
        safe = [x for x in beats if not threats or _is_master(x, r, unseen)]
        x = min(safe or beats, key=lambda c: r.power[c.index])
        if x is keep:
            return Play(x), "The called ace wins this trick for the maker's side."
        return Play(x), "This wins the trick as cheaply as possible."
    return Play(_lowest(plays, r, keep)), "You cannot win the trick: play the cheapest card."


def _after_me(view: PlayerView) -> list[int]:
    active = list(view.active) or list(range(view.seats))
    i = active.index(view.seat)
    played = len(view.trick)
    return [active[(i + j) % len(active)] for j in range(1, len(active) - played)]


def _lead(
    view: PlayerView,
    r: Ranking,
    plays: list[Card],
    k: Knowledge,
    unseen: list[Card],
    keep: Card | None,
) -> tuple[Action, str]:
    me = view.seat
    trumps = sorted((x for x in plays if r.is_trump(x)), key=lambda c: -r.power[c.index])
    plain_masters = [x for x in plays if not r.is_trump(x) and _is_master(x, r, unseen)]
    if me == k.maker:
        if len(trumps) >= 2 and _is_master(trumps[0], r, unseen):
            return Play(trumps[0]), "Draw trumps with the best one left."
        if k.called is not None and k.holder is None and k.called not in k.out:
            suit = r.suit_of[k.called.index]
            low = [x for x in plays if r.suit_of[x.index] is suit and not r.is_trump(x)]
            if low and suit is not r.trump:
                x = min(low, key=lambda c: r.power[c.index])
                return Play(x), "Lead the called suit towards the unknown partner."
        if plain_masters:
            return Play(plain_masters[0]), "Cash a sure winner."
        if len(trumps) >= 3:
            return Play(trumps[0]), "Draw trumps."
        return Play(_lowest(plays, r, None)), "Lead low."
    if me == k.holder:
        # The maker's partner (hidden or revealed).
        others = [x for x in plain_masters if x is not keep]
        if others:
            return Play(others[0]), "Cash a sure winner."
        if keep is not None and keep in plain_masters:
            return Play(keep), "Cash the called ace: the partnership is now known."
        if trumps:
            return Play(trumps[0]), "Lead trump for the maker."
        return Play(_lowest(plays, r, keep)), "Lead low."
    if plain_masters:
        return Play(plain_masters[0]), "Cash a sure winner against the maker."
    maker_voids = view.voids.get(k.maker, frozenset()) if k.maker is not None else frozenset()
    plain = [x for x in plays if not r.is_trump(x) and r.suit_of[x.index] not in maker_voids]
    if plain:
        return Play(min(plain, key=lambda c: r.power[c.index])), "Lead low in a side suit."
    return Play(_lowest(plays, r, keep)), "Lead the cheapest card."


def _discard_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    trump = view.trump
    allowed = [a.card for a in legal if isinstance(a, Discard)]
    if trump is None or not allowed or len(allowed) != len(legal):
        return None
    from euchre_core.bots.evaluate import best_discard

    drop, _ = best_discard(view.hand, trump, _outlook(view, (), 1), allowed)
    return DISCARD[drop.index], f"discard {drop}: it keeps your strongest hand."


@hookimpl
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The bot's play in call-for-ace: bids valued with a partner to come, the call
    (alone, or the ace that best covers the hand), and card play that knows which seats
    are friends, foes or not known yet; the hidden partner keeps the called ace until it
    wins a trick."""
    if view.decision_kind == "call" and any(isinstance(a, GoAlone) for a in legal):
        return _call_advice(view, legal)
    if view.phase.value == "bidding":
        return _bid_advice(view, legal)
    if view.decision_kind == "discard":
        return _discard_advice(view, legal)
    if view.phase.value == "play":
        return _play_advice(view, legal)
    return None


__all__ = [
    "CallCard",
    "Knowledge",
    "PartnerRevealed",
    "called_card",
    "knowledge",
    "partner_of_maker",
]


@hookimpl
def euchre_known_sides(view: PlayerView) -> tuple[frozenset[int], frozenset[int]] | None:
    """The secret partnership as this seat knows it: the holder knows, and everyone once
    the called card is played (from :func:`knowledge`)."""
    k = knowledge(view)
    if k.maker is None:
        return None
    return k.friends, k.foes


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What call-for-ace teaches: each for themselves, the call of an ace, the secret
    partner, an ace that was never dealt, and the scoring per player
    (:mod:`euchre_plugins.call_ace_lesson`)."""
    from euchre_plugins.call_ace_lesson import coaching

    return coaching(config)


@hookimpl
def euchre_action_words(action: Action) -> ActionWords | None:
    """Calling an ace (or a card), and going alone against every other player
    (:mod:`euchre_plugins.call_ace_words`)."""
    from euchre_plugins.call_ace_words import action_words

    return action_words(action)


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """The call, the reveal and, on the holder's screen only, the secret
    (:mod:`euchre_plugins.call_ace_words`)."""
    from euchre_plugins.call_ace_words import describe_event

    return describe_event(event, view)
