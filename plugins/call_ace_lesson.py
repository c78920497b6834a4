"""The coach's words for call-for-ace euchre (``euchre learn call-ace``).

A helper module of the ``call-ace`` plugin, not a plugin: its ``euchre_add_coaching``
hook returns these texts. They teach the call of an ace, the secret partner, a called
ace that was never dealt, and the scoring of each player for themselves.
"""

from __future__ import annotations

from euchre_core.config import Config

__all__ = ["coaching"]


def _pts(n: object) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def coaching(config: Config) -> dict[str, str]:
    """The coach's texts of call-for-ace, quoting the options in force."""
    o = config.options["call-ace"]
    seats = config.players or 4
    make = _pts(o["points_make_each"])
    march = _pts(o["points_partner_march_each"])
    euchre = _pts(o["points_euchre_each_opponent"])
    target = config.options["standard"]["target_score"]
    what = "a card" if o["called_card"] == "any_card" else "an ace"
    return {
        "intro": (
            f"Call-for-ace euchre for {seats} players, each for themselves. Trump is made on "
            f"the up-card as in euchre; then the maker calls {what}, and whoever holds it is "
            "the maker's secret partner for the hand, unknown until the card is played. The "
            f"first to {target} points wins. I will tell you what each decision is about, "
            "what I would do and why; the choice is always yours."
        ),
        "rules": (
            f"{seats} players, five cards each, the next card turned up. Round 1: order up "
            "the up-card's suit or pass (the dealer takes the card and discards); round 2: "
            f"name another suit or pass. The maker then plays alone or calls {what}: its "
            "holder is the maker's partner, a secret until the card is played. The bowers "
            "are the two highest trumps; follow suit if you can. The makers score "
            f"{make} each for 3 or 4 tricks and {march} each for all 5; a lone march scores "
            f"more; makers euchred give {euchre} to each opponent. Game to {target}."
        ),
        "call-ace": (
            f"The call: once trump is made the maker names {what} they do not hold (calling "
            "the ace of a suit where the maker is weak), or plays alone. The call is public; "
            "who holds the card is not."
        ),
        "secret-partner": (
            "The secret partner: the holder of the called card plays with the maker this "
            "hand, and only they know it until the card is played; everyone else must guess "
            "from the play. A secret partner often keeps the called card until it can win a "
            "trick."
        ),
        "undealt-ace": (
            "The called card was never played: it was not dealt (or lay in the kitty or the "
            "dealer's discard). The maker then had no partner without knowing it, and the "
            "hand is scored as a lone hand."
        ),
        "alone": (
            "Going alone: instead of calling, the maker may play alone against everyone; a "
            "lone march scores more, but there is no help."
        ),
        "scoring": (
            f"Call-ace scoring, each for themselves: the maker and the partner score {make} "
            f"each for 3 or 4 tricks and {march} each for all 5. The first to {target} wins."
        ),
        "euchred": (
            "If the makers take fewer than 3 tricks they are euchred: each opponent scores "
            f"{euchre}."
        ),
        "ask:call": f"Trump is made: call {what} for a secret partner, or play alone.",
        "term:secret partner": (
            "In call-for-ace euchre, the holder of the called card: the maker's partner for "
            "the hand, unknown to the others until the card is played."
        ),
    }
