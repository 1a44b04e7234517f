"""The ``ahoy-nb`` command.

    ahoy-nb serve [--port 5006] [--address 127.0.0.1] [--players 3] [--seed S]
                  [--people bluefin[,mollusk...] | all | none] [--bots greedy|random]
                  [--bot-delay 0.5] [--show] [--secret-key-env BOKEH_SECRET_KEY]

``serve`` runs the Panel app (:mod:`ahoy_nb.app`) on a local web server: open the
printed address in a browser. Everything the page needs is served by that server, so
it works with no internet connection. The options set the first game of each browser
tab; the page's form starts others. Session ids are signed with a secret made at
start-up (or taken from ``$BOKEH_SECRET_KEY``): a page address with a made-up
``bokeh-session-id`` is refused.
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
    serve.add_argument("--secret-key-env", default="BOKEH_SECRET_KEY", metavar="NAME",
                       help="environment variable holding the secret that signs session ids "
                            "(default BOKEH_SECRET_KEY; if unset, a new secret is made at "
                            "start-up, so ids from an earlier run are refused)")
    serve.add_argument("--allow-websocket-origin", action="append", default=[],
                       metavar="HOST[:PORT]",
                       help="another origin the page may be opened from (repeatable)")
    return parser


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


def serve(args: argparse.Namespace) -> int:
    import panel as pn

    from .app import create_app

    port = args.port or _free_port(args.address)
    pn.config.authorize_callback = fresh_sessions_only
    def app():  # one page per browser tab (a plain function: Panel calls it per session)
        return create_app(players=args.players, seed=args.seed, people=args.people,
                          bots=args.bots, bot_delay=args.bot_delay)

    server = pn.serve(
        {"/": app}, port=port, address=args.address, show=False, start=False,
        title="Ahoy", verbose=False, liveness=True,
        # Session ids are signed: an id made up in the address (?bokeh-session-id=...) is
        # refused, so nobody can send a link that joins someone else's game.
        sign_sessions=True, secret_key=session_secret(args.secret_key_env),
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
