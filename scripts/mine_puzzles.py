"""Mine puzzles from recorded games: one decision clearly better than every other.

    python scripts/mine_puzzles.py --minutes 30            # mine, write the shipped set
    python scripts/mine_puzzles.py --recheck               # each shipped answer at 4x budget

Mining: every decision of each recorded game (round-robin over the record files, so that
each player count gets its share) is first *screened* by the estimator alone (one guessed
world, no playouts: ``judge(state, 0)``); a decision whose best answer leads the
runner-up by :data:`SCREEN` or more is *checked* (``ahoy_nb.ai.puzzles.check``: several
guessed worlds, playouts on the actions the model likes best) and kept when the answer
is clearly better. A kept decision becomes a puzzle (the position as its solver saw it,
the themes, the bot levels that find it, its starting rating). Found puzzles are appended
to ``--found`` as they come (a run cut short keeps them); the set is written to ``--out``.

``--census``: each decision of the records (``--games`` of each), tagged by the themes of the
answer the estimator alone likes best, with how many clear the screen: why a theme is rare.

``--rejudge``: after the estimator changes (a refitted model), each puzzle of ``--found``
judged again at 4x the miner's worlds (seeds from the puzzle's id): kept, with today's
chances, lead and themes, when its answer still passes the miner's test; left out
otherwise. The survivors go to ``--rejudge-out`` (``--found``), the set to ``--out``.

``--recheck``: each puzzle of ``--out`` judged again with 4x the miner's worlds and fresh
seeds; prints how many keep a lead of at least 10 points (and the lead's spread), and
writes the figures to ``--recheck-out`` (``data/puzzles/recheck.json``). ``--sample N``:
only N of them; puzzles already in that file keep their row unless ``--all``.
``--skip 8``: leave out each record file's first 8 games. ``--actions 160-170``: screen
only those actions of each game (a tiny run). ``--jobs 2``: games on 2 worker processes;
``--scheduler tcp://host:8786``: on a Dask cluster (each game is one task), as the
self-play lab runs (``ahoy_nb.ai.lab``).
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import statistics
import sys
import time
import zlib
from collections import Counter
from concurrent.futures import (FIRST_COMPLETED, Executor, ProcessPoolExecutor,
                                wait)
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ahoy_nb.ai import puzzles as P  # noqa: E402
from ahoy_nb.ai.analysis import judge  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402

#: A decision is checked when the estimator alone puts its best answer this far ahead.
SCREEN = 0.10
#: The recheck's lead: the answer stays best by at least this much.
RECHECK_LEAD = 0.10
RECORDS = ["data/judgement/games.jsonl.gz", "data/balance/hard1000-3p-widen.jsonl",
           "data/balance/normal-look4-2p.jsonl"]
OUT = ROOT / "ahoy_nb" / "data" / P.PUZZLES_FILE
FOUND = ROOT / "data" / "puzzles" / "found.jsonl.gz"
RECHECK = ROOT / "data" / "puzzles" / "recheck.json"


def records(path: str) -> list[tuple[int, dict]]:
    """The records of a file that keep their actions, with their line numbers (a file may
    join several runs: its game numbers repeat, its lines do not)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(ROOT / path, "rt") as f:
        return [(n, r) for n, r in enumerate(map(json.loads, f)) if "played" in r]


def found_file(path: Path, mode: str):
    """``--found`` opened as text: gzipped when its name ends in ``.gz`` (the repository's
    copy: every puzzle found, for ``--rejudge``). Appending adds a gzip member, which
    reading joins again."""
    return gzip.open(path, mode + "t") if path.suffix == ".gz" else open(path, mode)


def found_puzzles(path: Path) -> list[dict]:
    """Every puzzle of ``--found``, as written."""
    with found_file(path, "r") as f:
        return [json.loads(line) for line in f if line.strip()]


def screen(state, seed: int) -> list[list[str]] | None:
    """The answer groups if the estimator alone sees one answer ahead by SCREEN."""
    est = judge(state, 0, seed=seed, progress=False)
    if est[0].win - est[-1].win < SCREEN:
        return None
    groups = P.answers(state)
    if len(groups) < 2:
        return None
    win = {e.notation: e.win for e in est}
    value = sorted((max(win[a] for a in g) for g in groups), reverse=True)
    return groups if value[0] - value[1] >= SCREEN else None


