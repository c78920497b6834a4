"""Every hook of the euchre engine, in the order they fire.

The core owns the state and the flow of a hand; every rules question goes through one of
these hooks. Even the standard game is a plugin (``tricks`` + ``standard``).

Conventions

* ``firstresult`` hooks stop at the first non-``None`` answer. Plugins registered later
  are asked first, so a house rule listed after ``standard`` overrides it.
* A house rule usually implements a hook as a *wrapper* (``@hookimpl(wrapper=True)``):
  it ``yield``\\ s to get the answer of the rules below it and returns an edited one.
* Hooks only read the state; the core alone changes it (``State.apply``).
* Argument names are fixed (``state``, ``seat``, ``trick``, ``action``, ``rng``,
  ``config``, ``event``, ``trump``); an implementation may take any subset of them.

When they fire, for one hand::

    euchre_option_presets ... once, when a variant is loaded (after euchre_add_options)
    euchre_table ............ once per game (after euchre_add_options)
    euchre_first_dealer ..... once per game
    euchre_deal ............. each hand
    euchre_prepare_step ..... before the bidding, until it answers None (usually at once)
    euchre_bidder, euchre_legal_bids, euchre_bidding_result   after every bid
    euchre_ranking .......... when trump is fixed
    euchre_prepare_step ..... after the contract, until it answers None
    euchre_teams, euchre_first_leader ...... when the tricks begin
    euchre_legal_plays ...... for each card to play (euchre_why_illegal on a refusal)
    euchre_play_actions ..... for each card to play, when a plugin implements it
    euchre_play_over ........ after an action of the play phase that is not a card, and
                              after each trick but the last (when a plugin implements it)
    euchre_trick_winner ..... after each trick
    euchre_score_hand ....... after the last trick
    euchre_hand_facts ....... after every hand, scored or passed out
    euchre_game_result, euchre_next_dealer ... after every hand
    euchre_on_event, euchre_extra_events ... after every event
    euchre_bot_advice ....... when a bot decides (given a PlayerView, not the state)
    euchre_known_sides ...... when a bot decides: who is with it this hand, as it knows
    euchre_action_words ..... when a person is asked: the words of each legal action
    euchre_sample_constraints  when a search bot samples deals (given a PlayerView)
    euchre_add_metrics ...... once per rule set, when a comparison starts
    euchre_add_coaching ..... once per lesson or glossary (the coach's texts)
    euchre_describe_event ... when a screen tells an event to a seat (given its PlayerView)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .actions import Action
    from .bots.sampling import SampleConstraints
    from .cards import Card, Suit
    from .config import Config, Option
    from .events import Contract, Event
    from .model import (
        ActionWords,
        Deal,
        Decision,
        GameResult,
        HandScore,
        Metric,
        PassOut,
        Table,
        Teams,
        Transfer,
    )
    from .state import State
    from .trumps import Ranking
    from .view import PlayerView

PROJECT = "euchre"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

# ---------------------------------------------------------------------------------------
# Setting up a game
# ---------------------------------------------------------------------------------------


@hookspec
def euchre_add_options() -> list[Option]:  # type: ignore[empty-body]
    """Declare this plugin's options.

    Fires once when a variant is loaded, for each plugin of the stack. The options appear
    in TOML under ``[options.<plugin-name>]`` and on the command line as
    ``-o <plugin-name>.<option>=VALUE``; values are checked against the declaration.

    :returns: a list of :class:`~euchre_core.config.Option`.
    """


@hookspec
def euchre_option_presets() -> dict[str, object]:  # type: ignore[empty-body]
    """Values this plugin gives to options of other plugins when it is switched on.

    Fires once when a variant is loaded, after ``euchre_add_options``, for each plugin of
    the stack. A house rule that *is* a setting of another plugin (the 32-card pack, game
    to 5, a lone euchre worth 4) says so here instead of copying the rule: the option
    stays the one source of truth. The config loader applies the presets above the
    defaults; ``Config.origins`` records them as ``rule <plugin>``. A value set
    explicitly (a variant file, ``extends``, ``-o``) that contradicts a preset, or two
    presets that contradict each other, is a :class:`~euchre_core.errors.ConfigError`
    naming both; an explicit value equal to the preset is fine.

    :returns: ``{"plugin.key": value}``; the plugin must be in the stack and the value
      valid for the option.
    """


@hookspec(firstresult=True)
def euchre_table(config: Config) -> Table | None:
    """The shape of the game: seats, partnerships, pack, hand size, target.

    Fires once per game. Stops at the first non-None result. A house rule that changes
    the pack (the joker, the 32-card pack) wraps it and returns an edited table.

    :param config: the resolved variant (``config.options[plugin][option]``,
      ``config.players``).
    :returns: a :class:`~euchre_core.model.Table`.
    """


@hookspec(firstresult=True)
def euchre_first_dealer(state: State, rng: random.Random) -> int | None:
    """The seat that deals the first hand.

    Fires once per game (not when a game starts from an explicit dealer). Stops at the
    first non-None result.

    :param rng: the game's seeded random source; use nothing else.
    :returns: a seat.
    """


@hookspec(firstresult=True)
def euchre_deal(state: State, rng: random.Random) -> Deal | None:
    """Shuffle and deal one hand.

    Fires at the start of each hand that does not come from an explicit deal. Stops at
    the first non-None result. ``state.dealer`` is set; ``state.table`` gives the pack.

    :param rng: this deal's seeded random source (derived from the game seed and the
      deal number, so that two rule sets see the same deals).
    :returns: a :class:`~euchre_core.model.Deal`.
    """


# ---------------------------------------------------------------------------------------
# Bidding: until a contract or a pass-out
# ---------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def euchre_bidder(state: State) -> int | None:
    """The seat to bid next.

    Fires after the deal and after every bid, when ``euchre_bidding_result`` has not
    ended the bidding. Stops at the first non-None result. ``state.bids`` lists the
    bids so far as ``(seat, action)``.

    :returns: a seat.
    """


@hookspec(firstresult=True)
def euchre_legal_bids(state: State, seat: int) -> list[Action] | None:
    """The bidding actions open to ``seat`` now (pass, order, call, bid …).

    Fires once per bidding turn. Stops at the first non-None result. Stick the dealer,
    minimum trump or the Canadian loner wrap it and remove or add actions (a wrapper that
    only edits the answer may carry ``after_answer``, as for ``euchre_legal_plays``).

    :returns: a non-empty list of actions.
    """


@hookspec(firstresult=True)
def euchre_bidding_result(state: State) -> Contract | PassOut | None:
    """Whether the bidding is over, and how.

    Fires after every bid. Stops at the first non-None result.

    :returns: ``None`` while the bidding goes on; a
      :class:`~euchre_core.events.Contract` when trump is fixed; a
      :class:`~euchre_core.model.PassOut` when nobody made trump.
    """


@hookspec(firstresult=True)
def euchre_ranking(state: State, trump: Suit | None) -> Ranking | None:
    """How the cards rank this hand once trump is known (``None`` = no trump).

    Fires once, when the contract is made, and for a contract whose trump is fixed by
    the first card led (``Contract.by_lead``) once more, when that card is led, with its
    suit. Stops at the first non-None result. ``state.contract.bowers`` says whether the
    jacks of trump's colour are bowers.

    :returns: a :class:`~euchre_core.trumps.Ranking`.
    """


# ---------------------------------------------------------------------------------------
# Between the contract and the first lead
# ---------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def euchre_prepare_step(
    state: State,
) -> Decision | Transfer | Contract | PassOut | None:
    """The next step before the bidding or before the first lead, or ``None`` for none.

    Fires at the start of each hand (``state.contract is None``: steps before the bidding,
    such as a farmer's hand; answering ``None`` starts the bidding), then after the
    contract, and after every step until it answers ``None`` (then play starts). Steps
    after the contract are the dealer taking the up-card, discards, going alone,
    defending alone, calling an ace, naming partners, passing cards. ``state.prepare_log``
    lists what was done so far as ``(seat, Action)`` for decisions and ``(seat, Transfer)``
    for transfers; it restarts empty at the contract (the steps before the bidding are
    then in ``state.pre_bidding_log``). Stops at the first non-None result. A house rule
    that adds a step wraps it: it lets the rules below it finish (they answer ``None``),
    then answers its own step.

    Before the bidding only, a step may also be a
    :class:`~euchre_core.events.Contract` (trump is fixed without bidding: the Benny
    turned up) or a :class:`~euchre_core.model.PassOut` (the deal is void: a farmer's
    redeal, a misdeal).

    :returns: a :class:`~euchre_core.model.Decision`, a
      :class:`~euchre_core.model.Transfer`, before the bidding a
      :class:`~euchre_core.events.Contract` or :class:`~euchre_core.model.PassOut`, or
      ``None``.
    """


@hookspec(firstresult=True)
def euchre_teams(state: State) -> Teams | None:
    """Makers, defenders and who sits out this hand.

    Fires when the tricks begin and again before scoring. Stops at the first non-None
    result. Knows everything (a call-ace secret partner included): it is never shown to a
    seat that may not know it.

    :returns: a :class:`~euchre_core.model.Teams`.
    """


@hookspec(firstresult=True)
def euchre_first_leader(state: State) -> int | None:
    """The seat that leads the first trick.

    Fires once per hand, when the tricks begin. ``state.teams`` is set. Stops at the
    first non-None result.

    :returns: an active seat.
    """


# ---------------------------------------------------------------------------------------
# Tricks
# ---------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def euchre_legal_plays(state: State, seat: int) -> list[Card] | None:
    """The cards ``seat`` may play to the current trick.

    Fires once per card played. Stops at the first non-None result. ``state.trick``
    holds the plays so far as ``(seat, card)``; ``state.ranking`` gives effective suits.
    Must-trump wraps it: a wrapper that only edits the answer may carry an
    ``after_answer`` function doing what it does after its ``yield`` (``after_answer(
    state, seat, cards) -> cards``), which the engine then calls instead of the generator;
    one that changes the answer only for a seat holding no card of the suit led (never on
    a lead) may say so with ``after_answer.only_when_void = True``, and is then called
    only for such a seat.

    :returns: a non-empty list of cards from the seat's hand.
    """


@hookspec(firstresult=True)
def euchre_why_illegal(state: State, seat: int, action: Action) -> str | None:
    """A sentence saying why ``action`` is not allowed for ``seat`` now.

    Fires only when an action is refused. Stops at the first non-None result. A rule
    that restricts play should wrap it to explain its own restriction.

    :returns: e.g. ``"you must follow hearts: you hold KH"``, or ``None`` to let the
      core give a generic reason.
    """


@hookspec
def euchre_play_actions(state: State, seat: int) -> list[Action]:  # type: ignore[empty-body]
    """Actions open to the seat to play besides playing a proper card.

    Fires with every ``euchre_legal_plays``, for every plugin that implements it; the
    answers are added after the proper plays. When no plugin implements it, it costs
    nothing. Two kinds of answer:

    * a card the rules forbid but a person at a real table could still play (a renege),
      as an action whose ``card`` is set and whose ``proper`` is ``False`` (a subclass of
      :class:`~euchre_core.actions.Play` that equals the ``Play`` of its card, so that
      ``play 9S`` chooses it). Bots never choose an improper action. When it is played,
      ``state.actions[-1]`` is the offered object, so an observer of the
      :class:`~euchre_core.events.CardPlayed` event can tell;
    * an action without a card (a claim, e.g. ``call renege``): the core records it in
      ``state.play_log``, emits a public :class:`~euchre_core.events.Declared` event and
      asks ``euchre_play_over``. An action whose ``claim`` is ``True`` is one the seat is
      entitled to and that never hurts its side: the heuristic bot always makes it.

    :returns: a list of actions (empty for none); never a card already among the proper
      plays.
    """


@hookspec(firstresult=True)
def euchre_play_over(state: State) -> bool | None:
    """Whether the play of the hand stops now, before the last trick.

    Fires once when the tricks begin (after ``PlayStarted``, before the first card: a
    hand decided without play, such as a Buck euchre maker whose every opponent dropped
    out), after each trick but the last (``state.tricks[-1]`` is the trick just won: a
    hand played only until its bid is decided, a misère lost at its first trick), and
    after each action of the play phase that is not a card (see ``euchre_play_actions``).
    Stops at the first non-None result. ``True``: the hand is scored at once
    (``euchre_score_hand``) with the tricks taken so far (the current trick left
    unfinished, the cards still held unplayed); ``False`` or ``None``: play goes on (the
    same seat plays on, or the trick's winner leads). When no plugin implements it, it
    costs nothing.

    :returns: ``True`` to end the play of the hand.
    """


@hookspec(firstresult=True)
def euchre_trick_winner(state: State, trick: list[tuple[int, Card]]) -> int | None:
    """The seat that wins a complete trick.

    Fires after the last card of each trick. Stops at the first non-None result.

    :param trick: ``(seat, card)`` in the order played; the first is the lead.
    :returns: a seat.
    """


# ---------------------------------------------------------------------------------------
# The end of a hand and of a game
# ---------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def euchre_score_hand(state: State) -> HandScore | None:
    """The points of the hand just played, per seat.

    Fires once after the last trick. ``state.tricks_won`` counts tricks per seat and
    ``state.teams`` says who made trump. Stops at the first non-None result. Scoring
    house rules (lone euchre 4, super euchre) wrap it. A hand whose tricks count other
    than as played (a maker whose opponents all gave up takes all five) says so in
    ``HandScore.tricks``, which the hand's record keeps.

    :returns: a :class:`~euchre_core.model.HandScore`.
    """


@hookspec
def euchre_hand_facts(state: State) -> dict[str, float]:  # type: ignore[empty-body]
    """Numbers to record about the hand just finished, for comparisons.

    Fires after every hand, scored or passed out, for every plugin that implements it,
    before ``euchre_game_result``. ``state.hand_records[-1]`` is the hand's
    :class:`~euchre_core.events.HandScored` (points, makers, ``made``, tricks) and the
    hand's state (``state.contract``, ``state.teams``, ``state.tricks``) is still in
    place; ``state.scores`` already include the hand. The answers of all plugins are
    merged into ``HandScored.facts`` (and each simulated hand record), from which the
    metrics declared by ``euchre_add_metrics`` are computed. When no plugin of the stack
    implements it, it costs nothing.

    :returns: ``{fact: number}``; name facts ``<plugin>.<fact>`` so that two plugins
      cannot collide, and leave out facts that are zero.
    """


@hookspec(firstresult=True)
def euchre_game_result(state: State) -> GameResult | None:
    """Whether the game is over after a hand, and who won.

    Fires after every scored hand (``state.scores`` already updated). Stops at the first
    non-None result.

    A match of several games (laps, slams, rubbers): a result with ``next_scores`` ends
    this game and starts the next one of the same match with those scores (carried-over
    points, or zeros). The core emits :class:`~euchre_core.events.GameWon`, keeps it in
    ``state.games`` (the finished games of the match, in order) and deals on; the match
    ends with the first result without ``next_scores``, whose ``winners`` win the match.
    ``state.hand_number`` counts the deals of the whole match.

    A side past the target with the game going on (two sides level past it): a result
    with ``play_on`` and a ``reason``, which the core tells the players
    (:class:`~euchre_core.events.PlayGoesOn`) before dealing on. A wrapper that looks at
    the result reads ``winners`` (empty then) or ``play_on``.

    :returns: ``None`` to play on, or a :class:`~euchre_core.model.GameResult`.
    """


@hookspec(firstresult=True)
def euchre_next_dealer(state: State, passed_out: PassOut | None) -> int | None:
    """Who deals the next hand.

    Fires after each hand that does not end the game. Stops at the first non-None result.

    :param passed_out: the pass-out, when the hand was not played.
    :returns: a seat.
    """


# ---------------------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def euchre_bot_advice(view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str] | None:
    """A variant's own advice to the heuristic bot for a decision it knows best.

    Fires when the heuristic bot (or a hint, or a coach) decides for a seat of this
    variant, before the bot's generic reasoning. Stops at the first non-None result. It
    receives the seat's :class:`~euchre_core.view.PlayerView` only, never the state, so
    it cannot see hidden cards. A variant answers the decisions its rules add (an auction
    bid, naming partners, calling an ace) and returns ``None`` for the rest. An exception
    it raises, or an answer that is not one of ``legal`` with a string, stops the game
    with a :class:`~euchre_core.errors.PluginError` naming the plugin: the bot does not
    play on around it.

    :param legal: the legal actions; the answer must be one of them.
    :returns: ``(action, reason)``: the action and one or two plain sentences why,
      opening with the action in words and a colon (``"lead JD: a low card, so that the
      bidder must go over."``): a hint that says the action in its own words shows the
      rest.
    """


@hookspec(firstresult=True)
def euchre_known_sides(view: PlayerView) -> tuple[frozenset[int], frozenset[int]] | None:
    """The sides of the current hand as the view's seat knows them.

    Fires when a bot decides. Stops at the first non-None result. Fixed partnerships and
    a maker against everyone else need no answer (the bot knows those); a variant whose
    sides are made during the hand answers: partners named in an auction, a call-ace
    partner known to its holder and, once the ace is played, to everyone. It receives the
    seat's :class:`~euchre_core.view.PlayerView` only, so it cannot reveal a secret. An
    exception it raises stops the game with a :class:`~euchre_core.errors.PluginError`
    naming the plugin.

    :returns: ``(friends, foes)``: seats known to play with this seat (itself excluded)
      and seats known to play against it; a seat in neither is unknown. ``None`` to
      leave the question to the bot.
    """


@hookspec
def euchre_sample_constraints(view: PlayerView) -> SampleConstraints | None:
    """Facts this plugin's rules make public about where unseen cards were dealt.

    Fires once per decision of a search bot, when :class:`~euchre_core.bots.sampling.Sampler`
    draws complete deals consistent with a seat's view; the answers of all plugins are
    combined. It receives the :class:`~euchre_core.view.PlayerView` only. The core already
    derives the generic facts from the events (the seat's own cards, the up-card, cards
    played, voids shown, cards taken face up); a plugin answers the facts of its own rules,
    e.g. the cards a farmer's hand showed were dealt to the claimant. Samples are checked
    by replaying the hand, so a missing answer only makes sampling slower, never wrong; a
    wrong answer (a fact that is not certain) makes it wrong.

    :returns: a :class:`~euchre_core.bots.sampling.SampleConstraints`, or ``None`` for none.
    """


# ---------------------------------------------------------------------------------------
# People at the table
# ---------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def euchre_action_words(view: PlayerView, action: Action) -> ActionWords | None:
    """The words a person uses for one of the actions this plugin's rules offer.

    Fires when a person is asked to decide (``euchre play``, ``euchre learn``), once for
    each legal action, with the deciding seat's :class:`~euchre_core.view.PlayerView`.
    Stops at the first non-None result: a plugin answers the kinds of action it adds (and
    those whose meaning it changes) and returns ``None`` for the rest. The prompt is made
    from the answers: its examples are those of the kinds offered now, a number is a bid
    or a seat wherever an answer says ``numbered`` (the menu then uses letters), and an
    action with a ``risk`` (a lone hand, a pepper, a bid of every trick) is confirmed
    unless it was typed in full. An action no plugin answers is shown and typed by its
    text form.

    :returns: an :class:`~euchre_core.model.ActionWords`, or ``None``.
    """


# ---------------------------------------------------------------------------------------
# Comparisons
# ---------------------------------------------------------------------------------------


@hookspec
def euchre_add_metrics() -> list[Metric]:  # type: ignore[empty-body]
    """Declare statistics that comparisons report for this variant.

    Fires once per rule set when a comparison (``euchre compare``) starts, for every
    plugin of the stack. Each :class:`~euchre_core.model.Metric` is a ratio of two sums
    of the facts recorded by ``euchre_hand_facts`` (or a fact per hand), shown with its
    95% interval and, for the second and later rule sets, its difference from the first.

    :returns: a list of :class:`~euchre_core.model.Metric`.
    """


# ---------------------------------------------------------------------------------------
# Teaching
# ---------------------------------------------------------------------------------------


@hookspec
def euchre_add_coaching(config: Config) -> dict[str, str]:  # type: ignore[empty-body]
    """Declare the coach's texts for this plugin's rules: topic -> plain sentences.

    Fires once when a lesson (``euchre learn``) or the glossary (``euchre glossary``)
    starts, for every plugin of the stack. The answers are merged in the order of the
    stack, so a later plugin (a variant, a house rule) replaces the text of a topic that
    an earlier one gave: a variant teaches its own rules. The topics, and the fields a
    text may name in braces (``{trump}``, ``{upcard}``, ``{left}``, ``{led}`` …), are
    listed in :mod:`euchre_core.coaching`; the keys are ``<topic>`` (said the first time
    the lesson meets it), ``ask:<decision>`` (said at every such decision),
    ``why:<case>``, ``card:<kind>`` and ``bid:<case>`` (the answer to ``why CARD`` in
    the play and in the bidding), ``mistake:<kind>`` (the coach on a clear mistake),
    ``rules`` (a game's short rules), ``rule`` (what a house rule adds to them) and
    ``term:<word>`` (a glossary entry). Texts speak card codes (``JH``) and suit names,
    never seats.

    :param config: the resolved variant, for texts that quote option values.
    :returns: ``{topic: text}``; a plugin leaves out the topics it has nothing to say on.
    """


# ---------------------------------------------------------------------------------------
# Observers
# ---------------------------------------------------------------------------------------


@hookspec
def euchre_on_event(state: State, event: Event) -> None:
    """Observe an event (statistics, logs, a screen). Must not change the state.

    Fires after every event, for every plugin that implements it. When no plugin of the
    stack implements it, it costs nothing.
    """


@hookspec
def euchre_extra_events(state: State, event: Event) -> list[tuple[Event, frozenset[int] | None]]:  # type: ignore[empty-body]
    """Events a plugin adds after a core event (a call-ace partner revealed …).

    Fires after every event, for every plugin that implements it; the answers of all
    plugins are emitted in order.

    :returns: a list of ``(event, visible_to)``; ``visible_to`` is ``None`` for every
      seat, or the set of seats that may see it.
    """


# ---------------------------------------------------------------------------------------
# Narration
# ---------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def euchre_describe_event(event: Event, view: PlayerView | None) -> str | None:
    """An event told in plain words, as the seat of ``view`` saw it.

    Fires when a screen (``euchre play``, ``replay``, ``learn``) tells an event, for
    every event it shows, before the screen's own wording of the core events. Stops at
    the first non-None result. A plugin answers for the events it adds (its
    ``euchre_extra_events``), for core events that carry its own actions (a
    :class:`~euchre_core.events.Declared` of an action it registered), and for a core
    event it has something private to add to for one seat (the holder of a called ace
    is told so); it returns ``None`` for the rest, and the screen words them. The answer
    is words only, no markup: card codes (``AC``) are drawn as cards; a seat is written
    as its number in braces (``{2}``) and shown by its name at that table (``North``,
    ``You``); lines are separated by newlines; an empty string tells nothing. The view is
    the seat's own, so the words cannot give away what the seat may not know; they may
    say what the view shows (a card in the seat's hand).

    :param event: the event to tell (a core event or a plugin's own)
    :param view: the :class:`~euchre_core.view.PlayerView` of the seat the screen is
      drawn for, at the moment the event is told; ``None`` for an audience watching
      every seat
    :returns: the words, or ``None`` to leave the event to the next plugin or the screen.
    """


__all__ = ["PROJECT", "hookimpl", "hookspec"]
