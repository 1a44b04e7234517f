"""The session layer: one game's flow for every front end (who may act, undo, conceding,
opening a save, the bots and their pace), and the board's view as data."""

from __future__ import annotations

import random

import pytest

from ahoy_nb import savegame
from ahoy_nb.engine import IllegalActionError, new_game
from ahoy_nb.session.board import Board
from ahoy_nb.session.bots import TURN_SHOWN_S, BotRunner
from ahoy_nb.session.game import GameSession, NotYours, NothingToUndo, Refusal, Seat, SeatsError
from ahoy_nb.session.view import TRAITS, Answers, MalformedIntent, board_view, parse_intent
from support import at_scale


def three(people=("bluefin",), bots="easy", seed=1, undo="fair") -> GameSession:
    return GameSession.of(new_game(3, seed=seed), people=people, bots=bots, seed=seed, undo=undo)


# -- who may act ----------------------------------------------------------------------------

def test_only_the_seat_deciding_acts_and_a_refusal_changes_nothing():
    game = three(people=("bluefin", "smuggler1"))
    before = game.state.to_json()
    with pytest.raises(NotYours, match="It is Bluefin's decision now, not Smuggler 1's"):
        game.act("smuggler1", "start 0,1")
    with pytest.raises(NotYours, match="A spectator cannot act"):
        game.act(None, "start 0,0")
    with pytest.raises(IllegalActionError, match="5,5 is not on the map") as err:
        game.act("bluefin", "start 5,5")
    assert not isinstance(err.value, Refusal) and game.state.to_json() == before
    game.act("bluefin", "start 0,0")
    assert game.state.current_player == "smuggler1"


def test_a_seat_concedes_out_of_turn_but_never_for_another():
    game = GameSession.of(new_game(2, seed=3), people=("bluefin", "mollusk"))
    with pytest.raises(NotYours, match="Only Bluefin can concede for Bluefin"):
        game.act("mollusk", "concede bluefin")
    assert [c["f"] for c in game.concessions(["mollusk"])] == ["mollusk"]
    assert game.concede("mollusk").result == "Bluefin won: Mollusk conceded"


# -- undo: one rule, one answer on every screen -------------------------------------------------

def test_fair_undo_takes_back_ones_action_and_the_bots_after_it():
    game = three(bots="random", seed=4)
    runner = BotRunner(game, delay=0)         # the bots answer at once
    game.act("bluefin", "start 0,0")
    assert game.state.current_player == "bluefin" and game.state.log[-1].player != "bluefin"
    why = game.undo_refusal("bluefin")
    if why is None:                           # nothing revealed by the bots' setup
        bots = [e.action for e in game.state.log if e.player not in ("bluefin", "setup")]
        assert game.undo("bluefin") == ["start 0,0", *bots] and len(bots) >= 1
        assert game.state.current_player == "bluefin" and len(game.state.history) == 0
    else:
        assert not why.forbidden and str(why) in ("the dice are rolled", "a region tile is drawn")
    runner.close()


def test_undo_is_refused_to_whoever_did_not_make_the_last_persons_move():
    game = three(people=("bluefin", "smuggler1"))
    assert isinstance(game.undo_refusal("bluefin"), NothingToUndo)
    game.act("bluefin", "start 0,0")
    # Smuggler 1, another person, decides now: it has seen the position.
    assert str(game.undo_refusal("bluefin")) == "Smuggler 1 has the decision now"
    assert str(game.undo_refusal("smuggler1")) == "the last action is Bluefin's, not yours"
    assert game.undo_refusal("smuggler1").forbidden
    assert str(game.undo_refusal(None)) == "a spectator cannot undo"
    assert game.undo_refusal("mollusk").forbidden        # a bot's seat
    free = three(people=("bluefin", "smuggler1"), undo="free")
    free.act("bluefin", "start 0,0")
    assert free.undo_refusal("smuggler1") is None        # free: the last person's move
    assert free.undo("smuggler1") == ["start 0,0"]