def census_game(path: str, line: int, rec: dict, first: int = 0,
                last: int = 10 ** 6) -> list[tuple[tuple[str, ...], float]]:
    """Every decision of a game with a choice: the themes of the answer the estimator alone
    likes best, and its lead over the runner-up answer (what the screen asks >= SCREEN of)."""
    rows = []
    s = new_game(rec["players"], seed=rec["seed"], rules=rec.get("rules", 1))
    for i, action in enumerate(rec["played"]):
        if first <= i <= last and s.current_player not in (None, "chance") \
                and len(s.legal_actions()) > 1:
            groups = P.answers(s)
            if len(groups) > 1:
                win = {e.notation: e.win for e in judge(s, 0, seed=i, progress=False)}
                ranked = sorted(groups, key=lambda g: -max(win[a] for a in g))
                lead = max(win[a] for a in ranked[0]) - max(win[a] for a in ranked[1])
                runner_up = max(ranked[1], key=win.get)
                themes = tuple(sorted(P.themes(s, ranked[0], runner_up, seed=i)))
                rows.append((themes, round(lead, 4)))
        s.apply(action)
    return rows


def census(args) -> None:
    """How often a decision of each theme clears the screen: why some themes are rare."""
    files = {f: records(f)[args.skip:args.skip + args.games] for f in args.records}
    first, last = (int(x) for x in args.actions.split("-"))
    games = [(f, line, rec, first, last) for f, rs in files.items() for line, rec in rs]
    executor = executor_for(args)
    runs = (executor.map(census_game, *zip(*games)) if executor
            else (census_game(*g) for g in games))
    leads: dict[str, list[float]] = {t: [] for t in P.THEMES}
    for rows in runs:
        for themes, lead in rows:
            for t in themes:
                leads[t].append(lead)
    if executor:
        executor.shutdown()
    print(f"{len(games)} games; each decision with 2 or more answers, by the themes of the "
          f"answer the estimator alone likes best")
    print("theme        decisions  lead>=10 pts  lead>=15 pts  largest lead")
    for t, xs in leads.items():
        if xs:
            print(f"{t:<12} {len(xs):>9}  {sum(x >= SCREEN for x in xs):>12}  "
                  f"{sum(x >= P.GAP for x in xs):>12}  {max(xs):>12.3f}")
        else:
            print(f"{t:<12} {0:>9}")


def mine_game(path: str, line: int, rec: dict, first: int = 0,
              last: int = 10 ** 6) -> tuple[list[dict], Counter]:
    """The puzzles of one recorded game (as dicts), and what it took: decisions screened,
    checked, kept. A function of the record alone, so that any worker (a local process, a
    Dask worker) can mine any game."""
    counts = Counter()
    found = []
    s = new_game(rec["players"], seed=rec["seed"], rules=rec.get("rules", 1))
    last_kept = -10
    for i, action in enumerate(rec["played"]):
        if (first <= i <= last and s.current_player not in (None, "chance")
                and len(s.legal_actions()) > 1 and i - last_kept >= 3):
            counts["decisions"] += 1
            groups = screen(s, seed=i)
            if groups is not None:
                counts["screened"] += 1
                verdict = P.check(s, seed=1000 * rec["game"] + i, groups=groups)
                if verdict.clear:
                    counts["kept"] += 1
                    last_kept = i
                    pid = f"{Path(path).name.split('.')[0]}-{line}-{i}"
                    source = {"file": path, "line": line, "action": i}
                    found.append(P.make_puzzle(s, verdict, pid, source).to_dict())
        s.apply(action)
    counts["games"] += 1
    return found, counts


def executor_for(args) -> Executor | None:
    """Where games are mined: this process (None), a process pool, or a Dask cluster."""
    if args.scheduler:
        from dask.distributed import Client
        return Client(args.scheduler).get_executor()
    return ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None


