"""Bytes of a first visit per page: the HTML and every script, style sheet and icon it loads."""

import gzip
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from webscore import create_app  # noqa: E402
from webscore.scoring import encode  # noqa: E402

ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')


def first_visit(client, path: str) -> tuple:
    """Return (raw bytes, gzip bytes) of a page and the assets it references, each counted once."""
    response = client.get(path)
    bodies = [response.get_data()]
    response.close()
    seen = set()
    for asset in ASSET.findall(bodies[0].decode()):
        if asset not in seen:
            seen.add(asset)
            response = client.get(asset)
            bodies.append(response.get_data())
            response.close()
    return sum(len(b) for b in bodies), sum(len(gzip.compress(b, 9)) for b in bodies)


def main() -> None:
    """Print the first-visit weight of each page, one `name: value` line each."""
    client = create_app({"TESTING": True}).test_client()
    game = encode(json.loads((ROOT / "tests" / "support" / "games" / "four-players.json").read_text()))
    pages = {"home": "/en/", "setup": "/en/new", "town": "/en/g/{}/1".format(game),
             "result": "/en/r/{}".format(game), "rules": "/en/rules"}
    for name, path in pages.items():
        raw, packed = first_visit(client, path)
        print("bytes.{}: raw={} gzip={}".format(name, raw, packed))


if __name__ == "__main__":
    main()
