"""The ``ahoy-nb`` command.

    ahoy-nb serve [--port 5006] [--address 127.0.0.1] [--players 3] [--seed S]
                  [--people bluefin[,mollusk...] | all | none] [--bots easy|normal|hard|random]
                  [--bot-delay 0.5] [--analysis auto|on|off] [--simulations 60]
                  [--hint-simulations 150] [--show] [--secret-key-env BOKEH_SECRET_KEY]
                  [--store sqlite:///PATH | postgresql://...] [--allow-origin ORIGIN]

    ahoy-nb simulate [--games 100] [--players 3] [--bots normal[,hard,...]] [--seed 0]
                     [--workers N | --scheduler tcp://host:8786] [--out games.jsonl]

``serve`` runs the Panel app (:mod:`ahoy_nb.apps.panel_app`) on a local web server: open the
printed address in a browser (``?mode=puzzles``: the puzzle trainer). The same server keeps
the online tables (:mod:`ahoy_nb.apps.online`, docs/online.md) in ``--store`` and answers
their API and pages (``/tables``); ``--allow-origin`` lets another site's pages (a
JupyterLite site) call that API. Everything the page needs is served by that server, so it
works with no internet connection. The options set the first game of each browser tab; the
page's form starts others. Session ids are signed with a secret made at start-up (or taken
from ``$BOKEH_SECRET_KEY``): a page address with a made-up ``bokeh-session-id`` is refused.

``simulate`` plays bot-against-bot games (:func:`ahoy_nb.simulate`) on the local cores
or a Dask cluster, with a progress bar, and prints each faction's win rate with a 95%
interval; ``--out`` writes one JSON record per game and line.
"""

from __future__ import annotations

import argparse
import math
import sys

DEFAULT_PORT = 5006


