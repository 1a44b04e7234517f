"""Play a game of Ahoy in a notebook: ``ahoy_nb.play()``.

>>> from ahoy_nb.widgets.play import play
>>> game = play(players=3, seed=1, people=("bluefin",), bot_delay=0)
>>> game
AhoyGame(round 1, bluefin to decide; people: bluefin; bots: smuggler1 normal, mollusk normal)
>>> game.board.intent = {"action": "start 0,0", "id": 1}   # what a click does
>>> game.state.current_player                               # the bots have played since
'bluefin'

(``ahoy_nb.play`` is this module's ``play`` function; import the module's other
names with ``from ahoy_nb.widgets.play import AhoyGame``.)
"""

from __future__ import annotations

import base64
import html
import secrets
import sys
from typing import Iterable, Mapping

import ipywidgets as widgets

from ..ai.bots import Bot
from ..ai.levels import make_bot, takes_time, think_time
from .. import savegame
from ..engine import Action, IllegalActionError, State, new_game
from ..engine.words import faction_name
from ..engine.undo import revealed
from . import BoardWidget, GameCharts
from .loop import running_loop
from .files import OpenButton
from .panels import bots_panel

__all__ = ["play", "AhoyGame", "fair_undo", "UNDO_RULES"]

DEFAULT_DELAY = 0.5
UNDO_RULES = ("fair", "free")
SEED_WARNING = "the seed reveals every hidden card and future die"


def fair_undo(board) -> str | None:
    """The fair undo rule for a :class:`~ahoy_nb.widgets.BoardWidget` (its ``undo_rule``):
    why the person at the board may not take back their last action now, or ``None``.

    Undo takes back the last action of one of the board's ``people`` and the bot actions
    after it. That is fair only if the person at the board made that action (in hot seat,
    not the previous person's, once the device has passed) and if those actions revealed
    nothing: no roll, no card or tile drawn, nothing hidden shown
    (:func:`ahoy_nb.engine.undo.revealed`).
    """
    s = board.state
    start = len(s.log) - len(s.history)
    mine = [i for i in range(start, len(s.log)) if s.log[i].player in board.people]
    if not mine:
        return None  # nothing of theirs to undo: the board says so
    actor = s.log[mine[-1]].player
    person = board.viewer if board.viewer in s.players else actor
    if actor != person:
        return "it is another player's move"
    return revealed(s, len(s.log) - mine[-1], viewer=person)


