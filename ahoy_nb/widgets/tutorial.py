"""The tutorial widget: the board, the lesson, and the learner's controls.

Everything goes through synced traits: a click on the board sets the board's
``intent`` (the shared :class:`~ahoy_nb.widgets.BoardWidget`, built with
``on_action`` so that it hands the click to the lesson instead of applying it);
typing notation sets a ``Text``'s ``value``; picking from the list of legal actions
sets a ``Dropdown``'s ``value``. *Next*, Hint, Show me, Back and Restart are buttons
of the board's side panel ``"lesson"`` (a ``press`` intent), and so are the answers of
the quiz that closes the lesson. All tries end in the same :meth:`Session.try_action`
check, once, and its message is shown once, in the board's message area: beside the
picture, in view while the picture scrolls.

>>> from ahoy_nb.tutorials import start
>>> w = start("setup", seed=1).widget()
>>> w.board.intent = {"action": "start 0,0", "id": 1}   # a click on the board
>>> w.session.index, w.session.reviewing   # the result of the move is shown
(1, True)
>>> w.press("Next")                        # what clicking "Next ›" does
>>> w.typed.value = "start 0,0"            # what pressing Enter in the text box does
>>> w.session.index, "not this step's aim" in w.message, w.board.error
(1, True, '')
>>> w.press("Back")
>>> w.session.index
0
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from .odds import odds_explorer
from ..rulebook import rules
from .board import BoardWidget
from ..tutorials.core import Feedback, Session
from ..tutorials.friendly import describe, odds

# The lesson panel's buttons (board side panel "lesson"): id, label, what it does.
BUTTONS = {"next": ("Next ›", "Go on to the next step"),
           "hint": ("Hint", "A hint: first where to look, then the rule"),
           "show": ("Show me", "Play the answer for me, and say why"),
           "back": ("Back", "Undo this step's moves, or go back a step"),
           "restart": ("Restart", "Start the tutorial again")}
BY_LABEL = {label: key for key, (label, _) in BUTTONS.items()} | {"Next": "next"}

# A lesson board has the lesson's controls only: the board's own Undo and scrubber and
# its "waiting" line are hidden. The lesson's words at 15px (JupyterLab draws widget
# text at 13px).
LESSON_CSS = ("<style>.ahoy-lesson-board .ahoy-controls,"
              ".ahoy-lesson-board .ahoy-none{display:none !important}"
              ".ahoy-tutorial .widget-html-content{font-size:15px;line-height:1.45}</style>")
# During the quiz and once the lesson is over the board is a picture: whose turn it is and
# what they are asked (the status line and the scores with their "to decide", the prompt,
# the caption's prompt) are hidden too (the player boards keep each side's Fame and gold).
# The rule names the lesson's own board (a class it gets once, when built), so that it
# leaves the notebook's other boards alone.
PICTURE_CSS = ("<style>.{board} .ahoy-prompt,.{board} .ahoy-top,.{board} [data-prompt]"
               "{{display:none !important}}</style>")


def markdown_to_html(text: str) -> str:
    """The little Markdown the lessons use: headings, bold, italics, code, quotes,
    lists and tables."""
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-+:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            body = "".join("<tr>" + "".join(f"<td style='border:1px solid #ccc;padding:2px 6px'>"
                                             f"{_inline(c)}</td>" for c in r) + "</tr>"
                           for r in rows)
            out.append(f"<table style='border-collapse:collapse;margin:4px 0'>{body}</table>")
            continue
        if line.startswith(">"):
            quote = []
            while i < len(lines) and lines[i].startswith(">"):
                quote.append(lines[i][1:].strip())
                i += 1
            out.append("<blockquote style='margin:4px 0 4px 8px;padding-left:8px;"
                       "border-left:3px solid #c9a96e;color:#555'>"
                       + _inline(" ".join(quote)) + "</blockquote>")
            continue
        if line.startswith("* "):
            items = []
            while i < len(lines) and lines[i].startswith("* "):
                items.append(f"<li>{_inline(lines[i][2:])}</li>")
                i += 1
            out.append("<ul style='margin:2px 0'>" + "".join(items) + "</ul>")
            continue
        m = re.match(r"^(#{1,4}) (.*)$", line)
        if m:
            level = len(m.group(1)) + 1
            out.append(f"<h{level} style='margin:4px 0'>{_inline(m.group(2))}</h{level}>")
        elif line.strip():
            out.append(f"<p style='margin:4px 0'>{_inline(line)}</p>")
        i += 1
    return "\n".join(out)


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"<i>\1</i>", text)
    return text


class TutorialBoard(BoardWidget):
    """The shared board for one :class:`Session`.

    Built as ``BoardWidget(session.state, viewer=session.learner, on_action=...)``:
    a click (``intent`` ``{"action": ..., "id": n}``) is handed to
    :meth:`Session.try_action` instead of being applied, so it is checked by the
    lesson once, and the lesson's feedback (the board's message area) says what it
    made of it. A click on something not offered goes to :meth:`on_refused`, which
    asks the lesson why not. The board follows the session (which may replace its
    ``State``: goal steps, Back, Restart, a new scene): the position, the learner's
    eyes (whoever decides in this step), the step's highlighted spaces and the first
    hint's pointers; right after a step, the position after the learner's move with
    the spaces where something happened, and nothing to click until *Next*. Its side
    panel ``"lesson"`` holds Next, Hint, Show me, Back and Restart. The board's Undo is
    the lesson's Back.
    """

    _made = 0   # boards made so far: each gets a class of its own

    def __init__(self, session: Session, **kwargs):
        self.session = session
        super().__init__(session.state, viewer=session.learner,
                         on_action=self._try, on_refused=self.on_refused,
                         confirm_handover=False, **kwargs)
        # A step done: its result is a picture until Next (a click never starts the next
        # step unseen); the quiz's positions and the last position are pictures too. The
        # board's Undo is the lesson's Back.
        self.board.may_act_hook = lambda: not (self.session.reviewing or self.session.finished)
        self.board.on_undo = self.session.back
        self.add_class("ahoy-lesson-board")
        TutorialBoard._made += 1
        self.key = f"ahoy-lesson-{TutorialBoard._made}"   # this board's own class
        self.add_class(self.key)
        session.on_change(lambda s: self.follow())
        self.follow()

    def _try(self, notation: str) -> None:
        if self.session.reviewing:   # a click sent just before the result was shown
            self.session.refused({})
            return
        self.session.try_action(notation)   # the session's listeners call follow()

    def on_refused(self, target) -> str:
        """A click on something the board does not offer: the lesson says why not (in
        the message area, with the rest of the lesson's feedback)."""
        self.session.refused(target)
        return ""

    def undo(self):
        """The board's Undo: the lesson's Back (undo this step's moves, or go back a
        step), so the position never leaves the lesson's script."""
        self.session.back()
        return self.state

    def press(self, button: str) -> None:
        """A button of the lesson panel (``"next"``, ``"hint"``, ``"show"``, ``"back"``,
        ``"restart"``, or a quiz answer ``"choice-N"``)."""
        s = self.session
        if button.startswith("choice-"):
            s.choose(int(button.split("-", 1)[1]))
            return
        {"next": s.next, "hint": s.hint, "show": s.show_me, "back": s.back,
         "restart": s.restart}[button]()

    def follow(self) -> None:
        """Show the session's position, as its learner sees it, with the step's
        highlights (or the result of the step just done), its feedback and its buttons."""
        s = self.session
        step = s.step
        with self.board.batch():   # one redraw, one message to the page
            suggest: list[str] = []
            if s.reviewing and s.result is not None:
                shown, marks, viewer = s.result, list(s.result_spaces), s.result_viewer
            elif s.in_quiz:
                q = s.quiz.current
                shown, marks, viewer = q.state, list(q.highlight), q.viewer
            elif s.finished:
                shown, marks, viewer = s.state, [], "all"
            else:
                shown, viewer = s.state, s.learner
                marks = [str(x) for x in step.highlight] if step else []
                marks += [p for p in s.pointers if p not in marks]
                suggest = list(s.suggest)
            self.highlight = marks
            self.hints = suggest                 # the board marks them as suggested moves
            self.error = ""
            self._said_feedback(s.feedback)
            self._lesson_panel()
            if self.viewer not in (None, "all") and self.viewer not in shown.players:
                self.viewer = "all"              # eyes that the new position has no seat for
            self.set_state(shown)                # may be a new State object
            if viewer is not None and self.viewer != viewer:
                self.viewer = viewer             # redraws for the new eyes

    def _said_feedback(self, fb: Feedback | None) -> None:
        if fb is None or fb.kind == "next":
            self.say("")
            return
        kind = ("right" if fb.ok and (fb.advanced or fb.kind == "quiz")
                else "wrong" if fb.kind == "quiz" else fb.kind)
        self.say(fb.message, kind, fb.events)

    def _lesson_panel(self) -> None:
        s = self.session
        n = len(s)
        p = s.progress
        counts = f"{p['done']} of {p['steps']} done · hints: {p['hints']} · shown: {p['shown']}"
        if s.in_quiz:
            self._quiz_panel(counts)
            return
        if s.finished and not s.reviewing:
            title = f"{s.tutorial.title}: done"
            ask = "All steps done." + (f" {s.quiz.summary()}" if s.quiz is not None else "")
        elif s.reviewing:
            title = f"{s.tutorial.title}: step {s.index} of {n} done"
            ask = "The board shows what your move did. Next goes on."
        else:
            title = f"{s.tutorial.title}: step {s.index + 1} of {n}"
            ask = f"Your move: {_plain(s.ask())}"
        keys = (["next"] if s.reviewing else []) + (
            ["restart"] if s.complete else
            ["back", "restart"] if s.reviewing or s.finished else ["hint", "show", "back", "restart"])
        buttons = [{"id": k, "label": BUTTONS[k][0], "title": BUTTONS[k][1],
                    "primary": k == "next"} for k in keys]
        self.set_panel("lesson", title=title, buttons=buttons, on_press=self.press,
                       lines=[ask, counts])

    def _quiz_panel(self, counts: str) -> None:
        """A quiz question: its choices as buttons (no hints); once answered, the choices
        stay in view (the one chosen pressed) and Next goes on."""
        s = self.session
        quiz = s.quiz
        q = quiz.current
        chosen = quiz.chosen[quiz.index]
        buttons = [{"id": f"choice-{i}", "label": c, "title": "Answer with this",
                    "disabled": chosen is not None, "pressed": chosen == i}
                   for i, c in enumerate(q.choices)]
        if chosen is not None:
            buttons.append({"id": "next", "label": BUTTONS["next"][0],
                            "title": "The next question" if quiz.index + 1 < len(quiz.questions)
                            else "The quiz's result", "primary": True})
        buttons.append({"id": "restart", "label": BUTTONS["restart"][0],
                        "title": BUTTONS["restart"][1]})
        self.set_panel("lesson", title=f"{s.tutorial.title}: quiz, question {quiz.index + 1} "
                                       f"of {len(quiz.questions)}",
                       buttons=buttons, on_press=self.press,
                       lines=[_plain(q.ask), "No hints here: your answer is explained once you "
                                             "give it.", counts])


def _keeping_room(shown: str, room: str) -> str:
    """``shown`` in a box at least as tall as ``room`` would be: both in one grid cell, the
    room's copy invisible (and hidden from screen readers), ``shown`` at the bottom, next to
    the board.

    >>> _keeping_room("<p>done</p>", "<p>asked</p>").count("grid-area:1/1")
    2
    """
    return ("<div style='display:grid'><div style='grid-area:1/1;align-self:end'>" + shown + "</div>"
            "<div style='grid-area:1/1;visibility:hidden' aria-hidden='true'>" + room
            + "</div></div>")


def _plain(text: str) -> str:
    """Markdown as plain text (a panel line is drawn as text)."""
    text = re.sub(r"`([^`]+)`", r"\1", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", text)
    return " ".join(re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"\1", text).split())


class TutorialWidget(widgets.VBox):
    """A tutorial in a notebook: the lesson's text, the board (with the lesson's buttons
    and its feedback beside the picture), typed notation and the list of actions.

    Attributes for code and tests: ``session``, ``lesson`` (HTML), ``board``
    (:class:`TutorialBoard`), ``typed`` (Text), ``choices`` (Dropdown of legal actions,
    each with its meaning in words), ``odds`` (the battle odds, filled while a side
    decides how far to fire its Cannons), ``rules`` (the rules in short, searchable),
    ``message`` (the feedback shown); :meth:`press` presses a button of the lesson panel.
    """

    def __init__(self, session: Session, odds: bool = True, text: bool = False, **kwargs):
        self.session = session
        self.show_odds = odds
        self.odds = widgets.VBox()   # the battle odds, shown at a Cannons decision
        self.lesson = widgets.HTML(layout=widgets.Layout(max_width="760px"))
        self.picture = widgets.HTML()   # the scene's own picture (the Rewards grid...)
        # The board hands its clicks to session.try_action and follows the session.
        self.board = TutorialBoard(session, text=text)   # text: the lesson in words
        self.typed = widgets.Text(placeholder="type an action, e.g. sail 4 — then Enter",
                                  continuous_update=False, description="action",
                                  layout=widgets.Layout(width="360px"))
        self.typed.observe(self._on_typed, "value")
        self.choices = widgets.Dropdown(description="or pick", options=[], value=None,
                                        layout=widgets.Layout(width="460px"))
        self.choices.observe(self._on_choice, "value")
        # The rules in short, searchable, folded away until wanted.
        self.rules = widgets.Accordion(children=[rules().widget()], selected_index=None)
        self.rules.set_title(0, "Rules in short (search)")
        self._busy = False
        self._presses = 0
        self._asked = ""   # the HTML of the step being asked (its room is kept for its result)
        session.on_change(lambda s: self.refresh())
        self.style = widgets.HTML(LESSON_CSS)
        super().__init__([self.style, self.lesson, self.picture, self.board,
                          widgets.HBox([self.typed, self.choices]), self.odds, self.rules],
                         **kwargs)
        self.add_class("ahoy-tutorial")   # for styling and the browser tests
        self.refresh()

    @property
    def message(self) -> str:
        """The feedback shown beside the board (the lessons' Markdown), or ``""``."""
        return self.board.error or self.board.message.get("text", "")

    def press(self, label: str) -> None:
        """Press a button of the lesson panel by its label (``"Next"``, ``"Hint"``,
        ``"Show me"``, ``"Back"``, ``"Restart"``, or a quiz answer's words), as a click on
        it does."""
        self._presses += 1
        key = BY_LABEL.get(label)
        quiz = self.session.quiz if self.session.in_quiz else None
        if key is None and quiz is not None and label in quiz.current.choices:
            key = f"choice-{quiz.current.choices.index(label)}"   # a quiz answer, by its words
        if key is None:
            raise ValueError(f"no button {label!r} in the lesson panel")
        self.board.intent = {"press": {"panel": "lesson", "button": key},
                             "id": f"press-{self._presses}"}
        if self.board.error:
            raise ValueError(self.board.error)

    # -- input -------------------------------------------------------------------
    def _on_typed(self, change):
        if self._busy or not change["new"].strip():
            return
        text = change["new"]
        self._busy = True
        try:
            self.typed.value = ""
        finally:
            self._busy = False
        if self.session.reviewing:     # judged against the step the learner sees: done
            self.session.refused({})
            return
        self.session.try_action(text)

    def _on_choice(self, change):
        if self._busy or not change["new"]:
            return
        self.session.try_action(change["new"])

    # -- output ------------------------------------------------------------------
    @property
    def is_picture(self) -> bool:
        """Whether the board is a picture now (the quiz, or the lesson over)."""
        return self.session.finished and not self.session.reviewing

    def refresh(self) -> None:
        s = self.session
        self.style.value = LESSON_CSS + (PICTURE_CSS.format(board=self.board.key)
                                         if self.is_picture else "")
        text = markdown_to_html(s.text)
        if s.reviewing and self._asked:
            # The step's result keeps the room its text took, so that the board under it
            # does not jump up after a right move (the place just clicked stays in view).
            text = _keeping_room(text, self._asked)
        else:
            self._asked = text
        self.lesson.value = text
        picture = s.scene.picture if not s.finished and s.scene is not None else None
        # Drawn by this package from the engine's components, escaped there.
        self.picture.value = picture(s.state) if picture else ""
        legal = [(f"{a.notation} — {describe(s.state, a)}", a.notation)
                 for a in s.legal_actions()] if not s.reviewing else []
        self._busy = True
        try:
            self.choices.options = legal
            self.choices.value = None
        finally:
            self._busy = False
        self._show_odds()

    def _show_odds(self) -> None:
        """At a decision on how far to fire, the exact chances for each choice."""
        s = self.session
        pending = s.state.data["pending"] if not s.finished and not s.reviewing else []
        if not self.show_odds or not pending or pending[-1]["type"] != "fire":
            self.odds.children = ()
            return
        try:
            chart = odds_explorer(s.state)
            table = odds(s.state)
        except ValueError:
            self.odds.children = ()
            return
        note = widgets.HTML("<i>The real odds of this battle, before this lesson fixed its "
                            "dice:</i>" + table._repr_html_())
        self.odds.children = (note, chart)
