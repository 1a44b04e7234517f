"""The undo history: the position before each action, as ``marshal`` bytes, kept lazily.

``State.history[k]`` is the position after ``k`` actions (``marshal.loads`` gives its
data). Copying the whole position before every action was the largest single cost of a
decision, and most games never read their history (a bot's search, a random playout).
So where the position before an action is the one before the previous action with that
action applied, and nothing else touched it, only the previous action's notation is
kept; the bytes are made by replaying it when the entry is read, and kept from then on.
An entry is replayed from the nearest one kept as bytes, and one in every
:data:`CHECKPOINT` is kept as bytes, so a read replays at most that many actions.

``State`` decides which entries may be replayed (see ``State._go``): never after the
game's data was handed out (``State.data``), outcomes were fixed, or chance was explicit.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=3)
>>> for _ in range(5):
...     _ = s.apply(s.legal_actions()[0])
>>> len(s.history), s.history.kept()        # the first is bytes, the others a notation
(5, 1)
>>> import marshal
>>> marshal.loads(s.history[-1]) == s.copy().undo().data
True
>>> s.history.kept()                        # read once, kept
5
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

#: One entry in this many is kept as bytes even when it could be replayed: the most
#: actions a read of the history replays.
CHECKPOINT = 32

Replay = Callable[[bytes, str], bytes]  # (position before, notation) -> position after


class History(Sequence):
    """A list of positions (``bytes``), some kept as the action that leads to them from
    the entry before (``str``) until read. Reads, ``append`` and ``pop`` as a list's."""

    __slots__ = ("_entries", "_replay", "_since")

    def __init__(self, entries: Sequence[bytes] = (), replay: Replay | None = None):
        self._entries: list[bytes | str] = list(entries)
        self._replay = replay
        self._since = 0  # entries since the last one kept as bytes

    def append(self, position: bytes) -> None:
        self._entries.append(position)
        self._since = 0

    def may_replay(self) -> bool:
        """Whether the next entry may be kept as an action: there is an entry before it,
        and no checkpoint is due."""
        return bool(self._entries) and self._since < CHECKPOINT - 1

    def append_replay(self, action: str) -> None:
        """Append the position that ``action`` leads to from the last entry, to be made
        when read."""
        self._entries.append(action)
        self._since += 1

    def pop(self) -> bytes:
        position = self[-1]
        entries = self._entries
        entries.pop()
        since = 0
        while since < len(entries) and not isinstance(entries[-1 - since], bytes):
            since += 1
        self._since = since
        return position

    def kept(self) -> int:
        """How many entries are held as bytes now."""
        return sum(isinstance(e, bytes) for e in self._entries)

    def copy(self) -> "History":
        twin = History((), self._replay)
        twin._entries = list(self._entries)  # bytes and str: shared, never changed
        twin._since = self._since
        return twin

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self._entries)))]
        entries = self._entries
        if k < 0:
            k += len(entries)
        entry = entries[k]  # raises IndexError as a list does
        if isinstance(entry, bytes):
            return entry
        start = k
        while not isinstance(entries[start], bytes):
            start -= 1
        position = entries[start]
        for i in range(start + 1, k + 1):
            position = entries[i] = self._replay(position, entries[i])
        return position

    def __iter__(self) -> Iterator[bytes]:
        for k in range(len(self._entries)):
            yield self[k]

    def __eq__(self, other) -> bool:
        if isinstance(other, (History, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __repr__(self) -> str:
        return f"<History of {len(self)} positions, {self.kept()} kept as bytes>"
