"""Save a game to a file and open it again: ``.ahoy.json``.

A save holds how to *replay* the game, not just where it stands: the position it
started from (with its generator, so every die, tile and card is drawn again exactly
as it was: a fair replay) and every action since. Opening a file replays them, so
the history (scrubber, undo) comes back too, and a file whose actions do not play is
refused.

Two kinds (see docs/saving.md):

* ``"game"`` (the default): a game in progress, to share between its players. The
  replay, which holds every secret (plan hands, pledges, deck order, the seed), is
  *sealed*: compressed and encoded, out of plain sight. The file's readable part
  holds only public facts (players, round, Fame, the actions as a spectator sees
  them). Opening it in the game widget shows each player only their own view.
* ``"analysis"``: everything in the clear, for studying a finished game or a
  position.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(3, seed=1).apply("start 0,0")
>>> text = dumps(s)
>>> loads(text) == s
True
>>> len(loads(text).history) == len(s.history)  # the history comes back too
True
>>> loads("{not json")                          # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ahoy_nb.savegame.SaveFileError: not an Ahoy save file: ...
"""

from __future__ import annotations

import base64
import binascii
import datetime
import hashlib
import json
import marshal
import os
import zlib
from typing import Any

from .engine import State
from .engine.state import FORMAT, require_state
from .render import render_svg

__all__ = ["FILE_VERSION", "KINDS", "SaveFileError", "EditedSaveError", "dumps", "loads", "save",
           "load", "public_part", "SUFFIX"]

FILE_VERSION = 1
KINDS = ("game", "analysis")
SUFFIX = ".ahoy.json"
MAX_BYTES = 20_000_000   # a whole game is well under 1 MB


class SaveFileError(ValueError):
    """A file that is not a save this version can open; the message says why."""


class EditedSaveError(SaveFileError):
    """A save whose readable part was changed after it was saved (by hand, by another
    program): the game sealed in it is not the game its readable part describes. It opens
    only when asked (``loads(text, edited_ok=True)``), as the sealed game."""


def _package_version() -> str:
    try:
        from importlib.metadata import version
        return version("ahoy-nb")
    except Exception:   # not installed (a source checkout)
        return "unknown"


def _start_of(state: State) -> tuple[State, list[str]]:
    """The position the game's history starts from, and the actions since (the log's
    last entries, one per position in the history)."""
    n = len(state.history)
    if not n:
        return state, []
    kept = len(state.log) - n
    start = State(marshal.loads(state.history[0]), list(state.log[:kept]))
    return start, [e.action for e in state.log[kept:]]


def _replay_doc(state: State, public: dict) -> dict:
    start, actions = _start_of(state)
    # The readable part's digest goes with the replay (sealed, in a shared game), so that
    # a readable part edited afterwards is told from the one written with it.
    return {"start": json.loads(start.to_json()), "actions": actions,
            "public_digest": _digest(public)}


def _seal(doc: dict) -> str:
    raw = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def _unseal(text: Any) -> dict:
    if not isinstance(text, str):
        raise SaveFileError("the sealed game is not text")
    try:
        raw = zlib.decompress(base64.b64decode(text.encode("ascii"), validate=True))
        return json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeError, ValueError) as err:
        raise SaveFileError(f"the sealed game is damaged ({err})") from None


def _digest(doc: dict) -> str:
    raw = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(raw).hexdigest()


def public_part(state: State) -> dict:
    """What anyone may read in a shared file: players, round, Fame, and the actions as
    a spectator sees them (a pledge shows as ``pledge (hidden)``)."""
    first = 1 if state.log and state.log[0].action == "setup" else 0
    return {"players": state.players, "round": state.round, "fame": state.fame,
            "over": state.is_over, "to_decide": state.current_player,
            "actions": [f"{e.player}: {e.seen_by(None).action}" for e in state.log[first:]]}


def dumps(state: State, kind: str = "game") -> str:
    """The save file's text for ``state`` (see the module's docstring for ``kind``)."""
    require_state(state)
    if kind not in KINDS:
        raise ValueError(f"a save is of kind {' or '.join(KINDS)}, not {kind!r}")
    public = public_part(state)
    replay_doc = _replay_doc(state, public)
    doc: dict[str, Any] = {
        "ahoy": "save", "version": FILE_VERSION, "engine": FORMAT,
        "package": _package_version(), "kind": kind,
        "saved": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "public": public, "digest": _digest(replay_doc),
    }
    if kind == "game":
        doc["sealed"] = _seal(replay_doc)
    else:
        doc["replay"] = replay_doc
    return json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def loads(text: str | bytes, edited_ok: bool = False) -> State:
    """The game in a save file's text, replayed; raises :class:`SaveFileError` (a
    ``ValueError``) with the reason for anything else, and nothing else.

    A file whose readable part (``public``) was edited after it was saved raises
    :class:`EditedSaveError`, unless ``edited_ok``: then it opens as the game sealed in it
    (the readable part is only a summary; the replay is the game)."""
    try:
        return _loads(text, edited_ok)
    except SaveFileError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, IndexError,
            RecursionError) as err:
        raise SaveFileError(f"not a save this version can open: {err}") from None


