"""The rating ladder (ahoy_nb.ai.ladder): its maths on made-up games, the draw on the lab, the
shipped table and its words in the forms."""

import json
import random

import pytest

from ahoy_nb.ai import ladder
from ahoy_nb.ai.lab import simulate
from ahoy_nb.ai.levels import LEVELS
from ahoy_nb.session.seats import SEAT_CHOICES, bot_standings

pytest.importorskip("openskill")

FACTIONS = {2: ["bluefin", "mollusk"], 3: ["bluefin", "smuggler1", "mollusk"]}


def games(n, players=3, order=("strong", "middle", "weak"), seed=0, upset=0.0):
    """``n`` made-up games: the levels of ``order`` in random seats, finishing in that order
    (but for a share ``upset`` of games, in a random order)."""
    rng = random.Random(seed)
    out = []
    for s in range(n):
        levels = list(order[:players])
        seats = FACTIONS[players][:]
        rng.shuffle(seats)
        if rng.random() < upset:
            rng.shuffle(levels)
        fame = {f: 30 - 5 * k for k, f in enumerate(seats)}
        out.append({"players": players, "seed": s, "winners": [seats[0]], "final_fame": fame,
                    "bots": dict(zip(seats, levels))})
    return out


def test_a_level_that_always_wins_ranks_first():
    ratings = ladder.rate(games(60))
    assert ladder.ranking(ratings, 3) == ["strong", "middle", "weak"]
    strong, middle = ratings[0], ratings[1]
    assert strong.low > middle.high             # apart beyond their 95% intervals
    share = ladder.head_to_head(ratings, "strong", "weak")
    assert 0.9 < share.share < share.high < 1    # never certain
    assert ladder.head_to_head(ratings, "weak", "strong").share < 0.1


def test_intervals_shrink_with_games():
    few = {r.level: r for r in ladder.rate(games(10, upset=0.3))}
    many = {r.level: r for r in ladder.rate(games(80, upset=0.3))}
    for level in ("strong", "middle", "weak"):
        assert many[level].games == 80 and few[level].games == 10
        assert many[level].high - many[level].low < few[level].high - few[level].low
    few_share = ladder.head_to_head(list(few.values()), "strong", "weak", 3)
    many_share = ladder.head_to_head(list(many.values()), "strong", "weak", 3)
    assert many_share.high - many_share.low < few_share.high - few_share.low


def test_places_put_the_winners_first_then_fame():
    record = {"winners": ["mollusk"], "final_fame": {"bluefin": 30, "smuggler1": 20,
                                                     "mollusk": 30, "smuggler2": 20}}
    assert ladder._places(record) == {"mollusk": 1, "bluefin": 2, "smuggler1": 3,
                                      "smuggler2": 3}


def test_player_counts_are_rated_apart_and_a_missing_pair_is_refused():
    ratings = ladder.rate(games(20, players=2) + games(20, players=3, order=("weak", "x", "y")))
    assert {(r.players, r.level) for r in ratings} >= {(2, "strong"), (3, "weak")}
    assert ladder.ranking(ratings, 2) == ["strong", "middle"]
    assert ladder.rate(games(5, players=2), players=3) == []
    with pytest.raises(ValueError, match="no rating for both strong and x at 2 players"):
        ladder.head_to_head(ratings, "strong", "x", 2)


def test_the_draw_seats_different_levels_from_the_seed_on_the_lab():
    draw = ladder.Draw({k: ladder.LADDER[k] for k in ("random", "easy", "greedy")})
    seatings = {tuple(spec[0] for spec in draw(seed, 2)) for seed in range(30)}
    assert all(len(set(s)) == 2 for s in seatings) and len(seatings) == 6   # every order
    records = simulate(2, 2, draw, seed=7, executor="inline", progress=False, played=True)
    again = simulate(1, 2, draw, seed=8, executor="inline", progress=False)
    assert [list(r["bots"].values()) for r in records] == [[s[0] for s in draw(7 + i, 2)]
                                                            for i in range(2)]
    assert records[1]["final_fame"] == again[0]["final_fame"]      # a record is its seed's
    assert records[0]["rules"] and records[0]["played"]
    with pytest.raises(ValueError, match="3 seats for 2 levels"):
        ladder.Draw({"random": "random", "easy": "easy"})(1, 3)


def test_the_words_never_say_always_or_never():
    table = {"games": {"3": 12}, "standings": {"easy": {"3": {
        "against": "random", "share": 0.97, "low": 0.004, "high": 0.9996, "games": 3}}}}
    assert ladder.standing("easy", 3, table) == (
        "finishes ahead of random about 9 in 10 times at 3 players (1–99%, from its 3 games on "
        "the ladder)")
    assert ladder.standing("easy", 2, table) == ""


def test_the_forms_show_each_level_standing_from_the_shipped_table():
    table = ladder.shipped()
    assert table["standings"], "ahoy_nb/data/ladder.json: made by scripts/ladder.py --ship"
    words = bot_standings(3)
    assert set(words) == set(LEVELS)     # at 3 players every level has its standing
    assert words["hard"].startswith("Hard bot: finishes ahead of normal about ")
    # the interval is as wide as the level with fewer games makes it: both counts said
    normal = table["standings"]["normal"]["3"]["games"]
    assert words["hard"].endswith(f" games on the ladder and normal's {normal})"), words["hard"]
    assert "at 3 players (" in words["hard"]
    for level, said in bot_standings(2).items():
        assert said.startswith(f"{SEAT_CHOICES[level]}: wins about ") and "at 2 players" in said
    assert json.dumps(table)    # plain data: what the online page is given


def test_the_lobby_shows_the_standings_at_its_number_of_players():
    from ahoy_nb.widgets.lobby import lobby
    app = lobby(players=3, seed=1, bot_delay=0, charts=False, analysis=False)
    assert "at 3 players" in app.standings.value and "Hard bot: " in app.standings.value
    app.players.value = 4                         # no ladder at 4 players yet: no line
    assert app.standings.value == ""


def test_the_panel_app_shows_the_standings_too():
    pytest.importorskip("panel")
    from ahoy_nb.apps.panel_app import GameApp
    app = GameApp(players=3, seed=3, people=("mollusk",), bot_delay=0)
    assert "Hard bot: finishes ahead of normal" in app.standings.object
    assert "at 3 players" in app.standings.object
    app.players_select.value = 4                  # no ladder at 4 players yet: no line
    assert app.standings.object == ""
