"""Two-hand euchre: two players, each for themselves, on the standard game's rules.

The game of ``shared/rules/two_hand.md``. It is the ``standard`` plugin played by two
seats (``players = 2``), which already gives what the two-hand game needs: no
partnerships, so the maker plays for themselves and no "alone" action is ever offered;
the bidding speakers are the non-dealer (N) then the dealer (D), twice round; the first
lead is the dealer's left, which at two seats is always N, whoever made trump; scoring
gives the points to the one player who earned them. This plugin adds what differs:

* **Two seats only.** The plugin refuses any other player count.
* **The dealer who takes it up keeps it.** With ``standard.dealer_pickup = optional``
  the dealer may leave the up-card only when N ordered it up ([S004]: "whether or not
  the dealer takes it, the up-card's suit is trump"); a dealer who accepts the up-card
  in round 1 takes it and discards, as every source says.
* **The joker turned up** (``standard.deck = deck25_benny``): no bidding; the dealer
  is the maker, names a suit, takes the joker and discards (British rule, as
  ``house_rules.md`` HR-BENNY). When the ``benny`` house rule is in the stack, it
  decides instead.
* **The S001 literal pack** (option ``s001_literal_pack``): A K Q J 10 7 of each suit,
  a literal reading of [S001]'s "the 8s and 9s are removed" applied to its 32-card pack.
  No other source describes it; it is **not recommended** (open question Q-2H-1).

Every parameter of ``two_hand.md`` §9, where to set it, and its default:

====================================  ===============================================
``standard.deck``                     ``deck24``; ``deck32``, ``deck25_benny`` (any
                                      pack of the standard plugin works)
``two-hand.s001_literal_pack``        ``false``; ``true`` for A K Q J 10 7
``standard.first_dealer``             ``random``; ``high_draw``, ``low_cut`` …
``standard.deal_pattern``             ``2-3``; ``3-2``, ``singles``
``standard.dealer_pickup``            ``mandatory`` [KELLER]; ``optional`` [S004]
``standard.discard_may_be_upcard``    ``false``; ``true`` [RODENTS]
``standard.round2_exclude_turned_suit``  ``true`` [CHAMBERS] [RODENTS]
``standard.all_pass``                 ``redeal`` (the deal passes to the other
                                      player); ``redeal_same_dealer`` [RODENTS];
                                      stick the dealer is the plugin
                                      ``stick-the-dealer`` (D may not pass in round 2)
``standard.target_score``             ``10`` [S004]; 5 [CASSELL]
``standard.points_make`` / ``points_march`` / ``points_euchre``   1 / 2 / 2
====================================  ===============================================

The ``alone_*``, ``opening_lead`` and lone-hand scoring options of the standard plugin
have no effect with two players, and ``defend-alone`` cannot be added (it needs
partnerships). Only one player scores in a hand, so two players never reach the target
together.

Not here: the two-hand games with a dummy of ``two_hand.md`` §8 (a 2-card dummy
[OHIO-TWO], a 3-card dummy per player [WP-VARIATIONS], the 12-card game) are separate
games with their own deal and exchanges, not parameters of this one.

Sources: [S004] (primary), [KELLER], [HOYLEMOD], [CASSELL], [CHAMBERS], [AMERICANA],
[WP-VAR], [RODENTS], as cited in ``shared/rules/two_hand.md``; ``edge_cases.md`` H.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_core.actions import Action, Call
from euchre_core.cards import JOKER, SUITS, Card, cards
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import Contract
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Decision, PassOut, Table, Transfer
from euchre_core.state import State

NAME = "two-hand"
APPLIES_TO = ("standard",)
CONFLICTS = ("cutthroat", "defend-alone")

#: The literal reading of [S001]: A K Q J 10 7 in each suit (not recommended).
S001_LITERAL_PACK: tuple[Card, ...] = tuple(
    cards([r + s.value for s in SUITS for r in ("7", "T", "J", "Q", "K", "A")])
)

OPTIONS = [
    Option(
        "s001_literal_pack",
        bool,
        False,
        "Play with A K Q J 10 7 of each suit, a literal reading of [S001] "
        "(not recommended; replaces standard.deck, which must stay deck24).",
    ),
]


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    if table.seats != 2:
        raise ConfigError(
            config.source,
            "variant.players",
            f"two-hand euchre is a game for 2 players, not {table.seats}",
        )
    if config.options[NAME]["s001_literal_pack"]:
        deck = config.options["standard"]["deck"]
        if deck != "deck24":
            raise ConfigError(
                config.source,
                "options.two-hand.s001_literal_pack",
                f"the S001 literal pack replaces the pack: leave standard.deck at deck24, "
                f"not {deck}",
            )
        return Table(
            table.seats, table.partnerships, S001_LITERAL_PACK, table.hand_size, table.target
        )
    return table


# ---------------------------------------------------------------------------------------
# The joker turned up (shared with cutthroat)
# ---------------------------------------------------------------------------------------


def joker_turned(state: State) -> bool:
    """Whether the up-card is the joker and this plugin (not ``benny``) rules on it."""
    return state.upcard is JOKER and "benny" not in state.rules.names


def joker_bids(state: State, seat: int) -> list[Action] | None:
    """With the joker turned up, the dealer's only choices: name one of the four suits."""
    if not joker_turned(state):
        return None
    return [Call(s) for s in SUITS]


def joker_result(state: State) -> Contract | None:
    """With the joker turned up, the dealer's named suit makes the dealer maker in round 1
    (so that the dealer then takes the joker and discards)."""
    if not joker_turned(state) or not state.bids:
        return None
    seat, action = state.bids[-1]
    if isinstance(action, Call):
        return Contract(seat, action.suit, round=1)
    return None


@hookimpl(wrapper=True)
def euchre_bidder(state: State) -> Generator[None, int, int]:
    seat = yield
    return state.dealer if joker_turned(state) else seat


@hookimpl(wrapper=True)
def euchre_legal_bids(state: State, seat: int) -> Generator[None, list[Action], list[Action]]:
    bids = yield
    return joker_bids(state, seat) or bids


@hookimpl(wrapper=True)
def euchre_bidding_result(
    state: State,
) -> Generator[None, Contract | PassOut | None, Contract | PassOut | None]:
    result = yield
    return joker_result(state) or result


@hookimpl
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    if joker_turned(state) and state.phase.value == "bidding" and state.to_act == seat:
        return "the joker was turned up: the dealer makes trump and names a suit (call C/D/H/S)"
    return None


# ---------------------------------------------------------------------------------------
# The dealer's exchange
# ---------------------------------------------------------------------------------------


def acceptor_keeps_upcard(
    state: State, step: Decision | Transfer | None
) -> Decision | Transfer | None:
    """Turn the optional pick-up into a taking when the taker is the maker: only a dealer
    who was ordered up may leave the up-card."""
    c = state.contract
    if (
        isinstance(step, Decision)
        and step.kind == "pickup"
        and c is not None
        and step.seat == c.maker
        and state.upcard is not None
    ):
        return Transfer(step.seat, (state.upcard,), "upcard", public=True)
    return step


@hookimpl(wrapper=True)
def euchre_prepare_step(
    state: State,
) -> Generator[None, Decision | Transfer | None, Decision | Transfer | None]:
    step = yield
    return acceptor_keeps_upcard(state, step)


__all__ = [
    "S001_LITERAL_PACK",
    "acceptor_keeps_upcard",
    "joker_bids",
    "joker_result",
    "joker_turned",
]
