"""The coach's words for railroad euchre (``euchre learn railroad``).

A helper module of the ``railroad`` plugin, not a plugin: its ``euchre_add_coaching``
hook returns these texts. They teach the joker as the highest trump, the joker turned
up, calling for the partner's best card, defending alone, and laps and slams, quoting
the options in force.
"""

from __future__ import annotations

from euchre_plugins.railroad import proposed_suit

from euchre_core.config import Config

__all__ = ["coaching"]


def coaching(config: Config) -> dict[str, str]:
    """The coach's texts of railroad euchre."""
    o = config.options["railroad"]
    std = config.options["standard"]
    target = std["target_score"]
    cards = 33 if o["deck"] == "deck33_benny" else 25
    lowest = "7" if cards == 33 else "9"
    suit = proposed_suit(o).word
    best = o["call_for_best"]
    first_discard = o["best_exchange_order"] == "discard_then_receive"
    lone_def = o["lone_defender_euchre_points"]
    if o["joker_upcard"] == "proposed_suit":
        upcard = (
            f"If the joker is turned up it proposes {suit}: order it up and {suit} are trump "
            f"(the dealer takes the joker); if everyone passes, {suit} cannot be named in "
            "round 2."
        )
    else:
        upcard = (
            "If the joker is turned up there is no bidding: the dealer names trump before "
            "looking at the hand and takes the joker."
        )
    if best == "off":
        exchange = ""
    else:
        how = (
            "discards one card face down, then receives"
            if first_discard
            else "receives, then discards any one of the six,"
        )
        may = "may" if best == "optional" else "must"
        exchange = (
            f"Calling for best: a player who goes alone {may} call for the partner's best "
            f"card. The lone player {how} the card the partner chooses, passed face down; "
            "then the partner sits out. Only the two of them see it. As the partner, pass "
            "your best trump, or else your best ace."
        )
    defend = (
        f" An opponent of a lone player may defend alone (the partner sits out); a lone "
        f"defender who euchres the lone hand scores {lone_def}."
        if o["defend_alone"]
        else ""
    )
    match = []
    if o["laps"]:
        match.append("points beyond the target start your next game (laps)")
    if o["slam"]:
        match.append("a game won before the other side scores counts as two (a slam)")
    match_words = ("; ".join(match) + ".") if match else ""
    texts = {
        "intro": (
            f"Railroad euchre: euchre for four in two partnerships, with {cards} cards: the "
            "joker is the highest trump of all, and lone hands are helped by the partner's "
            f"best card. The first side to {target} points wins the game. I will tell you "
            "what each decision is about, what I would do and why; the choice is always "
            "yours."
        ),
        "rules": (
            f"{cards} cards ({lowest} to ace and the joker), five to each player, the next "
            "turned up. Round 1: order up the up-card's suit or pass (the dealer takes the "
            "card and discards); round 2: name another suit or pass. The joker is always "
            "the highest trump, then the jack of trump (right bower) and the other jack of "
            f"its colour (left bower). {upcard} Going alone, you may call for your "
            f"partner's best card.{defend} Makers score 1 for 3 or 4 tricks, 2 for all 5, "
            f"4 for all 5 alone; makers euchred give the defenders 2. Game to {target}; "
            f"{match_words}"
        ),
        "upcard": (
            "The up-card: in round 1 each player may order it up, making its suit trump; "
            f"the dealer then takes it and discards. {upcard}"
        ),
        "exchange": exchange,
        "alone": (
            "Going alone: the maker plays without the partner, who sits out, and may call "
            "for the partner's best card first. All five tricks alone score 4." + defend
        ),
        "scoring": (
            "Railroad scoring: 1 for 3 or 4 tricks, 2 for a march, 4 for a lone march; a "
            "euchre gives the defenders 2"
            + (f", {lone_def} if a lone defender made it" if o["defend_alone"] else "")
            + f". Game to {target}. "
            + match_words
        ),
        "ask:best": (
            "You play alone: call for your partner's best card (you discard one and receive "
            "one), or play with your own five."
        ),
        "ask:give": (
            "Your partner plays alone and called for your best card: pass one face down, "
            "the one that helps most (a high trump), then sit out."
        ),
        "ask:defend": (
            "An opponent plays alone: defend alone against the lone hand (your partner "
            f"sits out; a euchre then scores {lone_def}), or defend with your partner."
        ),
        "term:benny": (
            "The joker, also called the best bower: in railroad euchre the highest trump, "
            "above both jacks, whatever suit is trump."
        ),
        "term:calling for best": (
            "A lone player's right to discard one card and receive the partner's best card, "
            "passed face down."
        ),
        "term:slam": "A game won before the other side has scored: it counts two games.",
        "term:laps": "Points beyond the target, carried into the next game.",
    }
    return texts