def play(players: int = 3, seed: int | None = None, people: Iterable[str] | str = ("bluefin",),
         bots: str | Bot | Mapping[str, str | Bot] = "normal", bot_delay: float | None = 0.5, *,
         viewer: str | None = "auto", state: State | None = None, charts: bool = True,
         confirm_handover: bool = True, analysis: bool | None = None,
         undo: str | None = None) -> "AhoyGame":
    """A playable game as one widget: the board (with its log), live charts, bot controls.

    * ``players``: 2, 3 or 4 (seats: Bluefin, Smuggler 1, Mollusk, Smuggler 2).
    * ``seed``: the game's seed (the same seed and moves give the same game); the
      bots are seeded from it too. ``None``: a random seed, shown once the game is over
      (the seed reveals every hidden card and future die). A chosen seed is shown only
      with ``viewer="all"`` (analysis), with that warning.
    * ``people``: the factions played by people at this screen. One faction: you
      see only what it may see. Several: hot seat, the view follows whoever must
      decide, and the board asks to pass the device between them. ``"all"``: every
      faction. ``()``: watch the bots play.
    * ``bots``: who plays the other factions: a level, ``"easy"``, ``"normal"`` (the
      greedy lookahead; as the Mollusk it plays its best actions on to the round's end)
      or ``"hard"`` (ISMCTS; it thinks
      ``ahoy_nb.ai.levels.think_time("hard")``, about 1 s, a decision, and a turn takes
      several decisions), or ``"random"``, a bot object (anything with ``choose(state)``) or
      ``{faction: ...}`` (factions not named get ``"normal"``).
    * ``bot_delay``: seconds between bot actions, so each one can be seen; ``0``:
      bots play instantly up to the next person's decision; ``None``: bots wait for
      the "Bot action" / "Bots to my turn" buttons (or the "Auto" toggle).
    * ``viewer``: ``"auto"`` (default: the one person, hot seat for several, a
      spectator for none), or ``"all"`` to see everything (analysis, or watching bots
      with their secrets shown), or a faction, or ``None``.
    * ``state``: continue from this position (e.g. a ``scenario``) instead of a new game.
    * ``charts``: show the Fame and control charts.
    * ``confirm_handover``: in hot-seat play, hide each person's view until they
      confirm they have the device.
    * ``analysis``: the win-chance chart and the Hint button
      (:class:`~ahoy_nb.widgets.advisor.Advisor`); ``None`` (default): on unless
      several people share the screen (hot seat), where it would help one against
      another. Its "Analysis" toggle turns it on and off during the game.
    * ``undo``: ``"fair"`` (default when people play against bots or each other): a
      person may take back only their own last action, and only if it revealed nothing
      (no roll, no card or tile drawn); otherwise the board says why not.
      ``"free"`` (default for ``viewer="all"`` and for watching bots): any action may be
      taken back, for analysis and tutorials.

    Bots move by themselves on the kernel's event loop (one action every
    ``bot_delay`` seconds); without a running event loop (a plain script, tests) they
    play instantly. Undo takes back your last action and the bot actions after it.
    """
    chosen = seed is not None or state is not None
    if state is None:
        if seed is None:
            seed = secrets.randbits(32)
        state = new_game(players, seed=seed)
    elif seed is None:
        seed = state.data.get("seed", 0)
    return AhoyGame(state, people=people, bots=bots, bot_delay=bot_delay, viewer=viewer,
                    charts=charts, confirm_handover=confirm_handover, seed=seed,
                    analysis=analysis, seed_chosen=chosen, undo=undo)


