"""Play a game of Ahoy in a notebook: ``ahoy_nb.play()``.

The game's flow is the session layer's (:mod:`ahoy_nb.session`: who may act, undo,
conceding, the bots and their pace, opening a save); this module lays its widgets out.

>>> from ahoy_nb.widgets.play import play
>>> game = play(players=3, seed=1, people=("bluefin",), bot_delay=0)
>>> game
GameWidget(round 1, bluefin to decide; people: bluefin; bots: smuggler1 normal, mollusk normal)
>>> game.board.intent = {"action": "start 0,0", "id": 1}   # what a click does
>>> game.state.current_player                               # the bots have played since
'bluefin'

(``ahoy_nb.play`` is this module's ``play`` function; import the module's other
names with ``from ahoy_nb.widgets.play import GameWidget``.)
"""

from __future__ import annotations

import base64
import html
import secrets
import sys
from typing import Iterable, Mapping

import ipywidgets as widgets

from .. import savegame
from ..ai.bots import Bot
from ..engine import Action, IllegalActionError, State, new_game
from ..engine.state import player_count
from ..engine.words import faction_name
from ..session.advice import AdvisorCore
from ..session.bots import DEFAULT_DELAY, BotRunner, LoopScheduler
from ..session.game import GameSession, SeatsError, UNDO_RULES, people_of, require_state
from ..session.guard import Guard
from ..session.panels import AdvisorPanel
from ..session.reviewing import cores
from . import BoardWidget, GameCharts
from .files import OpenButton
from .loop import running_loop

__all__ = ["play", "GameWidget", "UNDO_RULES"]

SEED_WARNING = "the seed reveals every hidden card and future die"


def players_count(players) -> int:
    """The number of players, from a number or its digit (``"3"``): 2, 3 or 4.

    >>> players_count("3"), players_count(4)
    (3, 4)
    >>> players_count("five")
    Traceback (most recent call last):
    ...
    ValueError: players is 2, 3 or 4 (Ahoy is for 2 to 4 players), not 'five'
    """
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players.strip())
    return player_count(players)


