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
    "two-hand": "euchre_plugins.two_hand",
    "cutthroat": "euchre_plugins.cutthroat",
    "auction": "euchre_plugins.auction",
    "pepper": "euchre_plugins.pepper",
    "call-ace": "euchre_plugins.call_ace",
}
