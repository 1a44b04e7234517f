"""The win-chance chart and the Hint button (widgets, without a browser)."""

from __future__ import annotations

import pytest

import re
import threading
import time

from ahoy_nb.engine import new_game
from ahoy_nb.widgets.play import play
from ahoy_nb.widgets import BoardWidget
from ahoy_nb.widgets.advisor import Advisor
from ahoy_nb.session.advice import MEANING


def test_the_chart_gains_a_point_after_a_move():
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
    adv = Advisor(board, simulations=6, wait=True)
    assert list(adv.chances) == [0]
    board.act("start 0,0")
    assert sorted(adv.chances) == [0, 1]
    assert list(adv.chart.lines.x) == [0, 1]
    for chances in adv.chances.values():
        assert abs(sum(chances.values()) - 1) < 1e-9
    assert adv.chart.title == "Chance to win against these bots"
    bluefin = adv.chart.bands[0]      # the 95% interval around Bluefin's line
    assert list(bluefin.x) == [0, 1]
    assert all(low <= p <= high for low, p, high in
               zip(bluefin.y[0], adv.chart.lines.y[0], bluefin.y[1]))
    board.undo()
    assert sorted(adv.chances) == [0]


def _panel(board) -> dict:
    return next(p for p in board.panels if p["id"] == "advisor")


def _button(board, name: str) -> dict:
    return next(b for b in _panel(board)["buttons"] if b["id"] == name)


def test_hint_lists_the_best_actions_for_the_person_to_decide():
    board = BoardWidget(new_game(3, seed=2), viewer="bluefin")
    adv = Advisor(board, simulations=4, hint_simulations=12, wait=True)
    assert adv.may_hint() and not _button(board, "hint")["disabled"]
    adv.press("hint")                     # the Hint button beside the board
    legal = {a.notation for a in board.state.legal_actions()}
    assert 1 <= len(adv.hints) <= 3 and {e.notation for e in adv.hints} <= legal
    items = _panel(board)["items"]
    assert len(items) == len(adv.hints) and adv.hints[0].notation in items[0]
    chances = [i.split(": ")[-1].split(" to win")[0] for i in items]
    assert all(c not in ("0%", "100%") for c in chances), items   # never before the end
    assert board.hints == [e.notation for e in adv.hints]
    board.act(adv.hints[0].action)  # a move clears the hint
    assert adv.hints == [] and _panel(board)["items"] == []


def test_a_hint_at_the_floor_ranks_its_choices_at_even_odds():
    """Against these bots a Smuggler of a 4-player game starts at the floor whatever it does:
    the hint says so, and ranks its choices by the model's own chances (what they would be
    worth in an even game), as the review judges them."""
    s = new_game(4, seed=2)
    while s.current_player != "smuggler1":
        s.apply(s.legal_actions()[0])
    board = BoardWidget(s, viewer="smuggler1")
    adv = Advisor(board, simulations=4, hint_simulations=12, wait=True)
    adv.press("hint")
    lines = _panel(board)["lines"]
    head = next(line for line in lines if line.startswith("Hint"))
    assert head == ("Hint: every choice leaves your chance at about 3%, the lowest shown: "
                    f"they are ranked by what they would be worth in an even game. The "
                    f"{len(adv.hints)} best, marked ★ on the board:"), head
    assert len(_panel(board)["items"]) == len(adv.hints) > 1
    models = [e.model for e in adv.hints]
    assert models == sorted(models, reverse=True), models
    # Bluefin's hint at the same start still ranks its choices.
    other = BoardWidget(new_game(4, seed=2), viewer="bluefin")
    adv = Advisor(other, simulations=4, hint_simulations=12, wait=True)
    adv.press("hint")
    assert any(line.startswith("Hint: the ") for line in _panel(other)["lines"])


def test_a_past_position_shown_is_the_one_the_advice_speaks_of():
    """Before: with a review's mark (or the slider) on action 8 of a finished game, the
    Advice panel beside it still said "The game is over. Bluefin 100% · Mollusk 0%", and
    a hint for the present stayed listed under a past position."""
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
    adv = Advisor(board, simulations=4, hint_simulations=12, wait=True)
    for _ in range(3):
        board.act(board.state.legal_actions()[0])
    adv.press("hint")
    assert _panel(board)["items"]
    board.board.show(1)                          # a chart point there
    lines = _panel(board)["lines"]
    assert lines[0] == "Chance to win against these bots, after 1 action (a past position):"
    past = adv.chances[1]
    assert lines[1].startswith(f"Bluefin {past['bluefin']:.0%} (") or \
        lines[1].startswith(f"Mollusk {past['mollusk']:.0%} ("), lines
    assert not any(line.startswith("Hint") for line in lines) and not _panel(board)["items"]
    board.board.show(3)                          # back to the present
    assert _panel(board)["lines"][0].startswith("Chance to win against these bots (from")
    assert _panel(board)["items"]                # and its hint
    # Asked in text mode ("chance"), the answer is the panel's: of the position shown.
    board.board.show(1)
    board.board.handle({"line": "chance", "id": 1})
    assert board.board.traits["message"]["text"] == ("Chance to win against these bots, "
                                                     "after 1 action (a past position):")


