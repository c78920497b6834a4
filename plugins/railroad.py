"""Railroad euchre: the joker on top, calling for the partner's best, defending alone.

The four-hand partnership game with the bundle of fast-scoring features the old books
call Railroad Euchre. Everything not said here is the standard game (the up-card, two
rounds of bidding, the dealer's exchange, going alone with the call, following suit).
Bicycle's page says the name covers many versions put together from local features, so
every feature below is an option; the defaults are the bundle the sources share.

* **The pack.** 25 cards: 9 to A in each suit and the joker (``deck = deck25_benny``;
  ``deck33_benny``: 7 to A and the joker, 33 cards, Keller's pack). Five cards each, the
  next card turned up.
* **The joker** is always the highest trump, above the right bower, whatever suit is
  trump; it belongs to the trump suit for everything, so leading it leads trump.
* **The joker turned up** (``joker_upcard = proposed_suit``): it proposes a suit agreed
  in advance, hearts by default (``joker_upcard_suit``). Bidding goes on as usual: if the
  proposal is ordered up the dealer takes the joker and discards (never the joker);
  if everyone passes, that suit is the one barred in round 2 and the joker stays out of
  play. With ``dealer_names_blind`` there is no bidding: the dealer names trump before
  looking at the hand, takes the joker and discards, and the dealer's side are the
  makers (as in British euchre).
* **Calling for best.** A player who goes alone may discard one card face down and call
  for the partner's best card: the partner, without a word, passes one card face down
  (any card: what is best is the partner's judgement), and sits out. Only the two
  partners know the card. ``call_for_best = optional`` (the lone player may decline:
  ``best`` or ``pass``), ``mandatory`` or ``off``. ``best_exchange_order =
  discard_then_receive`` (discard first, then receive, as Bicycle and about.com
  describe it) or ``receive_then_discard`` (Keller: receive the card, then discard any of
  the six).
* **The dealer's partner alone.** When the dealer's partner goes alone on the up-card,
  the dealer still takes it up and discards before sitting out, so the up-card may be
  the card he passes (the standard option ``lone_partner_dealer_skips_pickup`` is false
  in this variant).
* **Defending alone** (``defend_alone``). Once the lone player's exchange is done, the
  opponents are asked in turn from the lone player's left; the first to say ``defend
  alone`` plays alone and his partner sits out (without being asked). Only against a
  lone player (``defend_alone_requires_lone_maker``). The lone defender may call for his
  partner's best card too (``defender_call_for_best``), under the same options.
* **Play.** The dealer's left leads, or the next seat that plays.
* **Scoring.** Makers 3 or 4 tricks: 1; all five: 2, or 4 for a lone player. Makers
  euchred: 2 to the defenders, also against a lone maker (``standard.lone_euchre_points``,
  4 on some tables), and ``lone_defender_euchre_points`` (4) when a lone defender euchres
  the lone maker. A lone maker who takes 3 or 4 tricks against a lone defender scores 1:
  Keller's sentence on that case is cut off in the copy that survives, so this is the
  one common form the standard scoring gives.
* **Game and match.** Game to 10 (``standard.target_score``; 5 at some tables). With
  ``laps`` the winners' points beyond the target start the next game; with ``slam`` a
  game won before the losers score counts as two games. The match goes to
  ``games_to_win`` games (2: best of three).

Options (``[options.railroad]``):

===================================  ===============================================
``deck``                             ``deck25_benny``; ``deck33_benny``
``joker_upcard``                     ``proposed_suit``; ``dealer_names_blind``
``joker_upcard_suit``                ``hearts``; ``spades``, ``clubs``, ``diamonds``
``call_for_best``                    ``optional``; ``mandatory``, ``off``
``best_exchange_order``              ``discard_then_receive``; ``receive_then_discard``
``defend_alone``                     ``true``; ``false``
``defend_alone_requires_lone_maker``  ``true``; ``false``
``defender_call_for_best``           ``true``; ``false``
``lone_defender_euchre_points``      4
``laps``                             ``true``; ``false``
``slam``                             ``true``; ``false``
``games_to_win``                     2 (games of the match, a slam counting two)
===================================  ===============================================

Bots: the plugin advises the heuristic bot on ordering up a proposed joker, on calling
for best (always, since the partner sits out anyway), on the card to pass (the
partner's best trump, else best ace), on the lone player's discard, and on defending
alone (with a hand that should take three tricks by itself).

Applies to: ``standard``. Four players in partnerships.

Sources: Bicycle Cards, “Railroad Euchre”; John W. Keller, The Game of Euchre (1887),
“Railroad Euchre”; about.com, “Railroad Euchre”; White Knuckle Cards, “Railroad Euchre”;
The Law and Practice of the Game of Euchre (1862), “Lap, Slam and Jambone”.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from euchre_plugins.house.benny import BLIND_CALLS, blind_call
from euchre_plugins.house.match import match_result
from euchre_plugins.standard import bidding_round, exchanger, lone_players

from euchre_core.actions import (
    DISCARD,
    PASS,
    Action,
    Call,
    DefendAlone,
    Discard,
    Give,
    Pass,
    WordAction,
    register_action,
)
from euchre_core.cards import JOKER, SUITS, Suit, pack
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.events import Contract, Event
from euchre_core.hookspecs import hookimpl
from euchre_core.model import (
    ActionWords,
    Decision,
    GameResult,
    HandScore,
    PassOut,
    Table,
    Teams,
    Transfer,
)
from euchre_core.state import State
from euchre_core.view import PlayerView

NAME = "railroad"
APPLIES_TO = ("standard",)
CONFLICTS = (
    "benny",
    "partners-best",
    "defend-alone",
    "anyone-alone",
    "laps",
    "slam",
    "rubber",
    "call-ace",
    "cutthroat",
    "two-hand",
)

#: The packs: the lowest rank of each suit, with the joker.
DECKS = {"deck25_benny": "9", "deck33_benny": "7"}
SUIT_WORDS = {s.word: s for s in SUITS}

OPTIONS = [
    Option(
        "deck",
        str,
        "deck25_benny",
        "The pack: 9 to A and the joker (25 cards), or 7 to A and the joker (33).",
        choices=tuple(DECKS),
    ),
    Option(
        "joker_upcard",
        str,
        "proposed_suit",
        "The joker turned up proposes joker_upcard_suit and the bidding goes on "
        "(proposed_suit), or the dealer names trump without looking (dealer_names_blind).",
        choices=("proposed_suit", "dealer_names_blind"),
    ),
    Option(
        "joker_upcard_suit",
        str,
        "hearts",
        "The suit a turned-up joker proposes.",
        choices=tuple(SUIT_WORDS),
    ),
    Option(
        "call_for_best",
        str,
        "optional",
        "A lone player may call for the partner's best card (optional), must (mandatory), "
        "or may not (off).",
        choices=("optional", "mandatory", "off"),
    ),
    Option(
        "best_exchange_order",
        str,
        "discard_then_receive",
        "The lone player discards, then receives the partner's card; or receives it, then "
        "discards any of the six.",
        choices=("discard_then_receive", "receive_then_discard"),
    ),
    Option("defend_alone", bool, True, "An opponent of a lone player may defend alone."),
    Option(
        "defend_alone_requires_lone_maker",
        bool,
        True,
        "Defending alone only against a lone player (false: also against partners).",
    ),
    Option(
        "defender_call_for_best",
        bool,
        True,
        "A lone defender may call for the partner's best card too.",
    ),
    Option(
        "lone_defender_euchre_points",
        int,
        4,
        "To the defenders when a lone defender euchres the makers.",
        min=0,
    ),
    Option("laps", bool, True, "Points beyond the target start the winners' next game."),
    Option("slam", bool, True, "A game won before the losers score counts as two games."),
    Option(
        "games_to_win",
        int,
        2,
        "Games a side must win to take the match, with laps or slam (2: best of three).",
        min=2,
    ),
]


@register_action
@dataclass(frozen=True, slots=True)
class CallBest(WordAction):
    """A lone player calls for the partner's best card (``best``)."""

    keyword: ClassVar[str] = "best"


