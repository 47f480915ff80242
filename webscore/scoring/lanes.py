"""Every choice of `size` places among `count` scored at once: each choice a lane, its total added up bit-sliced.

The choices are numbered in lexicographic order, and choice n is bit n of a number: a set of choices is one number,
the lanes. Each place has the lanes holding it (choice_lanes), so the lanes that pay a card are read with a few
operations on those numbers (the lanes holding any of its places, or two of them: card_lanes). What each lane makes
is then added up bit-sliced (added_up): planes[j] holds bit j of every lane's total, and a value is added to a set of
lanes at once, carried from plane to plane as a column of adders would. The lanes making the most are read from the
top plane down (best_lanes), and the first of them is the lowest bit (first_lane).

Under MicroPython a few dozen operations on numbers of a bit a choice (126 bits for the choices of 4 among 9) cost less
than a loop through the choices one by one, each scored in a dozen steps (tests/bench/fortune_feeding.py).
"""

# {count * 32 + size: choice_lanes' answer}: it depends on nothing else, so it is worked out once, as town.CHOICES is.
_LANES = {}


def choice_lanes(count: int, size: int) -> tuple:
    """Return the choices of `size` places among `count` as lanes: (for each place, the lanes holding it; every lane;
    each lane's places, as bits).

    In lexicographic order the choices holding place 0 come first, one for each choice of size - 1 among the places
    after it, then those without it, one for each choice of `size` among those places: each is put together from
    those two tables, worked out (and kept) the same way.
    """
    key = count * 32 + size
    found = _LANES.get(key)
    if found is None:
        if size == 0 or size == count:
            found = ([1 if size else 0] * count, 1, [(1 << size) - 1])
        else:
            first, _, first_places = choice_lanes(count - 1, size - 1)
            rest, _, rest_places = choice_lanes(count - 1, size)
            held = len(first_places)
            members = [(1 << held) - 1]
            for p in range(count - 1):
                members.append(first[p] | rest[p] << held)
            places = [chosen << 1 | 1 for chosen in first_places] + [chosen << 1 for chosen in rest_places]
            found = (members, (1 << len(places)) - 1, places)
        _LANES[key] = found
    return found


def card_lanes(members: list, singles_at: list, pairs_at: list, doubles_at: list, found: list) -> None:
    """Add to `found` the lanes that pay each card: those holding any of the places of a card missing one Cottage
    (singles_at: each card's places), then for each card missing two those holding two of its places that bring it one
    (pairs_at) or one that brings both (doubles_at: a Barrett Castle's)."""
    for places in singles_at:
        paid = 0
        for p in places:
            paid |= members[p]
        found.append(paid)
    for card in range(len(pairs_at)):
        once = paid = 0
        for p in pairs_at[card]:
            paid |= once & members[p]
            once |= members[p]
        for p in doubles_at[card]:
            paid |= members[p]
        found.append(paid)


def added_up(lanes: list, values: list) -> list:
    """Return the planes of the totals when values[n] (0 or more) is added to each of lanes[n], every lane at 0 first:
    bit j of a lane's total is its bit in planes[j]. There are as many planes as the sum of the values has bits, so no
    carry goes past the last."""
    top, count = 0, 0
    for value in values:
        top += value
    while top:
        top >>= 1
        count += 1
    planes = [0] * count
    for n in range(len(lanes)):
        value = values[n]
        for j in VALUE_BITS[value] if value < len(VALUE_BITS) else _bits(value):
            carry, k = lanes[n], j
            while carry:
                plane = planes[k]
                planes[k] = plane ^ carry
                carry &= plane
                k += 1
    return planes


def _bits(value: int) -> tuple:
    """Return the places of the bits set in a value (0 or more), the lowest first."""
    found = []
    j = 0
    while value:
        if value & 1:
            found.append(j)
        value >>= 1
        j += 1
    return tuple(found)


# The bits of the values a card's points or a square's worth above the least can be, read rather than worked out.
VALUE_BITS = tuple(_bits(value) for value in range(32))


def best_lanes(planes: list, lanes: int) -> tuple:
    """Return (the most any of these lanes makes, the lanes making it): from the top plane down, those with the bit set
    wherever some have it."""
    most = 0
    for j in range(len(planes) - 1, -1, -1):
        top = lanes & planes[j]
        if top:
            lanes = top
            most += 1 << j
    return most, lanes


def first_lane(lanes: int) -> int:
    """Return the number of the lowest lane, found 16 at a time (a number of MicroPython has no bit_length())."""
    first = lanes & -lanes
    lane = 0
    while first >> 16:
        first >>= 16
        lane += 16
    while first > 1:
        first >>= 1
        lane += 1
    return lane
