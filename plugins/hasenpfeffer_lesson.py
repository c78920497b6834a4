"""The coach's words for hasenpfeffer (``euchre learn hasenpfeffer``).

A helper module of the ``hasenpfeffer`` plugin, not a plugin: its ``euchre_add_coaching``
hook returns these texts. They teach bidding for tricks with the joker on top, the
forced bid of the joker's holder, naming trump, the widow and the scoring by tricks,
quoting the options in force.
"""

from __future__ import annotations

from euchre_core.config import Config

__all__ = ["coaching"]


def coaching(config: Config) -> dict[str, str]:
    """The coach's texts of hasenpfeffer."""
    o = config.options["hasenpfeffer"]
    target = o["target_score"]
    nt = " or no trump" if o["no_trump_allowed"] else ""
    widow = o["widow_use"] == "bidder_exchange"
    first = widow and o["trump_named"] == "after_widow"
    if o["all_pass"] == "joker_holder_bids_three":
        forced = "If everyone passes, the holder of the joker must show it and bid 3" + (
            "; if nobody holds it (it is the widow card) the deal passes on."
            if o["joker_in_widow_pass_out"] == "redeal"
            else "; if it is the widow card, the dealer must bid 3."
        )
    else:
        forced = "If everyone passes, the dealer must bid 3."
    bowers = (
        "then the jack of trump (right bower) and the other jack of its colour (left bower), "
        "then A K Q 10 9"
        if o["bowers"]
        else "then A K Q J 10 9: the jacks are ordinary cards"
    )
    widow_words = (
        (
            "The widow: the 25th card, face down. The high bidder takes it into the hand, "
            "unseen by the others, and discards one card face down (the widow card too, if "
            "it is no use), then names trump: keep the cards of the suit you mean to name."
        )
        if first
        else (
            "The widow: the 25th card, face down. The high bidder names trump, then takes it "
            "into the hand and discards one card face down (the widow card too, if it is no "
            "use)."
        )
        if widow
        else ""
    )
    defenders = (
        "the other side scores the tricks it took too"
        if o["defenders_score_tricks"]
        else "the other side scores nothing"
    )
    return {
        "intro": (
            "Hasenpfeffer is bid euchre for four players, two teams of two, partners face to "
            "face, with the joker as the highest trump. Six cards each: you bid how many "
            f"tricks your side will take, and the highest bidder names trump. The first side "
            f"to {target} points wins. I will tell you what each decision is about, what I "
            "would do and why; the choice is always yours."
        ),
        "rules": (
            "25 cards (9 to ace and the joker), six to each player, one face down: the "
            "widow. From the dealer's left each player bids 1 to 6 tricks, higher than the "
            f"bid before, or passes; a pass is final. {forced} The high bidder "
            + (
                f"takes the widow, discards one, names a suit{nt} as trump"
                if first
                else f"names a suit{nt} as trump"
                + (", takes the widow and discards one" if widow else "")
            )
            + ", and leads. The joker is always the highest trump, "
            + bowers
            + f". Follow the suit led if you can. A bid made scores every trick the side "
            f"took; a bid failed costs the bid; {defenders}. Game to {target}; scores may go "
            "below zero, and only a side that made its bid or defeated the other's can win."
        ),
        "bidding": (
            "The bidding: each bid names how many of the 6 tricks your side will take with "
            "the trump you choose; each bid must be higher than the last, and a pass is "
            f"final. {forced} Count your sure tricks in your best suit: the joker, the "
            "bowers, the ace of trump, side aces, and about one trick from your partner."
        ),
        "name-trump": (
            ("You have taken the widow and discarded: now name the trump suit" + nt)
            if first
            else ("You won the bidding: now name the trump suit" + nt)
        )
        + (
            ". Choose the suit that gives the most tricks, usually your longest suit with "
            "the joker and the bowers."
        ),
        "widow": widow_words,
        "scoring": (
            "Hasenpfeffer scoring: a side that makes its bid scores every trick it took, "
            f"not just the bid; {defenders}. The first side to {target} wins, at the end of "
            "a hand it made its bid or defeated the other's."
        ),
        "euchred": (
            "A side that takes fewer tricks than its bid is set: the bid is taken off its "
            "score, which may go below zero."
        ),
        "alone": "",
        "ask:bid": (
            "Your bid: a number of tricks your side will take with the trump you will name, "
            "or pass (you are then out of the bidding)."
        ),
        "ask:name-trump": f"Name trump: a suit{nt}; you lead the first trick.",
        "ask:discard": (
            "You hold an extra card: discard one face down, the one you need least"
            + (" with the trump you mean to name." if first else ".")
        ),
        "ask:give": (
            "Your partner plays alone: pass one of your cards face down, the one that helps "
            "most (a high trump), then sit out."
        ),
        "ask:alone": (
            "You may play alone: discard and receive your partner's best card; a lone hand "
            "wins or loses double."
        ),
        "term:widow": "The card dealt face down to nobody; the high bidder takes it.",
        "term:set": "A side that takes fewer tricks than its bid is set and loses the bid.",
    }