def _whole_number(low: int, high: int, words: str):
    """An argument type: a whole number from ``low`` to ``high``, else ``words`` say why."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            n = low - 1
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not {words}")
        return n
    return parse


_positive = _whole_number(1, 100_000, "a whole number from 1 to 100000")
_port = _whole_number(0, 65535, "a port: a whole number from 0 to 65535")


def _seconds(text: str) -> float:
    try:
        s = float(text)
    except ValueError:
        s = math.nan
    if not (math.isfinite(s) and 0 <= s <= 60):   # the page's own bot_delay= allows the same
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 60")
    return s


def _free_port(address: str) -> int:
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((address if address not in ("", "0.0.0.0") else "127.0.0.1", 0))
        return s.getsockname()[1]


def build_parser() -> argparse.ArgumentParser:
    from ..ai.levels import LEVELS
    parser = argparse.ArgumentParser(
        prog="ahoy-nb", description="Ahoy: play the board game in a browser or a notebook.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    serve = sub.add_parser(
        "serve", help="serve the game as a web app (Panel), offline",
        description="Serve the game (board, live charts, log, new-game form) as a web "
                    "app on a local Panel server. Nothing is fetched from the internet.")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    serve.add_argument("--address", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0: every interface)")
    serve.add_argument("--players", type=int, choices=(2, 3, 4), default=3,
                       help="players in the first game (default 3)")
    serve.add_argument("--seed", type=int, default=None,
                       help="seed of the first game (default: random)")
    serve.add_argument("--people", default="bluefin",
                       help="factions played by people, comma-separated, or 'all' or "
                            "'none' (default: bluefin)")
    serve.add_argument("--bots", choices=LEVELS, default="normal",
                       help="the level of the bots playing the other factions "
                            "(default normal)")
    serve.add_argument("--bot-delay", type=_seconds, default=0.5,
                       help="seconds between bot actions (default 0.5)")
    serve.add_argument("--analysis", choices=("auto", "on", "off"), default="auto",
                       help="the win-chance chart and the Hint button at the start of a "
                            "game (default auto: on, but off when several people share "
                            "the screen); the page's Analysis toggle switches them")
    serve.add_argument("--simulations", type=_positive, default=60, metavar="N",
                       help="games simulated per point of the win-chance chart (default 60)")
    serve.add_argument("--hint-simulations", type=_positive, default=150, metavar="N",
                       help="games simulated for a hint (default 150)")
    serve.add_argument("--show", action="store_true", help="open a browser tab")
    serve.add_argument("--secret-key-env", default="BOKEH_SECRET_KEY", metavar="NAME",
                       help="environment variable holding the secret that signs session ids "
                            "(default BOKEH_SECRET_KEY; if unset, a new secret is made at "
                            "start-up, so ids from an earlier run are refused)")
    serve.add_argument("--allow-websocket-origin", action="append", default=[],
                       metavar="HOST[:PORT]",
                       help="another origin the page may be opened from (repeatable)")
    serve.add_argument("--store", default=None, metavar="URL",
                       help="where online tables are kept: sqlite:///PATH or "
                            "postgresql://USER:PASSWORD@HOST:PORT/DATABASE (default: "
                            "tables.sqlite in the user's data directory; docs/online.md)")
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       help="a site whose pages may call the tables' API, e.g. a JupyterLite "
                            "site https://you.github.io (repeatable)")
    _add_simulate(sub)
    return parser


def _add_simulate(sub) -> None:
    from ..ai.levels import BOTS
    sim = sub.add_parser(
        "simulate", help="play bot-against-bot games and print win rates",
        description="Play whole games between bots (seeded per game: game i uses seed+i), "
                    "on local worker processes or a Dask cluster, and print each "
                    "faction's win rate with a 95% interval.")
    sim.add_argument("--games", type=_positive, default=100, metavar="N",
                     help="how many games (default 100)")
    sim.add_argument("--players", type=int, choices=(2, 3, 4), default=3,
                     help="players per game (default 3)")
    sim.add_argument("--bots", default="normal",
                     help=f"one bot for every seat, or one per seat comma-separated in seat "
                          f"order; bots: {', '.join(BOTS)} (default normal)")
    sim.add_argument("--iterations", type=int, default=None,
                     help="hard/ismcts bots: iterations per decision (repeatable results) "
                          "instead of a time budget")
    sim.add_argument("--time-budget", type=float, default=None,
                     help="hard/ismcts bots: seconds per decision (default 1)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None,
                       help="local worker processes (default: one per core; 1: this process)")
    where.add_argument("--scheduler", default=None, metavar="ADDRESS",
                       help="a Dask scheduler to run on, e.g. tcp://10.0.0.5:8786 "
                            "(needs the dask extra: pip install ahoy-nb[dask])")
    sim.add_argument("--out", default=None, help="write the records here, one JSON per line")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")


def simulate(args: argparse.Namespace) -> int:
    import json
    from concurrent.futures import ProcessPoolExecutor

    from ..ai.lab import simulate as run, summary

    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(names) not in (1, args.players):
        print(f"error: --bots names one bot or {args.players}, not {len(names)}", file=sys.stderr)
        return 2
    options = {k: v for k, v in (("iterations", args.iterations),
                                 ("time_budget", args.time_budget)) if v is not None}
    specs = [(n, options) if options and n in ("hard", "ismcts") else n for n in names]
    bots = specs[0] if len(specs) == 1 else specs
    if args.workers is not None and args.workers < 1:
        print(f"error: --workers is at least 1, not {args.workers}", file=sys.stderr)
        return 2
    client = None
    if args.scheduler:
        why = missing_extra("simulate --scheduler", ("distributed",), "dask")
        if why:
            print(why, file=sys.stderr)
            return 2
        from distributed import Client
        try:
            client = Client(args.scheduler, timeout="10s")
        except OSError as err:
            print(f"error: no Dask scheduler at {args.scheduler}: {err}", file=sys.stderr)
            return 2
        executor = client.get_executor()
    elif args.workers == 1:
        executor = "inline"
    else:
        executor = ProcessPoolExecutor(args.workers) if args.workers else None
    try:
        records = run(args.games, args.players, bots, seed=args.seed, executor=executor,
                      progress=not args.no_progress)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    finally:
        if isinstance(executor, ProcessPoolExecutor):
            executor.shutdown()
        if client is not None:
            client.close()
    if args.out:
        with open(args.out, "w") as out:
            for r in records:
                out.write(json.dumps(r, sort_keys=True) + "\n")
    rounds = sum(r["rounds"] for r in records) / max(1, len(records))
    print(f"{len(records)} games, {args.players} players, seeds {args.seed}-"
          f"{args.seed + len(records) - 1}; {rounds:.1f} rounds a game")
    for row in summary(records):
        print(f"  {row['faction']:<10} {row['bot']:<8} wins {row['rate']:6.1%} "
              f"(95% CI {row['low']:.1%}-{row['high']:.1%}, {row['wins']:g}/{row['games']})")
    return 0
def session_secret(env: str = "BOKEH_SECRET_KEY") -> bytes:
    """The secret that signs session ids: ``$env`` if set, else a new one for this run."""
    import os

    from bokeh.util.token import generate_secret_key

    given = os.environ.get(env, "")
    if given and len(given) < 32:
        raise SystemExit(f"ahoy-nb serve: ${env} must be at least 32 characters")
    return (given or generate_secret_key()).encode("utf-8")


def fresh_sessions_only(user_info, path: str):
    """Panel's ``authorize_callback``: a page address that names a session
    (``?bokeh-session-id=...``, made up or copied from someone else's page) is sent to
    the same address without it, so it opens a game of its own and never joins another."""
    from urllib.parse import parse_qsl, urlencode

    import panel as pn

    # (Bokeh's request proxy hides the id from .arguments; the raw query still has it.)
    query = parse_qsl(pn.state.curdoc.session_context.request.query or "",
                      keep_blank_values=True)
    if not any(k == "bokeh-session-id" for k, _ in query):
        return True
    keep = [(k, v) for k, v in query if k != "bokeh-session-id"]
    return path + ("?" + urlencode(keep) if keep else "")


def online_routes(args: argparse.Namespace) -> tuple[list, str]:
    """The online tables' API and pages (docs/online.md) on their store; and the store's
    URL, without its password."""
    from concurrent.futures import ThreadPoolExecutor

    from .online.api import routes
    from .online.store import Store
    from .online.tables import Tables

    store = Store(args.store)
    # Bots think on worker threads: a hard bot's second never holds up a request.
    tables = Tables(store, bots_in=ThreadPoolExecutor(2, thread_name_prefix="ahoy-bots"))
    return routes(tables, args.allow_origin), store.safe_url


def serve(args: argparse.Namespace) -> int:
    import panel as pn

    from ..session.game import people_of
    from ..session.seats import people_in_text, seat_options
    from .online.store import StoreError
    from .panel_app import create_page

    try:    # else every page would quietly seat bots only
        people = people_of(seat_options(args.players), people_in_text(args.people))
    except ValueError as err:
        print(f"ahoy-nb serve: --people {args.people}: {err}", file=sys.stderr)
        return 2
    try:
        extra, store_url = online_routes(args)
    except StoreError as err:
        print(f"ahoy-nb serve: {err}", file=sys.stderr)
        return 2

    def app():  # one page per browser tab (a plain function: Panel calls it per session)
        return create_page(players=args.players, seed=args.seed, people=people,
                           bots=args.bots, bot_delay=args.bot_delay,
                           analysis={"on": True, "off": False}.get(args.analysis),
                           simulations=args.simulations,
                           hint_simulations=args.hint_simulations)

    try:
        port = args.port or _free_port(args.address)
        server = pn.serve(
            {"/": app}, port=port, address=args.address, show=False, start=False,
            title="Ahoy", verbose=False, liveness=True,
            # Session ids are signed: an id made up in the address (?bokeh-session-id=...)
            # is refused, so nobody can send a link that joins someone else's game.
            sign_sessions=True, secret_key=session_secret(args.secret_key_env),
            websocket_origin=[f"127.0.0.1:{port}", f"localhost:{port}",
                              *args.allow_websocket_origin],
            extra_patterns=extra,
        )
    except OSError as err:   # the port is taken, or the address is not this machine's
        print(f"ahoy-nb serve: cannot listen on {args.address} port {args.port or 'any'}: "
              f"{err.strerror or err}", file=sys.stderr)
        return 2
    pn.config.authorize_callback = fresh_sessions_only   # read per request, from here on
    host = "127.0.0.1" if args.address in ("0.0.0.0", "::", "") else args.address
    url = f"http://{host}:{port}/"
    print(f"Ahoy is served at {url}  (Ctrl+C to stop)\n"
          f"Puzzles: {url}?mode=puzzles\n"
          f"Online tables: {url}tables  (kept in {store_url})", flush=True)
    if args.show:
        import webbrowser
        server.io_loop.add_callback(lambda: webbrowser.open(url))
    try:
        server.start()
        server.io_loop.start()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        server.stop()
    return 0


# What each command needs beyond the default install, and the extra that brings it.
NEEDS = {"serve": ("app", ("panel", "bokeh", "sqlalchemy"))}


def missing_extra(command: str, modules: tuple[str, ...] | None = None,
                  extra: str | None = None) -> str | None:
    """The one line that says which extra ``command`` needs, if one of its modules is not
    installed; ``None`` when they all are.

    >>> missing_extra("serve", ("no_such_module_here",), "app")
    "ahoy-nb serve needs the app extra (no_such_module_here is not installed): pip install 'ahoy-nb[app]'"
    """
    import importlib.util
    if modules is None:
        extra, modules = NEEDS[command]
    for name in modules:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):   # a module hidden as None, or a broken package
            found = False
        if not found:
            return (f"ahoy-nb {command} needs the {extra} extra ({name} is not installed): "
                    f"pip install 'ahoy-nb[{extra}]'")
    return None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "serve":
        why = missing_extra("serve")
        if why:
            print(why, file=sys.stderr)
            return 2
        return serve(args)
    if args.command == "simulate":
        return simulate(args)
    parser.print_help(sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
