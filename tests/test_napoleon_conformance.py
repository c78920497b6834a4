"""Napoleon's conformance: every variant and every option through ``check_variant``
(invariants after every action, refused actions, the secrecy check and the save
round-trip)."""

from __future__ import annotations

import pytest

from euchre_core.testing import check_variant

VARIANTS = ["napoleon", *(f"napoleon-{n}" for n in (2, 3, 4, 6, 7))]

OPTIONS = [
    "napoleon.deck=stripped_by_players",
    "napoleon.joker=true",
    "napoleon.deal_pattern=singles",
    "napoleon.shuffle_policy=parlett_cut_only",
    "napoleon.min_bid=3",
    "napoleon.misere=false",
    "napoleon.wellington=false",
    "napoleon.bluecher=false",
    "napoleon.all_pass=dealer_bids_one",
    "napoleon.misere_trumps=first_lead",
    "napoleon.wellington_lead_lowest_trump=true",
    "napoleon.bluecher_named_trump=true",
    "napoleon.stop_when_decided=true",
    "napoleon.payment_table=eb1911",
    "napoleon.payment_table=ubcg",
    "napoleon.nap_failure_half=true",
    "napoleon.game_end=fixed_deals",
    "napoleon.widow=peep",
    "napoleon.widow=purchase",
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_napoleon_variant_keeps_the_invariants_its_secrets_and_its_saves(variant: str):
    report = check_variant(variant, hands=120, seed=3)
    assert report.hands >= 120


@pytest.mark.parametrize("option", OPTIONS)
def test_every_napoleon_option_keeps_the_invariants_its_secrets_and_its_saves(option: str):
    report = check_variant("napoleon", options=[option], hands=60, seed=5, secrecy_swaps=2)
    assert report.hands >= 60


def test_the_three_player_stripped_pack_with_the_joker_keeps_the_invariants():
    report = check_variant(
        "napoleon-3",
        options=["napoleon.deck=stripped_by_players", "napoleon.joker=true"],
        hands=80,
        seed=7,
    )
    assert report.hands >= 80


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("napoleon-7", ["napoleon.widow=purchase"]),
        ("napoleon-4", ["napoleon.widow=purchase", "napoleon.deck=stripped_by_players"]),
        ("napoleon-3", ["napoleon.widow=peep", "napoleon.deck=stripped_by_players"]),
        ("napoleon-2", ["napoleon.widow=peep", "napoleon.all_pass=dealer_bids_one"]),
    ],
)
def test_the_widows_keep_the_invariants_with_every_pack(variant: str, options: list[str]):
    report = check_variant(variant, options=options, hands=60, seed=9, secrecy_swaps=2)
    assert report.hands >= 60
