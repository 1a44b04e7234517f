"""The self-play lab: records that depend only on the seeds, wherever the games ran."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest
from distributed import Client, LocalCluster

from ahoy_nb import simulate
from ahoy_nb.apps.cli import main
from ahoy_nb.ai.lab import play_game, summary
from ahoy_nb.ai.levels import make_bot

GAMES = 6


@pytest.fixture(scope="module")
def inline():
    return simulate(GAMES, players=3, bots=["random", "easy", "random"], seed=40,
                    executor="inline", progress=False)


def test_records(inline):
    assert [r["game"] for r in inline] == list(range(GAMES))
    assert [r["seed"] for r in inline] == list(range(40, 40 + GAMES))
    for r in inline:
        assert r["bots"] == {"bluefin": "random", "smuggler1": "easy", "mollusk": "random"}
        assert r["winners"] and (r["winner"] in r["winners"] or r["winner"] is None)
        assert max(r["final_fame"].values()) >= 30
        assert all(len(v) == r["rounds"] for v in r["fame"].values())
        assert all(v[-1] == r["final_fame"][f] for f, v in r["fame"].items())
        assert r["decisions"] > 100
    # The same game played alone gives the same record.
    assert play_game(3, ["random", "easy", "random"], seed=42, game=2) == inline[2]
    df = inline.to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == GAMES
    assert {"winner", "rounds", "fame_bluefin", "bot_smuggler1", "crew_mollusk"} <= set(df.columns)


def test_same_records_in_a_process_pool(inline):
    with ProcessPoolExecutor(2) as pool:
        assert simulate(GAMES, 3, ["random", "easy", "random"], seed=40, executor=pool,
                        progress=False, batch_size=2) == inline


@pytest.mark.full
def test_same_records_on_a_dask_local_cluster(inline):
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        got = simulate(GAMES, 3, ["random", "easy", "random"], seed=40,
                       executor=client.get_executor(), progress=False, batch_size=2)
    assert got == inline


def test_bad_arguments():
    with pytest.raises(ValueError, match="2 to 4 players"):
        simulate(1, players=5)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(1, players=2, bots="expert")
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        simulate(1, players=2, bots=["random"] * 3)
    with pytest.raises(ValueError, match="smuggler2"):
        simulate(1, players=3, bots={"smuggler2": "random"})
    with pytest.raises(ValueError, match="games is a number of games, not '2'"):
        simulate("2", players=2, bots="random")
    with pytest.raises(ValueError, match=r"seed is a whole number \(game i uses seed \+ i\), not 'x'"):
        simulate(1, players=2, bots="random", seed="x")
    with pytest.raises(ValueError, match="bots is a bot's name, one per seat or"):
        simulate(1, players=2, bots=5)


def test_numpys_whole_numbers_count_games_and_seeds():
    np = pytest.importorskip("numpy")
    got = simulate(np.int64(1), players=2, bots="random", seed=np.int64(3), executor="inline",
                   progress=False)
    assert got == simulate(1, players=2, bots="random", seed=3, executor="inline", progress=False)
    assert type(got[0]["seed"]) is int


def test_summary_counts_shared_wins():
    records = [{"bots": {"a": "x", "b": "y"}, "winners": ["a", "b"]},
               {"bots": {"a": "x", "b": "y"}, "winners": ["a"]}]
    rows = {r["faction"]: r for r in summary(records)}
    assert rows["a"]["wins"] == 1.5 and rows["b"]["wins"] == 0.5 and rows["a"]["games"] == 2
    assert rows["a"]["low"] < 0.75 < rows["a"]["high"]


def test_cli_simulate(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", "3", "--players", "2", "--bots", "random",
                 "--seed", "5", "--workers", "1", "--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "bluefin" in text and "mollusk" in text and "%" in text
    lines = out.read_text().splitlines()
    assert len(lines) == 3


def test_balance_tables_and_charts(inline):
    from ahoy_nb.ai import balance
    from ahoy_nb.widgets import balance_charts
    rates = balance.win_rates(inline)
    assert {r["faction"] for r in rates} == {"bluefin", "smuggler1", "mollusk"}
    assert sum(r["wins"] for r in rates) == pytest.approx(GAMES)
    assert all(r["low"] <= r["rate"] <= r["high"] for r in rates)
    assert sum(r["games"] for r in balance.game_length(inline)) == GAMES
    curves = balance.fame_curves(inline, 3)
    longest = max(r["rounds"] for r in inline)
    assert len(curves["bluefin"]) == longest
    assert curves["bluefin"][0] == pytest.approx(sum(r["fame"]["bluefin"][0] for r in inline) / GAMES)
    crew = balance.crew_win_rates(inline)
    recruited = {c for r in inline for cards in r["crew"].values() for c in cards}
    assert {row["crew"] for row in crew} == recruited
    table = {row["bot"]: row for row in balance.matchups(inline)}
    assert table["easy"]["seats"] == GAMES and table["random"]["seats"] == 2 * GAMES
    for chart in (balance_charts.win_rate_chart(inline), balance_charts.length_chart(inline),
                  balance_charts.fame_chart(inline, 3), balance_charts.crew_chart(inline)):
        assert chart.marks and chart.title


def test_cli_simulate_refuses_bad_options(capsys):
    assert main(["simulate", "--workers", "0", "--games", "1"]) == 2
    assert "--workers is at least 1" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--players", "2", "--bots", "random,random,random",
                 "--workers", "1"]) == 2
    assert "one bot or 2" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--bots", "expert", "--workers", "1"]) == 2
    assert "unknown bot 'expert'" in capsys.readouterr().err
    for games in ("0", "-3", "ten"):   # no "0 games ... seeds 0--1" table
        with pytest.raises(SystemExit):
            main(["simulate", "--games", games, "--workers", "1"])
        assert f"'{games}' is not a whole number from 1 to 100000" in capsys.readouterr().err


def test_a_record_replays_under_the_rules_it_was_played_with():
    """Records written before the rules had editions (no ``rules``) were played under the
    first: the Mollusk could Assemble fewer than 4. They still replay; new ones follow
    the current edition, which does not allow that."""
    from ahoy_nb.ai.lab import replay
    from ahoy_nb.engine import IllegalActionError, new_game
    from ahoy_nb.engine.schema import RULES

    def assembling(rules):
        s = new_game(2, seed=4, rules=rules)
        bot = make_bot("random", seed=4)
        played = []
        while not s.is_over and not (s.decision and s.decision.kind == "assemble"):
            a = bot.choose(s)
            s.apply(a)
            played.append(a.notation)
        return s, played

    s, played = assembling(1)
    counts = [a.notation for a in s.legal_actions()]
    assert len(counts) > 1, counts                    # the first edition chose how many
    fewer = counts[-1]
    old = {"players": 2, "seed": 4, "played": played + [fewer]}   # no "rules": edition 1
    assert replay(old).log[-1].action == fewer
    with pytest.raises(IllegalActionError):
        replay({**old, "rules": RULES})
    now, _ = assembling(RULES)
    assert len(now.legal_actions()) == 1
