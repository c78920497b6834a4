"""EGN: the recorded games replay through our rules; reading and writing round-trip."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from euchre_core.cards import Suit
from euchre_core.errors import RecordError
from euchre_core.records.egn import egn_from_json, read_egn, write_egn
from euchre_core.records.history import replay
from euchre_core.state import State, new_game

DATA = Path(__file__).parent / "data" / "egn"
GAMES = sorted(p.name for p in DATA.glob("*.egn"))

# Starting and final scores (seats 0/2, seats 1/3), from the files' metadata and from an
# independent scoring of the tricks by the notation's replayer rules.
EXPECTED = {
    "epic-comeback.egn": ((0, 7), (11, 9), 9),
    "july-4th-pairs-finals.egn": ((2, 0), (9, 10), 11),
    "masters-week1-a.egn": ((0, 0), (7, 10), 8),
    "me-and-bears.egn": ((0, 0), (10, 9), 12),
    "me-and-mike.egn": ((0, 0), (11, 2), 9),
    "mote-w5-g5.egn": ((0, 0), (11, 7), 10),
    "six-points-in-two-hands.egn": ((4, 9), (10, 9), 2),
    "vwec-finals.egn": ((0, 0), (8, 10), 13),
}


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def test_all_eight_games_are_here() -> None:
    assert sorted(EXPECTED) == GAMES
    assert "Apache License" in (DATA / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License 2.0" in (DATA / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", GAMES)
def test_recorded_game_replays_to_its_end(name: str) -> None:
    saved = read_egn(DATA / name)
    start, final, deals = EXPECTED[name]
    assert saved.scores == [start[0], start[1], start[0], start[1]]
    assert saved.deals is not None and len(saved.deals) == deals
    state = replay(saved)
    assert state.is_over
    assert len(state.hand_records) == deals
    for i, record in enumerate(state.hand_records):
        top = max(record.scores)
        if i < deals - 1:
            assert top < 10, f"deal {i}: a side reached 10 before the last deal"
        else:
            assert top >= 10, "no side reached 10 in the last deal"
    assert tuple(state.scores[:2]) == final
    assert state.result is not None
    winners = 0 if final[0] >= 10 else 1
    assert set(state.result.winners) == {winners, winners + 2}


@pytest.mark.parametrize("name", GAMES)
def test_reconstruction_matches_the_record(name: str) -> None:
    """Dealers, up-cards and the cards of every trick are the file's."""
    data = load(name)
    saved = read_egn(DATA / name)
    state = replay(saved)
    assert saved.deals is not None
    tricks = [[c.code for _, c in t.plays] for t in _tricks_by_hand(state)]
    recorded = [
        [c[0] + c[1].upper() for c in trick]
        for deal in data["deals"]
        for trick in deal["phases"][1]["tricks"]
    ]
    assert tricks == recorded
    for deal, raw in zip(saved.deals, data["deals"], strict=True):
        up = raw["initialState"]["upCard"]
        assert deal.upcard is not None and deal.upcard.code == up[0] + up[1].upper()
        assert sorted(c.code for c in deal.all_cards()) == sorted(c.code for c in state.table.deck)
    assert [h.dealer for h in state.hand_records] == [
        d["initialState"]["dealer"] for d in data["deals"]
    ]


def _tricks_by_hand(state: State) -> list[Any]:
    from euchre_core.events import TrickWon

    return [e for e in state.events if isinstance(e, TrickWon)]


def test_ruleset_maps_to_our_options() -> None:
    vwec = read_egn(DATA / "vwec-finals.egn")
    assert vwec.config().option("standard.opening_lead") == "left_of_lone"
    assert vwec.config().option("standard.target_score") == 10
    assert "stick-the-dealer" in vwec.variant["plugins"]
    masters = read_egn(DATA / "masters-week1-a.egn")
    assert masters.config().option("standard.opening_lead") == "eldest_next_active"
    assert "canadian-loner" not in masters.variant["plugins"]


def test_the_recorded_opening_lead_rule_is_the_one_that_fits() -> None:
    """Played with the other loner_lead, games with a telling lone hand do not replay."""
    for name in ("masters-week1-a.egn", "me-and-bears.egn", "mote-w5-g5.egn"):
        data = load(name)
        data["metadata"]["ruleset"]["loner_lead"] = "LEFT_OF_LONER"
        with pytest.raises(RecordError, match=rf"^{name}: deal \d+: "):
            egn_from_json(data, name)


def test_initial_lead_of_version_1_is_checked() -> None:
    data = load("mote-w5-g5.egn")
    data["deals"][9]["phases"][1]["initialLead"] = 2
    with pytest.raises(RecordError, match=r"^m\.egn: deal 9: initialLead is seat 2, but"):
        egn_from_json(data, "m.egn")


