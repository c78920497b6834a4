"""Euchre Game Notation (EGN): read and write recorded four-hand games.

EGN is an open JSON notation for euchre games (``NextSuit-Labs/euchre-game-notation``,
Apache 2.0). A file holds ``metadata`` (players, ``initialScore`` by partnership, a
``ruleset``) and ``deals``; each deal gives the dealer, the up-card, the bidding ``calls``
clockwise from the dealer's left (``Pass``, ``Order``, or a suit letter in round 2) with
``isAlone`` for the contract, and the ``tricks`` in the order the cards hit the table.
Who led, who won each trick and the scores are left out on purpose: a rules engine derives
them. Hands are often left out too.

:func:`read_egn` turns a file into a :class:`~euchre_core.records.history.SavedGame` of the
``standard`` variant whose :func:`~euchre_core.records.history.replay` runs through our rules:

* **Ruleset.** ``loner_lead`` ``LEFT_OF_DEALER`` is ``standard.opening_lead =
  eldest_next_active`` and ``LEFT_OF_LONER`` is ``left_of_lone``; ``canadian: true`` adds
  the ``canadian-loner`` rule; ``std: true`` (stick the dealer, the notation's default)
  adds ``stick-the-dealer``; ``winning_score`` is ``standard.target_score`` (10 when
  absent), ``loner_march_score`` ``standard.points_lone_march``, ``loner_euchred_score``
  ``standard.lone_euchre_points``, ``min_rank`` 9/8/7 the 24/28/32-card pack. A value or a
  field we cannot play (a joker, no trump, defending alone, farmer's hands, fixed deal
  counts, other player counts…) is a :class:`~euchre_core.errors.RecordError`.
* **Scores.** ``initialScore`` (seats 0/2, then 1/3) gives the starting score per seat.
* **Hands.** Each seat's hand is rebuilt from the tricks: the first lead is asked of the
  rules (the bidding is replayed through a :class:`~euchre_core.state.State`, whose
  ``leader`` at the start of play is the opening leader), every later lead is the previous
  trick's winner, as the rules decide. The dealer who took the up-card held the cards
  played except the up-card, plus the discard: the recorded ``discard``, else a card
  nobody played (any unseen card is consistent with the record). The partner of a lone
  player, and cards of a deal cut short, are filled with unseen cards (a seat that showed
  out of a suit is given none of it); the kitty is the rest. ``playerCards``
  (``player_cards`` in 1.0), the 1.0 ``kitty`` and ``initialLead`` are used when present
  and must agree with the tricks and the rules. Empty strings and ``X`` ranks or suits are
  unknown cards; ``N`` is the nine, ``R``/``L`` the bowers of the hand's trump.
* **Annotations.** ``alternativeLines``, ``callAnnotations`` and ``playAnnotations`` are
  commentary (what-if lines and remarks), not the game: they are ignored.
* **Checks.** Every deal is played through the rules as it is rebuilt: a call or a card
  the rules refuse, a dealer out of turn, a deal after the game was won, or a record that
  contradicts itself is a one-line :class:`~euchre_core.errors.RecordError` naming the
  file, the deal and what is wrong.

:func:`write_egn` writes a four-hand ``standard`` game (a :class:`State` or a
:class:`SavedGame`) as EGN 1.4, with each seat's dealt hand (``playerCards``), the dealer's
``discard`` and the ruleset fields; the kitty of 1.4 is implied (the pack less the hands
and the up-card). ``version="1.0.0"`` writes the 1.0 layout instead (``player_cards``,
``kitty`` and ``initialLead``). Reading what was written gives the same actions and scores.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from ..actions import Call, Discard, Order, Pass
from ..cards import Card, Suit, card
from ..config import NUMBER_LIMIT, Config, load_variant
from ..errors import EuchreError, RecordError
from ..events import (
    BidMade,
    Dealt,
    Discarded,
    HandStarted,
    PlayStarted,
    TrickWon,
    UpCardTurned,
)
from ..model import Deal, Phase
from ..state import State
from .history import SavedGame, extend, read_json, replay, write_atomic
from .reading import MAX_SCORE, Field, shown

__all__ = ["EGN_VERSION", "egn_from_json", "egn_to_json", "read_egn", "write_egn"]

#: The version :func:`write_egn` writes by default.
EGN_VERSION = "1.4"
FILE_TYPE = "Euchre Game Notation"
_VERSION_RE = re.compile(r"^1\.[0-6](?:\.\d+)?$")
_WRITE_VERSIONS = ("1.4", "1.0.0")

_LONER_LEAD = {"LEFT_OF_DEALER": "eldest_next_active", "LEFT_OF_LONER": "left_of_lone"}
_MIN_RANK_DECK = {9: "deck24", 8: "deck28", 7: "deck32"}
#: Ruleset flags whose ``true`` we cannot play (they must be absent or false).
_UNSUPPORTED_FLAGS = {
    "defend_alone": "defending alone",
    "farmers": "farmer's hands",
    "partners_best": "partner's best",
    "go_under": "going under",
    "joker": "the joker",
    "allow_no_trump": "no trump",
    "fast_break": "fast break",
    "four_trick_tokens": "four-trick tokens",
}
_RULESET_FIELDS = {
    "std",
    "canadian",
    "loner_lead",
    "min_rank",
    "winning_score",
    "num_deals",
    "loner_march_score",
    "loner_euchred_score",
    "num_players",
    *_UNSUPPORTED_FLAGS,
}
#: Plugins an EGN ruleset can express, besides the base game.
_RULE_PLUGINS = {"stick-the-dealer": "std", "canadian-loner": "canadian"}
#: ``standard`` options that the ruleset carries: option -> ruleset field.
_MAPPED_OPTIONS = {
    "opening_lead": "loner_lead",
    "target_score": "winning_score",
    "points_lone_march": "loner_march_score",
    "lone_euchre_points": "loner_euchred_score",
    "deck": "min_rank",
}
#: ``standard`` options that do not change how an EGN record plays out.
_NEUTRAL_OPTIONS = {"first_dealer", "deal_pattern", "simultaneous_target"}
_SEATS = 4


def _fail(where: str, problem: str) -> NoReturn:
    raise RecordError(f"{where}: {problem}")


# ---------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------


def card_to_egn(c: Card) -> str:
    """The EGN code of a card: rank in capitals, suit in lower case (``"Ts"``)."""
    if c.suit is None:
        raise RecordError(f"{c} cannot be written in EGN")
    return f"{c.rank}{c.suit.value.lower()}"


def _is_unknown(text: str) -> bool:
    return text == "" or "X" in text or "x" in text[1:]


def parse_egn_card(text: Any, trump: Suit | None, where: str) -> Card | None:
    """A card from its EGN code, or ``None`` for an unknown card (``""``, ``"Xx"``).

    ``N`` is the nine; ``R`` and ``L`` are the right and left bowers of ``trump``.

    :raises RecordError: for anything else that is not a card we play with.
    """
    if not isinstance(text, str):
        _fail(where, f"a card must be a string, not {text!r}")
    if _is_unknown(text):
        return None
    if text in ("R", "L"):
        if trump is None:
            _fail(where, f"bower {text!r} before trump is known")
        return card("J" + (trump if text == "R" else trump.partner).value)
    if text == "B":
        _fail(where, "the joker ('B') is not supported")
    if len(text) != 2 or text[1] not in "SsHhCcDd":
        if len(text) == 2 and text[1] in "tngh":
            _fail(where, f"generic suit in {text!r} is not supported in a game record")
        _fail(where, f"not a card: {text!r}")
    rank = "9" if text[0] == "N" else text[0]
    if rank not in "789TJQKA":
        _fail(where, f"not a card: {text!r}")
    return card(rank + text[1].upper())


# ---------------------------------------------------------------------------------------
# Ruleset
# ---------------------------------------------------------------------------------------


def config_from_ruleset(ruleset: Any, where: str) -> Config:
    """The ``standard`` variant that plays an EGN ruleset.

    :raises RecordError: naming the field for an unknown or unsupported value.
    """
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, Mapping):
        _fail(where, "metadata.ruleset must be an object")
    at = f"{where}: metadata.ruleset"
    for key in ruleset:
        if key not in _RULESET_FIELDS:
            _fail(at, f"unknown field {key!r}")

    def flag(key: str, default: bool) -> bool:
        value = ruleset.get(key, default)
        if not isinstance(value, bool):
            _fail(at, f"{key}: expected true or false, got {shown(value)}")
        return value

    def number(key: str, default: int) -> int:
        value = ruleset.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            _fail(at, f"{key}: expected an integer, got {shown(value)}")
        if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
            _fail(at, f"{key}: {shown(value)} is out of range (at most {NUMBER_LIMIT})")
        return value

    rules: list[str] = []
    options: dict[str, Any] = {}
    if flag("std", True):
        rules.append("stick-the-dealer")
    if flag("canadian", False):
        rules.append("canadian-loner")
    for key, what in _UNSUPPORTED_FLAGS.items():
        if flag(key, False):
            _fail(at, f"{key}: {what} is not supported")
    lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if not isinstance(lead, str) or lead not in _LONER_LEAD:
        _fail(at, f"loner_lead: unknown value {lead!r} (expected {' or '.join(_LONER_LEAD)})")
    options["standard.opening_lead"] = _LONER_LEAD[lead]
    players = number("num_players", _SEATS)
    if players != _SEATS:
        _fail(at, f"num_players: only four-hand games are supported, not {players}")
    if number("num_deals", 0) != 0:
        _fail(at, "num_deals: games of a fixed number of deals are not supported")
    target = number("winning_score", 10)
    if target < 1:
        _fail(at, f"winning_score: {target} is not supported (a game needs a target)")
    options["standard.target_score"] = target
    rank = number("min_rank", 9)
    if rank not in _MIN_RANK_DECK:
        _fail(at, f"min_rank: {rank} is not supported (9, 8 or 7)")
    options["standard.deck"] = _MIN_RANK_DECK[rank]
    march = number("loner_march_score", 4)
    if march < 0:
        _fail(at, f"loner_march_score: {march} is below 0")
    options["standard.points_lone_march"] = march
    lone_euchre = number("loner_euchred_score", 2)
    if lone_euchre not in (2, 4):
        _fail(at, f"loner_euchred_score: {lone_euchre} is not supported (2 or 4)")
    options["standard.lone_euchre_points"] = lone_euchre
    try:
        return load_variant("standard", rules=rules, options=options)
    except EuchreError as e:
        _fail(at, f"cannot be played here: {e}")


def ruleset_of(config: Config, where: str = "EGN") -> dict[str, Any]:
    """The EGN ruleset of a variant.

    :raises RecordError: when the variant is not the four-hand ``standard`` game with
      rules the notation can express.
    """
    plugins = list(config.plugins)
    if plugins[:2] != ["tricks", "standard"] or (config.players or _SEATS) != _SEATS:
        _fail(where, f"only the four-hand standard game can be written, not {config.name!r}")
    for p in plugins[2:]:
        if p not in _RULE_PLUGINS:
            _fail(where, f"the rule {p!r} cannot be expressed in EGN")
    for plugin, values in config.options.items():
        declared = config.declared.get(plugin, {})
        for key, value in values.items():
            if plugin == "standard" and (key in _MAPPED_OPTIONS or key in _NEUTRAL_OPTIONS):
                continue
            option = declared.get(key)
            if option is not None and value != option.default:
                _fail(where, f"option {plugin}.{key} = {value!r} cannot be expressed in EGN")
    o = config.options["standard"]
    deck_rank = {v: k for k, v in _MIN_RANK_DECK.items()}
    if o["deck"] not in deck_rank:
        _fail(where, f"option standard.deck = {o['deck']!r} cannot be expressed in EGN")
    lead = {v: k for k, v in _LONER_LEAD.items()}[o["opening_lead"]]
    return {
        "std": "stick-the-dealer" in plugins,
        "canadian": "canadian-loner" in plugins,
        "loner_lead": lead,
        "min_rank": deck_rank[o["deck"]],
        "winning_score": o["target_score"],
        "loner_march_score": o["points_lone_march"],
        "loner_euchred_score": o["lone_euchre_points"],
    }


# ---------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------


def read_egn(
    path: str | Path, *, rules: Sequence[str] = (), options: Sequence[str] = ()
) -> SavedGame:
    """Read an EGN file (versions 1.0 to 1.6, four-hand) into a saved game.

    :param rules: house rules the game was played with besides its ruleset (``--rule``)
    :param options: option values besides its ruleset's (``-o`` text)
    :raises RecordError: one line naming the file and what is wrong; its ``position``
      is the number of the deal that the rules refuse (from 0).
    :raises ConfigError: when a rule or an option cannot join the ruleset's variant.
    """
    p = Path(path)
    return egn_from_json(read_json(p), str(p), rules=rules, options=options)


def _get(obj: Mapping[str, Any], *names: str) -> Any:
    """The value of the first of ``names`` present (1.0 spells some keys in snake_case)."""
    for n in names:
        if n in obj:
            return obj[n]
    return None


def egn_from_json(
    data: Any,
    where: str = "EGN",
    *,
    rules: Sequence[str] = (),
    options: Sequence[str] = (),
    config: Config | None = None,
    stop: int | None = None,
) -> SavedGame:
    """A saved game from parsed EGN data (see the module docstring).

    :param where: the file name, for error messages
    :param rules: house rules besides the ruleset's (see :func:`read_egn`)
    :param options: option values besides the ruleset's
    :param config: the variant to read the deals under, instead of the ruleset's
    :param stop: read only the first ``stop`` deals
    :raises RecordError: naming ``where`` and what is wrong.
    """
    if not isinstance(data, dict):
        _fail(where, "not an EGN file (expected a JSON object)")
    if data.get("fileType") != FILE_TYPE:
        _fail(where, f'not an EGN file (no "fileType": "{FILE_TYPE}")')
    version = data.get("version")
    if not isinstance(version, str) or not _VERSION_RE.match(version):
        _fail(where, f"unsupported EGN version {version!r} (1.0 to 1.6 are read)")
    meta = data.get("metadata")
    if not isinstance(meta, dict):
        _fail(where, "metadata is missing or not an object")
    if config is None:
        config = config_from_ruleset(meta.get("ruleset"), where)
        if rules or options:
            config = extend(config, rules, options)
    top = Field(data, where)
    initial = meta.get("initialScore", [0, 0])
    if not isinstance(initial, list) or len(initial) != 2:
        _fail(where, f"metadata.initialScore: expected two integers, got {shown(initial)}")
    scores = (
        [
            top["metadata"]["initialScore"][s % 2].integer(-MAX_SCORE, MAX_SCORE)
            for s in range(_SEATS)
        ]
        if "initialScore" in meta
        else [0] * _SEATS
    )
    players = _players(top["metadata"].get("players"))
    for key in ("gameId", "matchId", "title", "description", "date"):
        if key in meta:
            top["metadata"][key].text()
    if "teamNames" in meta:
        for name in top["metadata"]["teamNames"].each(2):
            name.text(100)
    deals = data.get("deals")
    if not isinstance(deals, list):
        _fail(where, "deals is missing or not a list")
    if not deals:
        _fail(where, "the file has no deal")

    out_deals: list[Deal] = []
    actions: list[tuple[int, str]] = []
    running = list(scores)
    dealer: int | None = None
    first_dealer = 0
    if stop is not None:
        deals = deals[:stop]
    for i, raw in enumerate(deals):
        at = f"{where}: deal {i}"
        if isinstance(raw, str):
            _fail(at, "condensed (bit-packed) deals are not supported; expand the file first")
        if not isinstance(raw, dict):
            _fail(at, "a deal must be an object")
        reader = _DealReader(config, raw, at, dealer, running, last=i == len(deals) - 1)
        try:
            rebuilt = reader.run()
        except RecordError as e:
            e.position = i
            raise
        if i == 0:
            first_dealer = rebuilt.dealer
        out_deals.append(rebuilt.deal)
        actions.extend(rebuilt.actions)
        after = rebuilt.state
        running = list(after.scores)
        if after.is_over and i < len(deals) - 1:
            _fail(
                at,
                f"the game was over after this deal (scores {running[0]}-{running[1]}), "
                f"yet {len(deals) - 1 - i} more deal(s) follow",
            )
        dealer = after.dealer

    extra = {
        k: meta[k]
        for k in ("gameId", "matchId", "title", "description", "date", "teamNames")
        if k in meta
    }
    saved = SavedGame(
        variant=config.to_dict(),
        seed=0,
        dealer=first_dealer,
        scores=scores,
        actions=actions,
        deals=out_deals,
        players=players,
        meta={"egn": extra} if extra else {},
    )
    return saved


def _players(f: Field) -> list[str] | None:
    """``metadata.players``: four names, each a string or an object with a ``name``."""
    if f.is_null or f.value == []:
        return None
    entries = list(f.each(_SEATS))
    if len(entries) != _SEATS:
        f.fail(f"expected {_SEATS} players, got {len(entries)}")
    names = []
    for e in entries:
        if isinstance(e.value, dict):
            names.append("" if e.get("name").is_null else e["name"].text(100))
        else:
            names.append(e.text(100))
    return names


@dataclass
class _Rebuilt:
    dealer: int
    deal: Deal
    actions: list[tuple[int, str]]
    state: State


@dataclass
class _DealReader:
    """Rebuilds one deal: its cards and its actions, checked through the rules."""

    config: Config
    raw: dict[str, Any]
    where: str
    expected_dealer: int | None
    scores: list[int]
    last: bool
    played: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(_SEATS)])
    voids: list[set[Suit | None]] = field(default_factory=lambda: [set() for _ in range(_SEATS)])
    _plays: list[tuple[int, Card]] = field(default_factory=list)

    def fail(self, problem: str) -> NoReturn:
        _fail(self.where, problem)

    def run(self) -> _Rebuilt:
        init = _get(self.raw, "initialState", "initial_state")
        if not isinstance(init, dict):
            self.fail("initialState is missing or not an object")
        dealer = init.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < _SEATS:
            self.fail(f"dealer must be a seat 0..3, not {dealer!r}")
        if self.expected_dealer is not None and dealer != self.expected_dealer:
            self.fail(
                f"dealer is seat {dealer}, but by the rules seat {self.expected_dealer} deals"
            )
        up = parse_egn_card(_get(init, "upCard", "up_card"), None, f"{self.where}: upCard")
        if up is None:
            self.fail("the up-card is missing or unknown")
        bidding, play = self._phases()

        # The bidding, through the rules, on stand-in cards: it fixes the contract, who
        # takes the up-card, who sits out, who leads, and the ranking.
        deck = [c for c in _table_deck(self.config) if c is not up]
        if up not in _table_deck(self.config):
            self.fail(f"the up-card {up} is not in this game's pack")
        stand_in = Deal.of([deck[5 * s : 5 * s + 5] for s in range(_SEATS)], deck[20:], up)
        probe = State(self.config, deals=[stand_in], dealer=dealer, scores=self.scores)
        bids = self._bids(probe, bidding)
        contract = probe.contract
        ended = probe.hand_number > 0 or probe.is_over
        if play is not None and (contract is None or ended):
            self.fail("tricks are recorded but no one made trump")
        if not ended and contract is None and not self.last:
            self.fail("the bidding is unfinished, yet more deals follow")
        trump = contract.trump if contract is not None else None
        discard = None
        if bidding is not None and bidding.get("discard") not in (None, ""):
            discard = parse_egn_card(bidding["discard"], trump, f"{self.where}: discard")
        taker: int | None = None
        if contract is not None and not ended:
            taker = self._prepare(probe)
            if discard is not None and taker is None:
                self.fail(f"a discard ({discard}) is recorded, but no one took the up-card")
        tricks_done = 0
        if play is not None:
            tricks_done = self._tricks(probe, play, trump, up, taker)
        hand_size = probe.table.hand_size
        complete = tricks_done == hand_size or ended
        if not complete and not self.last:
            self.fail(
                f"only {tricks_done} of {hand_size} tricks are recorded, yet more deals follow"
            )
        discard_made = taker is not None and (play is not None or discard is not None)

        hands, kitty, discard = self._cards(init, up, taker, discard, discard_made, probe)
        deal = Deal.of(hands, kitty, up)
        state = State(self.config, deals=[deal], dealer=dealer, scores=self.scores)
        actions: list[tuple[int, str]] = []
        steps: list[tuple[int | None, str, str]] = [(s, t, w) for s, t, w in bids]
        if discard_made:
            assert taker is not None and discard is not None
            steps.append((taker, str(Discard(discard)), f"the discard of {discard}"))
        for k, (player, pc) in enumerate(self._plays):
            steps.append((player, f"play {pc.code}", f"trick {k // len(probe.active) + 1}"))
        for who, text, what in steps:
            if state.to_act is None or state.hand_number > 0:
                self.fail(f"{what}: the deal was already over")
            if who is not None and who != state.to_act:
                self.fail(f"{what}: seat {who} would act, but seat {state.to_act} is to act")
            acting = state.to_act
            try:
                state.apply_text(text)
            except EuchreError as e:
                self.fail(f"{what} ({acting}: {text!r}) is illegal: {e}")
            actions.append((acting, text))
        if complete and state.hand_number == 0 and not state.is_over:
            self.fail("the deal did not finish after its recorded tricks")
        return _Rebuilt(dealer, deal, actions, state)

    # -- phases --------------------------------------------------------------------------

    def _phases(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        phases = self.raw.get("phases")
        if not isinstance(phases, list):
            self.fail("phases is missing or not a list")
        bidding = play = None
        for j, ph in enumerate(phases):
            if not isinstance(ph, dict):
                self.fail(f"phase {j} is not an object")
            kind = ph.get("type")
            if kind == "EUCHRE_BIDDING" and bidding is None and play is None:
                bidding = ph
            elif kind == "TRICK_PLAY" and bidding is not None and play is None:
                play = ph
            else:
                self.fail(f"phase {j}: unexpected phase type {kind!r}")
        if bidding is None and not self.last:
            self.fail("no bidding is recorded, yet more deals follow")
        return bidding, play

    def _bids(
        self, probe: State, bidding: dict[str, Any] | None
    ) -> list[tuple[int | None, str, str]]:
        if bidding is None:
            return []
        calls = bidding.get("calls")
        if not isinstance(calls, list):
            self.fail("calls is missing or not a list")
        alone = bidding.get("isAlone", False)
        if not isinstance(alone, bool):
            self.fail(f"isAlone must be true or false, not {alone!r}")
        if bidding.get("aloneDefender", -1) != -1:
            self.fail("aloneDefender: defending alone is not supported")
        if bidding.get("cardExchanges", _get(bidding, "card_exchanges")):
            self.fail("cardExchanges: card exchanges are not supported")
        out: list[tuple[int | None, str, str]] = []
        for j, call in enumerate(calls):
            what = f"call {j} ({call!r})"
            if probe.phase is not Phase.BIDDING or probe.hand_number > 0:
                self.fail(f"{what}: the bidding was already over")
            seat = probe.to_act
            assert seat is not None
            if call == "Pass":
                text = "pass"
            elif call == "Order":
                text = "order alone" if alone else "order"
            elif isinstance(call, str) and call.upper() in ("C", "D", "H", "S"):
                text = f"call {call.upper()}" + (" alone" if alone else "")
            elif call in ("n", "N"):
                self.fail(f"{what}: no trump is not supported")
            else:
                self.fail(f"{what}: unknown call (expected Pass, Order or a suit letter)")
            try:
                probe.apply_text(text)
            except EuchreError as e:
                self.fail(f"{what} by seat {seat} is illegal: {e}")
            out.append((seat, text, what))
        return out

    def _prepare(self, probe: State) -> int | None:
        """Take the steps between the contract and the first lead on the stand-in cards;
        the seat that took the up-card (and must discard), or ``None``."""
        taker: int | None = None
        while probe.phase is Phase.PREPARE and probe.hand_number == 0:
            decision = probe.decision
            if decision is None or decision.kind != "discard":
                kind = decision.kind if decision is not None else "?"
                self.fail(f"the rules ask a {kind!r} decision that EGN does not record")
            taker = decision.seat
            probe.apply(decision.actions[0])
        return taker

    # -- tricks --------------------------------------------------------------------------

    def _tricks(
        self,
        probe: State,
        play: dict[str, Any],
        trump: Suit | None,
        up: Card,
        taker: int | None,
    ) -> int:
        """Assign every played card to its seat; the number of complete tricks."""
        leader = probe.leader
        if probe.phase is not Phase.PLAY or leader is None:
            self.fail("the rules did not reach the play of the cards")
        stated = _get(play, "initialLead", "initial_lead")
        if stated is not None and (not isinstance(stated, int) or isinstance(stated, bool)):
            self.fail(f"initialLead: expected a seat from 0 to 3, got {shown(stated)}")
        if stated is not None and stated != leader:
            self.fail(
                f"initialLead is seat {stated!r}, but by the rules seat {leader} leads "
                "(see metadata.ruleset.loner_lead)"
            )
        tricks = play.get("tricks")
        if not isinstance(tricks, list):
            self.fail("tricks is missing or not a list")
        active = list(probe.active)
        n = len(active)
        ranking = probe.ranking
        assert ranking is not None
        seen: dict[Card, int] = {}
        self._plays = []
        done = 0
        for k, trick in enumerate(tricks):
            at = f"trick {k + 1}"
            if not isinstance(trick, list) or not trick or len(trick) > n:
                self.fail(f"{at}: expected a list of {n} cards, got {trick!r}")
            if len(trick) < n and not (self.last and k == len(tricks) - 1):
                self.fail(f"{at}: has {len(trick)} cards; {n} seats play")
            if k >= probe.table.hand_size:
                self.fail(f"{at}: more tricks than cards in a hand")
            start = active.index(leader)
            plays: list[tuple[int, Card]] = []
            for j, text in enumerate(trick):
                c = parse_egn_card(text, trump, f"{self.where}: {at}")
                if c is None:
                    self.fail(f"{at}: card {j + 1} is unknown; played cards must be known")
                seat = active[(start + j) % n]
                if c in seen:
                    self.fail(f"{at}: {c} was already played")
                if c is up and seat != taker:
                    who = "no one" if taker is None else f"seat {taker}"
                    self.fail(f"{at}: seat {seat} played the up-card {c}, which {who} took")
                seen[c] = seat
                plays.append((seat, c))
                self.played[seat].append(c)
            led = ranking.suit_of[plays[0][1].index]
            for seat, c in plays[1:]:
                if ranking.suit_of[c.index] != led:
                    self.voids[seat].add(led)
            self._plays.extend(plays)
            if len(plays) == n:
                done += 1
                leader = probe.rules.trick_winner(probe, plays)
        return done

    # -- cards ---------------------------------------------------------------------------

    def _cards(
        self,
        init: dict[str, Any],
        up: Card,
        taker: int | None,
        discard: Card | None,
        discard_made: bool,
        probe: State,
    ) -> tuple[list[list[Card]], list[Card], Card | None]:
        """Each seat's dealt hand, the kitty, and the discard."""
        size = probe.table.hand_size
        deck = _table_deck(self.config)
        ranking = probe.ranking
        playing = set(probe.active) if probe.phase is Phase.PLAY else set()
        owner: dict[Card, str] = {}

        def claim(c: Card, who: str) -> None:
            other = owner.get(c)
            if other is not None and other != who:
                self.fail(f"{c} is in {other} and in {who}")
            owner[c] = who

        hands: list[list[Card]] = [[] for _ in range(_SEATS)]
        for s in range(_SEATS):
            for c in self.played[s]:
                if c is up:
                    continue
                hands[s].append(c)
                claim(c, f"seat {s}'s hand")
        # A dealer who took the up-card and never played it buried it: whether the rules
        # allow that is theirs to say when the discard is replayed.
        if discard is not None and discard is not up:
            assert taker is not None
            claim(discard, f"seat {taker}'s hand")
            hands[taker].append(discard)
        if (
            taker is not None
            and discard_made
            and up not in self.played[taker]
            and len(self.played[taker]) == size
        ):
            discard = up

        # Known dealt hands (playerCards) must agree with the tricks.
        given = _get(init, "playerCards", "player_cards")
        if given is not None:
            if not isinstance(given, list) or len(given) > _SEATS:
                self.fail("playerCards must be a list of four hands")
            for s, cards_raw in enumerate(given):
                if not isinstance(cards_raw, list) or len(cards_raw) > size:
                    self.fail(f"playerCards[{s}] must be a list of at most {size} cards")
                for text in cards_raw:
                    hc = parse_egn_card(text, ranking.trump if ranking else None, self.where)
                    if hc is None or hc in hands[s]:
                        continue
                    if hc is up:
                        self.fail(f"playerCards[{s}] holds the up-card {up}")
                    claim(hc, f"seat {s}'s hand")
                    if s == taker and discard_made and discard is None:
                        discard = hc  # the one dealt card the dealer never played
                    elif s in playing and len(self.played[s]) == size:
                        self.fail(f"playerCards[{s}] holds {hc}, which seat {s} never played")
                    hands[s].append(hc)
        known_kitty: list[Card | None] = []
        raw_kitty = init.get("kitty")
        if raw_kitty is not None:
            if not isinstance(raw_kitty, list):
                self.fail("kitty must be a list")
            for text in raw_kitty:
                kc = parse_egn_card(text, ranking.trump if ranking else None, self.where)
                if kc is not None:
                    if kc is up:
                        self.fail(f"the kitty holds the up-card {up}")
                    claim(kc, "the kitty")
                known_kitty.append(kc)
        for s in range(_SEATS):
            if len(hands[s]) > size:
                self.fail(
                    f"seat {s} would hold {len(hands[s])} cards: the record contradicts itself"
                )

        pool = [c for c in deck if c is not up and c not in owner]
        # Cards still in hand during the play of a deal cut short: respect shown voids.
        need = [size - len(hands[s]) for s in range(_SEATS)]
        if taker is not None and discard_made and discard is None:
            need[taker] -= 1  # the discard comes out before the play: chosen last
        slots = [s for s in range(_SEATS) if s in playing for _ in range(need[s])]
        if ranking is not None and slots:
            fill = _fill(slots, pool, self.voids, ranking.suit_of)
            if fill is None:
                self.fail("no unseen cards fit the suits the players showed out of")
            for s, c in zip(slots, fill, strict=True):
                hands[s].append(c)
                pool.remove(c)
                need[s] -= 1
        if taker is not None and discard_made and discard is None:
            discard = pool.pop(0)
            hands[taker].append(discard)
        for s in range(_SEATS):
            for _ in range(need[s]):
                hands[s].append(pool.pop(0))
        kitty: list[Card] = []
        for known in known_kitty:
            kitty.append(known if known is not None else pool.pop(0))
        kitty.extend(pool)
        return hands, kitty, discard


