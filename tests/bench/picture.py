"""CPU time of the result picture beside the result page for the same code: python tests/bench/picture.py

Both go through the Flask test client, so each figure includes the same request handling. The picture is
timed drawn afresh (its cache emptied before each request) and served from its cache; the page as it is
served. CPU time (time.process_time), min / median / max over the repeats, in milliseconds, plus the
PNG's size. One `name: value` line each, in a stable order.
"""

import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support import examples  # noqa: E402
from support.apps import new_app  # noqa: E402
from support.towns import game  # noqa: E402
from support.towns import player  # noqa: E402
from support.towns import town  # noqa: E402
from webscore.scoring import encode  # noqa: E402
from webscore.web.results import picture  # noqa: E402

REPEATS = 9
SIX_NAMES = ["W" * 24, "Árvíztűrő tükörfúrógépŰŐ", "Ménestrel Éléonore-Œdipe", "Zsófia-Borbála Kovácsné", "王小明 🎲",
             "Ő" * 24]
SIX_TOWN = town("cottage farm well chapel", "tavern theater factory .", "cottage cottage . .", "tavern . . cottage")
CODES = {
    "four-players": examples.FOUR_PLAYERS_CODE,
    "six-long-names": encode(game(*[player(SIX_TOWN, name, master_builder_turns=n) for n, name in enumerate(SIX_NAMES)],
                                  monuments=False)),
}


def cpu_ms(client, path: str, before=None) -> list:
    """Return the CPU milliseconds of each of REPEATS requests for a path (after one warm-up)."""
    client.get(path).close()
    times = []
    for _ in range(REPEATS):
        if before:
            before()
        started = time.process_time()
        response = client.get(path)
        response.get_data()
        times.append((time.process_time() - started) * 1000)
        assert response.status_code == 200, (path, response.status_code)
        response.close()
    return times


def spread(times: list) -> str:
    return "min {:.1f} median {:.1f} max {:.1f} ms".format(min(times), statistics.median(times), max(times))


def main() -> None:
    """Print the picture's and the result page's CPU time for each example code."""
    client = new_app().test_client()
    for name, code in CODES.items():
        png = "/en/r/{}.png".format(code)
        print("picture_drawn_cpu[{}]: {}".format(name, spread(cpu_ms(client, png, picture.rendered.cache_clear))))
        print("picture_cached_cpu[{}]: {}".format(name, spread(cpu_ms(client, png))))
        print("result_page_cpu[{}]: {}".format(name, spread(cpu_ms(client, "/en/r/" + code))))
        print("picture_bytes[{}]: {}".format(name, len(client.get(png).data)))


if __name__ == "__main__":
    main()
