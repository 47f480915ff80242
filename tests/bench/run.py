"""All of Marquoir's figures in one run: python tests/bench/run.py

Keeps one `name: value` line per figure, in this order, so runs of different versions can be compared
line by line: the core under CPython and MicroPython and its slowest feeding choice, the load test
(gunicorn on loopback) with the floor ratio, the bytes of a first visit per page, and a first visit
on a throttled phone profile with the time of one live-score update, and the result picture's CPU
time beside the result page's.
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import core  # noqa: E402
import load  # noqa: E402
import phone  # noqa: E402
import picture  # noqa: E402
import weight  # noqa: E402

if __name__ == "__main__":
    core.main()
    load.print_figures(load.measure(requests=400, clients=8))
    weight.main()
    phone.main()
    picture.main()
