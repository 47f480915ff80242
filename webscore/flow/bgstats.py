"""A finished game as a play for BG Stats: its "push plays from other apps" link, drawn the same by the server
and by the phone's core (so its text is written here, key by key, not by a JSON library whose key order and
escapes differ between Python and MicroPython).

The link is https://app.bgstatsapp.com/createPlay.html?data=<the play as url-encoded JSON>. The play names the
game (Tiny Towns on BoardGameGeek, highest score wins), Marquoir as its source with the game's code as the
play's id, each player's name, score, rank, winner flag and seat, and as its comment the expansions played (by
their titles: BG Stats has no field for them that a link can fill) above the result's address. The
date of play is the phone's, added when the link is tapped (static/js/share.js): a result page is the same for
every reader and every day.
"""

from .history_stats import won

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
BGG_ID = 265736
SOURCE = "Marquoir"
# The expansions by the titles on their boxes, the same in every language of the page.
EXPANSION_TITLES = {"fortune": "Tiny Towns: Fortune", "tiny-trees": "Tiny Towns: Tiny Trees"}
# What percent-encoding leaves as it is (as encodeURIComponent does, less its !*'()).
UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~"
UNRESERVED_BYTES = UNRESERVED.encode()
# What JSON writes as it is in a string: printable ASCII but quotes and backslashes.
PLAIN_BYTES = bytes([byte for byte in range(0x20, 0x7F) if chr(byte) not in '"\\'])


def play(view: dict, code: str) -> dict:
    """Return the play of a result view (webscore.flow.result_view): the players in seating order."""
    return play_of(code, [EXPANSION_TITLES[used] for used in view["expansions"]], view["players"])


def play_of(code: str, expansions: list, players: list) -> dict:
    """Return a play: its id, the expansions' titles, and its players ({"name", "total", "place"}) in seating order."""
    return {"code": code, "expansions": expansions, "players": [
        {"name": player["name"], "score": player["total"], "rank": player["place"], "seat": n + 1,
         "winner": won(player["place"], len(players))} for n, player in enumerate(players)]}


def address(played: dict, link: str) -> str:
    """Return the BG Stats link of a play, with the expansions played and the result's address (link) as its comment."""
    # Percent-encoding goes character by character, so the play's fixed text (its game, keys and punctuation) is
    # encoded once (PLAY, PLAYER), and only what differs from play to play is encoded here.
    players = PLAY["comma"].join([_player(player) for player in played["players"]])
    return (CREATE_PLAY + "?data=" + PLAY["head"] + _quote_text(played["code"]) + PLAY["game"] + players
            + PLAY["comments"] + _quote_text("\n".join(played["expansions"] + [link])) + PLAY["end"])


def _player(player: dict) -> str:
    """Return a player of a play as JSON, percent-encoded: {"name", "sourcePlayerId", "score", "rank", "winner",
    "seatOrder"} (numbers, true and false need no encoding)."""
    name = _quote_text(player["name"])
    return (PLAYER["name"] + name + PLAYER["sourcePlayerId"] + name + PLAYER["score"] + str(player["score"])
            + PLAYER["rank"] + str(player["rank"]) + PLAYER["winner"] + ("true" if player["winner"] else "false")
            + PLAYER["seatOrder"] + str(player["seat"]) + PLAYER["end"])


def _object(pairs) -> str:
    return "{" + ",".join(_text(key) + ":" + value for key, value in pairs) + "}"


# What each byte is written as, percent-encoded: kept as it is when unreserved, else %XX.
QUOTED = tuple(chr(byte) if chr(byte) in UNRESERVED else "%%%02X" % byte for byte in range(256))
# The characters JSON writes escaped: quotes, backslashes and control characters (C0, DEL and C1).
ESCAPED = {'"': '\\"', "\\": "\\\\"}
for _code in range(0xA0):
    if _code < 0x20 or _code >= 0x7F:
        ESCAPED[chr(_code)] = "\\u%04x" % _code


def _text(value: str) -> str:
    """Return a JSON string: quotes, backslashes and control characters escaped, every other character as it is."""
    value = str(value)
    if not value.encode("utf-8").strip(PLAIN_BYTES):
        # Printable ASCII without quotes or backslashes, as most names and codes are: strip() takes those bytes off
        # both ends, so nothing is left only when there is no other byte (a look at each character in C, where
        # min() and max() made each a string of its own, twice).
        return '"' + value + '"'
    for char in value:
        if char in ESCAPED:
            break
    else:
        # Nothing to escape (letters beyond ASCII).
        return '"' + value + '"'
    return '"' + "".join([ESCAPED.get(char, char) for char in value]) + '"'


def _quote_text(value: str) -> str:
    """Return a JSON string percent-encoded (_text, then _quote), its quotes encoded on their own: what they hold is
    then often unreserved as it is (a code, a name)."""
    return QUOTED[ord('"')] + _quote(_text(value)[1:-1]) + QUOTED[ord('"')]


def _quote(text: str) -> str:
    """Return text percent-encoded as UTF-8, as encodeURIComponent does.

    An address (the result's link in the comment) is encoded segment by segment: its longest, the game's code, is
    unreserved text, kept as it is without a look at each of its characters."""
    if "/" in text:
        return QUOTED[ord("/")].join([_quote_segment(segment) for segment in text.split("/")])
    return _quote_segment(text)


def _quote_segment(text: str) -> str:
    encoded = text.encode("utf-8")
    if not encoded.strip(UNRESERVED_BYTES):
        # Every character unreserved (a code, a plain name): strip() takes unreserved bytes off both ends, so nothing
        # is left only when there is no other byte. The text goes as it is.
        return text
    return "".join([QUOTED[byte] for byte in encoded])


# The play's text around its code, its players and its comment, percent-encoded once: {"sourceName": …,
# "sourcePlayId": <code>, "game": {…}, "players": [<players>], "comments": <comment>}; and a player's, before
# each of its values.
GAME = _object((("name", _text("Tiny Towns")), ("bggId", str(BGG_ID)), ("sourceGameId", _text("tiny-towns")),
                ("highestWins", "true"), ("noPoints", "false")))
PLAY = {"head": _quote("{" + _text("sourceName") + ":" + _text(SOURCE) + "," + _text("sourcePlayId") + ":"),
        "game": _quote("," + _text("game") + ":" + GAME + "," + _text("players") + ":["),
        "comma": _quote(","), "comments": _quote("]," + _text("comments") + ":"), "end": _quote("}")}
PLAYER = {key: _quote(("{" if key == "name" else ",") + _text(key) + ":")
          for key in ("name", "sourcePlayerId", "score", "rank", "winner", "seatOrder")}
PLAYER["end"] = _quote("}")