def mine(args) -> None:
    files = {f: records(f)[args.skip:args.skip + args.games] for f in args.records}
    deadline = time.time() + 60 * args.minutes
    found = Path(args.found)
    found.parent.mkdir(parents=True, exist_ok=True)
    if found.exists() and not args.fresh:
        done = {(d["source"]["file"], d["source"]["line"]) for d in found_puzzles(found)}
    else:
        done = set()
        found_file(found, "w").close()
    first, last = (int(x) for x in args.actions.split("-"))
    counts = Counter()
    started = time.time()
    # Round-robin over the files, so that a run stopped early has games of each.
    order = [(f, line, rec) for k in range(max(map(len, files.values())))
             for f, rs in files.items() if k < len(rs) for line, rec in rs[k:k + 1]
             if (f, line) not in done]

    def kept(puzzles: list[dict], game: Counter) -> None:
        counts.update(game)
        with found_file(found, "a") as f:   # as they come: a run cut short keeps them
            for d in puzzles:
                f.write(json.dumps(d, sort_keys=True) + "\n")
                print(f"{d['id']}: {d['solver']} {d['answer'][0]!r} lead {d['lead']:.3f} "
                      f"(low {d['lead_low']:.3f}) {','.join(d['themes'])} rating "
                      f"{d['rating']:.0f}", flush=True)

    executor = executor_for(args)
    if executor is None:
        for path, line, rec in order:
            if time.time() > deadline:
                break
            kept(*mine_game(path, line, rec, first, last))
    else:
        # A few games in flight per worker; none started after the deadline.
        todo, running = iter(order), set()
        while True:
            while len(running) < 2 * max(args.jobs, 2) and time.time() <= deadline:
                game = next(todo, None)
                if game is None:
                    break
                running.add(executor.submit(mine_game, *game, first, last))
            if not running:
                break
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                kept(*future.result())
        executor.shutdown()
    minutes = (time.time() - started) / 60
    print(f"mined {counts['games']} games, {counts['decisions']} decisions, "
          f"{counts['screened']} checked, {counts['kept']} kept in {minutes:.1f} min")
    write([P.Puzzle.from_dict(d) for d in found_puzzles(found)], args)


def distinct(puzzles: list[P.Puzzle]) -> list[P.Puzzle]:
    """One puzzle per answer per game (a bot repeating a decision, Order 3 turn after turn,
    makes one puzzle, not five): the one with the largest lead."""
    best: dict[tuple, P.Puzzle] = {}
    for p in puzzles:
        key = (p.source["file"], p.source["line"], p.answer)
        if key not in best or p.lead > best[key].lead:
            best[key] = p
    return [p for p in puzzles if best[(p.source["file"], p.source["line"], p.answer)] is p]


def write(puzzles: list[P.Puzzle], args) -> None:
    found = len(puzzles)
    # Themes tagged afresh, so that the shipped tags are the predicates' of this version.
    puzzles = [dataclasses.replace(p, themes=P.tagged(p)) for p in distinct(puzzles)]
    about = {"made_by": "scripts/mine_puzzles.py", "gap": P.GAP, "low": P.LOW,
             "worlds": P.WORLDS, "played": P.PLAYED, "playouts": P.PLAYOUTS,
             "screen": SCREEN, "records": sorted({p.source["file"] for p in puzzles})}
    P.dump(puzzles, args.out, about)
    themes = Counter(t for p in puzzles for t in p.themes)
    print(f"{len(puzzles)} puzzles ({found} found, one per answer per game) -> {args.out}")
    print("by theme:", dict(sorted(themes.items())))
    print("by solver:", dict(Counter(p.solver for p in puzzles)))
    print("by players:", dict(Counter(p.players for p in puzzles)))