class AhoyGame(widgets.VBox):
    """A game in one widget: bot controls, the board (and its log), the charts.

    Attributes: ``board`` (:class:`BoardWidget`), ``charts`` (:class:`GameCharts`
    or ``None``), ``bots`` (``{faction: bot}``), ``people``, ``seed`` (``None`` while
    it may not be shown), ``undo_mode`` (``"fair"`` or ``"free"``), ``state``.
    Methods: :meth:`step` (one bot action), :meth:`run_bots` (bots play until a
    person must decide), :meth:`stop`.
    """

    def __init__(self, state: State, *, people=("bluefin",), bots="normal",
                 bot_delay: float | None = DEFAULT_DELAY, viewer="auto", charts=True,
                 confirm_handover=True, seed: int | None = None, analysis=None, seed_chosen: bool = True,
                 undo: str | None = None, **kwargs):
        self._seed = seed
        self.seed_chosen = seed_chosen
        players = state.players
        if isinstance(people, str):
            people = players if people == "all" else (people,)
        people = tuple(people)
        for f in people:
            if f not in players:
                raise ValueError(f"{f!r} is not a player of this game ({', '.join(players)})")
        self.people = people
        if bot_delay is not None and bot_delay < 0:
            raise ValueError(f"bot_delay is a number of seconds (or None), not {bot_delay!r}")
        self.bot_delay = bot_delay
        self.bots = self._make_bots(players, people, bots, seed)
        if viewer == "auto":
            viewer = people[0] if len(people) == 1 else "hotseat" if people else None
        if undo is None:
            undo = "free" if viewer == "all" or not people else "fair"
        if undo not in UNDO_RULES:
            raise ValueError(f"undo is 'fair' or 'free', not {undo!r}")
        self.undo_mode = undo
        self.board = BoardWidget(state, viewer=viewer, people=people,
                                 confirm_handover=confirm_handover)
        if undo == "fair":
            self.board.undo_rule = fair_undo
            self.board.refresh()
        bots_panel(self.board, self.bots)   # first in the side column, as in the Panel app
        self.charts = GameCharts().follow(self.board) if charts else None
        self._loop = running_loop()
        self._handle = None
        self._running = False
        self.step_button = widgets.Button(description="Bot action", icon="step-forward",
                                          tooltip="One bot plays one action")
        self.run_button = widgets.Button(description="Bots to my turn", icon="forward",
                                         tooltip="The bots play until a person must decide")
        self.auto = widgets.ToggleButton(value=bot_delay is not None, description="Auto",
                                         icon="play",
                                         tooltip="Bots play by themselves, one action at a time")
        self.info = widgets.HTML()
        self.step_button.on_click(lambda _: self._guard(self.step))
        self.run_button.on_click(lambda _: self._guard(self.run_bots))
        self.auto.observe(lambda change: self._schedule(), "value")
        bot_controls = [self.step_button, self.run_button, self.auto] if self.bots else []
        controls = widgets.HBox([*bot_controls, self.info])
        # Save and open (.ahoy.json, see ahoy_nb.savegame): a download link made on
        # demand, and an upload that replaces the game only if the file loads.
        self.save_button = widgets.Button(description="Save", icon="download",
                                          tooltip="Save this game to a file (.ahoy.json)")
        self.download = widgets.HTML()
        self.upload = OpenButton("Open…", accept=".json",
                                 title=f"Open a saved game ({savegame.SUFFIX})",
                                 on_open=self._on_open_file)
        self.file_info = widgets.HTML()
        self.save_button.on_click(lambda _: self._offer_download())
        files = widgets.HBox([self.save_button, self.download, self.upload, self.file_info])
        files.add_class("ahoy-files")
        children = [controls]
        children.append(self.board)
        children.append(files)
        if self.charts is not None:
            children.append(self.charts)
        self.advisor = self._make_advisor(analysis)
        if self.advisor is not None:
            children.append(self.advisor)
        self.reviewer = self._make_reviewer()
        if self.reviewer is not None:
            children.append(self.reviewer)
        super().__init__(children, **kwargs)
        self.add_class("ahoy-game")
        self.board.observe(self._on_change, "revision")
        self._on_change()

    # -- set-up ------------------------------------------------------------
    @staticmethod
    def _make_bots(players, people, spec, seed) -> dict:
        out = {}
        base = 0 if seed is None else int(seed)  # (never shown: it would give the seed)
        for i, f in enumerate(players):
            if f in people:
                continue
            kind = spec.get(f, "normal") if isinstance(spec, Mapping) else spec
            out[f] = make_bot(kind, seed=base * 10 + i + 1)
        if isinstance(spec, Mapping):
            for f in spec:
                if f not in players:
                    raise ValueError(f"{f!r} is not a player of this game ({', '.join(players)})")
        return out

    def _make_advisor(self, analysis):
        if analysis is False or sys.platform == "emscripten":
            # In the browser (Pyodide) there are no threads to analyse off the UI
            # thread and no bqplot for its chart: no advisor there (docs/lite.md).
            return None
        from .advisor import Advisor
        # None: on, but off (and one click away) in hot seat.
        return Advisor(self.board, enabled=analysis or len(self.people) <= 1)

    def _make_reviewer(self):
        # The Review button, where the advisor is: during the game while Analysis is on
        # (as hints are), after it always. Not in the browser (no threads), as the advisor.
        if self.advisor is None:
            return None
        from .review import Reviewer
        reviewer = Reviewer(self.board, during_game=lambda: self.advisor.enabled,
                            known=lambda: self.advisor.core.chances)   # the chart's, reused
        self.advisor.core.on_enabled = reviewer.core.refresh
        return reviewer

    @property
    def state(self) -> State:
        return self.board.state

    @property
    def seed(self) -> int | None:
        """The game's seed, if it may be shown: once the game is over, or a seed the
        person chose when everything is shown anyway (``viewer="all"``)."""
        if self.board.state.is_over or (self.seed_chosen and self.board.viewer == "all"):
            return self._seed
        return None

    def seed_line(self) -> str:
        """The seed as the info line shows it (plain text; empty while hidden)."""
        if self.seed is None:
            return ""
        if self.board.state.is_over:
            return f"Seed {self.seed}"
        return f"Seed {self.seed} (analysis: {SEED_WARNING})"

    def undo(self) -> State:
        """Take back the last action of the person at the board, if the undo rule allows."""
        with self.board.lock:
            why = self.board.undo_refusal()
            if why:
                raise IllegalActionError(why)
            return self.board.undo()

    def concede(self, faction: str | None = None) -> State:
        """The person at the board concedes, whoever is deciding: in a game of two the
        other player wins at once (``faction``: which of ``people``, when several play
        here). What the board's Concede button does once confirmed.

        >>> game = play(players=2, seed=3, people=("mollusk",), bot_delay=0)
        >>> game.concede().result
        'Bluefin won: Mollusk conceded'
        """
        with self.board.lock:
            people = self.board.people
            if faction is None and len(people) == 1:
                faction = people[0]
            if faction not in people:
                raise IllegalActionError(f"Name the player who concedes: one of "
                                         f"{', '.join(map(faction_name, people)) or 'nobody here'}")
            return self.board.act(Action(faction, f"concede {faction}"))

    def bot_to_move(self) -> str | None:
        """The faction of the bot that must decide now, if any."""
        s = self.board.state
        who = s.current_player
        return who if not s.is_over and who in self.bots else None

    # -- saving ------------------------------------------------------------
    def save(self, path, kind: str = "game") -> str:
        """Save the game to ``path`` (``.ahoy.json``); returns the path written."""
        return savegame.save(self.board.state, path, kind)

    def load(self, path) -> State:
        """Replace the game with the one saved in ``path``; a file that does not
        load raises :class:`~ahoy_nb.savegame.SaveFileError` and changes nothing.
        Each person keeps seeing only their own view."""
        return self._open(savegame.load(path))

    def _open(self, state: State) -> State:
        self.stop()
        self.board.set_state(state)
        self.board.error = ""
        self.auto.value = self.bot_delay is not None
        self._on_change()
        return state

    def _offer_download(self) -> None:
        text = savegame.dumps(self.board.state)
        href = "data:application/json;base64," + base64.b64encode(text.encode()).decode()
        name = f"ahoy-round{self.board.state.round}{savegame.SUFFIX}"
        self.download.value = (f"<a class='ahoy-download' download='{html.escape(name)}' "
                               f"href='{html.escape(href)}'>⬇ {html.escape(name)}</a>")

    def _on_open_file(self, name: str, data: bytes | None) -> None:
        """A file picked with Open: it replaces the game only if it loads."""
        try:
            if data is None:
                raise savegame.SaveFileError(f"{name} is over 5 MB: not a saved game")
            state = savegame.loads(data)
        except savegame.SaveFileError as err:
            self.file_info.value = (f"<span class='ahoy-file-error' style='color:#b03030'>"
                                    f"Not opened: {html.escape(str(err))}</span>")
            return
        self._open(state)
        self.file_info.value = f"<span class='ahoy-file-ok'>Opened {html.escape(name)}</span>"

    # -- bots --------------------------------------------------------------
    def step(self):
        """One bot action (if a bot must decide); returns it, or ``None``.

        A bot that takes time shows that it is thinking in the board's ``"bots"`` panel:
        the hard bot with a progress bar over its time budget, ``normal``'s Mollusk (it
        plays its best actions on, a few tenths of a second) without one."""
        with self.board.lock:  # a person's intent may arrive on another thread
            who = self.bot_to_move()
            if who is None:
                return None
            bot = self.bots[who]
            slow = takes_time(bot, who) and len(self.board.state.legal_actions()) > 1
            if slow:   # sent to the front end at once: the kernel is busy until the choice
                bots_panel(self.board, self.bots, thinking=who)
            try:
                action = bot.choose(self.board.state)
            finally:
                if slow:
                    bots_panel(self.board, self.bots)
            self.board.act(action)
            return action

    def run_bots(self, max_actions: int = 100_000) -> int:
        """Bots play until a person must decide or the game ends; how many actions."""
        if self._running:
            return 0
        self._running = True
        n = 0
        try:
            while n < max_actions and self.step() is not None:
                n += 1
        finally:
            self._running = False
        self._show_info()
        return n

    def stop(self) -> None:
        """Stop the bots playing by themselves (the Auto toggle)."""
        self.auto.value = False
        self._cancel()

    def close(self):
        self._cancel()
        if getattr(self, "advisor", None) is not None:  # None too if __init__ failed early
            self.advisor.close()
        if getattr(self, "reviewer", None) is not None:
            self.reviewer.close()
        super().close()

    def _guard(self, fn):
        try:
            fn()
        except Exception as err:  # a bot bug must not hang the game
            self.auto.value = False
            self.board.error = f"A bot failed ({type(err).__name__}: {err}); auto-play stopped"

    def _on_change(self, change=None) -> None:
        self._show_info()
        self._schedule()

    def _schedule(self) -> None:
        if self._running or not self.auto.value or self.bot_to_move() is None:
            return
        delay = DEFAULT_DELAY if self.bot_delay is None else self.bot_delay
        if delay == 0 or self._loop is None or self._loop.is_closed():
            self._guard(self.run_bots)
            return
        # Front-end messages may be handled on another thread than the kernel's
        # event loop (JupyterLab 4 + ipykernel 7 run widget messages on a subshell
        # thread): arm the timer from the loop's own thread, waking it up.
        self._loop.call_soon_threadsafe(self._arm, delay)

    def _arm(self, delay: float) -> None:
        # On the loop's thread: at most one pending bot action.
        if self._handle is None and self.auto.value and self.bot_to_move() is not None:
            self._handle = self._loop.call_later(delay, self._tick)

    def _tick(self) -> None:
        self._handle = None
        if self.auto.value and not self._running:
            self._guard(self.step)  # the change schedules the next action

    def _cancel(self) -> None:
        loop = getattr(self, "_loop", None)
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._cancel_here)

    def _cancel_here(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def info_text(self) -> str:
        """The info line in plain text: bots, who plays, the seed when it may be
        shown, why undo is refused now."""
        who = self.bot_to_move()
        parts = []
        if self.bots:
            names = ", ".join(f"{faction_name(f)} ({getattr(b, 'name', type(b).__name__)}"
                              + (f", {think_time(b)})" if think_time(b) else ")")
                              for f, b in self.bots.items())
            now = f" · {faction_name(who)} to play" if who else ""
            parts.append(f"Bots: {names}{now}")
        if self.seed_line():
            parts.append(self.seed_line())
        why = self.board.undo_refusal() if self.board.history_length else None
        if why and self.people:
            parts.append(why)
        return " · ".join(parts)

    def _show_info(self) -> None:
        who = self.bot_to_move()
        self.step_button.disabled = self.run_button.disabled = who is None
        # Bot names and every other text are escaped: the line is HTML.
        self.info.value = f"<span style='color:#555'>{html.escape(self.info_text())}</span>"

    def __repr__(self) -> str:
        s = self.board.state
        if s.is_over:
            head = f"round {s.round}, over: {' and '.join(s.winners)} won"
        else:
            head = f"round {s.round}, {s.current_player} to decide"
        people = ", ".join(self.people) or "none"
        bots = ", ".join(f"{f} {getattr(b, 'name', type(b).__name__)}"
                         for f, b in self.bots.items()) or "none"
        return f"AhoyGame({head}; people: {people}; bots: {bots})"
