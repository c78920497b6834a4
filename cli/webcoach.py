"""The coach at the page's seat (``euchre host --coach``): the remarks of ``euchre learn``
for a seat of a networked game, made by the lesson's own code from what the seat's
messages tell.

At each of the seat's decisions the coach explains each topic of the variant's lesson
the first time the game shows it, says what is being decided and what it would do and
why; after the seat's choice it says whether it agrees, or explains a clear mistake.
Each glossary word is explained the first time the coach uses it."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from .learn import CoachedDeal, Lesson

__all__ = ["PageCoach"]


class PageCoach:
    """The coach of one seat: its lesson (what has been taught) and its remarks.

    :param screen: the page's screen, whose console the remarks are written to
    """

    def __init__(self, config: Any, seat: int, seats: int, partnerships: Any, screen: Any):
        from euchre_core.bots.heuristic import HeuristicBot
        from euchre_core.coaching import TopicTracker, coaching_texts

        self.seat = seat
        self.lesson = Lesson(config, coaching_texts(config), seat=seat, screen=screen)
        self.screen = screen
        self.tracker = TopicTracker(seat, seats, partnerships)
        self.coach = HeuristicBot(f"page-coach/{seat}")
        #: The seat's last decision: its view, legal actions and the coach's advice.
        self.pending: tuple[Any, Sequence[Any], Any] | None = None

    # what CoachedDeal.comment asks of its object
    _mistake_fields = staticmethod(CoachedDeal._mistake_fields)
    comment = CoachedDeal.comment

    def remarks(self, events: Sequence[Any], view: Any, legal: Sequence[Any]) -> list[str]:
        """What the coach says of the new ``events`` and, when ``legal`` is not empty,
        of the seat's decision now."""
        from euchre_core.coaching import decision_kind, decision_topics, situation

        out = self.screen.console.file
        assert isinstance(out, io.StringIO)
        out.seek(0)
        out.truncate()
        if self.pending is not None:
            done = self._taken(events, self.pending[1])
            if done is not None:
                before, before_legal, advice = self.pending
                self.comment(before, before_legal, done, advice)
                self.pending = None
        if view is not None:
            fields = situation(view)
            for e in events:
                for topic in self.tracker.feed(e):
                    self.lesson.teach(topic, fields, source="event", mine=False)
            if legal:
                for topic in decision_topics(view, legal):
                    self.lesson.teach(topic, fields, source="decision", mine=True)
                what = self.lesson.text(f"ask:{decision_kind(view, legal)}")
                if what:
                    self.lesson.say(what, fields)
                try:
                    advice = self.coach.advise(view, legal)
                except Exception:  # the coach's advice must never stop the game
                    advice = None
                self.pending = (view, legal, advice)
        return [line for line in out.getvalue().splitlines() if line.strip()]

    def _taken(self, events: Sequence[Any], legal: Sequence[Any]) -> Any:
        """The seat's action among ``events``: the legal action it names."""
        for e in events:
            if getattr(e, "seat", None) != self.seat:
                continue
            action = getattr(e, "action", None)
            if action is not None and action in legal:
                return action
            card = getattr(e, "card", None)
            if card is not None:
                for a in legal:
                    if a.card == card:
                        return a
        return None