def play(players: int = 3, seed: int | None = None, people: Iterable[str] | str = ("bluefin",),
         bots: str | Bot | Mapping[str, str | Bot] = "normal",
         bot_delay: float | None = DEFAULT_DELAY, *,
         viewer: str | None = "auto", state: State | None = None, charts: bool = True,
         confirm_handover: bool = True, analysis: bool | None = None,
         undo: str | None = None, guard: bool = False,
         text: bool = False) -> "GameWidget":
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
    * ``bots``: who plays the other factions: a level (``ahoy_nb.ai.levels.LEVELS``:
      ``"easy"``, ``"normal"``, the greedy lookahead that as the Mollusk plays its best
      actions on to the round's end, ``"hard"``, ISMCTS, thinking
      ``ahoy_nb.ai.levels.think_time("hard")``, about 0.3 s, a decision on each core, or ``"random"``), a bot object
      (anything with ``choose(state)``) or ``{faction: ...}`` (factions not named get
      ``"normal"``).
    * ``bot_delay``: seconds between bot actions, so each one can be seen (a bot's whole
      turn is shown within a few seconds however many steps it has); ``0``: bots play
      instantly up to the next person's decision; ``None``: bots wait for the "Bot
      action" / "Bots to my turn" buttons (or the "Auto" toggle).
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
      another. Its "Analysis" toggle turns it on and off during the game. In the
      browser (the static site, no threads) the chance to win and Hint are the
      win-chance model's alone, in the board's side column (``advisor_panel``).
    * ``undo``: ``"fair"`` (default when people play against bots or each other): a
      person may take back their own last action and the bots' after it, only if nobody
      else has answered it and it revealed nothing (no roll, no card or tile drawn);
      otherwise the board says why not. ``"free"`` (default for ``viewer="all"`` and
      for watching bots): any action may be taken back, for analysis and tutorials.
    * ``guard``: the guarded game for a first game (:class:`~ahoy_nb.session.guard.Guard`):
      before a person's move that throws the game away (a battle fired far worse than it
      could be; much less chance to win than the best move, by the estimator against
      these bots), the board says why and waits; picking the move again plays it, and
      the warning's panel can switch the warnings off.
    * ``text``: start in text mode: the position as headings and lists, and a box that
      takes actions and questions typed (docs/accessibility.md); the board's Text button
      switches it.

    Bots move by themselves on the kernel's event loop; without a running event loop (a
    plain script, tests) they play instantly.
    """
    chosen = seed is not None or state is not None
    if state is None:
        if seed is None:
            seed = secrets.randbits(32)
        state = new_game(players_count(players), seed=seed)
    elif seed is None:
        seed = require_state(state).data.get("seed", 0)
    return GameWidget(state, people=people, bots=bots, bot_delay=bot_delay, viewer=viewer,
                      charts=charts, confirm_handover=confirm_handover, seed=seed,
                      analysis=analysis, seed_chosen=chosen, undo=undo, guard=guard,
                      text=text)


class GameWidget(widgets.VBox):
    """A game in one widget: bot controls, the board (and its log), the charts.

    Attributes: ``session`` (the :class:`~ahoy_nb.session.game.GameSession`), ``board``
    (:class:`BoardWidget`), ``runner`` (the :class:`~ahoy_nb.session.bots.BotRunner`),
    ``charts`` (:class:`GameCharts` or ``None``), ``guard`` (the
    :class:`~ahoy_nb.session.guard.Guard` or ``None``), ``bots`` (``{faction: bot}``), ``people``,
    ``seed`` (``None`` while it may not be shown), ``undo_mode``, ``state``.
    Methods: :meth:`step` (one bot action), :meth:`run_bots` (bots play until a person
    must decide), :meth:`stop`.
    """

    def __init__(self, state: State, *, people=("bluefin",), bots="normal",
                 bot_delay: float | None = DEFAULT_DELAY, viewer="auto", charts=True,
                 confirm_handover=True, seed: int | None = None, analysis=None,
                 seed_chosen: bool = True, undo: str | None = None, guard: bool = False,
                 text: bool = False,
                 **kwargs):
        self._seed = seed
        self.seed_chosen = seed_chosen
        people = people_of(require_state(state).players, people)
        if viewer == "auto":
            viewer = people[0] if len(people) == 1 else "hotseat" if people else None
        if undo is None:
            undo = "free" if viewer == "all" or not people else "fair"
        self.session = GameSession.of(state, people, bots, seed=seed, undo=undo)
        self.board = BoardWidget(game=self.session, viewer=viewer, people=people,
                                 confirm_handover=confirm_handover, text=text)
        loop = running_loop()
        scheduler = (LoopScheduler(loop, threads=sys.platform != "emscripten")
                     if loop is not None else None)
        # Made before the advisor (its "bots" panel comes first in the side column); it
        # starts once everything is in place.
        self.runner = BotRunner(self.session, delay=bot_delay, scheduler=scheduler,
                                board=self.board.board, auto=False)
        self.guard = Guard(self.board.board) if guard else None
        self.charts = GameCharts().follow(self.board) if charts else None
        self.step_button = widgets.Button(description="Bot action", icon="step-forward",
                                          tooltip="One bot plays one action")
        self.run_button = widgets.Button(description="Bots to my turn", icon="forward",
                                         tooltip="The bots play until a person must decide")
        self.auto = widgets.ToggleButton(value=bot_delay is not None, description="Auto",
                                         icon="play",
                                         tooltip="Bots play by themselves, one action at a time")
        # The bot buttons keep their size; the line beside them wraps within two lines of
        # its own (why undo is refused can be long) and the bar keeps its height.
        self.info = widgets.HTML(layout=widgets.Layout(flex="1 1 0", min_width="0",
                                                       height="2.8em", overflow="hidden"))
        self.info.add_class("ahoy-bot-info")
        for button in (self.step_button, self.run_button, self.auto):
            button.layout = widgets.Layout(flex="0 0 auto", width="auto")
        self.step_button.on_click(lambda _: self.step())
        self.run_button.on_click(lambda _: self.run_bots())
        bot_controls = [self.step_button, self.run_button, self.auto] if self.bots else []
        controls = widgets.HBox([*bot_controls, self.info],
                                layout=widgets.Layout(align_items="center"))
        controls.add_class("ahoy-bot-bar")
        # Save and open (.ahoy.json, see ahoy_nb.savegame): a download link made on
        # demand, and an upload that replaces the game only if the file loads.
        self.save_button = widgets.Button(description="Save", icon="download",
                                          tooltip="Save this game to a file (.ahoy.json)")
        self.download = widgets.HTML()
        self.upload = OpenButton("Open…", accept=".json",
                                 title=f"Open a saved game ({savegame.SUFFIX})",
                                 on_open=self._on_open_file)
        self.file_info = widgets.HTML()
        # A file edited outside ahoy-nb opens only when the person asks, with this button.
        self.open_anyway = widgets.Button(description="Open anyway", icon="warning",
                                          tooltip="Open the game saved in the file, though "
                                                  "its readable part was edited",
                                          layout=widgets.Layout(display="none", width="auto"))
        self.open_anyway.on_click(lambda _: self._open_edited())
        self._edited: tuple[str, bytes] | None = None   # (name, data) of such a file
        self.save_button.on_click(lambda _: self._offer_download())
        files = widgets.HBox([self.save_button, self.download, self.upload, self.file_info,
                              self.open_anyway])
        files.add_class("ahoy-files")
        children = [controls, self.board, files]
        if self.charts is not None:
            children.append(self.charts)
        self.advisor_panel = None   # the advice in the side column, in the browser (below)
        self.advisor = self._make_advisor(analysis)
        if self.advisor is not None:
            children.append(self.advisor)
        self.reviewer = self._make_reviewer()
        if self.reviewer is not None:
            children.append(self.reviewer)
        super().__init__(children, **kwargs)
        self.add_class("ahoy-game")
        self.board.observe(lambda change: self._show_info(), "revision")
        self.auto.observe(self._on_auto, "value")
        self.runner.auto = bot_delay is not None
        self._show_info()

    # -- set-up ------------------------------------------------------------
    def _make_advisor(self, analysis):
        if analysis is False:
            return None
        # None: on, but off (and one click away) in hot seat.
        enabled = analysis or len(self.people) <= 1
        if sys.platform == "emscripten":
            # In the browser (Pyodide) there are no threads and no bqplot: the advice is
            # the win-chance model's alone (no random games, a fraction of a second),
            # worked out on the page's thread and shown in the board's side column.
            board = self.board.board
            self.advisor_panel = AdvisorPanel(board)
            self.advisor_panel.core = AdvisorCore(board, self.advisor_panel, enabled=enabled,
                                                  simulations=0, hint_simulations=0, wait=True)
            return None
        from .advisor import Advisor
        return Advisor(self.board, enabled=enabled)

    def _make_reviewer(self):
        # The Review button, where the advisor is: during the game while Analysis is on
        # (as hints are), after it always. Not in the browser (no threads), as the advisor.
        if self.advisor is None:
            return None
        from .review import Reviewer
        reviewer = Reviewer(self.board, during_game=lambda: self.advisor.enabled,
                            known=lambda: self.advisor.core.chances,   # the chart's, reused
                            executor=cores())
        self.advisor.core.on_enabled = reviewer.core.refresh
        return reviewer

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def people(self) -> tuple[str, ...]:
        return self.session.people

    @property
    def bots(self) -> dict:
        return self.session.bots

    @property
    def undo_mode(self) -> str:
        return self.session.undo_rule

    @property
    def seed(self) -> int | None:
        """The game's seed, if it may be shown: once the game is over, or a seed the
        person chose when everything is shown anyway (``viewer="all"``)."""
        if self.state.is_over or (self.seed_chosen and self.board.viewer == "all"):
            return self._seed
        return None

    def seed_line(self) -> str:
        """The seed as the info line shows it (plain text; empty while hidden)."""
        if self.seed is None:
            return ""
        if self.state.is_over:
            return f"Seed {self.seed}"
        return f"Seed {self.seed} (analysis: {SEED_WARNING})"

    def undo(self) -> State:
        """Take back the last action of the person at the board, if the undo rule allows."""
        with self.board.lock:
            why = self.board.undo_refusal()
            if why:
                raise IllegalActionError(why)
            self.session.undo(self.board.board.undoer())
            return self.state

    def concede(self, faction: str | None = None) -> State:
        """The person at the board concedes, whoever is deciding: in a game of two the
        other player wins at once (``faction``: which of ``people``, when several play
        here). What the board's Concede button does once confirmed.

        >>> game = play(players=2, seed=3, people=("mollusk",), bot_delay=0)
        >>> game.concede().result
        'Bluefin won: Mollusk conceded'
        """
        with self.board.lock:
            people = self.people
            if faction is None and len(people) == 1:
                faction = people[0]
            if faction not in people:
                raise IllegalActionError(f"Name the player who concedes: one of "
                                         f"{', '.join(map(faction_name, people)) or 'nobody here'}")
            return self.session.concede(faction)

    def bot_to_move(self) -> str | None:
        """The faction of the bot that must decide now, if any."""
        return self.session.bot_to_move()

    # -- saving ------------------------------------------------------------
    def save(self, path, kind: str = "game") -> str:
        """Save the game to ``path`` (``.ahoy.json``); returns the path written."""
        return savegame.save(self.state, path, kind)

    def load(self, path) -> State:
        """Replace the game with the one saved in ``path``; a file that does not load,
        or whose players cannot be seated here, raises (a ``ValueError`` saying why) and
        changes nothing. Each person keeps seeing only their own view; a faction new to
        this game is played by a bot."""
        return self._open(savegame.load(path))[0]

    def _open(self, state: State) -> tuple[State, str]:
        with self.board.lock:
            self.runner.stop()
            before = self.state.players
            seated = self.session.open(state)
            if state.players != before and self.advisor is not None:
                # Other players: the advice and the review are drawn for them.
                enabled = self.advisor.enabled
                old = (self.advisor, self.reviewer)
                for part in old:
                    part.close()
                from .advisor import Advisor
                self.advisor = Advisor(self.board, enabled=enabled)
                self.reviewer = self._make_reviewer()
                self.children = [c for c in self.children if c not in old] + [
                    self.advisor, self.reviewer]
            self.board.board.set_marks(error="")
            self.runner.auto = self.auto.value = self.runner.delay is not None
            self._show_info()
        return state, seated

    def _offer_download(self) -> None:
        text = savegame.dumps(self.state)
        href = "data:application/json;base64," + base64.b64encode(text.encode()).decode()
        name = f"ahoy-round{self.state.round}{savegame.SUFFIX}"
        self.download.value = (f"<a class='ahoy-download' download='{html.escape(name)}' "
                               f"href='{html.escape(href)}'>⬇ {html.escape(name)}</a>")

    def _on_open_file(self, name: str, data: bytes | None) -> None:
        """A file picked with Open: it replaces the game only if it loads and its players
        can be seated here (a file edited outside ahoy-nb: only once the person presses
        Open anyway)."""
        self._edited = None
        self.open_anyway.layout.display = "none"
        try:
            if data is None:
                raise savegame.SaveFileError(f"{name} is over 5 MB: not a saved game")
            state = savegame.loads(data)
        except savegame.EditedSaveError as err:
            self._edited = (name, data)
            self.open_anyway.layout.display = None
            self.file_info.value = (f"<span class='ahoy-file-edited' style='color:#8a5a00'>"
                                    f"Not opened yet: {html.escape(str(err))}</span>")
            return
        except savegame.SaveFileError as err:
            self._refused(err)
            return
        self._opened(name, state)

    def _open_edited(self) -> None:
        """Open anyway: the game saved in a file whose readable part was edited."""
        if self._edited is None:
            return
        name, data = self._edited
        self._edited = None
        self.open_anyway.layout.display = "none"
        try:
            state = savegame.loads(data, edited_ok=True)
        except savegame.SaveFileError as err:   # (it loaded but for the edit: not expected)
            self._refused(err)
            return
        self._opened(name, state, " (the game saved in it, not what its edited part says)")

    def _opened(self, name: str, state: State, note: str = "") -> None:
        try:
            _, seated = self._open(state)
        except SeatsError as err:
            self._refused(err)
            return
        self.file_info.value = (f"<span class='ahoy-file-ok'>Opened {html.escape(name)}"
                                + html.escape(note)
                                + (f": {html.escape(seated)}" if seated else "") + "</span>")

    def _refused(self, err: ValueError) -> None:
        self.file_info.value = (f"<span class='ahoy-file-error' style='color:#b03030'>"
                                f"Not opened: {html.escape(str(err))}</span>")

    # -- bots --------------------------------------------------------------
    def step(self) -> Action | None:
        """One bot action (if a bot must decide); returns it, or ``None``."""
        return self.runner.step()

    def run_bots(self, max_actions: int = 100_000) -> int:
        """Bots play until a person must decide or the game ends; how many actions."""
        return self.runner.run(max_actions)

    def stop(self) -> None:
        """Stop the bots playing by themselves (the Auto toggle)."""
        self.auto.value = False

    def _on_auto(self, change) -> None:
        self.runner.auto = change["new"]

    def close(self):
        runner = getattr(self, "runner", None)   # (None if __init__ failed early)
        if runner is not None:
            runner.close()
        for part in ("guard", "advisor"):
            if getattr(self, part, None) is not None:
                getattr(self, part).close()
        if getattr(self, "advisor_panel", None) is not None:
            self.advisor_panel.core.close()
        if getattr(self, "reviewer", None) is not None:
            self.reviewer.close()
        super().close()

    def info_text(self) -> str:
        """The info line in plain text: bots, who plays, the seed when it may be
        shown, why undo is refused now."""
        return self.session.info_line(self.board.board.undoer(), self.seed_line())

    def _show_info(self) -> None:
        runner = getattr(self, "runner", None)
        if runner is not None and runner.auto != self.auto.value and runner.error:
            self.auto.value = runner.auto    # a bot that failed stopped the bots
        who = self.bot_to_move()
        self.step_button.disabled = self.run_button.disabled = who is None
        # Bot names and every other text are escaped: the line is HTML.
        self.info.value = (f"<div style='color:#555;line-height:1.4em;font-size:12.5px'>"
                           f"{html.escape(self.info_text())}</div>")

    def __repr__(self) -> str:
        return f"GameWidget{repr(self.session)[len('GameSession'):]}"
