"""Save and resume: .ahoy.json round-trips (state, log and history), a shared file keeps
secrets out of plain sight, every damaged file is refused with its reason and changes
nothing, and the game widget saves and opens files."""

from __future__ import annotations

import base64
import datetime
import json

import pytest

from ahoy_nb import savegame
from ahoy_nb.ai.levels import make_bot
from ahoy_nb.engine import new_game, scenario
from ahoy_nb.widgets.board import replay
from ahoy_nb.widgets.play import play
from ahoy_nb.savegame import SaveFileError

NOW = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def _game(players=4, seed=3, actions=120):
    s = new_game(players, seed=seed)
    bot = make_bot("greedy", seed=1)
    for _ in range(actions):
        if s.is_over:
            break
        s.apply(bot.choose(s))
    return s


@pytest.fixture(scope="module")
def game():
    return _game()


def test_round_trip_keeps_state_log_and_history(game, tmp_path):
    path = savegame.save(game, tmp_path / "mid")
    assert path.endswith(".ahoy.json")
    back = savegame.load(path)
    assert back == game
    assert [e.to_dict() for e in back.log] == [e.to_dict() for e in game.log]
    assert len(back.history) == len(game.history)
    assert back.view("mollusk") == game.view("mollusk")
    # The replay is fair: the same next action draws the same dice.
    nxt = game.legal_actions()[0]
    assert back.copy().apply(nxt) == game.copy().apply(nxt)


def test_a_scenario_and_a_loaded_position_round_trip():
    # A save is of a game, where every Flagship is on the map (the loader checks it).
    s = scenario(players=3, turn="mollusk", dice={"mollusk": [3, 5]}, hand=[],
                 figures={"bluefin": "0,0", "smuggler1": "1,1", "mollusk": "3,2"})
    assert savegame.loads(savegame.dumps(s)) == s
    s.apply("sail 3")
    assert savegame.loads(savegame.dumps(s, kind="analysis")) == s


def test_the_file_says_what_it_is(game):
    doc = json.loads(savegame.dumps(game))
    assert doc["ahoy"] == "save" and doc["version"] == savegame.FILE_VERSION
    assert doc["engine"] == "ahoy-nb/1" and doc["kind"] == "game" and "package" in doc
    assert doc["public"]["players"] == game.players
    assert len(doc["public"]["actions"]) == len(game.history)


@pytest.mark.full
def test_a_shared_game_keeps_secrets_out_of_plain_sight():
    s = _game(players=3, seed=11, actions=400)
    assert any(e.hidden_action for e in s.log), "the game should have a pledge by now"
    text = savegame.dumps(s)
    doc = json.loads(text)
    assert "replay" not in doc and "sealed" in doc
    assert f"\"seed\": {s.data['seed']}" not in text and '"seed"' not in text and '"rng"' not in text
    assert "pledge mollusk" not in text and "pledge bluefin" not in text
    assert "pledge (hidden)" in text
    hand = s.data["factions"]["mollusk"]["hand"]
    assert '"hand"' not in text and '"plan_deck"' not in text and '"market_deck"' not in text
    # An analysis save holds everything in the clear.
    clear = savegame.dumps(s, kind="analysis")
    assert '"seed"' in clear and '"hand"' in clear and hand is not None