def test_known_hands_of_version_1_are_used_and_checked() -> None:
    saved = read_egn(DATA / "mote-w5-g5.egn")
    assert saved.deals is not None
    # Deal 5: the dealer went alone; the sitting-out partner's hand is recorded.
    assert [c.code for c in saved.deals[5].hands[2]] == ["TD", "TC", "TH", "TS", "JH"]
    data = load("mote-w5-g5.egn")
    data["deals"][5]["initialState"]["player_cards"][2][0] = "As"  # played by another seat
    with pytest.raises(RecordError, match=r"^m\.egn: deal 5: AS is in"):
        egn_from_json(data, "m.egn")


def test_recorded_discard_is_the_dealers() -> None:
    saved = read_egn(DATA / "me-and-mike.egn")
    assert saved.deals is not None
    assert (2, "discard 9C") in saved.actions
    assert any(c.code == "9C" for c in saved.deals[2].hands[2])


def test_canadian_loner_is_added_and_enforced() -> None:
    pytest.importorskip("euchre_plugins.house.canadian_loner")
    data = load("vwec-finals.egn")
    data["metadata"]["ruleset"]["canadian"] = True
    assert "canadian-loner" in egn_from_json(data, "v.egn").variant["plugins"]
    # In deal 0 of this game the dealer's partner ordered up with a partner.
    data = load("epic-comeback.egn")
    data["metadata"]["ruleset"]["canadian"] = True
    with pytest.raises(RecordError, match=r"^e\.egn: deal 0: call 1 \('Order'\) by seat 2"):
        egn_from_json(data, "e.egn")


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = load("six-points-in-two-hands.egn")
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


BAD_RULESETS: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (lambda d: d["metadata"]["ruleset"].update(loner_lead="LEFT_OF_PARTNER"), "loner_lead"),
    (lambda d: d["metadata"]["ruleset"].update(lone_partner=True), "unknown field"),
    (lambda d: d["metadata"]["ruleset"].update(joker=True), "joker"),
    (lambda d: d["metadata"]["ruleset"].update(num_players=3), "num_players"),
    (lambda d: d["metadata"]["ruleset"].update(loner_euchred_score=3), "loner_euchred"),
    (lambda d: d["metadata"]["ruleset"].update(std="yes"), "std"),
]


@pytest.mark.parametrize(("change", "word"), BAD_RULESETS)
def test_unknown_ruleset_values_are_refused(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], word: str
) -> None:
    path = _edit(tmp_path / "bad.egn", change)
    with pytest.raises(RecordError) as err:
        read_egn(path)
    text = str(err.value)
    assert text.startswith(str(path) + ": metadata.ruleset")
    assert word in text and "\n" not in text


def _set(keys: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        target: Any = d
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value

    return change


def _swap_renege(d: dict[str, Any]) -> None:
    tricks = d["deals"][0]["phases"][1]["tricks"]
    tricks[1] = ["Jh", "Ah", "Tc"]
    tricks[4] = ["Qs", "9h", "Jc"]


MALFORMED: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (_set(["fileType"], "Chess"), "not an EGN file"),
    (_set(["version"], "2.0"), "unsupported EGN version"),
    (_set(["deals"], {}), "deals"),
    (_set(["deals"], []), "no deal"),
    (_set(["deals", 0], "AAAA"), "condensed"),
    (_set(["metadata", "initialScore"], [1]), "initialScore"),
    (_set(["deals", 0, "initialState", "upCard"], "Zz"), "not a card"),
    (_set(["deals", 0, "initialState", "dealer"], 7), "dealer"),
    (_set(["deals", 1, "initialState", "dealer"], 3), "by the rules seat 1 deals"),
    (_set(["deals", 0, "phases", 0, "calls", 5], "Order"), "call 5 ('Order')"),
    (_set(["deals", 0, "phases", 0, "calls", 2], "Bid"), "unknown call"),
    (_set(["deals", 0, "phases", 1, "tricks", 1, 0], "Js"), "already played"),
    (_set(["deals", 0, "phases", 1, "tricks", 0, 0], "Ks"), "up-card"),
    (_set(["deals", 0, "phases", 1, "tricks", 3], ["Th", "9d"]), "has 2 cards"),
    (_set(["deals", 0, "phases", 0, "calls"], ["Pass"] * 5), "no one made trump"),
    (_set(["deals", 0, "phases"], []), "no bidding is recorded, yet more deals follow"),
    (_set(["deals", 0, "phases", 1, "type"], "SCORING"), "unexpected phase"),
    (_set(["deals", 0, "phases", 1, "tricks", 0], "9s As Js"), "expected a list"),
    # Seat 1 would keep the QH (trump) and throw the TC on the lead of the JH: a renege.
    (_swap_renege, "trick 2 (1: 'play TC') is illegal"),
]