CALL_BEST = CallBest()
_BEST_CHOICE = (CALL_BEST, PASS)
#: The kind of the lone player's decision whether to call for the partner's best card
#: (the prompt reads ``Your choice (call for best)``).
CALL_FOR_BEST = "call-for-best"


def opt(state: State) -> Mapping[str, Any]:
    return state.options[NAME]


def proposed_suit(options: Mapping[str, Any]) -> Suit:
    """The suit a turned-up joker proposes."""
    return SUIT_WORDS[str(options["joker_upcard_suit"])]


def joker_proposes(state: State) -> bool:
    """The up-card is the joker and it proposes a suit (the bidding goes on)."""
    return state.upcard is JOKER and opt(state)["joker_upcard"] == "proposed_suit"


def joker_blind(state: State) -> bool:
    """The up-card is the joker and the dealer names trump without looking."""
    return state.upcard is JOKER and opt(state)["joker_upcard"] == "dealer_names_blind"


@hookimpl
def euchre_add_options() -> list[Option]:
    return OPTIONS


@hookimpl(wrapper=True)
def euchre_table(config: Config) -> Generator[None, Table, Table]:
    table = yield
    std = config.options.get("standard", {}).get("deck", "deck24")
    if std != "deck24":
        raise ConfigError(
            config.source,
            "options.standard.deck",
            f"{std}: railroad euchre sets its pack with railroad.deck "
            "(deck25_benny or deck33_benny)",
        )
    if config.options.get("standard", {}).get("alone_by") == "any_player":
        raise ConfigError(
            config.source,
            "options.standard.alone_by",
            "railroad euchre lets a defender go alone with railroad.defend_alone: "
            "alone_by = any_player overlaps it",
        )
    if table.seats != 4 or table.partnerships is None:
        raise ConfigError(
            config.source, "variant.players", "railroad euchre is for four players in partnerships"
        )
    deck = pack(DECKS[str(config.options[NAME]["deck"])], jokers=1)
    return replace(table, deck=deck)