def sample(puzzles: list[P.Puzzle], n: int) -> list[P.Puzzle]:
    """``n`` puzzles spread over ``puzzles`` (all of them for 0)."""
    return puzzles[::max(1, len(puzzles) // n)][:n] if n else puzzles


def answer_lead(v: P.Check, answer: tuple[str, ...]) -> float:
    """How far every action of ``answer`` leads every other action, as ``v`` judged them."""
    return min(v.chances[a] for a in answer) - max(
        c for a, c in v.chances.items() if a not in answer)


def recheck_one(p: P.Puzzle, factor: int = 4) -> dict:
    """The puzzle judged at ``factor`` x the miner's worlds, fresh seeds."""
    v = P.check(p.state, worlds=P.WORLDS * factor, seed=10 ** 6 + zlib.crc32(p.id.encode()) % 10 ** 6)
    lead = answer_lead(v, p.answer)
    return {"id": p.id, "lead": round(lead, 4), "best": v.answer[0] in p.answer,
            "lead_low": round(v.lead_low, 4), "won": v.won, "worlds": v.worlds}


def rejudge_one(p: P.Puzzle, factor: int = 4) -> P.Puzzle | None:
    """``p`` judged again by the estimator as it is now, with ``factor`` x the miner's
    worlds (seeds drawn from its id, not the recheck's): the same puzzle with today's
    chances, lead and themes if its answer is still clearly better by the miner's own test
    (:attr:`ahoy_nb.ai.puzzles.Check.clear`: what every shipped puzzle passes), else None.
    The larger budget judges a puzzle near the bar on more worlds than mining did."""
    v = P.check(p.state, worlds=P.WORLDS * factor,
                seed=zlib.crc32(f"rejudge/{p.id}".encode()) % 10 ** 6)
    if not v.clear or v.answer[0] not in p.answer:
        return None
    q = dataclasses.replace(   # the figures as mining keeps them (puzzles.make_puzzle)
        p, chances={a: round(c, 4) for a, c in v.chances.items()}, lead=round(v.lead, 4),
        lead_low=round(v.lead_low, 4))
    return dataclasses.replace(q, themes=P.tagged(q))   # the runner-up may be another now


def rejudge(args) -> None:
    """Every puzzle found so far (``--found``) judged again after the estimator changed (a
    refitted model): those whose answer still passes the miner's test keep today's figures,
    the others are left out; the survivors are written to ``--rejudge-out`` (``--found``)
    and the set to ``--out``, as mining writes it. Mining again then adds puzzles of other
    games."""
    found = Path(args.found)
    puzzles = sample([P.Puzzle.from_dict(d) for d in found_puzzles(found)], args.sample)
    started = time.time()
    executor = executor_for(args)
    judged = list(executor.map(rejudge_one, puzzles) if executor else map(rejudge_one, puzzles))
    if executor:
        executor.shutdown()
    kept = [q for q in judged if q is not None]
    dropped = [p.id for p, q in zip(puzzles, judged) if q is None]
    out = Path(args.rejudge_out or found)
    out.parent.mkdir(parents=True, exist_ok=True)
    with found_file(out, "w") as f:
        f.writelines(json.dumps(q.to_dict(), sort_keys=True) + "\n" for q in kept)
    print(f"rejudged {len(puzzles)} puzzles found at 4x by today's estimator: {len(kept)} "
          f"still clearly better, {len(dropped)} left out; "
          f"{(time.time() - started) / 60:.1f} min", flush=True)
    write(kept, args)


def recheck(args) -> None:
    puzzles = sample(P.load(args.out), args.sample)
    out = Path(args.recheck_out)
    known = {}
    if out.exists() and not args.all:   # rechecked already: kept (--all: again)
        known = {r["id"]: r for r in json.loads(out.read_text())["rows"]}
    started = time.time()
    todo = [p for p in puzzles if p.id not in known]
    executor = executor_for(args)
    fresh = executor.map(recheck_one, todo) if executor else map(recheck_one, todo)
    rechecked = {}
    for row in fresh:
        rechecked[row["id"]] = row
        print(row, flush=True)
    if executor:
        executor.shutdown()
    rows = [known.get(p.id) or rechecked[p.id] for p in puzzles]
    kept = [r for r in rows if r["best"] and r["lead"] >= RECHECK_LEAD]
    leads = [r["lead"] for r in rows]
    minutes = (time.time() - started) / 60
    summary = {"puzzles": len(rows), "kept": len(kept), "worlds": P.WORLDS * 4,
               "lead_min": min(leads), "lead_median": statistics.median(leads),
               "minutes": round(minutes, 1),
               "kept_from_before": sum(p.id in known for p in puzzles)}
    print(f"recheck at 4x ({P.WORLDS * 4} worlds, fresh seeds): {len(kept)} of {len(rows)} "
          f"stay best by >= {RECHECK_LEAD:.0%}; lead min {min(leads):.3f}, median "
          f"{statistics.median(leads):.3f}; {minutes:.1f} min")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--records", nargs="+", default=RECORDS)
    ap.add_argument("--games", type=int, default=1000, help="games per record file, at most")
    ap.add_argument("--skip", type=int, default=0,
                    help="leave out each file's first games (mined already)")
    ap.add_argument("--minutes", type=float, default=60.0, help="stop mining after this long")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--found", default=str(FOUND),
                    help="puzzles found so far, one a line (gzipped if it ends in .gz)")
    ap.add_argument("--fresh", action="store_true", help="start again (forget --found)")
    ap.add_argument("--actions", default="0-100000",
                    help="screen only these actions of each game (first-last)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (1: this one)")
    ap.add_argument("--scheduler", help="a Dask scheduler's address: mine there")
    ap.add_argument("--recheck", action="store_true")
    ap.add_argument("--rejudge", action="store_true",
                    help="judge every puzzle again by today's estimator (after a refit)")
    ap.add_argument("--rejudge-out", default=None,
                    help="where --rejudge writes the puzzles still found (--found)")
    ap.add_argument("--census", action="store_true",
                    help="count each theme's decisions and how many clear the screen")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--recheck-out", default=str(RECHECK))
    ap.add_argument("--all", action="store_true",
                    help="recheck every puzzle again (else those in --recheck-out are kept)")
    args = ap.parse_args(argv)
    (recheck if args.recheck else rejudge if args.rejudge else census if args.census
     else mine)(args)


if __name__ == "__main__":
    main()
