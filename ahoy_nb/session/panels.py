"""Panels of the board's side column, beside the picture: the advisor and the bots.

The board (:class:`~ahoy_nb.session.board.Board`, drawn by ``board.js``) has a side column next to the picture
that stays in view while the picture scrolls: its message area, then its *panels*, set
from Python with ``board.set_panel(id, title=..., lines=..., items=..., buttons=...,
busy=..., on_press=...)``. A panel is text and buttons only (board.js draws it as text;
a press comes back as a ``press`` intent and calls ``on_press(button)``), so the same
panel shows in JupyterLab, Voila and the Panel app, whose board is the same front end.
docs/widgets.md, "The side column", has the protocol.

* :class:`AdvisorPanel` (``"advisor"``): who is winning and the Hint button, the view of
  an :class:`~ahoy_nb.session.advice.AdvisorCore`; ``play()`` and the Panel app both use it.
* :func:`bots_panel` (``"bots"``): who the bots are and, while one thinks, a progress bar
  over its time budget.

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.session.board import Board
>>> from ahoy_nb.session.game import GameSession
>>> from ahoy_nb.session.advice import AdvisorCore
>>> board = Board(GameSession(new_game(2, seed=1)), viewer="bluefin")
>>> view = AdvisorPanel(board)
>>> view.core = AdvisorCore(board, view, simulations=4, wait=True)
>>> panel = board.traits['panels'][0]
>>> panel["title"], [b["label"] for b in panel["buttons"]]
('Advice', ['Hint', 'Analysis'])
>>> panel["lines"][0]      # 4 random games would hardly count: none are played
'Chance to win against these bots (from their games):'
"""

from __future__ import annotations

import html
import re
from typing import Mapping

from ..ai.analysis import interval, percent
from ..ai.levels import think_time
from .advice import CHART_TITLE, MEANING, chance_words, floor_words
from ..engine.words import faction_name, label
from .reviewing import decision_text, review_summary, verdict_words

__all__ = ["AdvisorPanel", "ReviewPanel", "bots_panel", "chance_of", "interval", "percent",
           "with_interval"]


def with_interval(p: float, low: float, high: float, decided: bool = False) -> str:
    """A chance and its 95% interval in words; the interval is left out once the game is
    decided, and when its ends round to the same percent (``"3% (3–3%)"`` says nothing).

    >>> with_interval(0.72, 0.61, 0.89), with_interval(0.03, 0.03, 0.034)
    ('72% (61–89%)', '3%')
    >>> with_interval(1.0, 1.0, 1.0, decided=True)
    '100%'
    """
    if decided or f"{low:.0%}" == f"{high:.0%}":
        return percent(p, decided)
    return f"{percent(p, decided)} ({interval(low, high)})"


def chance_of(estimate) -> str:
    """An action's chance to win in words, with its 95% interval (the hint's words:
    :func:`~ahoy_nb.session.advice.chance_words`). The chance is the estimator's (the model,
    refined by random games where there were enough), so a few games never make it
    "over 99%" on their own.

    >>> from ahoy_nb.ai.analysis import Estimate
    >>> chance_of(Estimate(None, 0.8, (0.706, 0.861), 5))
    '80% to win (71–86%)'
    """
    return chance_words(estimate)


def _actions(n: int) -> str:
    """A position by the actions before it, as the board's status says it (a review's
    "Action 8" is the one taken at the position after 8 actions).

    >>> _actions(1), _actions(8)
    ('1 action', '8 actions')
    """
    return f"{n} action{'' if n == 1 else 's'}"