# ---------------------------------------------------------------------------------------
# The joker turned up
# ---------------------------------------------------------------------------------------


def _barred(state: State) -> Suit | None:
    """The suit barred in round 2 after a proposed joker was turned down."""
    if joker_proposes(state) and state.options["standard"]["round2_exclude_turned_suit"]:
        return proposed_suit(opt(state))
    return None


@hookimpl(wrapper=True)
def euchre_legal_bids(state: State, seat: int) -> Generator[None, list[Action], list[Action]]:
    legal = yield
    barred = _barred(state)
    if barred is None or bidding_round(state) != 2:
        return legal
    return [a for a in legal if not (isinstance(a, Call) and a.suit is barred)]


@hookimpl(wrapper=True)
def euchre_bidding_result(
    state: State,
) -> Generator[None, Contract | PassOut | None, Contract | PassOut | None]:
    result = yield
    if isinstance(result, Contract) and result.round == 1 and joker_proposes(state):
        return replace(result, trump=proposed_suit(opt(state)))
    return result


@hookimpl(wrapper=True)
def euchre_why_illegal(
    state: State, seat: int, action: Action
) -> Generator[None, str | None, str | None]:
    reason = yield
    if state.to_act != seat:
        return reason
    barred = _barred(state)
    if (
        barred is not None
        and state.phase.value == "bidding"
        and bidding_round(state) == 2
        and isinstance(action, Call)
        and action.suit is barred
    ):
        return (
            f"the joker proposed {barred.word} and everyone passed: {barred.word} cannot be "
            "named in round 2"
        )
    d = state.decision
    if d is not None and d.blind and d.actions == BLIND_CALLS:
        return (
            "the joker is turned up: there is no bidding, the dealer names a trump suit "
            "(call C, call D, call H or call S)"
        )
    if d is not None and d.kind == CALL_FOR_BEST and isinstance(action, (Give, Discard)):
        return "first say whether you call for your partner's best card (best or pass)"
    return reason


# ---------------------------------------------------------------------------------------
# Between the contract and the first lead: calling for best, defending alone
# ---------------------------------------------------------------------------------------


def lone_maker(state: State) -> int | None:
    """The maker's side's lone player, if one announced a lone hand (the last to
    announce, when the partner took the hand over)."""
    c = state.contract
    if c is None or c.maker is None:
        return None
    side = state.table.side_of(c.maker)
    lone = [s for s in lone_players(state) if s in side]
    return lone[-1] if lone else None


def lone_defender(state: State) -> int | None:
    for s, a in state.prepare_log:
        if isinstance(a, DefendAlone):
            return s
    return None


def _pickup_discards(state: State, seat: int) -> int:
    """Discards ``seat`` made for the up-card (the dealer's exchange), not for best."""
    return 1 if exchanger(state) == seat and state.upcard_taken else 0


