"""Every game ends: free moves never loop (docs/rulings.md, "Free moves end"), and a turn
that ran past the engine's bound would be an engine error (docs/engine.md, "How long a
turn can be").
"""

from __future__ import annotations

import json

from ahoy_nb.engine import new_game

# Deal 1005 of the 2-player matches (docs/bots.md), the hard bot as the Mollusk with
# Barrelman: its first 48 actions, up to the Flagship carried by Barrelman from the Fog at
# 1,1 onto the Fog at 1,2 (exploring the Tree region there). The hard bot then chose
# "barrelman 1,1", "barrelman 1,2", ... for 46 minutes.
DEAL_1005 = (
    "start 3,2|sail 3|move 3,3|tile 2,3 r90|patrol|tailwind 5>6|move 1,0|patrol|end|inspire 6|"
    "inspire 0,0|inspire 2,4|inspire 3,2|cannons 3|recruit barrelman|play dynamic-entry|"
    "move 1,0|battle bluefin|play weapons-cache|hold|victory place-comrade|damage cannons6|"
    "battle patrol|fire 5>1|victory damage2|damage tailwind|damage rally|end|order 3|"
    "order 2,3>3,3|order 3,2>3,3|order 1,0>2,0|tile 2,-1 r0|sail 1|move 0,0|move -1,0|"
    "tile -2,0 r90|patrol|end|repair 2|repair tailwind|repair rally|sail 4|move 1,1|"
    "barrelman 1,0|move 1,1|barrelman 1,2|tile 0,2 r0").split("|")


def position(state) -> str:
    """The position (not its log) as canonical text."""
    return json.dumps(state.data, sort_keys=True)


def test_the_deal_1005_loop_is_gone():
    s = new_game(2, seed=1005)
    for action in DEAL_1005:
        s.apply(action)
    assert s.figure("mollusk").at == (1, 2) and s.space("1,2").terrain == "fog"
    assert s.space("1,1").terrain == "fog"
    # Carried out of 1,1 in this space of movement: Barrelman does not carry it back.
    offered = [str(a) for a in s.legal_actions()]
    assert offered == ["barrelman 0,2", "barrelman 1,3", "barrelman 2,2", "no-barrelman"]
    assert not s.is_legal("barrelman 1,1")
    # Every way on ends this movement: no choice leads back to a position already seen.
    seen = {position(s)}
    frontier = [s]
    while frontier:
        state = frontier.pop()
        if state.data["pending"] and state.data["pending"][-1]["type"] in ("barrelman", "sea-dog",
                                                                             "sea-witch", "explore"):
            for action in state.legal_actions():
                after = state.after(action)
                key = position(after)
                assert key not in seen
                seen.add(key)
                frontier.append(after)
    assert len(seen) > 4