def _text(markup: str) -> str:
    """Our own status HTML as text (the panel is drawn as text)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).strip()


class AdvisorPanel:
    """The advisor in the board's side column (an :class:`~ahoy_nb.session.advice.AdvisorView`).

    Lines: each faction's chance to win now, with its interval, what it is measured
    against (these bots' games) and what it means; a **Hint** button (for the person to decide) whose
    answer lists the best actions and marks them on the board; an **Analysis** toggle.
    Set ``core`` (the :class:`~ahoy_nb.session.advice.AdvisorCore` drawing into it) before the
    first press. ``on_chances``: also called with each new set of chances (a chart).
    """

    ID = "advisor"

    def __init__(self, board, on_chances=None):
        self.board = board
        self.core = None
        self.on_chances = on_chances
        self.chances: dict[int, Mapping[str, float]] = {}
        self.enabled = True
        self.can_hint = False
        self.status = ""
        self.note = ""
        board.listen(self._on_board)

    def _on_board(self, changed: dict, revised: bool) -> None:
        # A past position shown (a review's mark, the slider): speak of it, not of now.
        if "position" in changed and any(p["id"] == self.ID for p in self.board.traits["panels"]):
            self.draw()

    # -- AdvisorView ---------------------------------------------------------------
    def show_chances(self, chances) -> None:
        self.chances = chances
        if self.on_chances is not None:
            self.on_chances(chances)
        self.draw()

    def show_hint(self, markup: str) -> None:
        # The hints themselves are the core's; a hint with none is a refusal to say.
        self.note = _text(markup) if markup and not self._hints() else ""
        self.draw()

    def show_status(self, markup: str) -> None:
        self.status = _text(markup)
        self.draw()

    def show_controls(self, enabled: bool, can_hint: bool) -> None:
        self.enabled, self.can_hint = enabled, can_hint
        self.draw()

    # -- drawing ---------------------------------------------------------------------
    def _hints(self) -> list:
        # A hint is for the present: none is listed while a past position is shown.
        return list(self.core.hints) if self.core is not None and self.board.live else []

    def lines(self) -> list[str]:
        """The win chance now, in words (the latest position worked out); of the position
        shown, while a past one is."""
        if not self.enabled:
            return ["Analysis is off: no win chance, no hints."]
        if not self.board.live:
            k = self.board.position
            past = self.chances.get(k)
            if past is None:   # the core charts it next
                return [f"After {_actions(k)} (a past position): working out who was winning…"]
            bounds = getattr(past, "interval", {})
            shown = [f"{faction_name(f)} {with_interval(p, *bounds.get(f, (p, p)))}"
                     for f, p in sorted(past.items(), key=lambda kv: -kv[1])]
            return [f"{CHART_TITLE}, after {_actions(k)} (a past position):", " · ".join(shown),
                    MEANING]
        if not self.chances:
            return ["Working out who is winning…"]
        n = max(self.chances)
        now = self.chances[n]
        bounds = getattr(now, "interval", {})
        games = getattr(now, "simulations", 0)
        state = self.board.state
        decided = state.is_over and n >= len(state.history)
        if decided:
            head = "The game is over."
        else:   # the one estimator (docs/judgement.md): the model, refined by playouts
            also = f" and {games} random games from here" if games else ""
            head = f"{CHART_TITLE} (from their games{also}):"
        shown = [f"{faction_name(f)} {with_interval(p, *bounds.get(f, (p, p)), decided)}"
                 for f, p in sorted(now.items(), key=lambda kv: -kv[1])]
        behind = n < len(state.history)
        where = f" (after {_actions(n)}; the latest is being worked out)" if behind else ""
        return [head, " · ".join(shown) + where] + ([] if decided else [MEANING])

    def items(self) -> list[str]:
        """The last hint's actions in words, best first."""
        state = self.board.state
        return [f"{label(state, e.action)} ({e.notation}): {chance_of(e)}" for e in self._hints()]

    def draw(self) -> None:
        hints = self._hints()
        alike = floor_words(self.board.state, hints) if hints else ""
        head = (f"Hint: {alike[:1].lower()}{alike[1:]} The {len(hints)} best, marked ★ on "
                f"the board:" if alike else
                f"Hint: the {len(hints)} best, by the chance to win after each, marked ★ on "
                f"the board:")
        lines = self.lines() + ([head] if hints else []) + ([self.note] if self.note else [])
        refusal = self.core.refusal() if self.core is not None else ""
        buttons = [{"id": "hint", "label": "Hint", "disabled": not self.can_hint,
                    "title": refusal or "The 3 best actions, by the chance to win after each, "
                                         "marked on the board"},
                   {"id": "analysis", "label": "Analysis", "pressed": self.enabled,
                    "title": "Show who is winning, and allow hints"}]
        # A hint takes seconds: a progress bar while it is worked out (the core has one
        # status line for its work, and a chart point ending would clear it).
        hinting = self.core is not None and self.core.hinting
        busy = {"text": "Thinking of a hint…", "seconds": None} if hinting else None
        # The chance lines already say when the latest position is being worked out.
        status = self.status[:1].upper() + self.status[1:]
        if status and not status.startswith(("Thinking of a hint", "Working out who is winning")) \
                and status not in lines:
            lines.append(status)
        self.board.set_panel(self.ID, title="Advice", lines=lines, items=self.items(),
                             buttons=buttons, busy=busy, on_press=self.press)

    def press(self, button: str) -> None:
        """The panel's buttons: ``"hint"`` and ``"analysis"`` (on and off)."""
        if button == "hint":
            self.core.hint()
        elif button == "analysis":
            self.core.set_enabled(not self.core.enabled)


class ReviewPanel:
    """The review in the board's side column (a
    :class:`~ahoy_nb.session.reviewing.ReviewView`): the **Review** button (or why there is
    none now), a progress bar while the game is reviewed, the summary, and each marked
    decision as a button that shows it on the board beside it, with the better move marked
    and the decision in words in the message area. Set ``core`` (the
    :class:`~ahoy_nb.session.reviewing.ReviewCore` drawing into it) before the first press.
    ``on_review(result)``, ``on_select(index)``: also called (a chart, its words).
    """

    ID = "review"
    MOST = 8   # marked decisions listed as buttons; the rest are on the chart

    def __init__(self, board, on_review=None, on_select=None):
        self.board = board
        self.core = None
        self.on_review, self.on_select = on_review, on_select
        self.result = None
        self.status = ""
        self.progress: tuple[int, int] | None = None
        self.can_review, self.why = False, ""

    # -- ReviewView ------------------------------------------------------------------
    def show_review(self, result) -> None:
        self.result = result
        self.progress = None
        if self.on_review is not None:
            self.on_review(result)
        self.draw()

    def show_status(self, markup: str) -> None:
        self.status = _text(markup)
        if not self.status:
            self.progress = None
        self.draw()

    def show_progress(self, done: int, total: int) -> None:
        """How far the review is: ``done`` decisions of ``total``."""
        self.progress = (done, total)
        self.draw()

    def show_controls(self, can_review: bool, why: str) -> None:
        self.can_review, self.why = can_review, why
        self.draw()

    # -- drawing ---------------------------------------------------------------------
    def listed(self) -> list:
        """The decisions listed as buttons: the :attr:`MOST` costliest of those labelled
        inaccuracy or worse, in the game's order (the rest are only on the chart)."""
        return self.result.costliest(self.MOST) if self.result else []

    def draw(self) -> None:
        buttons = [{"id": "review", "label": "Review", "disabled": not self.can_review,
                    "title": self.why or "Review the game so far: what each decision cost, "
                                         "against these bots"}]
        lines = []
        if self.result is not None:
            lines += review_summary(self.result).split("\n")
            mistakes = len(self.result.mistakes())
            if mistakes:
                lines.append("The costliest decisions: pick one to see it on the board.")
            for d in self.listed():
                buttons.append({"id": f"mark-{d.index}",
                                "label": f"Action {d.index}: {verdict_words(d)}",
                                "title": f"{d.words}: better {d.best_words}"})
            if mistakes > self.MOST:
                lines.append(f"{mistakes - self.MOST} more on the chart below.")
        busy = None
        if self.progress is not None:
            done, total = self.progress
            busy = {"text": f"Reviewing: {done} of {total} decisions", "seconds": None,
                    "done": done, "total": total}
        elif self.status:
            lines.append(self.status[:1].upper() + self.status[1:])
        self.board.set_panel(self.ID, title="Review", lines=lines, buttons=buttons, busy=busy,
                             on_press=self.press)

    def press(self, button: str) -> None:
        """``"review"``: review the game so far; ``"mark-<k>"``: show the decision at
        position ``k``."""
        if button == "review":
            self.core.start()
        elif button.startswith("mark-"):
            self.select(int(button[5:]))

    def select(self, index: int) -> None:
        """Show the decision taken at position ``index`` on the board, the better move
        marked, and say what it cost (the board comes into view)."""
        self.core.select(index)
        self.board.say(decision_text(self.core.decision(index)), "info", focus=True)
        if self.on_select is not None:
            self.on_select(index)


def bots_panel(board, bots: Mapping[str, object], thinking: str | None = None) -> None:
    """Show the ``"bots"`` panel: each bot's level and how long it takes; while
    ``thinking`` (a faction) decides, a progress bar over its time budget.

    >>> from ahoy_nb.engine import new_game
    >>> from ahoy_nb.session.board import Board
    >>> from ahoy_nb.session.game import GameSession
    >>> from ahoy_nb.ai.levels import make_bot
    >>> board = Board(GameSession(new_game(2, seed=1)), viewer="bluefin")
    >>> bots_panel(board, {"mollusk": make_bot("hard", seed=1)}, thinking="mollusk")
    >>> board.traits['panels'][0]["lines"], board.traits['panels'][0]["busy"]["text"]
    (['Mollusk: hard bot, about 0.3 s a decision'], 'Mollusk is thinking…')
    """
    if not bots:
        board.remove_panel("bots")
        return
    lines = []
    for f, bot in bots.items():
        name = getattr(bot, "name", type(bot).__name__)
        takes = think_time(bot)
        lines.append(f"{faction_name(f)}: {name} bot" + (f", {takes}" if takes else ""))
    busy = None
    if thinking is not None:
        budget = getattr(bots[thinking], "time_budget", None) if think_time(bots[thinking]) else None
        busy = {"text": f"{faction_name(thinking)} is thinking…", "seconds": budget}
    board.set_panel("bots", title="Bots", lines=lines, busy=busy)
