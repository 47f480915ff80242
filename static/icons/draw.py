"""Draw Marquoir's PNG icons: a small town on a 4×4 board. Run: python static/icons/draw.py

Writes icon-192/512 (purpose any, rounded board), maskable-192/512 (full bleed, town inside the safe
zone, a circle of 40% radius) and apple-touch-icon (180). Pure Python (zlib), so no imaging library is needed to redraw them.
"""

import pathlib
import struct
import zlib

HERE = pathlib.Path(__file__).resolve().parent
NAVY = (35, 57, 91)
PAPER = (251, 248, 242)
# A town: the card colours of a few buildings, None for an empty square.
TOWN = (
    ((47, 111, 179), (194, 59, 46), None, (224, 180, 0)),
    ((40, 122, 66), (47, 111, 179), (221, 122, 31), None),
    (None, (107, 112, 121), (47, 111, 179), (122, 79, 160)),
    ((224, 180, 0), None, (194, 59, 46), (47, 111, 179)),
)


def png(size: int, pixels) -> bytes:
    """Return a PNG file of size×size RGB pixels given as pixels(x, y) -> (r, g, b)."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixels(x, y))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


def inside_rounded(x: float, y: float, left: float, top: float, side: float, radius: float) -> bool:
    cx = min(max(x, left + radius), left + side - radius)
    cy = min(max(y, top + radius), top + side - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 and left <= x <= left + side and top <= y <= top + side


def icon(size: int, maskable: bool) -> bytes:
    """Return one icon; a maskable one fills the square and keeps the whole town inside the safe zone."""
    # The safe zone of a maskable icon is the circle of radius 40% of its side: a square board's corners
    # stay inside it when its side is under 0.4 * 2 / sqrt(2) = 56.6% of the icon.
    board = size * (0.54 if maskable else 0.78)
    start = (size - board) / 2
    gap = board * 0.045
    tile = (board - 3 * gap) / 4

    def pixel(x, y):
        px, py = x + 0.5, y + 0.5
        if not maskable and not inside_rounded(px, py, 0, 0, size, size * 0.18):
            return PAPER
        for row in range(4):
            for col in range(4):
                left, top = start + col * (tile + gap), start + row * (tile + gap)
                if inside_rounded(px, py, left, top, tile, tile * 0.18):
                    colour = TOWN[row][col]
                    return colour if colour else (58, 82, 118)
        return NAVY

    return png(size, pixel)


if __name__ == "__main__":
    for size in (192, 512):
        (HERE / "icon-{}.png".format(size)).write_bytes(icon(size, maskable=False))
        (HERE / "maskable-{}.png".format(size)).write_bytes(icon(size, maskable=True))
    (HERE / "apple-touch-icon.png").write_bytes(icon(180, maskable=True))
