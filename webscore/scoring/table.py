"""At the table during the game: the hammer's round tracker and the Town Hall and Solo resource decks.

Everything is replayed from a short record (events, a seed, the cards taken), so a page can be reloaded,
undone by dropping the last entry, or shared, and the browser and the server agree to the card.
"""

from .validate import MAX_PLAYERS

RESOURCES = ("wood", "wheat", "brick", "glass", "stone")
# 15 Resource cards, 3 of each resource, in a fixed order before shuffling.
DECK = tuple(resource for resource in RESOURCES for _ in range(3))
SET_ASIDE = 5
FACE_UP = 3
MASK = 0xFFFFFFFF
FORT_IRONWEED = "fort-ironweed"


class TableError(ValueError):
    """A record of play that cannot be replayed."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _numbers(seed: int):
    """Yield 32-bit pseudo-random numbers (xorshift32) from a seed drawn from a proper random source."""
    state = (seed & MASK) or 0x9E3779B9
    while True:
        state ^= (state << 13) & MASK
        state ^= state >> 17
        state ^= (state << 5) & MASK
        yield state


def _shuffled(cards, numbers) -> list:
    """Return the cards in a Fisher-Yates order drawn from numbers."""
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        j = next(numbers) % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


class Dealer:
    """choice() and shuffle() drawn from a seed, for dealing cards where no other random source is."""

    __slots__ = ("numbers",)

    def __init__(self, seed: int):
        self.numbers = _numbers(seed)

    def choice(self, items):
        """Return one of items."""
        return items[next(self.numbers) % len(items)]

    def shuffle(self, items: list) -> None:
        """Put items in a random order, in place."""
        items[:] = _shuffled(items, self.numbers)


def dealer(seed: int) -> Dealer:
    """Return a dealer for a 32-bit seed drawn from a proper random source (the browser's crypto)."""
    return Dealer(seed)


def town_hall(seed: int, rounds: int) -> dict:
    """Return the Town Hall deck after `rounds` rounds: the card of the last round (None in a free round).

    Rounds 1 and 2 of every three turn the top card; round 3 is free. When the pile is empty, every card
    is shuffled again and 5 put aside, as at the start.
    """
    if type(rounds) is not int or rounds < 0 or rounds > 999:
        raise TableError("rounds")
    numbers = _numbers(seed)
    pile = []
    shuffles = 0
    card = None
    for played in range(1, rounds + 1):
        card = None
        if played % 3 == 0:
            continue
        if not pile:
            # Decided as "put 5 aside again" reads: the discards and the 5 aside go back, as at the start.
            pile = _shuffled(DECK, numbers)[SET_ASIDE:]
            shuffles += 1
        card = pile.pop(0)
    # Before the first card the deck is shuffled and 5 put aside, so the pile holds the other 10.
    left = len(pile) if shuffles else len(DECK) - SET_ASIDE
    return {"round": rounds, "card": card, "pile": left, "shuffles": shuffles,
            "next_is_free": (rounds + 1) % 3 == 0}


def solo_deck(seed: int, taken: list) -> dict:
    """Return the Solo deck after taking the face-up cards at the given positions (0 to 2), in order.

    A taken card goes under the pile and the top of the pile is turned into its place.
    """
    numbers = _numbers(seed)
    order = _shuffled(DECK, numbers)
    face_up = order[:FACE_UP]
    pile = order[FACE_UP:]
    history = []
    for position in taken:
        if type(position) is not int or not 0 <= position < FACE_UP:
            raise TableError("position")
        card = face_up[position]
        history.append(card)
        pile.append(card)
        face_up[position] = pile.pop(0)
    return {"face_up": face_up, "pile": len(pile), "taken": history}


def without_last_event(text: str) -> str:
    """Return a tracker record less its last event, as Undo leaves it ("nc2n" gives "nc2", "nc2" gives "n").

    A record that does not end in an event is returned as it is.
    """
    end = len(text)
    while end and text[end - 1] in "0123456789":
        end -= 1
    if end < len(text):
        return text[:end - 1] if end and text[end - 1] in "cf" else text
    return text[:-1] if text.endswith("n") else text


def parse_events(text: str) -> list:
    """Return tracker events from their short form: "n" next round, "c2" town 2 complete, "f0" fort built."""
    events = []
    at = 0
    while at < len(text):
        kind = text[at]
        if kind == "n":
            events.append(("n", None))
            at += 1
            continue
        if kind not in "cf":
            raise TableError("events")
        end = at + 1
        while end < len(text) and text[end] in "0123456789":
            end += 1
        if end == at + 1 or end - at > 3:
            raise TableError("events")
        events.append((kind, int(text[at + 1:end])))
        at = end
    return events


def _next_holder(holder: int, active: list, skipping: list) -> int:
    """Return who takes the hammer after holder, to the left, skipping towns complete and Fort owners."""
    count = len(active)
    still = [p for p in range(count) if active[p]]
    if not still:
        return -1
    for step in range(1, count + 1):
        p = (holder + step) % count
        if active[p] and (not skipping[p] or len(still) == 1):
            return p
    # Only Fort owners are left: the rule exempts the last player left, so they keep passing it on.
    for step in range(1, count + 1):
        p = (holder + step) % count
        if active[p]:
            return p
    return -1


def _seated(monuments: list, first: int) -> int:
    """Return how many players sit at a Master Builder table, or raise TableError for a seating that cannot play."""
    if type(monuments) is not list or not all(m is None or type(m) is str for m in monuments):
        raise TableError("monuments")
    count = len(monuments)
    # The hammer passes among 2 to MAX_PLAYERS players: one player plays Solo, without it.
    if not 2 <= count <= MAX_PLAYERS:
        raise TableError("player-count")
    if sum(1 for m in monuments if m == FORT_IRONWEED) > 1:
        raise TableError("fort-owners")
    if type(first) is not int or not 0 <= first < count:
        raise TableError("first")
    return count


def _passed_hammer(holder: int, monuments: list, completed: list, fort_built: list) -> int:
    """Return who holds the hammer next round, or raise TableError when no town is left to play."""
    count = len(monuments)
    active = [completed[q] is None for q in range(count)]
    if holder < 0 or not any(active):
        raise TableError("game-over")
    skipping = [fort_built[q] and monuments[q] == FORT_IRONWEED for q in range(count)]
    holder = _next_holder(holder, active, skipping)
    if holder < 0:
        raise TableError("game-over")
    return holder


def _complete_town(p: int, completed: list, round_number: int) -> None:
    """Note player p's town complete in this round, or raise TableError when it already was."""
    if completed[p] is not None:
        raise TableError("twice")
    completed[p] = round_number


def _build_fort(p: int, monuments: list, completed: list, fort_built: list) -> None:
    """Note player p's Fort Ironweed built, or raise TableError when p cannot build it now."""
    if monuments[p] != FORT_IRONWEED or fort_built[p]:
        raise TableError("fort")
    if completed[p] is not None:
        # A complete town has no square left to build on.
        raise TableError("fort-after-complete")
    fort_built[p] = True


def _completed_before(completed: list) -> list:
    """Return, per player, how many towns were completed in an earlier round (None for a town not complete)."""
    count = len(completed)
    return [None if completed[p] is None else sum(1 for q in range(count) if completed[q] is not None
                                                  and completed[q] < completed[p]) for p in range(count)]


def master_builder(monuments: list, first: int, events: list) -> dict:
    """Replay a Master Builder game: whose hammer it is, each player's turns, the order towns completed.

    monuments lists each player's monument (or None) in seating order; first holds the hammer in round 1.
    """
    count = _seated(monuments, first)
    turns = [0] * count
    completed = [None] * count
    fort_built = [False] * count
    round_number = 1
    holder = first
    turns[holder] += 1
    for kind, p in events:
        if kind == "n":
            holder = _passed_hammer(holder, monuments, completed, fort_built)
            round_number += 1
            turns[holder] += 1
            continue
        if not 0 <= p < count:
            raise TableError("player")
        if kind == "c":
            _complete_town(p, completed, round_number)
        else:
            _build_fort(p, monuments, completed, fort_built)
    can_build_fort = [monuments[p] == FORT_IRONWEED and not fort_built[p] and completed[p] is None
                      for p in range(count)]
    return {"round": round_number, "holder": holder, "turns": turns, "completed": completed,
            "completed_before": _completed_before(completed), "fort_built": fort_built,
            "can_build_fort": can_build_fort, "ended": all(c is not None for c in completed)}
