"""The ``ahoy-nb`` command.

    ahoy-nb serve [--port 5006] [--address 127.0.0.1] [--players 3] [--seed S]
                  [--people bluefin[,mollusk...] | all | none] [--bots greedy|random]
                  [--bot-delay 0.5] [--show]

``serve`` runs the Panel app (:mod:`ahoy_nb.app`) on a local web server: open the
printed address in a browser. Everything the page needs is served by that server, so
it works with no internet connection. The options set the first game of each browser
tab; the page's form starts others.
"""

from __future__ import annotations

import argparse
import sys

DEFAULT_PORT = 5006


def _people(text: str):
    text = text.strip()
    if text == "all":
        return "all"
    if text in ("", "none"):
        return ()
    return tuple(p.strip() for p in text.split(",") if p.strip())


def _free_port(address: str) -> int:
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((address if address not in ("", "0.0.0.0") else "127.0.0.1", 0))
        return s.getsockname()[1]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ahoy-nb", description="Ahoy: play the board game in a browser or a notebook.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    serve = sub.add_parser(
        "serve", help="serve the game as a web app (Panel), offline",
        description="Serve the game (board, live charts, log, new-game form) as a web "
                    "app on a local Panel server. Nothing is fetched from the internet.")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    serve.add_argument("--address", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0: every interface)")
    serve.add_argument("--players", type=int, choices=(2, 3, 4), default=3,
                       help="players in the first game (default 3)")
    serve.add_argument("--seed", type=int, default=None,
                       help="seed of the first game (default: random)")
    serve.add_argument("--people", type=_people, default=("bluefin",),
                       help="factions played by people, comma-separated, or 'all' or "
                            "'none' (default: bluefin)")
    serve.add_argument("--bots", choices=("greedy", "random"), default="greedy",
                       help="the bots playing the other factions (default greedy)")
    serve.add_argument("--bot-delay", type=float, default=0.5,
                       help="seconds between bot actions (default 0.5)")
    serve.add_argument("--show", action="store_true", help="open a browser tab")
    serve.add_argument("--allow-websocket-origin", action="append", default=[],
                       metavar="HOST[:PORT]",
                       help="another origin the page may be opened from (repeatable)")
    return parser


def serve(args: argparse.Namespace) -> int:
    import panel as pn

    from .app import create_app

    port = args.port or _free_port(args.address)
    def app():  # one page per browser tab (a plain function: Panel calls it per session)
        return create_app(players=args.players, seed=args.seed, people=args.people,
                          bots=args.bots, bot_delay=args.bot_delay)

    server = pn.serve(
        {"/": app}, port=port, address=args.address, show=False, start=False,
        title="Ahoy", verbose=False, liveness=True,
        websocket_origin=[f"127.0.0.1:{port}", f"localhost:{port}",
                          *args.allow_websocket_origin],
    )
    host = "127.0.0.1" if args.address in ("0.0.0.0", "::", "") else args.address
    url = f"http://{host}:{port}/"
    print(f"Ahoy is served at {url}  (Ctrl+C to stop)", flush=True)
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


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args)
    parser.print_help(sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
