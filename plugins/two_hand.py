"""Two-hand euchre: two players, each for themselves, on the standard game's rules.

Two players, each for themselves. It is the ``standard`` plugin played by two
seats (``players = 2``), which already gives what the two-hand game needs: no
partnerships, so the maker plays for themselves and no "alone" action is ever offered;
the bidding speakers are the non-dealer (N) then the dealer (D), twice round; the first
lead is the dealer's left, which at two seats is always N, whoever made trump; scoring
gives the points to the one player who earned them. This plugin adds what differs:

* **Two seats only.** The plugin refuses any other player count.
* **The joker** (``standard.deck = deck25_benny`` with the ``benny`` rule): the joker is
  the highest trump; turned up, the dealer names trump without bidding, takes it and
  discards, all as the ``benny`` plugin says.
* **The pack without 8s and 9s** (option ``pack_without_8s_9s``): A K Q J 10 7 of each
  suit, a literal reading of a French text's "the 8s and 9s are removed" applied to its
  32-card pack (it probably means the 7s and 8s). No other source describes it; it is
  not recommended.

Every parameter of the game, where to set it, and its default:

====================================  ===============================================
``standard.deck``                     ``deck24``; ``deck32``, ``deck25_benny`` (with
                                      the ``benny`` rule)
``two-hand.pack_without_8s_9s``        ``false``; ``true`` for A K Q J 10 7
``standard.first_dealer``             ``random``; ``high_draw``, ``low_cut`` …
``standard.deal_pattern``             ``2-3``; ``3-2``, ``singles``
``standard.dealer_pickup``            ``mandatory``; ``optional``
                                      (only a dealer ordered up by N may leave it)
``standard.discard_may_be_upcard``    ``false``; ``true``
``standard.round2_exclude_turned_suit``  ``true``
``standard.all_pass``                 ``redeal`` (the deal passes to the other
                                      player); ``redeal_same_dealer``;
                                      stick the dealer is the plugin
                                      ``stick-the-dealer`` (D may not pass in round 2)
``standard.target_score``             ``10``; 5
``standard.points_make`` / ``points_march`` / ``points_euchre``   1 / 2 / 2
====================================  ===============================================

The ``alone_*``, ``opening_lead`` and lone-hand scoring options of the standard plugin
have no effect with two players, and ``defend-alone`` cannot be added (it needs
partnerships). Only one player scores in a hand, so two players never reach the target
together.

Not here: the two-hand games with a dummy (a 2-card dummy, a 3-card dummy per player, the
12-card game) are separate games with their own deal and exchanges, not parameters of this
one.

Sources: a Romanian two-hand euchre rules page; J. W. Keller, The Game of Euchre (1887);
Hoyle's Games Modernized, “Euchre”; Cassell's Book of In-door Amusements, “Euchre”;
Chambers's Encyclopaedia, “Euchre”; Encyclopedia Americana, “Euchre”; Wikipedia, “Euchre
variants”; a euchre rules text from rodents-montreal.org.
"""

from __future__ import annotations

from collections.abc import Generator

from euchre_core.cards import SUITS, Card, cards
from euchre_core.config import Config, Option
from euchre_core.errors import ConfigError
from euchre_core.hookspecs import hookimpl
from euchre_core.model import Table

NAME = "two-hand"
APPLIES_TO = ("standard",)
CONFLICTS = ("cutthroat", "defend-alone")

#: The 32-card pack without its 8s and 9s: A K Q J 10 7 in each suit (not recommended).
PACK_WITHOUT_8S_9S: tuple[Card, ...] = tuple(
    cards([r + s.value for s in SUITS for r in ("7", "T", "J", "Q", "K", "A")])
)

OPTIONS = [
    Option(
        "pack_without_8s_9s",
        bool,
        False,
        "Play with A K Q J 10 7 of each suit: the 32-card pack without its 8s and 9s, "
        "a literal reading of a French rules text (not recommended; replaces "
        "standard.deck, which must stay deck24).",
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
    if config.options[NAME]["pack_without_8s_9s"]:
        deck = config.options["standard"]["deck"]
        if deck != "deck24":
            raise ConfigError(
                config.source,
                "options.two-hand.pack_without_8s_9s",
                f"the pack without 8s and 9s replaces the pack: leave standard.deck at deck24, "
                f"not {deck}",
            )
        return Table(
            table.seats, table.partnerships, PACK_WITHOUT_8S_9S, table.hand_size, table.target
        )
    return table


# ---------------------------------------------------------------------------------------
# Coaching: what two players change, in plain words
# ---------------------------------------------------------------------------------------


def _points(n: object) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


@hookimpl
def euchre_add_coaching(config: Config) -> dict[str, str]:
    """What two-hand euchre teaches: two players, no partner, no lone hands, the
    non-dealer's lead."""
    std = config.options["standard"]
    make, march = _points(std["points_make"]), _points(std["points_march"])
    euchre, target = _points(std["points_euchre"]), std["target_score"]
    return {
        "intro": (
            "Two-hand euchre: you against one opponent, five cards each and no partner. "
            "Whoever makes trump must take 3 of the 5 tricks alone; the other player "
            f"defends. The first to {target} points wins. I will tell you what each decision "
            "is about, what I would do and why; the choice is always yours."
        ),
        "rules": (
            "24 cards, five each, the next card turned up. Round 1: the non-dealer, then the "
            "dealer, orders up the up-card's suit or passes (the dealer takes the card and "
            "discards); round 2: name another suit or pass. The non-dealer always leads. The "
            "bowers are the two highest trumps; follow suit if you can. The maker scores "
            f"{make} for 3 or 4 tricks and {march} for all 5; a euchred maker gives {euchre} "
            f"to the opponent. There are no lone hands. Game to {target}."
        ),
        "alone": (
            "With two players there are no partners and no lone hand to call: the maker "
            "always plays against the one opponent, and the non-dealer leads."
        ),
        "scoring": (
            f"Two-hand scoring: the maker scores {make} for 3 or 4 tricks and {march} for a "
            f"march (all 5). The first to {target} wins."
        ),
        "euchred": (
            "If the maker takes fewer than 3 tricks the maker is euchred: the opponent "
            f"scores {euchre}. Half the pack is never dealt, so count on your own cards."
        ),
        "term:alone": "Playing without a partner; in two-hand euchre every maker plays so.",
        "term:march": f"Taking all 5 tricks: {march} in two-hand euchre.",
    }


__all__ = [
    "PACK_WITHOUT_8S_9S",
]