def _corrupt(text: str) -> dict[str, str | bytes]:
    doc = json.loads(text)
    out: dict[str, str | bytes] = {
        "empty": "", "not json": "{not json", "a list": "[1, 2]",
        "truncated": text[: len(text) // 2], "binary": b"\x89PNG\r\n\x1a\n\x00\xff",
        "not a save": json.dumps({"state": {}}),
    }
    for key, value in (("version", 99), ("engine", "ahoy-nb/0"), ("kind", "nonsense"),
                       ("sealed", "!!!not base64"), ("digest", "0" * 64)):
        d = dict(doc)
        d[key] = value
        out[f"bad {key}"] = json.dumps(d)
    d = dict(doc)
    del d["sealed"]
    out["no game"] = json.dumps(d)
    # An action changed inside the seal (with a matching check: still refused by replay).
    inner = savegame._unseal(doc["sealed"])
    inner["actions"][3] = "sail 9"
    d = dict(doc, sealed=savegame._seal(inner), digest=savegame._digest(inner))
    out["illegal action"] = json.dumps(d)
    # A die changed without fixing the check: the check catches it.
    inner = savegame._unseal(doc["sealed"])
    inner["start"]["state"]["rng"] = 1
    out["tampered"] = json.dumps(dict(doc, sealed=savegame._seal(inner)))
    inner = savegame._unseal(doc["sealed"])
    inner["start"]["state"]["players"] = "nobody"
    out["bad state"] = json.dumps(dict(doc, sealed=savegame._seal(inner),
                                       digest=savegame._digest(inner)))
    return out


def test_every_damaged_file_is_refused_with_its_reason(game):
    for what, text in _corrupt(savegame.dumps(game)).items():
        with pytest.raises(SaveFileError) as err:
            savegame.loads(text)
        assert isinstance(err.value, ValueError)
        assert str(err.value), what
    with pytest.raises(SaveFileError, match="action 4 \\('sail 9'\\) cannot be played"):
        savegame.loads(_corrupt(savegame.dumps(game))["illegal action"])
    with pytest.raises(SaveFileError, match="changed or damaged"):
        savegame.loads(_corrupt(savegame.dumps(game))["tampered"])
    with pytest.raises(SaveFileError, match="cannot read"):
        savegame.load("/nonexistent/game.ahoy.json")


def test_only_a_game_is_saved(tmp_path):
    for thing in (5, "game", None):   # not an AttributeError from deep inside
        with pytest.raises(ValueError, match=r"a game is a State \(ahoy_nb.new_game"):
            savegame.save(thing, tmp_path / "x")
    assert not list(tmp_path.iterdir())   # and no file is written
    with pytest.raises(ValueError, match="a save is of kind game or analysis, not 'x'"):
        savegame.dumps(new_game(2, seed=1), kind="x")


def test_a_number_is_not_a_save_files_name(tmp_path):
    """open(3) reads (and then closes) file descriptor 3: a number is refused first."""
    import os
    (tmp_path / "notes.txt").write_text("not a game")
    fd = os.open(tmp_path / "notes.txt", os.O_RDONLY)
    try:
        with pytest.raises(SaveFileError, match=f"a save file is named by its path, not {fd}$"):
            savegame.load(fd)
        os.fstat(fd)   # still open
    finally:
        os.close(fd)


def test_the_game_widget_saves_and_opens(game, tmp_path):
    g = play(players=4, seed=3, people=("bluefin",), bot_delay=0)
    before = g.state.copy()
    # Save: a download link holding the file.
    g.save_button.click()
    href = g.download.value.split("href='")[1].split("'")[0]
    assert href.startswith("data:application/json;base64,") and "download=" in g.download.value
    assert savegame.loads(base64.b64decode(href.split(",", 1)[1])) == g.state
    # Open a damaged file: refused with the reason, nothing changes.
    g.upload.picked = {"id": 1, "name": "bad.ahoy.json", "text": "{not json", "size": 9}
    assert "Not opened: not an Ahoy save file" in g.file_info.value
    assert g.state == before
    g.upload.picked = {"id": 2, "name": "huge.ahoy.json", "text": "", "size": 10**8}
    assert "Not opened: huge.ahoy.json is over 5 MB" in g.file_info.value
    # Open a good file: the game is replaced; Bluefin still sees only its own view.
    text = savegame.dumps(game)
    g.upload.picked = {"id": 3, "name": "<b>mid</b>.ahoy.json", "text": text, "size": len(text)}
    assert "Opened &lt;b&gt;mid&lt;/b&gt;.ahoy.json" in g.file_info.value
    assert g.state.data["round"] == game.data["round"]
    assert g.board.viewer == "bluefin"
    # Python API
    path = g.save(tmp_path / "g")
    assert g.load(path) == g.state


def test_replay_steps_through_a_saved_game(game, tmp_path):
    path = savegame.save(game, tmp_path / "r")
    board = replay(path)
    assert board.position == 0 and board.history_length == len(game.history)
    assert board.viewer is None and board.people == () and not board.can_act
    board.intent = {"scrub": 5, "id": 1}
    assert board.position == 5 and board.error == ""


def test_the_panel_app_saves_and_opens(game):
    from ahoy_nb.apps.panel_app import GameApp
    app = GameApp(players=4, seed=3, bot_delay=0)
    before = app.game.state.copy()
    saved = app._save_file().getvalue()
    assert savegame.loads(saved) == app.game.state
    app.open_file(b"{not json")
    assert "Not opened: not an Ahoy save file" in app.file_info.object
    assert app.game.state == before
    app.open_file(savegame.dumps(game).encode())
    # Opened, and played on from there by its bots (with no server they move at once).
    opened = app.game.state
    assert "Opened" in app.file_info.object and opened.log[:len(game.log)] == game.log
    assert app.board.board.viewer == "bluefin"


def _edited(text: str) -> str:
    """The file with one public action changed by hand, as in a text editor."""
    doc = json.loads(text)
    doc["public"]["actions"][1] = doc["public"]["actions"][1].replace("start", "start 9,9 #")
    return json.dumps(doc, indent=1)


def test_a_save_edited_outside_ahoy_nb_says_so_and_opens_only_when_asked(game, tmp_path):
    """Before: a file whose public actions were edited by hand opened silently, as the game
    sealed in it (another game than the one the file reads as)."""
    text = savegame.dumps(game)
    with pytest.raises(savegame.EditedSaveError, match="edited outside ahoy-nb") as err:
        savegame.loads(_edited(text))
    assert isinstance(err.value, SaveFileError)
    assert savegame.loads(_edited(text), edited_ok=True) == game   # the sealed game
    path = tmp_path / "edited.ahoy.json"
    path.write_text(_edited(text))
    with pytest.raises(savegame.EditedSaveError):
        savegame.load(path)
    assert savegame.load(path, edited_ok=True) == game
    # An analysis file too (its replay is in the clear, its check covers the digest).
    with pytest.raises(savegame.EditedSaveError):
        savegame.loads(_edited(savegame.dumps(game, kind="analysis")))
    # Files saved before the digest existed open as they did.
    doc = json.loads(text)
    inner = savegame._unseal(doc["sealed"])
    del inner["public_digest"]
    old = dict(doc, sealed=savegame._seal(inner), digest=savegame._digest(inner))
    assert savegame.loads(_edited(json.dumps(old))) == game


def test_the_game_widget_asks_before_opening_an_edited_save(game):
    g = play(players=4, seed=3, people=("bluefin",), bot_delay=0)
    before = g.state.copy()
    text = _edited(savegame.dumps(game))
    g.upload.picked = {"id": 1, "name": "edited.ahoy.json", "text": text, "size": len(text)}
    assert "edited outside ahoy-nb" in g.file_info.value and g.state == before
    assert g.open_anyway.layout.display is None        # the button shows
    g.open_anyway.click()
    assert "Opened edited.ahoy.json" in g.file_info.value
    shown = [e.action for e in g.state.log]   # the sealed game (the bots have played on since)
    assert shown[:len(game.log)] == [e.action for e in game.log]
    assert g.open_anyway.layout.display == "none"
    # A file that opens as it is hides the button again.
    g.upload.picked = {"id": 2, "name": "edited.ahoy.json", "text": text, "size": len(text)}
    good = savegame.dumps(before)
    g.upload.picked = {"id": 3, "name": "good.ahoy.json", "text": good, "size": len(good)}
    assert g.open_anyway.layout.display == "none" and g.state == before
