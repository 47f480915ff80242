"""Coverage-guided fuzzing of the game-code decoder and the game-file validator (atheris).

    .venv/bin/pip install "atheris>=2.3"
    .venv/bin/python tests/fuzz/fuzz_core.py -max_total_time=120 -seed=1

Each input is tried three ways: as a game code, as the bytes inside a code, and as a JSON game file.
Only CodeError and InvalidGame may come out; anything else is a crash libFuzzer reports and saves.
A decoded or validated game must also score, and encode back to a code that decodes to itself.
"""

import json
import sys

import atheris

with atheris.instrument_imports():
    from webscore.scoring import CodeError
    from webscore.scoring import InvalidGame
    from webscore.scoring import decode
    from webscore.scoring import encode
    from webscore.scoring import game_from_code
    from webscore.scoring import score
    from webscore.scoring.code_text import to_text
    from webscore.scoring.validate import problems


def check_game(game: dict) -> None:
    """A game that passed validation must score and survive a round trip through a code."""
    score(game)
    assert decode(encode(game)) == decode(encode(decode(encode(game))))


def one_input(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    text = provider.ConsumeUnicodeNoSurrogates(len(data))
    for code in (text, to_text(data)):
        try:
            check_game(game_from_code(code))
        except (CodeError, InvalidGame):
            pass
    try:
        game = json.loads(data)
    except (ValueError, RecursionError):
        return
    if not problems(game):
        check_game(game)
    else:
        try:
            score(game)
        except InvalidGame:
            pass


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
