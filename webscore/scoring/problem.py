"""A validation problem, and the check of a number a town needs, shared by the game file's checks."""


def problem(code: str, player=None, square=None, value=None) -> dict:
    """Return one problem record."""
    return {"code": code, "player": player, "square": square, "value": value}


def is_int(value) -> bool:
    """Tell whether a value is a whole number (true and false are not, though CPython counts them as ints)."""
    return type(value) is int


def check_count(player: dict, p: int, key: str, low: int, high: int, needed: bool) -> list:
    """Check a number a player's town needs (or must not carry) against its range."""
    value = player.get(key)
    if value is None:
        return [problem(key + "-missing", p)] if needed else []
    if not needed:
        return [problem(key + "-not-needed", p)]
    if not is_int(value) or value < low or value > high:
        return [problem(key + "-out-of-range", p, value=value if is_int(value) else None)]
    return []
