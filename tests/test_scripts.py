"""Every script in ``scripts/`` runs with its smallest arguments and prints what its doc
page quotes: the fast lane's runs of ``tests/script_runs.py`` (one line a run; the
others are in ``tests/browser/test_scripts_full.py``), and a line there for every file in
``scripts/``, so that a script that breaks, or a new one without its run, fails.
"""

from __future__ import annotations

import runpy

import pytest

from script_runs import LANES, ROOT, RUNS, SCRIPTS, run


@pytest.mark.parametrize("script_run", [r for r in RUNS if r.lane == "fast"], ids=lambda r: r.id)
def test_script_runs(script_run, tmp_path):
    run(script_run, tmp_path)


def test_every_script_has_a_run():
    files = sorted(p.name for p in SCRIPTS.iterdir()
                   if p.is_file() and not p.name.startswith(".") and p.suffix != ".md")
    covered = {r.script for r in RUNS}
    missing = [name for name in files if name not in covered]
    assert not missing, (f"scripts/ without a run in tests/script_runs.py: {missing}; add a "
                         "line with its smallest arguments and the shape of its output")
    assert covered <= set(files), f"runs of scripts that are gone: {sorted(covered - set(files))}"


def test_every_run_is_in_a_lane_once():
    assert {r.lane for r in RUNS} <= set(LANES)
    ids = [r.id for r in RUNS]
    assert len(ids) == len(set(ids)), "a run listed twice"
    for r in RUNS:
        assert r.expect, f"{r.id}: says nothing about its output"


def test_a_tournament_report_names_a_results_file_that_is_not_there(capsys):
    main = runpy.run_path(str(SCRIPTS / "tournament.py"))["main"]
    there = str(ROOT / "data" / "tournament" / "hard1000-mollusk-3p-prior.jsonl")
    for argv in (["--report", there, "gone.jsonl"], ["--compare", f"{there},gone.jsonl", there]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        assert "no such results file: gone.jsonl" in capsys.readouterr().err


def test_a_tournament_game_replays_from_its_record():
    from ahoy_nb.ai.lab import replay
    from ahoy_nb.engine.schema import RULES

    play = runpy.run_path(str(SCRIPTS / "tournament.py"))["play"]
    r = play(2, 7, 1, "easy", "random", {})
    assert r["rules"] == RULES
    s = replay(r)
    assert s.is_over and s.winners == r["winners"] and s.fame == r["fame"]
    assert len(r["played"]) >= len(r["think"]["bot"]) + len(r["think"]["against"])


def test_value_fit_splits_a_value_into_its_terms_exactly():
    # The fitted weights replace the bot's term by term, so the terms must add up to the
    # bot's own value, in every seat, at the start and well into a game.
    from ahoy_nb.ai.bots import evaluate, faction_weights
    from ahoy_nb.ai.ismcts import HARD_WEIGHTS
    from ahoy_nb.ai.levels import make_bot
    from ahoy_nb.engine import new_game
    from ahoy_nb.engine.rules import board_kind

    fit = runpy.run_path(str(SCRIPTS / "value_fit.py"))
    s = new_game(3, seed=11)
    bots = {f: make_bot("easy", seed=i) for i, f in enumerate(s.players)}
    checked, carried, step = 0, False, 0
    while not s.is_over:   # the script reads the bot's decisions: never a finished game
        if step % 40 == 0:
            for me in s.players:
                kind = board_kind(me)
                own = faction_weights(me, HARD_WEIGHTS)
                terms = fit["terms_at"](s, me, kind)
                split = sum(own[t] * v for t, v in zip(fit["TERMS"][kind], terms))
                assert split == pytest.approx(evaluate(s, me, HARD_WEIGHTS)), (step, me)
                checked += 1
                carried = carried or bool(s.faction(me).cargo)
        s.apply(bots[s.current_player].choose(s))
        step += 1
    assert checked >= 15
    assert carried  # a Smuggler's Cargo and route were among the terms checked