def best_step(state: State, lone: int) -> Decision | None:
    """The next step of ``lone``'s call for the partner's best card, or ``None``."""
    o = opt(state)
    mode = o["call_for_best"]
    if mode == "off":
        return None
    partner = state.partners_of(lone)[0]
    log = state.prepare_log
    if mode == "optional":
        answer = next(
            (a for s, a in log if s == lone and isinstance(a, (CallBest, Pass))),
            None,
        )
        if answer is None:
            return Decision(lone, _BEST_CHOICE, kind=CALL_FOR_BEST)
        if isinstance(answer, Pass):
            return None
    discards = sum(1 for s, a in log if s == lone and isinstance(a, Discard))
    discarded = discards > _pickup_discards(state, lone)
    given = any(s == partner and isinstance(a, Give) for s, a in log)
    hand = state.hands[lone]
    first_discard = o["best_exchange_order"] == "discard_then_receive"
    if first_discard and not discarded:
        return Decision(lone, tuple(DISCARD[c.index] for c in hand), kind="discard")
    if not given:
        cards = state.hands[partner]
        return Decision(partner, tuple(Give(c) for c in cards), kind="give", give_to=lone)
    if not discarded:
        return Decision(lone, tuple(DISCARD[c.index] for c in hand), kind="discard")
    return None


def defend_step(state: State, maker_lone: int | None) -> Decision | None:
    """The defend-alone question to the next defender, or ``None``."""
    o = opt(state)
    c = state.contract
    assert c is not None and c.maker is not None
    if not o["defend_alone"]:
        return None
    if maker_lone is None and o["defend_alone_requires_lone_maker"]:
        return None
    makers = set(state.table.side_of(c.maker))
    asked = {s for s, a in state.prepare_log if isinstance(a, Pass) and s not in makers}
    start = maker_lone if maker_lone is not None else c.maker
    n = state.seats
    for i in range(1, n):
        s = (start + i) % n
        if s not in makers and s not in asked:
            return Decision(s, (DefendAlone(), PASS), kind="defend")
    return None


@hookimpl(wrapper=True)
def euchre_prepare_step(state: State) -> Generator[None, object, object]:
    step = yield
    c = state.contract
    if c is None:
        if joker_blind(state):
            chosen = blind_call(state)
            if chosen is None:
                return Decision(state.dealer, BLIND_CALLS, kind="call", blind=True)
            return Contract(state.dealer, chosen.suit, False, round=1)
        return step
    if step is not None or c.maker is None:
        return step
    lone = lone_maker(state)
    if lone is not None:
        nxt = best_step(state, lone)
        if nxt is not None:
            return nxt
    defender = lone_defender(state)
    if defender is None:
        return defend_step(state, lone)
    if opt(state)["defender_call_for_best"]:
        return best_step(state, defender)
    return None


@hookimpl(wrapper=True)
def euchre_teams(state: State) -> Generator[None, Teams, Teams]:
    teams = yield
    d = lone_defender(state)
    if d is None:
        return teams
    out = set(teams.sitting_out) | set(state.partners_of(d))
    return Teams(teams.makers, teams.defenders, frozenset(out))


@hookimpl(wrapper=True)
def euchre_score_hand(state: State) -> Generator[None, HandScore, HandScore]:
    score = yield
    t = state.teams
    if t is None or lone_defender(state) is None:
        return score
    made = sum(state.tricks_won[s] for s in t.makers)
    if made * 2 < len(state.tricks):
        pts = int(opt(state)["lone_defender_euchre_points"])
        points = tuple(pts if s in t.defenders else 0 for s in range(state.seats))
        return HandScore(points, "lone defender euchre")
    return score


@hookimpl(wrapper=True)
def euchre_game_result(state: State) -> Generator[None, GameResult | None, GameResult | None]:
    result = yield
    o = opt(state)
    if not (o["laps"] or o["slam"]):
        return result
    return match_result(
        state, result, laps=bool(o["laps"]), slam=bool(o["slam"]), need=int(o["games_to_win"])
    )


# ---------------------------------------------------------------------------------------
# Words, coaching and the bots (in their own modules)
# ---------------------------------------------------------------------------------------


@hookimpl
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """Calling for best, defending alone (:mod:`euchre_plugins.railroad_words`)."""
    from euchre_plugins.railroad_words import action_words

    return action_words(view, action)


@hookimpl
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """The call for best, as each seat hears it (:mod:`euchre_plugins.railroad_words`)."""
    from euchre_plugins.railroad_words import describe_event

    return describe_event(event, view)


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What railroad euchre teaches (:mod:`euchre_plugins.railroad_lesson`)."""
    from euchre_plugins.railroad_lesson import coaching

    return coaching(config)


@hookimpl
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The heuristic bot's railroad decisions (:mod:`euchre_plugins.railroad_bot`)."""
    if NAME not in view.plugins or not legal:
        return None
    from euchre_plugins.railroad_bot import advice

    return advice(view, legal)


__all__ = [
    "CALL_BEST",
    "OPTIONS",
    "CallBest",
    "Transfer",
    "best_step",
    "joker_proposes",
    "lone_defender",
    "proposed_suit",
]