@pytest.mark.full
def test_a_past_position_shown_is_charted_if_it_was_not():
    """A review's mark on a position the chart has no point for: the point is worked out
    (the chart's estimator and seed), and the advice speaks of it."""
    from ahoy_nb.ai.analysis import evaluate
    from ahoy_nb.ai.bots import RandomBot
    s, bot = new_game(2, seed=5), RandomBot(5)
    for _ in range(40):
        s.apply(bot.choose(s))
    board = BoardWidget(s, viewer="bluefin")
    adv = Advisor(board, simulations=2, wait=True)
    assert 2 not in adv.chances                  # charted every 4 actions
    said = []
    board.board.listen(lambda changed, revised: said.append(_panel(board)["lines"][0])
                       if "panels" in changed else None)
    board.board.show(2)
    assert said[0] == "After 2 actions (a past position): working out who was winning…"
    assert dict(adv.chances[2]) == dict(evaluate(board.board.shown_state(), "bluefin", 2,
                                                 seed=2, progress=False))
    assert _panel(board)["lines"][0] == ("Chance to win against these bots, after 2 actions "
                                         "(a past position):")
    assert 2 in adv.chart.lines.x
    # Turned on while a past position is shown: that one too.
    adv.press("analysis")
    board.board.show(6)
    adv.press("analysis")
    assert 6 in adv.chances


def test_the_win_chance_beside_the_board_says_what_it_is():
    """The side panel's line: each faction's chance with its interval, and what it is
    measured against (never 0% or 100% before the game is decided)."""
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
    Advisor(board, simulations=60, wait=True)
    head, chances, meaning = _panel(board)["lines"][:3]
    assert head == "Chance to win against these bots (from their games and 60 random games from here):"
    assert "Bluefin " in chances and "Mollusk " in chances and "–" in chances
    assert not re.search(r"(?<![\d.])(0|100)%", chances), chances
    assert meaning == MEANING and "our bots" in meaning and "95%" in meaning
    # 6 random games would count under 5% beside the model: none are played, and it says so.
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
    Advisor(board, simulations=6, wait=True)
    assert _panel(board)["lines"][0] == "Chance to win against these bots (from their games):"


def test_an_interval_narrower_than_a_percent_is_not_shown():
    """At the start of a 3-player game the Smuggler's chance sits at the floor (3%), and
    its interval may end a fraction above it: "3% (3–3%)" would say nothing."""
    from ahoy_nb.ai.analysis import Evaluation
    board = BoardWidget(new_game(3, seed=5), viewer="bluefin")
    Advisor(board, simulations=6, wait=True)
    panel = board.board._on_press["advisor"].__self__
    chances = {"bluefin": 0.72, "mollusk": 0.25, "smuggler1": 0.03}
    bounds = {"bluefin": (0.61, 0.89), "mollusk": (0.11, 0.39), "smuggler1": (0.03, 0.0341)}
    panel.show_chances({0: Evaluation(chances, bounds, 6, "bluefin")})
    line = _panel(board)["lines"][1]
    assert line == "Bluefin 72% (61–89%) · Mollusk 25% (11–39%) · Smuggler 1 3%", line


def test_a_chance_being_worked_out_is_said_once():
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
    Advisor(board, simulations=6, wait=True)
    panel = board.board._on_press["advisor"].__self__
    board.act(board.state.legal_actions()[0])
    panel.chances = {0: panel.chances[max(panel.chances)]}   # the latest not yet worked out
    panel.show_status("working out who is winning…")
    text = " ".join(_panel(board)["lines"])
    assert text.count("worked out") + text.count("Working out") == 1, text


def test_no_hint_for_someone_elses_decision():
    board = BoardWidget(new_game(2, seed=1), viewer="mollusk")
    adv = Advisor(board, simulations=4, wait=True)
    hint = _button(board, "hint")
    assert not adv.may_hint() and hint["disabled"] and "person whose decision" in hint["title"]
    adv.press("hint")                    # the front end never sends it; refused with why
    assert adv.hints == [] and board.error.startswith("Hint is not available now: A hint is")
    adv.hint()                           # from code: said in the panel
    assert adv.hints == [] and any("person whose decision" in x for x in _panel(board)["lines"])


