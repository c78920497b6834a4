"""The plugins that ship with euchre: the base games, the variants and the house rules.

Each plugin is a module whose docstring is its documentation page: the rule in plain
words, its options and its sources. ``BUILTIN`` maps the kebab-case names that variant
files and ``--rule`` use to the modules; they are imported only when a variant names them.
"""

BUILTIN: dict[str, str] = {
    "tricks": "euchre_plugins.tricks",
    "standard": "euchre_plugins.standard",
    "stick-the-dealer": "euchre_plugins.house.stick_the_dealer",
    "dealer-forfeit": "euchre_plugins.house.dealer_forfeit",
    "no-trump-passout": "euchre_plugins.house.no_trump_passout",
    "defend-alone": "euchre_plugins.house.defend_alone",
    "must-trump": "euchre_plugins.house.must_trump",
    "super-euchre": "euchre_plugins.house.super_euchre",
    "minimum-trump": "euchre_plugins.house.minimum_trump",
    "canadian-loner": "euchre_plugins.house.canadian_loner",
    "benny": "euchre_plugins.house.benny",
    "farmers-hand": "euchre_plugins.house.farmers_hand",
    "partners-best": "euchre_plugins.house.partners_best",
    "optional-pickup": "euchre_plugins.house.optional_pickup",
    "discard-upcard": "euchre_plugins.house.discard_upcard",
    "round2-any-suit": "euchre_plugins.house.round2_any_suit",
    "anyone-alone": "euchre_plugins.house.anyone_alone",
    "lead-left-of-lone": "euchre_plugins.house.lead_left_of_lone",
    "lone-euchre-4": "euchre_plugins.house.lone_euchre_4",
    "target-5": "euchre_plugins.house.target_5",
    "target-15": "euchre_plugins.house.target_15",
    "deck-32": "euchre_plugins.house.deck_32",
    "deck-28": "euchre_plugins.house.deck_28",
    "no-trump-call": "euchre_plugins.house.no_trump_call",
    "alone-takeover": "euchre_plugins.house.alone_takeover",
    "seven-card-deal": "euchre_plugins.house.seven_card_deal",
    "weak-hand-redeal": "euchre_plugins.house.weak_hand_redeal",
    "misdeal": "euchre_plugins.house.misdeal",
    "renege": "euchre_plugins.house.renege",
    "laps": "euchre_plugins.house.laps",
    "slam": "euchre_plugins.house.slam",
    "rubber": "euchre_plugins.house.rubber",
    "two-hand": "euchre_plugins.two_hand",
    "cutthroat": "euchre_plugins.cutthroat",
    "auction": "euchre_plugins.auction",
    "pepper": "euchre_plugins.pepper",
    "call-ace": "euchre_plugins.call_ace",
    "bid-euchre": "euchre_plugins.bid_euchre",
    "five-hundred": "euchre_plugins.five_hundred",
}
