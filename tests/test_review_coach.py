"""The coach of ``euchre learn`` judges a choice with the review's own evaluation: what it
calls a mistake, and the better choice it names, are what ``euchre review`` says."""

from __future__ import annotations

from test_review import march_record

from euchre_core.actions import parse_action
from euchre_core.analysis.review import review_record
from euchre_core.coaching import COACH_SAMPLES, second_look
from euchre_core.records.history import start_state


def test_the_coach_and_the_review_say_the_same_of_every_decision_of_a_deal() -> None:
    record = march_record("QH")
    review = review_record(record, samples=COACH_SAMPLES)
    reviewed = {d.index: d for d in review.decisions}
    state = start_state(record)
    judged = 0
    for i, (seat, text) in enumerate(record.actions):
        action = parse_action(text)
        if i in reviewed:
            verdict = second_look(
                state.view(seat), state.legal_actions(), action, state.config, index=i
            )
            assert verdict is not None
            d = reviewed[i]
            assert (verdict.grade, verdict.best, verdict.loss) == (d.grade, d.best, d.loss), text
            judged += 1
        state.apply(action)
    assert judged == len(reviewed) > 10


def test_the_coach_calls_trumping_the_partners_winning_ace_a_mistake() -> None:
    record = march_record("QH")
    state = start_state(record)
    index = next(i for i, (s, t) in enumerate(record.actions) if (s, t) == (2, "play QH"))
    for _, text in record.actions[:index]:
        state.apply_text(text)
    verdict = second_look(
        state.view(2), state.legal_actions(), parse_action("play QH"), state.config, index=index
    )
    assert verdict is not None and verdict.marked
    assert verdict.grade == "mistake"
    assert str(verdict.best) == "play 9S"