def test_a_spectator_analyses_public_facts_only():
    board = BoardWidget(new_game(3, seed=2), viewer=None)
    adv = Advisor(board, simulations=4, wait=True)
    assert adv.viewer() == "public"
    assert sorted(adv.chances[0]) == ["bluefin", "mollusk", "smuggler1"]


def test_off_the_ui_thread():
    def body():
        board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
        adv = Advisor(board, simulations=6)
        board.act("start 0,0")
        deadline = time.monotonic() + 60
        while sorted(adv.chances) != [0, 1] and time.monotonic() < deadline:
            time.sleep(0.05)  # the worker thread fills them in
        seen.append(sorted(adv.chances))
        adv.close()

    # In a thread of its own: an event loop another test left in this thread (Playwright's)
    # would hold the results, as a kernel's loop does between cells.
    seen: list = []
    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert seen == [[0, 1]]


def test_off_by_default_in_hot_seat_and_can_be_turned_on():
    solo = play(2, seed=1, people=("bluefin",), bot_delay=None)
    assert solo.advisor is not None and solo.advisor.enabled
    hot = play(2, seed=1, people="all", bot_delay=None)
    assert hot.advisor is not None and not hot.advisor.enabled
    assert hot.advisor.layout.display == "none" and hot.advisor.chances == {}
    assert _button(hot.board, "analysis")["pressed"] is False
    assert _panel(hot.board)["lines"] == ["Analysis is off: no win chance, no hints."]
    hot.advisor.press("analysis")        # the Analysis toggle beside the board
    assert hot.advisor.layout.display is None and hot.advisor.enabled
    assert _button(hot.board, "analysis")["pressed"] is True
    assert play(2, seed=1, people="bluefin", bot_delay=None, analysis=False).advisor is None
    for game in (solo, hot):
        game.close()


@pytest.mark.full
def test_an_opened_game_is_charted_from_its_start():
    """Opening a saved game (a new State on the board) charts up to 12 earlier positions
    too, not only the one it was opened at."""
    from ahoy_nb.ai.bots import RandomBot
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
    adv = Advisor(board, simulations=2, wait=True)
    s, bot = new_game(2, seed=5), RandomBot(5)
    for _ in range(40):
        s.apply(bot.choose(s))
    board.set_state(s)                      # what Open does
    assert sorted(adv.chances) == [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40]
    assert list(adv.chart.lines.x) == sorted(adv.chances)


@pytest.mark.full
def test_a_game_started_part_way_is_charted_from_its_start():
    """Before: a board made on a finished game (``play(state=game)``, as 07_review shows
    its example) charted only the last position: one dot."""
    from ahoy_nb.ai.bots import RandomBot
    s, bot = new_game(2, seed=5), RandomBot(5)
    for _ in range(40):
        s.apply(bot.choose(s))
    adv = Advisor(BoardWidget(s, viewer="bluefin"), simulations=2, wait=True)
    assert sorted(adv.chances) == [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40]
    assert list(adv.chart.lines.x) == sorted(adv.chances)


@pytest.mark.full
def test_a_slider_dragged_over_the_past_charts_only_where_it_stops(monkeypatch):
    """Each past position shown asks for its point, but only the one still shown when the
    worker is free is worked out: dragging the slider over 40 positions must not queue
    40 evaluations in the kernel beside the bots."""
    from ahoy_nb.ai.bots import RandomBot
    from ahoy_nb.session import advice
    from ahoy_nb.session.board import Board
    from ahoy_nb.session.game import GameSession
    s, bot = new_game(2, seed=5), RandomBot(5)
    for _ in range(40):
        s.apply(bot.choose(s))
    slow = advice.evaluate

    def evaluate(*args, **kwargs):
        time.sleep(0.3)
        return slow(*args, **kwargs)

    monkeypatch.setattr(advice, "evaluate", evaluate)
    board = Board(GameSession(s), viewer="bluefin")
    core = advice.AdvisorCore(board, simulations=2)

    def working():
        return core._busy or core._earlier or core._wanted is not None

    def idle():   # (twice: between two points the worker is briefly neither)
        deadline = time.monotonic() + 60
        while working() or (time.sleep(0.1) or working()):
            assert time.monotonic() < deadline, "the chart never caught up"
            time.sleep(0.05)

    idle()
    assert sorted(core.chances) == [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40]
    for k in (1, 2, 3, 5, 6, 7):              # the slider, dragged
        board.show(k)
    idle()
    assert 1 in core.chances and 7 in core.chances            # the first, and where it stopped
    assert not {2, 3, 5, 6} & set(core.chances), sorted(core.chances)
    core.close()