def _loads(text: str | bytes, edited_ok: bool) -> State:
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_BYTES:
            raise SaveFileError(f"the file is too big for a save ({len(text)} bytes)")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFileError("not an Ahoy save file: it is not text (UTF-8)") from None
    if not isinstance(text, str):
        raise SaveFileError(f"not an Ahoy save file: expected text, got {type(text).__name__}")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveFileError(f"not an Ahoy save file: {err}") from None
    if not isinstance(doc, dict) or doc.get("ahoy") != "save":
        raise SaveFileError("not an Ahoy save file: it does not say it is one "
                            "(\"ahoy\": \"save\")")
    version = doc.get("version")
    if version != FILE_VERSION:
        raise SaveFileError(f"this save file is version {version!r}; this ahoy-nb opens "
                            f"version {FILE_VERSION}")
    if doc.get("engine") != FORMAT:
        raise SaveFileError(f"this game was saved by rules engine {doc.get('engine')!r}; "
                            f"this ahoy-nb has {FORMAT!r}")
    kind = doc.get("kind")
    if kind not in KINDS:
        raise SaveFileError(f"unknown kind of save {kind!r}")
    replay_doc = _unseal(doc.get("sealed")) if kind == "game" else doc.get("replay")
    if not isinstance(replay_doc, dict) or not isinstance(replay_doc.get("actions"), list):
        raise SaveFileError("the save holds no game to replay")
    if doc.get("digest") != _digest(replay_doc):
        raise SaveFileError("the file was changed or damaged: its check does not match "
                            "the game in it")
    # (Files saved before the readable part had its digest cannot say; they open.)
    sealed_digest = replay_doc.get("public_digest")
    if sealed_digest is not None and sealed_digest != _digest(doc.get("public")) and not edited_ok:
        raise EditedSaveError("this file was edited outside ahoy-nb: its readable part (the "
                              "players, round, Fame and actions listed in it) no longer matches "
                              "the game saved in it. Open it only if you trust it: the game "
                              "that opens is the one saved, not the one the edits describe")
    state = State.from_json(json.dumps(replay_doc["start"]))
    for k, action in enumerate(replay_doc["actions"], start=1):
        if not isinstance(action, str):
            raise SaveFileError(f"action {k} is not notation: {action!r}")
        try:
            state.apply(action)
        except ValueError as err:
            raise SaveFileError(f"action {k} ('{action}') cannot be played: {err}") from None
    # Whatever is accepted must play and draw.
    state.legal_actions()
    try:
        render_svg(state, viewer=None)
    except Exception as err:
        raise SaveFileError(f"the saved position cannot be drawn: {err}") from None
    return state


def save(state: State, path: str | os.PathLike, kind: str = "game") -> str:
    """Write ``state`` to ``path`` (``.ahoy.json`` is added if it has no suffix); returns
    the path written."""
    path = os.fspath(path)
    if not path.endswith(".json"):
        path += SUFFIX
    text = dumps(state, kind)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def load(path: str | os.PathLike, edited_ok: bool = False) -> State:
    """The game saved in ``path``; raises :class:`SaveFileError` with the reason (see
    :func:`loads` for ``edited_ok``)."""
    if not isinstance(path, (str, os.PathLike)):   # open(5) would read file descriptor 5
        raise SaveFileError(f"a save file is named by its path, not {path!r:.60}")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as err:
        raise SaveFileError(f"cannot read {os.fspath(path)!r}: {err.strerror}") from None
    return loads(data, edited_ok)


#: Recorded games shipped with the package (``ahoy_nb/data/<name>.ahoy.json``), by name.
EXAMPLES = {"easy-mollusk": "a 2-player game: the easy bot as the Mollusk Union (a random "
                            "action 60% of the time) against the normal bot as Bluefin"}


def example(name: str = "easy-mollusk") -> State:
    """A recorded game shipped with the package (:data:`EXAMPLES`), e.g. to review.

    >>> s = example()
    >>> s.is_over, s.players
    (True, ['bluefin', 'mollusk'])
    """
    if name not in EXAMPLES:
        raise ValueError(f"no example game {name!r}; examples: {', '.join(EXAMPLES)}")
    return load(os.path.join(os.path.dirname(__file__), "data", f"{name}{SUFFIX}"))