@pytest.mark.parametrize(("change", "words"), MALFORMED)
def test_malformed_files_give_one_line_naming_the_file(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    path = _edit(tmp_path / "broken.egn", change)
    with pytest.raises(RecordError) as err:
        read_egn(path)
    text = str(err.value)
    assert text.startswith(f"{path}: ")
    assert words in text, text
    assert "\n" not in text


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        read_egn(tmp_path / "missing.egn")
    bad = tmp_path / "bad.egn"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.egn: not JSON \(line 1"):
        read_egn(bad)
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RecordError, match="not an EGN file"):
        read_egn(bad)


def test_alternative_lines_are_ignored() -> None:
    data = load("july-4th-pairs-finals.egn")
    with_lines = egn_from_json(data, "j.egn")
    for deal in data["deals"]:
        deal.pop("alternativeLines", None)
    assert egn_from_json(data, "j.egn").actions == with_lines.actions


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("version", ["1.4", "1.0.0"])
def test_round_trip(tmp_path: Path, name: str, version: str) -> None:
    saved = read_egn(DATA / name)
    path = write_egn(saved, tmp_path / "out.egn", version=version)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == version
    assert (
        data["metadata"]["ruleset"]["loner_lead"] == load(name)["metadata"]["ruleset"]["loner_lead"]
    )
    back = read_egn(path)
    assert back.actions == saved.actions
    assert back.deals is not None and saved.deals is not None
    assert [d.hands for d in back.deals] == [d.hands for d in saved.deals]
    assert back.scores == saved.scores and back.players == saved.players
    assert [h.scores for h in replay(back).hand_records] == [
        h.scores for h in replay(saved).hand_records
    ]
    # Writing what was read writes the same file.
    again = write_egn(back, tmp_path / "again.egn", version=version)
    assert again.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def test_written_file_has_hands_discard_and_ruleset(tmp_path: Path) -> None:
    saved = read_egn(DATA / "me-and-mike.egn")
    data = json.loads(write_egn(saved, tmp_path / "m.egn").read_text(encoding="utf-8"))
    deal = data["deals"][2]
    assert all(len(h) == 5 for h in deal["initialState"]["playerCards"])
    assert deal["phases"][0]["discard"] == "9c"
    assert data["metadata"]["ruleset"]["std"] is True
    assert data["metadata"]["finalScore"] == [11, 2]
    legacy = json.loads(
        write_egn(saved, tmp_path / "m1.egn", version="1.0.0").read_text(encoding="utf-8")
    )
    init = legacy["deals"][2]["initialState"]
    assert len(init["kitty"]) == 3 and all(len(h) == 5 for h in init["player_cards"])
    assert legacy["deals"][2]["phases"][1]["initialLead"] == 3


def _play_out(seed: int, rules: list[str], options: dict[str, Any], moves: int) -> State:
    state = new_game("standard", seed=seed, rules=rules, options=options)
    rng = random.Random(seed)
    while not state.is_over and moves:
        state.apply(rng.choice(state.legal_actions()))
        moves -= 1
    return state


@pytest.mark.parametrize("seed", range(6))
def test_seeded_engine_game_saved_as_egn_gives_the_same_scores(tmp_path: Path, seed: int) -> None:
    options = {"standard.opening_lead": "left_of_lone"} if seed % 2 else {}
    rules = ["stick-the-dealer"] if seed % 3 == 0 else []
    state = _play_out(seed, rules, options, moves=10_000)
    assert state.is_over
    back = replay(read_egn(write_egn(state, tmp_path / "g.egn")))
    assert back.is_over
    assert back.scores == state.scores
    assert [h.scores for h in back.hand_records] == [h.scores for h in state.hand_records]
    assert [(s, str(a)) for s, a in back.actions] == [(s, str(a)) for s, a in state.actions]


@pytest.mark.parametrize("moves", [3, 9, 17, 40])
def test_unfinished_game_round_trips(tmp_path: Path, moves: int) -> None:
    state = _play_out(11, [], {}, moves)
    back = replay(read_egn(write_egn(state, tmp_path / "g.egn")))
    assert back.to_act == state.to_act and back.phase == state.phase
    assert back.hands == state.hands and back.scores == state.scores


def test_unexpressible_variants_are_refused(tmp_path: Path) -> None:
    state = new_game("standard", seed=1, options={"standard.alone_timing": "before_first_lead"})
    with pytest.raises(RecordError, match=r"alone_timing .* cannot be expressed in EGN"):
        write_egn(state, tmp_path / "x.egn")
    state = new_game("standard", seed=1, rules=["must-trump"])
    with pytest.raises(RecordError, match="must-trump"):
        write_egn(state, tmp_path / "x.egn")
    with pytest.raises(RecordError, match="version"):
        write_egn(new_game("standard", seed=1), tmp_path / "x.egn", version="1.9")


def test_partial_external_record_respects_shown_voids() -> None:
    """A record cut short: unseen cards are dealt so that no seat holds a suit it showed
    out of, and the recorded cards replay."""
    data = load("six-points-in-two-hands.egn")
    play = data["deals"][1]["phases"][1]
    play["tricks"] = [*play["tricks"][:2], ["Kd", "Kh"]]
    saved = egn_from_json(data, "p.egn")
    state = replay(saved)
    assert state.to_act == 0 and [c.code for _, c in state.trick] == ["KD", "KH"]
    # Diamonds are trump; seat 3 played TS on the lead of the JD: it holds no diamond.
    assert state.ranking is not None
    assert all(state.ranking.suit_of[c.index] != Suit.DIAMONDS for c in state.hands[3])
    assert len(state.hands[3]) == 5 - 3