def _table_deck(config: Config) -> tuple[Card, ...]:
    table = config.rules().table(config)
    return table.deck  # type: ignore[no-any-return]


def _fill(
    slots: Sequence[int],
    pool: Sequence[Card],
    voids: Sequence[set[Suit | None]],
    suit_of: Sequence[Suit | None],
) -> list[Card] | None:
    """Unseen cards for ``slots`` (a seat per card) such that no seat gets a card of a
    suit it showed out of; ``None`` when impossible."""
    chosen: list[Card] = []
    used: set[Card] = set()

    def search(i: int) -> bool:
        if i == len(slots):
            return True
        seat = slots[i]
        for c in pool:
            if c in used or suit_of[c.index] in voids[seat]:
                continue
            used.add(c)
            chosen.append(c)
            if search(i + 1):
                return True
            used.discard(c)
            chosen.pop()
        return False

    return chosen if search(0) else None


# ---------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------


def write_egn(
    game: State | SavedGame,
    path: str | Path,
    *,
    version: str = EGN_VERSION,
    players: Sequence[str] | None = None,
    fields: Mapping[str, Any] | None = None,
) -> Path:
    """Write a four-hand standard game as EGN; returns the path. The file is replaced
    whole or not at all (written beside it, then renamed).

    :param game: a game in progress or over, or a saved game (replayed first)
    :param version: ``"1.4"`` (``playerCards``) or ``"1.0.0"`` (``player_cards``,
      ``kitty``, ``initialLead``)
    :param players: names of seats 0..3 (default: the saved game's, else ``Seat N``)
    :param fields: metadata to write (``gameId``, ``matchId``, ``title``,
      ``description``, ``date``, ``teamNames``; default: the saved game's, as read)
    :raises RecordError: when the variant or a step of the game has no EGN form.
    """
    p = Path(path)
    data = egn_to_json(game, version=version, players=players, where=str(p), fields=fields)
    try:
        write_atomic(p, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    except OSError as e:
        raise RecordError(f"{p}: cannot write: {e}") from None
    return p


@dataclass
class _HandLog:
    dealer: int
    dealt: list[tuple[Card, ...]] = field(default_factory=lambda: [() for _ in range(_SEATS)])
    upcard: Card | None = None
    calls: list[str] = field(default_factory=list)
    alone: bool = False
    discard: Card | None = None
    leader: int | None = None
    tricks: list[list[Card]] = field(default_factory=list)


def egn_to_json(
    game: State | SavedGame,
    *,
    version: str = EGN_VERSION,
    players: Sequence[str] | None = None,
    where: str = "EGN",
    fields: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The EGN data of a game (see :func:`write_egn`)."""
    if version not in _WRITE_VERSIONS:
        _fail(where, f"cannot write EGN version {version!r} ({' or '.join(_WRITE_VERSIONS)})")
    meta_in: dict[str, Any] = {}
    if isinstance(game, SavedGame):
        if players is None and game.players:
            players = game.players
        egn_meta = game.meta.get("egn") if isinstance(game.meta, dict) else None
        if isinstance(egn_meta, dict):
            meta_in = dict(egn_meta)
        state = replay(game)
    else:
        state = game
    if fields is not None:
        meta_in = dict(fields)
    ruleset = ruleset_of(state.config, where)
    if state.seats != _SEATS:
        _fail(where, "only four-hand games can be written")
    start = state.events[0].scores if state.events else tuple(state.scores)  # type: ignore[attr-defined]
    if start[0] != start[2] or start[1] != start[3]:
        _fail(where, f"partners must start with the same score, not {list(start)}")
    logs = _hand_logs(state, where)
    legacy = version == "1.0.0"
    deals: list[dict[str, Any]] = []
    for i, h in enumerate(logs):
        assert h.upcard is not None
        init: dict[str, Any] = {"dealer": h.dealer, "upCard": card_to_egn(h.upcard)}
        hands = [[card_to_egn(c) for c in cs] for cs in h.dealt]
        if legacy:
            init["player_cards"] = hands
            used = {c for cs in h.dealt for c in cs} | {h.upcard}
            init["kitty"] = [card_to_egn(c) for c in state.table.deck if c not in used]
        else:
            init["playerCards"] = hands
        phases: list[dict[str, Any]] = []
        bidding: dict[str, Any] = {
            "phaseNumber": 0,
            "type": "EUCHRE_BIDDING",
            "calls": h.calls,
            "isAlone": h.alone,
        }
        if h.discard is not None:
            bidding["discard"] = card_to_egn(h.discard)
        if h.calls or h.leader is not None:
            phases.append(bidding)
        if h.leader is not None:
            play: dict[str, Any] = {"phaseNumber": 1, "type": "TRICK_PLAY"}
            if legacy:
                play["initialLead"] = h.leader
            play["tricks"] = [[card_to_egn(c) for c in t] for t in h.tricks]
            phases.append(play)
        deals.append({"dealNumber": i, "initialState": init, "phases": phases})
    names = list(players) if players else [f"Seat {s}" for s in range(_SEATS)]
    if len(names) != _SEATS:
        _fail(where, f"{len(names)} player names for {_SEATS} seats")
    metadata: dict[str, Any] = {}
    for key in ("gameId", "matchId", "title", "description", "date"):
        if key in meta_in:
            metadata[key] = meta_in[key]
    metadata["players"] = names
    if "teamNames" in meta_in:
        metadata["teamNames"] = meta_in["teamNames"]
    metadata["initialScore"] = [start[0], start[1]]
    if state.is_over:
        metadata["finalScore"] = [state.scores[0], state.scores[1]]
    metadata["ruleset"] = ruleset
    if legacy:
        metadata.pop("finalScore", None)
        metadata.pop("teamNames", None)
    return {"fileType": FILE_TYPE, "version": version, "metadata": metadata, "deals": deals}


def _hand_logs(state: State, where: str) -> list[_HandLog]:
    logs: list[_HandLog] = []
    for ev in state.events:
        if isinstance(ev, HandStarted):
            logs.append(_HandLog(ev.dealer))
            continue
        if not logs:
            continue
        h = logs[-1]
        at = f"{where}: deal {len(logs) - 1}"
        if isinstance(ev, Dealt):
            if ev.cards is None:
                _fail(at, f"seat {ev.seat}'s cards are not known")
            h.dealt[ev.seat] = ev.cards
        elif isinstance(ev, UpCardTurned):
            h.upcard = ev.card
        elif isinstance(ev, BidMade):
            a = ev.action
            if isinstance(a, Pass):
                h.calls.append("Pass")
            elif isinstance(a, Order):
                h.calls.append("Order")
                h.alone = a.alone
            elif isinstance(a, Call) and a.suit is not None:
                h.calls.append(a.suit.value.lower())
                h.alone = a.alone
            else:
                _fail(at, f"the bid {a} has no EGN form")
        elif isinstance(ev, Discarded):
            h.discard = ev.card
        elif isinstance(ev, PlayStarted):
            h.leader = ev.leader
        elif isinstance(ev, TrickWon):
            h.tricks.append([c for _, c in ev.plays])
    for i, h in enumerate(logs):
        if h.upcard is None:
            _fail(f"{where}: deal {i}", "no up-card was turned")
    if logs and state.phase is Phase.PLAY and state.trick:
        logs[-1].tricks.append([c for _, c in state.trick])
    # Every prepare step must be one EGN records (the dealer's discard).
    for seat, a in state.actions:
        if not isinstance(a, (Pass, Order, Call, Discard)) and a.keyword != "play":
            _fail(where, f"the action {a} (seat {seat}) has no EGN form")
    return logs
