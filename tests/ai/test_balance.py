"""The balance audit's own measures: how factions win, and what Bluefin's last word is worth."""

import pytest

from ahoy_nb.ai.balance import last_word, win_margins
from ahoy_nb.ai.lab import play_game
from ahoy_nb.engine import new_game


def test_win_margins_count_close_wins_and_skip_full_ties():
    def game(winners, **fame):
        return {"players": len(fame), "winners": winners, "final_fame": fame}

    records = [game(["bluefin"], bluefin=30, mollusk=30),         # tie on Fame, gold decided
               game(["bluefin"], bluefin=33, mollusk=31),
               game(["bluefin"], bluefin=40, mollusk=20),
               game(["mollusk"], bluefin=22, mollusk=35),
               game(["bluefin", "mollusk"], bluefin=31, mollusk=31),  # a full tie: no one's win
               game(["smuggler1"], bluefin=30, smuggler1=33, mollusk=32)]
    rows = {(r["players"], r["faction"]): r for r in win_margins(records)}
    assert rows[(2, "bluefin")] == {"players": 2, "faction": "bluefin", "wins": 3, "close": 2,
                                     "median": 2}
    assert rows[(2, "mollusk")]["wins"] == 1 and rows[(2, "mollusk")]["close"] == 0
    assert rows[(3, "smuggler1")]["close"] == 1     # by 1 over the Mollusk, not 3 over Bluefin
    assert rows[(3, "bluefin")] == {"players": 3, "faction": "bluefin", "wins": 0, "close": 0,
                                     "median": None}
    assert win_margins(records, close=0)[0]["close"] == 1


@pytest.fixture(scope="module")
def greedy_game():
    """A 2-player game between one-action bots (``greedy``) whose last round Bluefin's last
    word helped."""
    for seed in range(500, 520):
        r = play_game(2, ["greedy", "greedy"], seed, played=True)
        if last_word([r])["final_swing"] > 0:
            return r
    pytest.fail("no game of these seeds where Bluefin's last word gained it Fame")


def test_last_word_reads_the_standing_scores_when_the_mollusk_has_no_dice_left(greedy_game):
    r = greedy_game
    w = last_word([r])
    scored_rounds = {f["round"] for f in r["fame_facts"] if f["source"] == "control"}
    assert w["games"] == 1 and w["rounds"] == len(scored_rounds)
    # The swings add up to the control Fame the rounds gave, less the standing scores:
    # replayed independently here from the position after the Mollusk's last die.
    s = new_game(2, seed=r["seed"])
    standing_margin = 0
    seen = set()
    for notation in r["played"]:
        s.apply(notation)
        if (s.phase == "play" and s.current_player == "bluefin" and not s.dice("mollusk")
                and s.round not in seen and s.turn.placed == 0):
            seen.add(s.round)
            standing_margin += sum((g["controller"] == "bluefin") * g["wealth"]
                                   - (g["controller"] == "mollusk") * g["wealth"]
                                   for g in s.regions())
    scored_margin = sum(f["fame"] * (1 if f["faction"] == "bluefin" else -1)
                        for f in r["fame_facts"] if f["source"] == "control")
    assert w["swing"] * w["rounds"] == pytest.approx(scored_margin - standing_margin)


def test_last_word_turns_a_win_only_when_it_was_the_difference(greedy_game):
    gained = last_word([greedy_game])["final_swing"]
    by_the_last_word = {**greedy_game, "winners": ["bluefin"],
                        "final_fame": {"bluefin": 30 + gained, "mollusk": 30}}
    by_more = {**by_the_last_word, "final_fame": {"bluefin": 31 + gained, "mollusk": 30}}
    lost = {**by_the_last_word, "winners": ["mollusk"]}
    assert last_word([by_the_last_word])["turned"] == 1
    assert last_word([by_more])["turned"] == 0
    assert last_word([lost])["turned"] == 0
