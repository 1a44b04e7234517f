"""Every script in ``scripts/``, run with its smallest arguments: one line a run.

``RUNS`` names, for each run, the script, its arguments (``{tmp}`` is a fresh folder, the
run's working directory; ``{root}`` the checkout), patterns for what it must print, and
its lane:

* ``"fast"``: a few seconds; ``tests/test_scripts.py`` runs it in the fast lane;
* ``"browser"``: needs Chromium (JupyterLab, a page), and ``"slow"``: more than a few
  seconds without a browser (a server to start, say); ``tests/browser/test_scripts_full.py``
  runs them with the browser tests, in the full suite only.

``tests/test_scripts.py`` also checks that every file in ``scripts/`` has a line here, so a
new script comes with its line. Choose the smallest arguments that still do the script's
real work (a game or two, one round of clicks, a tiny tournament: give a long or heavy
script a flag for such a tiny mode rather than skipping it), and patterns for the
figures it prints, in the units its doc page quotes them in, so that a change to either
shows.

>>> drawing = next(r for r in RUNS if r.script == "render_board.py")
>>> drawing.id, drawing.argv(Path("/tmp/x"))[2:]
('render_board.py --out {tmp}', ['--out', '/tmp/x'])
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"

NUMBER = r"[\d,]+(?:\.\d+)?"  # 12, 1,234, 0.68


LANES = ("fast", "slow", "browser")

#: The hard bot's tournament games that the rating ladder rates beside its own (docs/bots.md).
LADDER_TOURNAMENT = ['data/tournament/hard1000-bluefin-3p-normal-looks.jsonl',
                     'data/tournament/hard1000-mollusk-3p-prior-2035.jsonl',
                     'data/tournament/hard1000-mollusk-3p-prior-2065.jsonl',
                     'data/tournament/hard1000-mollusk-3p-prior-2080.jsonl',
                     'data/tournament/hard1000-mollusk-3p-prior-2090.jsonl',
                     'data/tournament/hard1000-mollusk-3p-prior-2100.jsonl',
                     'data/tournament/hard1000-mollusk-3p-prior-2115.jsonl',
                     'data/tournament/hard1000-mollusk-3p-prior.jsonl',
                     'data/tournament/hard1000-smuggler-3p-widen-2035.jsonl',
                     'data/tournament/hard1000-smuggler-3p-widen-2065.jsonl',
                     'data/tournament/hard1000-smuggler-3p-widen-2080.jsonl',
                     'data/tournament/hard1000-smuggler-3p-widen-2090.jsonl',
                     'data/tournament/hard1000-smuggler-3p-widen-2105.jsonl',
                     'data/tournament/hard1000-smuggler-3p-widen.jsonl']



@dataclass(frozen=True)
class Run:
    """One run of a script and what it must leave behind.

    ``args`` as typed in a shell (``{tmp}``: the run's own folder, ``{root}``: the
    checkout); ``expect``: a regular expression, or several, that its standard output
    must match (``re.MULTILINE``: ``^`` and ``$`` are a line's ends); ``makes``: files
    it must write into ``{tmp}``.
    """

    script: str                        # a file in scripts/
    args: str
    expect: str | tuple[str, ...]
    lane: str = "fast"                 # one of LANES (see above)
    makes: tuple[str, ...] = ()
    returns: int = 0                   # its exit code
    timeout: float = 60.0              # seconds before it is stopped (and fails)
    needs: tuple[tuple[str, str], ...] = ()   # (module, extra) it imports: skipped without

    def __post_init__(self):
        if isinstance(self.expect, str):
            object.__setattr__(self, "expect", (self.expect,))
        if self.lane not in LANES:
            raise ValueError(f"{self.script}: the lane is one of {LANES}, not {self.lane!r}")

    @property
    def id(self) -> str:
        return f"{self.script} {self.args}".strip()

    def argv(self, tmp: Path) -> list[str]:
        args = self.args.replace("{tmp}", str(tmp)).replace("{root}", str(ROOT))
        return [sys.executable, str(SCRIPTS / self.script), *shlex.split(args)]


RUNS = [
    Run("balance_audit.py", "--players 2 --games 1 --bots easy --out {tmp}/b.jsonl",
        (r"^seed 0: \['(bluefin|mollusk)'(, 'mollusk')?\] \{'bluefin': \d+, 'mollusk': \d+\} "
         rf"\({NUMBER} s CPU\)$",
         r"^### 2 players, easy: 1 games \(seeds 0-0\), [\d.]+ rounds a game$",
         r"^\| faction \| wins \| 95% CI \| Fame \| control \| delivery \| reward \| pledge \|$",
         rf"^\| bluefin \| [\d.]+/1 = \d+% \| \d+%-\d+% \| {NUMBER} \| {NUMBER} \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"^\| faction \| bluefin-home \| explored \| mollusk-home \|$",
         r"^- mollusk: dice on "),
        makes=("b.jsonl",)),
    # The figures docs/balance.md quotes, from the games it keeps.
    Run("balance_audit.py", "--report {root}/data/balance/normal-2p.jsonl",
        (r"^### 2 players, normal: 100 games \(seeds 0-99\), 5\.5 rounds a game$",
         r"^\| bluefin \| 78\.5/100 = 78% \| 69%-85% \| 32\.7 \| 32\.7 \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"^\| mollusk \| 21\.5/100 = 22% \| 15%-31% \| 24\.4 \| 24\.4 \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"^Won by 2 Fame or less \(a tie on Fame settled by gold counts\), and the median winning "
         r"margin: bluefin 7 of 78 wins, median 12; mollusk 7 of 21 wins, median 7$")),
    Run("balance_audit.py", "--report {root}/data/balance/hard1000-2p.jsonl",
        (r"^\| bluefin \| 50/82 = 61% \| 50%-71% \| 30\.7 \| 30\.7 \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"median winning margin: bluefin 13 of 50 wins, median 6\.5; mollusk 3 of 32 wins, "
         r"median 8\.5$",
         r"^Bluefin's last word in each round, the dice it places after the Mollusk's last \(40 "
         r"games with their actions, 250 rounds\): its control Fame less the Mollusk's rose "
         r"\+2\.0 a round on them \(\+3\.0 in a game's last round\); 8 of its wins would not "
         r"have been wins on the scores standing before them\.$")),
    Run("balance_audit.py", "--report {root}/data/balance/hard1000-3p-widen.jsonl",
        (r'^### 3 players, hard \{"iterations": 1000\}: 59 games \(seeds 0-64\), 5\.5 rounds a game$',
         r"^\| bluefin \| 33/59 = 56% \| 43%-68% \| 32\.6 \| 32\.6 \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"^\| smuggler1 \| 14\.5/59 = 25% \| 15%-37% \| 29\.1 \| 0\.0 \| 15\.2 \| 6\.3 \| 7\.6 \|$",
         r"^\| mollusk \| 11\.5/59 = 19% \| 11%-31% \| 26\.6 \| 26\.6 \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"bluefin 5 of 33 wins, median 6; smuggler1 5 of 14 wins, median 3; mollusk 0 of 11 "
         r"wins, median 6$",
         r"smuggle 8\.8, deliver 7\.6,")),
    Run("balance_audit.py", "--report {root}/data/balance/normal-look4-2p.jsonl",
        (r'^### 2 players, normal \{"lookahead": 4\}: 100 games \(seeds 0-99\), 5\.4 rounds a game$',
         r"^\| bluefin \| 82\.5/100 = 82% \| 74%-89% \| 32\.9 \| 32\.9 \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"^\| mollusk \| 17\.5/100 = 18% \| 11%-26% \| 26\.4 \| 26\.4 \| 0\.0 \| 0\.0 \| 0\.0 \|$",
         r"rose \+2\.4 a round on them \(\+2\.9 in a game's last round\); 16 of its wins would "
         r"not have been wins on the scores standing before them\.$")),
    Run("bench_lab.py", "--games 2 --repeat 1",
        (rf"^run 1: 1 worker {NUMBER} games/s, 2 workers {NUMBER} games/s$",
         rf"pairwise speed-up median {NUMBER}x \(range {NUMBER}-{NUMBER}\)$",
         rf"load average {NUMBER} at the end")),
    Run("bench_redraw.py", "--clicks 2 --rounds 1",
        (r"^load average \(1/5/15 min\) [\d./]+ at the start, [\d./]+ at the end",
         rf"^\| minimal anywidget echo \| {NUMBER} \| {NUMBER} \| 1\.00 \| {NUMBER} \|$",
         *(rf"^\| board, {n} actions: {row} \| {NUMBER} \| {NUMBER} \| {NUMBER} \| {NUMBER} \|$"
           for n, row in ((r"\d", "a click that acts at once"),
                          (r"2\d\d", "a click that acts at once"),
                          (r"2\d\d", r"a move through a warning \(2 clicks\)")))),
        lane="browser", timeout=300),
    Run("bench_think.py", "--games 1 --time-budget 0.01",
        (r"^game 500, seat 0: \d+ decisions, \d+ rounds$",
         r"^hard bot, time budget 0\.01 s on \d+ process\(es\), 2 players; \d+ decisions "
         r"with a choice, \d+ turns$",
         *(rf"^  {what} +median +{NUMBER} +p95 +{NUMBER} +max +{NUMBER}$"
           for what in (r"wall s / decision", r"CPU s / decision \(this process\)", r"wall s / turn",
                        r"iterations / decision")),
         rf"^  load average \(1 min\): {NUMBER} before, .* during, {NUMBER} after; \d+ cores$"),
        lane="slow", timeout=300),
    Run("benchmark.py", "--games 1 --repeat 1",
        (r"^players +decisions/game +decisions/s +games/s +decisions/CPU-s +games/CPU-s$",
         *(rf"^ +{p} +\d+ +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER}$" for p in (2, 3, 4, "all", "chess")),
         r"^load average \(1/5/15 min\) [\d./]+ at the start, [\d./]+ at the end, \d+ cores$",
         rf"^Ahoy / python-chess [\d.]+ \(decisions/s\): {NUMBER} by wall clock, {NUMBER} by CPU time$")),
    Run("build_lite.py", "--dry-run",
        (r"^pins: JupyterLite [\d.]+, Pyodide [\d.]+, anywidget [\d.]+, ipywidgets [\d.]+",
         r"^build venv: .*\((ready|to make with .+|cannot be made: .+)\)$",
         r"^notebooks: \d+ \(01_setup\.ipynb, .*\); left out \(they need a server\): ",
         r"^site: .*_site ")),
    Run("concede_games.py", "--games 4 --most-actions 30",
        rf"^4 of 4 games conceded and checked \(0 ended first\), at \d+ kinds of decision; "
        rf"0 failed; {NUMBER} s$"),
    Run("fuzz_saves.py", "--count 20 --runs 1",
        (rf"^a tile at x = 10\*\*9: refused in {NUMBER} ms \(the intact save loads in {NUMBER} ms\)$",
         r"^20 mutated saves from \d+ real ones in \d+ s: \d+ refused \(ValueError\), \d+ accepted "
         r"and played 50 actions, drawn, viewed; 0 failed$")),
    Run("mine_puzzles.py", "--records data/judgement/games.jsonl.gz --games 1 --actions 164-168 "
        "--found {tmp}/found.jsonl --fresh --out {tmp}/puzzles.json",
        (r"^games-84-166: mollusk 'remove-patrol 8,2' lead [\d.]+ \(low [\d.]+\) [a-z,]+ rating \d+$",
         r"^mined 1 games, \d+ decisions, \d+ checked, 1 kept in [\d.]+ min$",
         r"^1 puzzles \(1 found, one per answer per game\) -> .*puzzles\.json$"),
        lane="slow", timeout=300, makes=("found.jsonl", "puzzles.json")),
    Run("mine_puzzles.py", "--records data/judgement/games.jsonl.gz --games 2 --actions 164-168 "
        "--jobs 2 --found {tmp}/found.jsonl --fresh --out {tmp}/puzzles.json",
        (r"^games-84-166: mollusk 'remove-patrol 8,2' lead [\d.]+ \(low [\d.]+\) [a-z,]+ rating \d+$",
         r"^mined 2 games, \d+ decisions, \d+ checked, 1 kept in [\d.]+ min$"),
        lane="slow", timeout=300, makes=("found.jsonl", "puzzles.json")),
    Run("mine_puzzles.py", "--census --records data/judgement/games.jsonl.gz --games 1 "
        "--actions 164-168",
        (r"^1 games; each decision with 2 or more answers, by the themes of the answer the "
         r"estimator alone likes best$",
         r"^middlegame +\d+ +\d+ +\d+ +[\d.]+$"),
        lane="slow", timeout=300),
    Run("mine_puzzles.py", "--rejudge --sample 2 --rejudge-out {tmp}/found.jsonl "
        "--out {tmp}/puzzles.json",
        (r"^rejudged 2 puzzles found at 4x by today's estimator: (2 still clearly better, 0|"
         rf"1 still clearly better, 1|0 still clearly better, 2) left out; {NUMBER} min$",
         r"^\d puzzles \(\d found, one per answer per game\) -> .*puzzles\.json$"),
        lane="slow", timeout=180, makes=("found.jsonl", "puzzles.json")),
    Run("mine_puzzles.py", "--recheck --sample 1 --recheck-out {tmp}/recheck.json",
        (r"^recheck at 4x \(16 worlds, fresh seeds\): 1 of 1 stay best by >= 10%; lead min "
         rf"{NUMBER}, median {NUMBER}; {NUMBER} min$",),
        lane="slow", timeout=300, makes=("recheck.json",)),
    Run("loop_games.py", "--games 2",
        (rf"^2 looper games \(2-4 players, half with Barrelman, Sea Dog, Sea Witch and Aeronauts\) "
         rf"in \d+ s: 2 ended with no position repeated, 0 failed$",
         rf"^  {NUMBER} actions, {NUMBER} distinct positions, {NUMBER} actions looked ahead for a "
         rf"way back, {NUMBER} free moves taken$",
         rf"^  longest calm stretch: \d+ decisions \(the engine's bound: {NUMBER}\)$")),
    Run("roundtrip_games.py", "--random 2 --greedy 0",
        (rf"^random: 2 games \(2-4 players\), {NUMBER} actions, {NUMBER} states checked, "
        rf"0 failures so far, \d+ s$", rf"^  {NUMBER} shapes of the stack of decisions met$")),
    # The load on online tables: tiny (2 tables, 30 moves, the API on a thread), and the
    # real set-up in small (an ahoy-nb serve process of its own; docs/online.md's figures).
    Run("load_online.py", "--tiny --json {tmp}/load.json",
        (r"^ *server: in-process$", r"^ *actions: 60$",
         *(rf"^ *{name}: {NUMBER}$" for name in (
             "action_ms_p50", "action_ms_p95", "view_ms_p50", "view_ms_p95", "move_seen_ms_p50",
             "move_seen_ms_p95", "server_cpu_ms_per_action", "server_rss_mb_peak")),
         r"^ *lost: 0$", r"^ *duplicated: 0$", r"^ *stale_409: [1-9]\d*$", r"^ *errors: 0$"),
        makes=("load.json",)),
    Run("load_online.py", "--tables 2 --max-actions 20",
        (r"^ *server: ahoy-nb serve$", r"^ *actions: 40$",
         rf"^ *server_cpu_ms_per_action: {NUMBER}$", rf"^ *server_rss_mb_start: {NUMBER}$",
         r"^ *lost: 0$", r"^ *duplicated: 0$", r"^ *errors: 0$"),
        lane="slow", timeout=240),
    # The fast lane's list of slow tests, from one small test file (conftest.py reads it).
    Run("record_slow_tests.py", "--over 0.3 --out {tmp}/slow.txt {root}/tests/engine/test_notation.py",
        rf"^\d+ tests timed in {NUMBER} s; \d+ over 0\.3 s \({NUMBER} s\) listed in .*slow\.txt; "
        rf"the rest take {NUMBER} s$", makes=("slow.txt",)),
    Run("record_golden.py", "--check --seeds 1 --bots random",
        r"^3 games and \d+ tutorial scenes, \d+ actions; would change: nothing$"),
    Run("rule_sources.py", "--check",
        r"^\d+ of \d+ steps ask for a decision; sources (from the rulebook|left as they are "
        r"\(no rulebook here\)); would change: nothing$", lane="slow", timeout=240),
    Run("screenshots.py", "--out {tmp}",
        tuple(rf"/{re.escape(name)}: \d+ KB$" for name in ("lesson.png", "game-hint.png",
                                                          "game-dark.png")),
        lane="browser", timeout=600, makes=("lesson.png", "game-hint.png", "game-dark.png")),
    Run("ladder.py", "--games 2 --players 2 --out {tmp} --levels random,easy,hard-30 "
        "--budgets 2,3,5 --ship {tmp}/ladder.json",
        (r"^2p seed 5000[01]: (random|easy|hard-30)( \(won\))?, (random|easy|hard-30)",
         rf"^  {NUMBER} s of this process's CPU$",
         r"^2 players, 2 games: rating mu \(95% interval\), games, share ahead of normal \(95%\)$",
         r"^\| rank \| level \| rating \| 95% interval \| games \| ahead of `normal` \|$",
         rf"^\| 1 \| `(random|easy|hard-30)` \| {NUMBER} \| -?{NUMBER} to {NUMBER} \| [12] \|  \|$",
         r"^wrote .*ladder\.json$"),
        makes=("ladder-2p.jsonl", "ladder-2p.jsonl.meta.json", "ladder.json")),
    # The ladder's tables as docs/bots.md quotes them ("The rating ladder"), from its games.
    Run("ladder.py", "--report --players 2,3 --out {root}/data/ladder --tournament " + " ".join(
        "{root}/" + f for f in LADDER_TOURNAMENT),
        (r"^2 players, 15 games: ",
         r"^\| 3 \| `hard-300` \| 29\.2 \| 13\.9 to 44\.5 \| 2 \| 51% \(2-98%\) \|$",
         r"^3 players, 284 games: ",
         r"^\| 1 \| `hard-300` \| 37\.8 \| 24\.2 to 51\.5 \| 8 \| 91% \(46-99%\) \|$",
         r"^\| 4 \| `hard-1000` \| 25\.3 \| 21\.9 to 28\.6 \| 270 \| 54% \(35-72%\) \|$",
         r"^\| 6 \| `normal` \| 24\.5 \| 21\.4 to 27\.5 \| 275 \|  \|$")),
    # Issue 45's seat targets, as docs/bots.md quotes them ("The rating ladder").
    Run("ladder.py", "--seat-targets {root}/data/tournament/hard1000-bluefin-3p-normal-looks.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "--baseline {root}/data/tournament/normal-mollusk-3p.jsonl",
        (r"^\| bluefin \| 30 \| 26/30 \| 20/30 \| \+20 \(-2 to \+42\) \| not met \|$",
         r"^\| smuggler1 \| 30 \| 10\.5/30 \| 1/30 \| \+32 \(\+15 to \+48\) \| met \|$",
         r"^\| mollusk \| 30 \| 14/30 \| 9/30 \| \+17 \(-12 to \+45\) \| not met \|$")),
    Run("render_board.py", "--out {tmp}",
        r"^wrote .*board\.svg and .*board\.png: <ahoy State round \d+",
        makes=("board.svg", "board.png")),
    Run("tournament.py", "--players 2 --deals 1 --bot hard --iterations 2 --against easy "
        "--out {tmp}/t.jsonl",
        (r"^deal 1000 seat bluefin: winners \[",
         r"^2 players: hard \{'iterations': 2\} against 1 x easy, 2 games \(1 deals, seats rotated\)$",
         rf"^  hard wins {NUMBER}/2 = {NUMBER}%, 95% CI {NUMBER}-{NUMBER}% \(fair share 50%: ",
         r"^  by seat: Bluefin [\d.]+/1, Mollusk [\d.]+/1$",
         rf"^  think time \(CPU\), hard: median {NUMBER} s, p95 {NUMBER} s, max {NUMBER} s over "
         r"\d+ decisions$"),
        makes=("t.jsonl",)),
    Run("tournament.py", "--players 2 --deals 1 --bot hard --iterations 2 --against openspiel-ismcts "
        "--simulations 2 --out {tmp}/t.jsonl",
        (r"^2 players: hard \{'iterations': 2\} against 1 x openspiel-ismcts \{'simulations': 2\}, "
         r"2 games \(1 deals, seats rotated\)$",
         rf"^  think time \(CPU\), openspiel-ismcts: median {NUMBER} s"),
        lane="slow", timeout=600, makes=("t.jsonl",), needs=(("pyspiel", "openspiel"),)),
    Run("openspiel_sim.py", "--games 1 --players 2",
        rf"^2 players: 1 games passed in {NUMBER} s CPU \({NUMBER} s a game; {NUMBER} s wall clock\)$",
        timeout=120, needs=(("pyspiel", "openspiel"),)),
    Run("watch_game.py", "--players 2 --seed 0 --seat 1 --bot normal",
        (r"^round 1: Fame \{'bluefin': 0, 'mollusk': 0\} at \[-?\d+, -?\d+\] dice \[[\d, ]+\] "
         r"\| Ready \d+ \| Comrades \{",
         r"^  -> \S+",
         r"^     Mollusk ",
         r"^Fame \{'bluefin': \d+, 'mollusk': \d+\}; winners \["),
        timeout=180),   # a whole game of normal bots: the Mollusk looks past each action
    # The figures docs/bots.md quotes, from the games it keeps.
    Run("tournament.py", "--report {root}/data/tournament/hard-vs-normal-2p.jsonl "
        "{root}/data/tournament/hard-vs-normal-3p.jsonl",
        (r"^  hard wins 33\.5/39 = 85\.9%, 95% CI 71\.8-93\.6% \(fair share 50%: cleared\)$",
         r"^  by seat: Bluefin 19/20, Mollusk 14\.5/19$",
         r"^  hard wins 35\.5/60 = 59\.2%, 95% CI 46\.5-70\.7% \(fair share 33%: cleared\)$",
         r"^  by seat: Bluefin 19/20, Smuggler 1 0/20, Mollusk 16\.5/20$")),
    Run("tournament.py", "--report {root}/data/tournament/normal-look4-mollusk-2p.jsonl",
        (r"^  normal wins 46\.5/100 = 46\.5%, 95% CI 37\.0-56\.2% \(fair share 50%: not cleared\)$",
         r"^    Mollusk: 46\.5/100 = 46% \(37%-56%\), Fame margin a game -1\.1$",
         r"^  think time \(CPU\), normal: median 0\.128 s, p95 0\.472 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-normal-looks.jsonl "
        "{root}/data/tournament/hard1000-bluefin-3p-normal-looks.jsonl",
        (r"^    Bluefin: 26/30 = 87% \(70%-95%\), Fame margin a game \+8\.0$",
         r"^    Smuggler 1: 4/30 = 13% \(5%-30%\), Fame margin a game -7\.5$")),
    Run("tournament.py", "--report {root}/data/tournament/hard1500-mollusk-3p-prior.jsonl",
        (r"^    Mollusk: 5/13 = 38% \(18%-64%\), Fame margin a game -2\.4$",
         r"^  think time \(CPU\), hard: median 0\.953 s, p95 1\.670 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-looks.jsonl",
        (r"^    Mollusk: 14/30 = 47% \(30%-64%\), Fame margin a game -0\.6$",
         r"^  think time \(CPU\), hard: median 0\.969 s, p95 1\.768 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-looks-uncentred.jsonl",
        (r"^    Mollusk: 1/13 = 8% \(1%-33%\), Fame margin a game -13\.7$",
         r"^  think time \(CPU\), hard: median 0\.871 s, p95 1\.499 s, ")),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1500-mollusk-3p-prior.jsonl",
        r"^mollusk: 13 games; wins 6 -> 5; margin \+0\.2 -> -2\.4 \(difference -2\.6 \+- 3\.4\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-looks.jsonl",
        r"^mollusk: 30 games; wins 14 -> 14; margin -0\.3 -> -0\.6 \(difference -0\.3 \+- 2\.5\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-looks-uncentred.jsonl",
        r"^mollusk: 13 games; wins 6 -> 1; margin \+0\.2 -> -13\.7 \(difference -13\.9 \+- 4\.9\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-normal-looks.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-width16.jsonl",
        r"^smuggler1: 15 games; wins 2 -> 2; margin -5\.9 -> -6\.9 \(difference -0\.9 \+- 2\.1\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl",
        (r"^    Smuggler 1: 10\.5/30 = 35% \(21%-53%\), Fame margin a game -3\.7$",
         r"^  think time \(CPU\), hard: median 0\.842 s, p95 1\.427 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-widen.jsonl",
        (r"^    Mollusk: 4\.5/15 = 30% \(13%-55%\), Fame margin a game -5\.3$",
         r"^  think time \(CPU\), hard: median 0\.882 s, p95 1\.543 s, ")),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-normal-looks.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen.jsonl",
        r"^smuggler1: 30 games; wins 4 -> 10\.5; margin -7\.5 -> -3\.7 \(difference \+3\.8 \+- 1\.8\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-widen.jsonl",
        r"^mollusk: 15 games; wins 7 -> 4\.5; margin -1\.8 -> -5\.3 \(difference -3\.5 \+- 2\.8\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl",
        (r"^    Smuggler 1: 17\.5/60 = 29% \(19%-42%\), Fame margin a game -4\.6$",
         r"^  think time \(CPU\), hard: median 0\.832 s, p95 1\.397 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-normal-looks.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-plain-2035.jsonl",
        r"^    Smuggler 1: 8/60 = 13% \(7%-24%\), Fame margin a game -7\.7$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-plain-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl",
        r"^smuggler1: 30 games; wins 4 -> 7; margin -7\.9 -> -5\.5 \(difference \+2\.3 \+- 1\.8\)$"),
    # The screens of the Smuggler's search after widening, each against the kept bot.
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-breadth12.jsonl",
        r"^smuggler1: 6 games; wins 1 -> 0; margin -4\.3 -> -10\.2 \(difference -5\.8 \+- 3\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen05.jsonl",
        r"^smuggler1: 7 games; wins 2 -> 0; margin -3\.3 -> -11\.4 \(difference -8\.1 \+- 2\.7\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen2.jsonl",
        r"^smuggler1: 8 games; wins 3 -> 2; margin -2\.9 -> -6\.2 \(difference -3\.4 \+- 3\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-rivalfame05.jsonl",
        r"^smuggler1: 15 games; wins 4 -> 4\.5; margin -4\.2 -> -4\.8 \(difference -0\.6 \+- 1\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-ending.jsonl",
        r"^smuggler1: 15 games; wins 4 -> 3; margin -4\.2 -> -6\.7 \(difference -2\.5 \+- 1\.4\)$"),
    # The screens of what the hard bot values and how sharply (docs/bots.md, "What a Smuggler values").
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-leader05.jsonl",
        r"^smuggler1: 10 games; wins 4 -> 1\.5; margin -2\.5 -> -8\.7 \(difference -6\.2 \+- 2\.8\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-leader05.jsonl",
        r"^smuggler1: 10 games; wins 1 -> 0; margin -6\.1 -> -8\.2 \(difference -2\.1 \+- 2\.2\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-reach3.jsonl",
        r"^smuggler1: 15 games; wins 4 -> 2; margin -4\.2 -> -5\.1 \(difference -0\.9 \+- 0\.9\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-reach3.jsonl",
        r"^smuggler1: 15 games; wins 3 -> 4; margin -5\.2 -> -4\.3 \(difference \+0\.9 \+- 1\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-scale1.jsonl",
        r"^smuggler1: 15 games; wins 4 -> 2; margin -4\.2 -> -7\.0 \(difference -2\.8 \+- 2\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-scale4.jsonl",
        r"^mollusk: 15 games; wins 7 -> 8; margin -1\.8 -> -0\.7 \(difference \+1\.1 \+- 2\.7\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-scale4.jsonl",
        r"^mollusk: 15 games; wins 8 -> 8; margin \+0\.4 -> \+0\.1 \(difference -0\.3 \+- 2\.6\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-scale4.jsonl",
        (r"^    Mollusk: 16/30 = 53% \(36%-70%\), Fame margin a game -0\.3$",
         r"^  think time \(CPU\), hard: median 0\.562 s, p95 0\.993 s, ")),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-scale4.jsonl",
        r"^smuggler1: 15 games; wins 4 -> 3; margin -4\.2 -> -6\.7 \(difference -2\.5 \+- 2\.0\)$"),
    # Both seats over every deal played with the kept bot (docs/bots.md, "Five screens").
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2065.jsonl",
        (r"^    Smuggler 1: 20\.5/75 = 27% \(19%-38%\), Fame margin a game -5\.0$",
         r"^  think time \(CPU\), hard: median 0\.811 s, p95 1\.369 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2065.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2080.jsonl",
        (r"^    Mollusk: 41/85 = 48% \(38%-59%\), Fame margin a game -0\.8$",
         r"^  think time \(CPU\), hard: median 0\.621 s, p95 1\.236 s, ")),
    # ... and with ten more deals a seat (docs/bots.md, "What a Smuggler values").
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2065.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2080.jsonl",
        (r"^    Smuggler 1: 21\.5/85 = 25% \(17%-35%\), Fame margin a game -5\.0$",
         r"^  think time \(CPU\), hard: median 0\.800 s, p95 1\.352 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2065.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2080.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2090.jsonl",
        (r"^    Mollusk: 46/95 = 48% \(39%-58%\), Fame margin a game -1\.1$",
         r"^  think time \(CPU\), hard: median 0\.610 s, p95 1\.213 s, ")),
    # The screens of 2026-11-27, later (docs/bots.md, "Where the search ends").
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard2000-smuggler-3p-turn.jsonl",
        r"^smuggler1: 10 games; wins 4 -> 1; margin -2\.5 -> -6\.9 \(difference -4\.4 \+- 3\.0\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard2000-smuggler-3p-turn.jsonl",
        r"^smuggler1: 9 games; wins 1 -> 1\.5; margin -5\.6 -> -7\.0 \(difference -1\.4 \+- 2\.2\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl,"
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard2000-smuggler-3p-turn.jsonl",
        r"^smuggler1: 19 games; wins 5 -> 2\.5; margin -3\.9 -> -6\.9 \(difference -3\.0 \+- 1\.9\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard2000-smuggler-3p-turn.jsonl",
        (r"^    Smuggler 1: 2\.5/19 = 13% \(4%-35%\), Fame margin a game -6\.9$",
         r"^  think time \(CPU\), hard: median 0\.538 s, p95 1\.646 s, ")),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-rivals.jsonl",
        r"^mollusk: 30 games; wins 14 -> 13; margin -0\.3 -> -2\.9 \(difference -2\.6 \+- 2\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-rivals.jsonl",
        r"^mollusk: 30 games; wins 15 -> 18; margin -1\.4 -> \+2\.5 \(difference \+4\.0 \+- 1\.9\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior-2065.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-rivals.jsonl",
        r"^mollusk: 15 games; wins 7 -> 8; margin -0\.3 -> -0\.2 \(difference \+0\.1 \+- 2\.9\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior-2080.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-rivals.jsonl",
        r"^mollusk: 10 games; wins 5 -> 7; margin -1\.0 -> \+1\.7 \(difference \+2\.7 \+- 4\.0\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior-2090.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-rivals.jsonl",
        r"^mollusk: 10 games; wins 5 -> 5; margin -3\.4 -> -2\.0 \(difference \+1\.4 \+- 3\.8\)$"),
    Run("tournament.py", "--compare " + ",".join(
            f"{{root}}/data/tournament/hard1000-mollusk-3p-prior{part}.jsonl"
            for part in ("", "-2035", "-2065", "-2080", "-2090"))
        + " {root}/data/tournament/hard1000-mollusk-3p-rivals.jsonl",
        r"^mollusk: 95 games; wins 46 -> 51; margin -1\.1 -> -0\.2 \(difference \+0\.9 \+- 1\.2\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-rivals.jsonl",
        (r"^    Mollusk: 51/95 = 54% \(44%-63%\), Fame margin a game -0\.2$",
         r"^  think time \(CPU\), hard: median 0\.687 s, p95 1\.331 s, ")),
    # The screens of 2026-11-27, evening (docs/bots.md, "Playing the rivals on").
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard500-smuggler-3p-reply.jsonl",
        r"^smuggler1: 11 games; wins 4 -> 2; margin -2\.7 -> -5\.5 \(difference -2\.8 \+- 2\.7\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard500-smuggler-3p-reply.jsonl",
        (r"^    Smuggler 1: 2/11 = 18% \(5%-48%\), Fame margin a game -5\.5$",
         r"^  think time \(CPU\), hard: median 1\.062 s, p95 3\.066 s, ")),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard500-mollusk-3p-reply.jsonl",
        r"^mollusk: 15 games; wins 7 -> 8; margin -1\.8 -> \+0\.2 \(difference \+2\.0 \+- 3\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard500-mollusk-3p-reply.jsonl",
        r"^mollusk: 30 games; wins 15 -> 13\.5; margin -1\.4 -> -3\.2 \(difference -1\.8 \+- 2\.3\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl,"
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard500-mollusk-3p-reply.jsonl",
        r"^mollusk: 45 games; wins 22 -> 21\.5; margin -1\.6 -> -2\.1 \(difference -0\.5 \+- 1\.9\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard500-mollusk-3p-reply.jsonl",
        (r"^    Mollusk: 21\.5/45 = 48% \(34%-62%\), Fame margin a game -2\.1$",
         r"^  think time \(CPU\), hard: median 1\.010 s, p95 3\.438 s, ")),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1300-smuggler-3p-widen.jsonl",
        r"^smuggler1: 15 games; wins 4 -> 3; margin -4\.2 -> -8\.3 \(difference -4\.1 \+- 2\.7\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1300-smuggler-3p-widen.jsonl",
        (r"^    Smuggler 1: 3/15 = 20% \(7%-45%\), Fame margin a game -8\.3$",
         r"^  think time \(CPU\), hard: median 0\.983 s, p95 1\.744 s, ")),
    # A value learned from play (docs/bots.md, "A Smuggler's value fitted on its games"):
    # thirty deals more of the kept Smuggler, its games kept whole, and the fit on them.
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-widen-2090.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2105.jsonl",
        (r"^    Smuggler 1: 7/30 = 23% \(12%-41%\), Fame margin a game -3\.4$",
         r"^  think time \(CPU\), hard: median 0\.748 s, p95 1\.267 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2065.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2080.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2090.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2105.jsonl",
        (r"^    Smuggler 1: 28\.5/115 = 25% \(18%-33%\), Fame margin a game -4\.6$",
         r"^      Fame a game: Bluefin 33\.5, Smuggler 1 30\.8, Mollusk 27\.8$",
         r"^  think time \(CPU\), hard: median 0\.785 s, p95 1\.329 s, ")),
    Run("value_fit.py", "{root}/data/tournament/hard1000-smuggler-3p-widen-2090.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2105.jsonl --every 1",
        (r"^smuggler: 30 games \(7 with the best Fame\), 3128 positions; final Fame margin "
         r"-3\.4 a game$",
         r"^fame +1\.00 +0\.46 +0\.09 to 0\.74$",
         r"^rival_fame +0\.15 +0\.67 +0\.45 to 0\.81$",
         r"^route +2\.50 +2\.78 +2\.13 to 3\.74$",
         r"^held out, mean squared error of the final margin: the bot's weights 36\.8, "
         r"fitted 29\.4, the mean margin alone 38\.2$",
         r'^--option \'weights=\{"smuggler": \{"fame": 0\.456, ')),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-fitted.jsonl",
        r"^smuggler1: 15 games; wins 4 -> 4; margin -4\.2 -> -4\.1 \(difference \+0\.1 \+- 2\.0\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-fitted.jsonl",
        r"^smuggler1: 15 games; wins 3 -> 4; margin -5\.2 -> -3\.9 \(difference \+1\.3 \+- 2\.2\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-smuggler-3p-widen.jsonl,"
        "{root}/data/tournament/hard1000-smuggler-3p-widen-2035.jsonl "
        "{root}/data/tournament/hard1000-smuggler-3p-fitted.jsonl",
        r"^smuggler1: 30 games; wins 7 -> 8; margin -4\.7 -> -4\.0 \(difference \+0\.7 \+- 1\.5\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-smuggler-3p-fitted.jsonl",
        r"^  think time \(CPU\), hard: median 0\.720 s, p95 1\.209 s, "),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-prior-2100.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2115.jsonl",
        (r"^    Mollusk: 12/30 = 40% \(25%-58%\), Fame margin a game -1\.5$",
         r"^  think time \(CPU\), hard: median 0\.536 s, p95 0\.969 s, ")),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2065.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2080.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2090.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2100.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2115.jsonl",
        (r"^    Mollusk: 58/125 = 46% \(38%-55%\), Fame margin a game -1\.2$",
         r"^      Fame a game: Bluefin 30\.6, Smuggler 1 23\.9, Mollusk 30\.1$",
         r"^  think time \(CPU\), hard: median 0\.590 s, p95 1\.165 s, ")),
    Run("value_fit.py", "{root}/data/tournament/hard1000-mollusk-3p-prior-2100.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2115.jsonl --every 1",
        (r"^mollusk: 30 games \(12 with the best Fame\), 3418 positions; final Fame margin "
         r"-1\.5 a game$",
         r"^rival_fame +0\.15 +1\.04 +0\.74 to 1\.32$",
         r"^controlled +0\.50 +0\.00 +0\.00 to 0\.42$",
         r"^held out, mean squared error of the final margin: the bot's weights 60\.2, "
         r"fitted 44\.7, the mean margin alone 63\.6$")),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-fitted-own.jsonl",
        r"^mollusk: 4 games; wins 2 -> 0; margin \+1\.2 -> -23\.5 \(difference -24\.8 \+- 4\.3\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-fitted-own.jsonl",
        r"^  think time \(CPU\), hard: median 0\.551 s, p95 1\.060 s, "),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl,"
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-fitted.jsonl",
        r"^mollusk: 17 games; wins 10 -> 4; margin \+1\.2 -> -8\.8 \(difference -10\.0 \+- 3\.3\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-fitted.jsonl",
        r"^  think time \(CPU\), hard: median 0\.556 s, p95 0\.999 s, "),
    Run("tournament.py", "--report {root}/data/tournament/normal-mollusk-3p.jsonl",
        (r"^    Mollusk: 9/30 = 30% \(17%-48%\), Fame margin a game -4\.6$",
         r"^  think time \(CPU\), normal: median 0\.260 s, p95 0\.891 s, ")),
    # The exploration constant and the bias at the root (docs/bots.md, "The exploration constant").
    *(Run("tournament.py", f"--compare {{root}}/data/tournament/{base} "
          f"{{root}}/data/tournament/hard1000-smuggler-3p-{screen}.jsonl", line)
      for base, screen, line in (
          ("hard1000-smuggler-3p-widen.jsonl", "explore005",
           r"^smuggler1: 15 games; wins 4 -> 2; margin -4\.2 -> -6\.3 \(difference -2\.1 \+- 1\.8\)$"),
          ("hard1000-smuggler-3p-normal-looks.jsonl", "explore005",
           r"^smuggler1: 15 games; wins 2 -> 2; margin -5\.9 -> -6\.3 \(difference -0\.4 \+- 1\.6\)$"),
          ("hard1000-smuggler-3p-widen.jsonl", "explore02",
           r"^smuggler1: 15 games; wins 4 -> 5; margin -4\.2 -> -4\.9 \(difference -0\.7 \+- 2\.0\)$"),
          ("hard1000-smuggler-3p-normal-looks.jsonl", "explore02",
           r"^smuggler1: 15 games; wins 2 -> 5; margin -5\.9 -> -4\.9 \(difference \+1\.1 \+- 2\.8\)$"),
          ("hard1000-smuggler-3p-widen.jsonl", "bias0",
           r"^smuggler1: 10 games; wins 4 -> 2; margin -2\.5 -> -4\.9 \(difference -2\.4 \+- 2\.7\)$"),
          ("hard1000-smuggler-3p-normal-looks.jsonl", "bias0",
           r"^smuggler1: 10 games; wins 1 -> 2; margin -5\.5 -> -4\.9 \(difference \+0\.6 \+- 3\.1\)$"))),
    *(Run("tournament.py", f"--report {{root}}/data/tournament/hard1000-smuggler-3p-{screen}.jsonl",
          rf"^  think time \(CPU\), hard: median {median} s, ")
      for screen, median in (("explore005", r"1\.699"), ("explore02", r"1\.834"), ("bias0", r"1\.578"))),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-explore02.jsonl",
        r"^mollusk: 15 games; wins 7 -> 9; margin -1\.8 -> \+1\.3 \(difference \+3\.1 \+- 3\.7\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-explore02-2035.jsonl",
        r"^mollusk: 15 games; wins 8 -> 6; margin \+0\.4 -> -1\.1 \(difference -1\.5 \+- 3\.1\)$"),
    Run("tournament.py", "--compare {root}/data/tournament/hard1000-mollusk-3p-prior.jsonl,"
        "{root}/data/tournament/hard1000-mollusk-3p-prior-2035.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-explore02.jsonl,"
        "{root}/data/tournament/hard1000-mollusk-3p-explore02-2035.jsonl",
        r"^mollusk: 30 games; wins 15 -> 15; margin -0\.7 -> \+0\.1 \(difference \+0\.8 \+- 2\.4\)$"),
    Run("tournament.py", "--report {root}/data/tournament/hard1000-mollusk-3p-explore02.jsonl "
        "{root}/data/tournament/hard1000-mollusk-3p-explore02-2035.jsonl",
        (r"^    Mollusk: 15/30 = 50% \(33%-67%\), Fame margin a game \+0\.1$",
         r"^  think time \(CPU\), hard: median 1\.097 s, ")),
    Run("guard_rate.py", "--games 1 --players 2 --iterations 20",
        (r"^game 1: \d+ warnings in \d+ decisions$",
         rf"^1 games of 2 hard bots, \d+ decisions with a choice: the guard warns on \d+ = "
         rf"{NUMBER}% \(95%: {NUMBER}%-{NUMBER}%\)$", rf"^{NUMBER} s$"), lane="slow"),
    Run("record_review_game.py", "--out {tmp}/game.ahoy.json",
        r"^.*game\.ahoy\.json: \d+ actions, \d+ rounds, Fame \{'bluefin': \d+, 'mollusk': \d+\}, "
        r"won by ", makes=("game.ahoy.json",)),
    Run("winchance_games.py", "--players 2,3 --games 1,1 --bot random --workers 1 "
        "--out {tmp}/games.jsonl",
        (r"^2 games to play \(1 at 2 players, 1 at 3 players\)$",
         rf"^2/2 games in {NUMBER} s$"), makes=("games.jsonl", "games.jsonl.meta.json")),
    # The pipeline on 2 of each player count's games docs/judgement.md was fitted on.
    Run("winchance_fit.py", "{root}/data/judgement/games.jsonl.gz --limit 2 --resamples 2 "
        "--simulations 2 --workers 1 --cache {tmp}/p.jsonl --model {tmp}/m.json "
        "--report {tmp}/r.json --png {tmp}/r.png",
        (r"^6 games \(\d with odd seeds\) in 1 sets: games 6$",
         *(rf"^games +{part} +\d+ games +\d+ positions  model {NUMBER} \[{NUMBER}, {NUMBER}\]  "
           rf"estimator {NUMBER} .* playouts {NUMBER} .* prior {NUMBER} .* shipped {NUMBER} "
           for part in ("all", "early", "middle", "late", "2 players", "3 players", "4 players")),
         r"^model written to .*m\.json; report .*r\.json; diagram .*r\.png"),
        makes=("m.json", "r.json", "r.png", "p.jsonl"), lane="slow", timeout=120),
    # The one estimator's law, its review by level, its hint and its wait (docs/judgement.md).
    Run("judgement_laws.py", "{root}/data/judgement/review-games.jsonl --positions 3 --step 40 "
        "--chart-simulations 0 --hint-simulations 0 --review-simulations 0 --workers 1 "
        "--out {tmp}/laws.json",
        (r"^3 positions of 3 held-out games \(2 players 1, 3 players 1, 4 players 1\); chart 0, "
         r"hint 0, review 0 playouts$",
         r"^the chart's chance is the review's before: 3/3$",
         r"^the hint's chance of the action played holds the review's after: 3/3 ",
         r"^the hint's first, played instead, labelled best or good at the hint's budget: "
         r"3/3 "),
        makes=("laws.json",)),
    # The law at the screens' budgets as docs/judgement.md quotes it, from the positions kept.
    Run("judgement_laws.py", "--report {root}/data/judgement/laws.json",
        (r"^210 positions of 16 held-out games \(2 players 70, 3 players 70, 4 players 70\); "
         r"chart 60, hint 150, review 24 playouts$",
         r"^the chart's chance is the review's before: 210/210$",
         r"^the hint's chance of the action played holds the review's after: 210/210 \(largest "
         r"difference 15\.1%; playouts in the hint's 187, in the review's 78\)$",
         r"^the hint's first, played instead, labelled best or good at the hint's budget: "
         r"210/210 \(best 210, good 0; at even odds, at the floor, 67\)$")),
    # The review by level docs/judgement.md quotes, from the decisions it keeps.
    Run("review_levels.py", "--report {root}/data/judgement/review-levels.json",
        (r"^20 held-out games \(review-games\.jsonl\), 24 playouts a decision at most; ",
         r"^\| random \| 20 \| 1224 \| 32\.5% \(30%-35%\) \| 19\.3% \| 65\.8% \| 85/418 = 20\.3% "
         r"\| 313/806 = 38\.8% \| 0\.032 \| 80/245 = 33% \|$",
         r"^\| hard \| 15 \| 1550 \| 5\.2% \(4%-6%\) \| 1\.7% \| 18\.0% \| 42/1271 = 3\.3% "
         r"\| 39/279 = 14\.0% \| 0\.006 \| 39/685 = 6% \|$")),
    # What the judge can see at all, as docs/judgement.md quotes it (deterministic: seeds).
    Run("review_levels.py", "{root}/data/judgement/review-games.jsonl --spread "
        "{root}/data/judgement/review-levels.json --workers 2",
        (r"^300 decisions with a choice, the model alone \(unfloored\), ",
         r"^\| random \| 150 \| 73% \| 39% \| 35% \| 30% \| 25% \| 7% \|$",
         r"^\| hard \| 150 \| 46% \| 25% \| 20% \| 15% \| 12% \| 3% \|$"),
        lane="slow", timeout=300),
    Run("hint_agreement.py", "{root}/data/judgement/review-games.jsonl --positions 3 "
        "--reference 40 --simulations 10 --workers 1 --out {tmp}/h.json",
        (r"^3 positions \(a round's first decision, \d+ options on average\) of 3 held-out "
         r"games; reference: 40 playouts shared by every action, with the model$",
         rf"^the hint \(the estimator\), 10 playouts: the reference's first \d/3 = \d+%, in its "
         rf"first three \d/3 = \d+%, chance lost {NUMBER}% on average$",
         rf"^before \(playouts alone\), 10 playouts: the reference's first \d/3 = \d+%, "),
        makes=("h.json",), lane="slow", timeout=120),
    Run("review_levels.py", "{root}/data/judgement/review-games.jsonl --limit 1 --simulations 0 "
        "--workers 1 --out {tmp}/levels.json",
        (r"^1 held-out games \(review-games\.jsonl\), 0 playouts a decision at most; "
         r"decisions with a choice:$",
         rf"^\| random \| 1 \| \d+ \| {NUMBER}% \(\d+%-\d+%\) \| {NUMBER}% \| {NUMBER}% "
         rf"\| \d+/\d+ = {NUMBER}% \| \d+/\d+ = {NUMBER}% \| {NUMBER} \| "),
        makes=("levels.json",), lane="slow", timeout=180),
    Run("bench_review.py", "--actions 20 --chart-simulations 4 --simulations 4 --repeat 1",
        (r"^game: 3 players, seed \d+, cut at 20 actions; bluefin's decisions: \d+$",
         rf"^\| chart reused, here \| {NUMBER} \| {NUMBER} \| {NUMBER} \|$",
         rf"^\| chart reused, \d+ processes, started by this review \| {NUMBER} \| {NUMBER} "
         rf"\| {NUMBER} \|$",
         rf"^\| chart reused, \d+ processes \| {NUMBER} \| {NUMBER} \| {NUMBER} \|$",
         rf"^\| no chart, \d+ processes \| {NUMBER} \| {NUMBER} \| {NUMBER} \|$"),
        lane="slow", timeout=120),
    Run("tournament.py", "--report {root}/data/tournament/hard-vs-openspiel-ismcts-2p.jsonl "
        "{root}/data/tournament/hard-vs-openspiel-ismcts-3p.jsonl",
        (r"^  hard wins 12/12 = 100\.0%, 95% CI 75\.7-100\.0% \(fair share 50%: cleared\)$",
         r"^  by seat: Bluefin 7/7, Mollusk 5/5$",
         r"^  hard wins 4/6 = 66\.7%, 95% CI 30\.0-90\.3% \(fair share 33%: not cleared\)$",
         r"^  by seat: Bluefin 3/3, Smuggler 1 0/2, Mollusk 1/1$")),
    Run("tournament.py", "--report {root}/data/tournament/hard100-smuggler-3p.jsonl",
        (r"^  hard wins 0/15 = 0\.0%, 95% CI 0\.0-20\.4% \(fair share 33%: not cleared\)$",
         r"^    Smuggler 1: 0/15 = 0% \(0%-20%\), Fame margin a game -16\.5$",
         r"^  think time \(CPU\), hard: median 0\.080 s, p95 0\.149 s, ")),
]


def run(script_run: Run, tmp: Path) -> subprocess.CompletedProcess:
    """Run ``script_run`` in ``tmp`` (outside the repository: a script finds its own way)
    and check its exit code, its output and the files it writes; return the process.

    A run past its timeout is stopped (SIGTERM, then SIGKILL, to its process group) and
    fails, naming the script.
    """
    r = script_run
    for module, extra in r.needs:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{r.script} needs {module}: pip install 'ahoy-nb[{extra}]'")
    proc = subprocess.Popen(r.argv(tmp), cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        out, err = proc.communicate(timeout=r.timeout)
    except subprocess.TimeoutExpired:
        out, err = _stop(proc)
        pytest.fail(f"{r.id}: still running after {r.timeout:g} s, stopped\n"
                    f"--- its output\n{out[-3000:]}\n--- its errors\n{err[-3000:]}", pytrace=False)
    said = f"--- its output\n{out[-3000:]}\n--- its errors\n{err[-3000:]}"
    if proc.returncode != r.returns:
        pytest.fail(f"{r.id}: exit code {proc.returncode}\n{said}", pytrace=False)
    for pattern in r.expect:
        if not re.search(pattern, out, re.MULTILINE):
            pytest.fail(f"{r.id}: no line of its output matches {pattern!r}\n{said}", pytrace=False)
    for name in r.makes:
        if not ((tmp / name).is_file() and (tmp / name).stat().st_size):
            pytest.fail(f"{r.id}: wrote no {name} into its folder\n{said}", pytrace=False)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _stop(proc: subprocess.Popen) -> tuple[str, str]:
    """Stop a run's process group: SIGTERM (a script's ``finally`` stops what it started),
    then SIGKILL; what it printed."""
    for sig, wait in ((signal.SIGTERM, 30), (signal.SIGKILL, 10)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            return proc.communicate(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
    return proc.communicate()