def test_no_undo_takes_back_what_revealed_something_over_many_games():
    """Over seeded random games, whenever the rule allows a seat's undo, the actions it
    takes back revealed nothing to that seat and no other person acted since."""
    from ahoy_nb.engine.undo import revealed
    checked = 0
    for seed in range(at_scale(60, 12)):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = new_game(players, seed=seed)
        people = tuple(f for i, f in enumerate(state.players) if (seed >> i) & 1) or ("bluefin",)
        game = GameSession.of(state, people=people, bots="random", seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            for seat in people:
                if game.undo_refusal(seat) is None:
                    count = game._undo_count(seat)
                    taken = state.log[len(state.log) - count:]
                    assert taken[0].player == seat
                    assert all(e.player == seat or game.is_bot(e.player) for e in taken)
                    assert revealed(state, count, viewer=seat) is None
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > at_scale(200, 30)


# -- opening a save -----------------------------------------------------------------------------

def test_a_save_with_more_players_gets_bots_for_the_new_seats():
    game = GameSession.of(new_game(2, seed=6), people=("bluefin",), bots="hard")
    saved = savegame.loads(savegame.dumps(new_game(3, seed=5).apply("start 0,0")))
    assert game.open(saved) == "Smuggler 1 is played by a hard bot"
    assert game.people == ("bluefin",) and game.seats["smuggler1"].level == "hard"
    assert game.bot_to_move() == "smuggler1"          # nobody waits for a seat no one plays


def test_a_save_without_a_faction_played_here_is_refused_and_changes_nothing():
    game = GameSession.of(new_game(3, seed=6), people=("smuggler1",))
    before = game.state
    with pytest.raises(SeatsError, match="none of them is played here"):
        game.open(new_game(2, seed=5))
    assert game.state is before and game.people == ("smuggler1",)


# -- the bots ------------------------------------------------------------------------------------

def test_a_bot_turn_is_shown_within_the_turns_time_however_many_steps():
    game = three(people=(), bots="random")
    runner = BotRunner(game, delay=None)
    waits, now = [], 0.0
    for _ in range(40):                      # one long turn of many steps
        wait = runner.pace(now=now)
        waits.append(wait)
        now += wait + 0.01                   # each step takes a little time too
    assert waits[0] == 0.5 and sum(waits) <= TURN_SHOWN_S
    assert waits == sorted(waits, reverse=True)


def test_a_failing_bot_stops_the_bots_and_says_so_on_the_board():
    class Broken:
        name = "broken"

        def choose(self, state):
            raise KeyError("a bug")

    game = GameSession(new_game(3, seed=1), {"bluefin": Seat("here"),
                                             "smuggler1": Seat("bot", "broken", Broken()),
                                             "mollusk": Seat.of_bot("easy", seed=1)})
    board = Board(game, "bluefin")
    runner = BotRunner(game, delay=0, board=board)
    game.act("bluefin", "start 0,0")
    assert not runner.auto and "A bot failed (KeyError" in board.traits["error"]
    assert game.state.current_player == "smuggler1"   # the game waits, it does not hang


# -- the board's view and intents ---------------------------------------------------------------

def test_every_trait_is_listed_once_with_who_sets_it():
    assert {t.by for t in TRAITS.values()} == {"view", "screen", "front"}
    shown = board_view(new_game(2, seed=1), "bluefin", answers=Answers(can_act=True))
    view = {name for name, t in TRAITS.items() if t.by == "view"}
    assert view <= set(shown) and "entries" in shown


def test_a_spectators_board_offers_nothing_and_a_past_position_is_read_only():
    game = GameSession.of(new_game(2, seed=2), people=("bluefin",), bots="easy")
    watching = Board(game, None)
    game.act("bluefin", "start 0,0")         # undoable for Bluefin, not for a spectator
    assert game.undo_refusal("bluefin") is None
    t = watching.traits
    assert not t["can_act"] and not t["can_undo"] and t["actions"] == [] and not t["can_concede"]
    past = board_view(game.state, "bluefin", 0, answers=Answers(can_act=True, can_undo=True))
    assert not past["can_act"] and not past["can_undo"] and past["actions"] == []
    assert past["status"].startswith("Viewing the position after 0 of 1 actions")


@pytest.mark.parametrize("intent, words", [
    ("sail 4", "expected an object"), ({"id": 1}, "exactly one of"),
    ({"action": 4}, "an action is its notation"), ({"undo": 1}, 'write {"undo": true}'),
    ({"scrub": 9}, "scrub to a position from 0 to 3"), ({"refused": {"a": 1}}, "data attributes"),
    ({"press": {"panel": "x"}}, "a press names its panel and button")])
def test_a_malformed_intent_is_refused_saying_what_was_expected(intent, words):
    with pytest.raises(MalformedIntent, match=words.replace("{", r"\{").replace("}", r"\}")):
        parse_intent(intent, history_length=3)
