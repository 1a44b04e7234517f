"""The static SVG picture of a position (ahoy_nb.render)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from ahoy_nb.engine import new_game, scenario
from ahoy_nb.engine.components import PLAN_CARDS
from ahoy_nb.render import fit_width, render_svg

TWO_TILES = [(0, "0,0", 180), (6, "2,1", 0)]


def random_game(seed: int = 15, steps: int = 60):
    s = new_game(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def elements(root: ET.Element, attr: str, value: str | None = None) -> list[ET.Element]:
    return [e for e in root.iter() if attr in e.attrib and (value is None or e.attrib[attr] == value)]


def one(root: ET.Element, attr: str, value: str) -> ET.Element:
    found = elements(root, attr, value)
    assert len(found) == 1, f"{len(found)} elements with {attr}={value!r}"
    return found[0]


def actions_of(e: ET.Element) -> list[str]:
    if "data-action" in e.attrib:
        return [e.attrib["data-action"]]
    if "data-actions" in e.attrib:
        return json.loads(e.attrib["data-actions"])
    return []


def notations(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def clickable(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if "clickable" in e.attrib.get("class", "").split()]


def test_valid_xml_with_every_tile_space_and_figure():
    s = random_game()
    root = parse(render_svg(s))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    for region in s.regions():
        assert elements(root, "data-tile", str(region["tile"]))
    for space in s.map.spaces:
        one(root, "data-space", f"{space[0]},{space[1]}")
    for fig in s.figures():
        one(root, "data-figure", fig["id"])
    for (x, y), n in s.comrades().items():
        if n:
            assert one(root, "data-comrades", f"{x},{y}") is not None
    for f in s.players:
        one(root, "data-board", f)
    for key in s.market.row:
        one(root, "data-market", key)


def test_terrain_is_drawn_as_printed():
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "0,0"}, turn="bluefin")
    root = parse(render_svg(s))
    terrain = {e.attrib["data-space"]: e.attrib["data-terrain"] for e in elements(root, "data-terrain")}
    assert terrain == {"0,0": "island", "1,0": "open", "0,1": "wreckage", "1,1": "fog",
                       "2,1": "current", "3,1": "harbor", "2,2": "open", "3,2": "island"}
    assert one(root, "data-space", "2,1").find("{*}path[@data-current]").attrib["data-current"] == "0,1"
    assert len(elements(root, "data-wealth")) == 2
    svg = render_svg(s)
    assert "Fish" in svg and "Skull" in svg


def test_many_figures_in_one_space_do_not_overlap():
    s = scenario(4, tiles=TWO_TILES, turn="bluefin",
                 figures={"bluefin": "1,0", "mollusk": "1,0", "smuggler1": "1,0", "smuggler2": "1,0",
                          "patrol": ["1,0", "1,0"]})
    root = parse(render_svg(s))
    spots = [e.attrib["transform"] for e in elements(root, "data-figure")]
    assert len(spots) == 6 and len(set(t.split(" ")[0] for t in spots)) == 6


@pytest.mark.parametrize("viewer", ["bluefin", "smuggler2", None])
def test_a_viewer_does_not_see_hidden_plans_or_pledges(viewer):
    s = scenario(4, tiles=TWO_TILES, figures={"bluefin": "0,0"}, turn="bluefin",
                 hand=["secret-weapon", "close-call", "enlist"],
                 pledged={"smuggler1": {"bluefin": ["jewelry"], "mollusk": ["wine"]}})
    everything = render_svg(s)
    for secret in ("Secret Weapon", "Close Call", "Enlist", "Jewelry", "Wine"):
        assert secret in everything
    svg = render_svg(s, viewer=viewer)
    for secret in ("Secret Weapon", "Close Call", "Enlist", "Jewelry", "Wine"):
        assert secret not in svg
    root = parse(svg)
    assert len(elements(root, "class", "plan-back")) == 3
    assert len(elements(root, "class", "pledge-back")) == 2
    assert "3 in hand" in svg and "2 facedown" in svg


def test_each_player_sees_their_own_secrets():
    s = scenario(4, tiles=TWO_TILES, figures={"bluefin": "0,0"}, turn="bluefin",
                 hand=["secret-weapon"], pledged={"smuggler1": {"bluefin": ["jewelry"]}})
    mollusk = render_svg(s, viewer="mollusk")
    assert "Secret Weapon" in mollusk and "Jewelry" not in mollusk
    smuggler = render_svg(s, viewer="smuggler1")
    assert "Jewelry" in smuggler and "Secret Weapon" not in smuggler


def test_unknown_viewer_is_refused():
    with pytest.raises(ValueError, match="viewer"):
        render_svg(new_game(3, seed=1), viewer="kraken")


def test_every_targeted_element_names_only_legal_actions():
    s = random_game()
    legal = set(notations(s))
    root = parse(render_svg(s, actions=s.legal_actions()))
    for e in clickable(root):
        assert e.attrib.get("data-action") or e.attrib.get("data-actions")
        assert set(actions_of(e)) <= legal
    for e in root.iter():
        if actions_of(e):
            assert "clickable" in e.attrib.get("class", "").split()
    assert "clickable" not in render_svg(s)  # no actions given: nothing is clickable


def test_placements_target_the_die_and_the_slot_group():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 4, 4]}, gold={"smuggler1": 0})
    root = parse(render_svg(s, actions=notations(s)))
    mine = [e for e in elements(root, "data-die") if e.attrib["data-die"].startswith("smuggler1:")]
    threes = [e for e in mine if e.attrib["data-value"] == "3"]
    assert len(threes) == 1
    assert set(actions_of(threes[0])) == {"sail 3", "fullsail 3", "tailwind 3", "cannons 3"}
    fours = [e for e in mine if e.attrib["data-value"] == "4"]
    assert len(fours) == 2 and all("negotiate 4" in actions_of(e) for e in fours)
    sail = one(root, "data-slot-group", "smuggler1:sail")
    assert actions_of(sail) == ["sail 3", "sail 4"]
    negotiate = one(root, "data-slot-group", "smuggler1:negotiate")
    assert actions_of(negotiate) == ["negotiate 4"]
    # Repair takes an even die even with nothing to repair (placing a die on it is legal).
    assert actions_of(one(root, "data-slot-group", "smuggler1:repair")) == ["repair 4"]


def test_move_targets_the_space_and_an_off_map_space():
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "0,0"}, turn="mollusk",
                 dice={"mollusk": [3, 3]})
    s.apply("sail 3")
    legal = notations(s)
    assert "move 0,-1" in legal
    root = parse(render_svg(s, actions=legal))
    assert actions_of(one(root, "data-space", "1,0")) == ["move 1,0"]
    off = one(root, "data-space", "0,-1")
    assert off.attrib.get("data-offmap") == "1" and actions_of(off) == ["move 0,-1"]


def test_tile_placements_are_ghost_outlines_one_per_placement():
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "0,0"}, turn="mollusk",
                 dice={"mollusk": [3, 3]})
    s.fix("tile", [8])
    s.apply("sail 3").apply("move 0,-1")
    legal = notations(s)
    root = parse(render_svg(s, actions=legal))
    ghosts = elements(root, "data-ghost")
    assert sorted(a for g in ghosts for a in actions_of(g)) == sorted(legal)
    assert all(len(actions_of(g)) == 1 for g in ghosts)
    assert one(root, "data-ghost", "-1,-2,r90").attrib["data-action"] == "tile -1,-2 r90"


def test_recruit_targets_the_market_card():
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "0,0"}, turn="mollusk",
                 dice={"mollusk": [2, 5]}, gold={"mollusk": 1}, market=["diver", "pilot", "grogmaster"])
    legal = notations(s)
    root = parse(render_svg(s, actions=legal))
    assert actions_of(one(root, "data-market", "diver")) == ["recruit diver"]
    pilot = actions_of(one(root, "data-market", "pilot"))
    assert "recruit pilot 2" in pilot and "recruit pilot 5" in pilot
    assert sorted(pilot) == sorted(a for a in legal if a.startswith("recruit pilot"))
    assert not actions_of(one(root, "data-market", "grogmaster"))


def test_smuggle_deliver_and_discard_target_cards():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "0,0"}, turn="smuggler1",
                 dice={"smuggler1": [2, 5]}, market=["diver", "grogmaster", "gunner"],
                 cargo={"smuggler1": ["coins"]})
    legal = notations(s)
    root = parse(render_svg(s, actions=legal))
    assert "smuggle jewelry" in legal
    assert "smuggle jewelry" in actions_of(one(root, "data-market", "diver"))
    # Coins go to a Skull Island: not deliverable at the Fish Island.
    assert not actions_of(one(root, "data-cargo", "smuggler1:coins"))
    root = parse(render_svg(s, actions=["deliver coins"]))
    assert actions_of(one(root, "data-cargo", "smuggler1:coins")) == ["deliver coins"]
    root = parse(render_svg(s, actions=["discard coins"]))
    assert actions_of(one(root, "data-cargo", "smuggler1:coins")) == ["discard coins"]


def battle_position():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,1", "mollusk": "1,0", "patrol": ["1,0"]},
                 turn="smuggler1", dice={"smuggler1": [3, 3]},
                 placed={"smuggler1": {"cannons": 4}}, hand=[])
    s.fix_battle(6, 1)
    return s.apply("sail 3").apply("move 1,0")


def test_battle_targets_the_figures():
    s = battle_position()
    legal = notations(s)
    assert sorted(legal) == ["battle mollusk", "battle patrol"]
    root = parse(render_svg(s, actions=legal))
    assert actions_of(one(root, "data-figure", "mollusk")) == ["battle mollusk"]
    assert actions_of(one(root, "data-figure", "patrol-1")) == ["battle patrol"]
    assert not actions_of(one(root, "data-figure", "smuggler1"))
    assert one(root, "data-figure", "smuggler1").attrib.get("pointer-events") == "none"


def test_fire_and_damage_target_slots_on_the_right_board():
    s = battle_position().apply("battle mollusk")
    legal = notations(s)
    root = parse(render_svg(s, actions=legal))
    cannons = [e for e in elements(root, "data-slot") if e.attrib["data-slot"].startswith("smuggler1:")
               and "fire 4>1" in actions_of(e)]
    assert len(cannons) == 1 and cannons[0].attrib["data-key"] == "cannons"
    s.apply("hold")
    assert "victory reward" in notations(s)
    s.apply("victory none") if "victory none" in notations(s) else None
    # The winner chooses which slot of the loser's board takes the damage.
    s = battle_position().apply("battle mollusk").apply("hold").apply("victory move")
    legal = notations(s)
    assert "damage sail" in legal
    root = parse(render_svg(s, actions=legal))
    targeted = {e.attrib["data-key"]: e.attrib["data-slot"] for e in elements(root, "data-slot")
                if actions_of(e)}
    assert set(targeted) == {a.split(" ")[1] for a in legal if a.startswith("damage ")}
    assert all(v.startswith("mollusk:") for v in targeted.values())
    assert targeted["sail"] == "mollusk:board:0"


def test_repair_targets_a_damaged_slot():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [2, 2]}, damage={"smuggler1": ["sail", "cannons"]})
    s.apply("repair 2")
    legal = notations(s)
    assert "repair sail" in legal
    root = parse(render_svg(s, actions=legal))
    assert actions_of(one(root, "data-slot", "smuggler1:board:0")) == ["repair sail"]
    assert actions_of(one(root, "data-slot", "smuggler1:board:5")) == ["repair cannons"]


def test_order_targets_destinations_and_reward_targets_grid_cells():
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "0,0", "patrol": ["1,0", "2,2"]},
                 turn="bluefin", dice={"bluefin": [3, 3]})
    root = parse(render_svg(s, actions=["order 1,0>1,1", "order 2,2>1,1", "order 2,2>3,2"]))
    assert actions_of(one(root, "data-space", "1,1")) == ["order 1,0>1,1", "order 2,2>1,1"]
    assert actions_of(one(root, "data-space", "3,2")) == ["order 2,2>3,2"]
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1")
    root = parse(render_svg(s, actions=["reward up", "reward left"]))
    assert actions_of(one(root, "data-reward", "smuggler1:1,2")) == ["reward up"]
    assert actions_of(one(root, "data-reward", "smuggler1:2,1")) == ["reward left"]


def test_data_actions_is_json_in_single_quotes():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 4]})
    svg = render_svg(s, actions=notations(s))
    assert "data-actions='[\"" in svg


def test_highlight_and_arrows():
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "0,0"}, turn="bluefin")
    root = parse(render_svg(s, highlight=["1,0", (3, 2)], arrows=[("0,0", "1,0")]))
    assert {e.attrib["data-highlight"] for e in elements(root, "data-highlight")} == {"1,0", "3,2"}
    assert one(root, "data-arrow", "0,0>1,0") is not None


def test_deterministic_and_repr_svg():
    s = random_game()
    a = render_svg(s, actions=s.legal_actions())
    b = render_svg(s.copy(), actions=[str(x) for x in s.legal_actions()])
    assert a == b
    assert render_svg(s, viewer="mollusk") == render_svg(s, viewer="mollusk")
    from ahoy_nb.engine import State
    assert render_svg(State.from_json(s.to_json())) == render_svg(s)
    r = s._repr_svg_()
    assert r == fit_width(render_svg(s)) and parse(r) is not None


def test_compact_and_without_external_resources():
    s = random_game()
    svg = render_svg(s, actions=s.legal_actions())
    root = parse(svg)
    assert sum(1 for _ in root.iter()) < 1200
    assert "href" not in svg and "<image" not in svg and "@import" not in svg and "url(" not in svg
    assert ' id="' not in svg


def test_map_only():
    s = random_game()
    svg = render_svg(s, show_boards=False)
    root = parse(svg)
    assert not elements(root, "data-board") and not elements(root, "data-market")
    assert elements(root, "data-figure")


@pytest.mark.full
def test_setup_and_every_seat_count_render():
    for players in (2, 3, 4):
        s = new_game(players, seed=players)
        parse(render_svg(s, actions=s.legal_actions()))
        viewers = ("all", None, *s.players)
        while not s.is_over and len(s.log) < 40:
            s.apply(s.legal_actions()[-1])
            viewer = viewers[len(s.log) % len(viewers)]
            parse(render_svg(s, viewer=viewer, actions=s.legal_actions()))


def test_plan_names_are_the_printed_ones():
    # The plan names drawn are those of the components (a guard for the hidden-info tests).
    assert {"Secret Weapon", "Close Call", "Enlist"} <= {p["name"] for p in PLAN_CARDS}


def test_plans_and_ship_slots_are_targets():
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "0,0", "patrol": ["2,2"]},
                 comrades={"3,2": 2}, turn="mollusk", dice={"mollusk": [4, 6]}, gold={"mollusk": 1},
                 hand=["sneak-attack-a", "weapons-cache-a", "evacuation"], ships={"gunship": "3,2"})
    legal = notations(s)
    assert {"play sneak-attack", "play evacuation", "gunship 4", "gunship 6"} <= set(legal)
    root = parse(render_svg(s, actions=legal))
    assert actions_of(one(root, "data-plan", "sneak-attack-a")) == ["play sneak-attack"]
    assert actions_of(one(root, "data-plan", "evacuation")) == ["play evacuation"]
    assert not actions_of(one(root, "data-plan", "weapons-cache-a"))
    assert actions_of(one(root, "data-slot-group", "mollusk:gunship")) == ["gunship 4", "gunship 6"]
    assert one(root, "data-figure", "gunship") is not None
    assert len(elements(root, "data-slot", None)) >= 12 + 2
    # Nobody else sees the hand, so nothing names it.
    svg = render_svg(s, viewer="bluefin", actions=legal)
    assert "Sneak Attack" not in svg and "data-plan" not in svg
