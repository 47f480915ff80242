"""The table's sync under random interleavings: 2 to 5 phones, a network that delays, repeats and drops.

Each run is a table's town edited by every phone at once: taps, "Done", "Change my town again", answers lost,
requests sent twice or arriving late, phones taking a lost request for gone and sending it again, conflicts
and handed-in towns settled by the player's choice. Then the network heals and every phone sends what waits.
What must hold, whatever the order:
- every phone shows the very town the server holds (the same fields, the same "done");
- every operation a phone saw acknowledged was applied by the server (or found already applied);
- the last value a phone gave a field is the server's, unless another phone changed that field after it,
  or the player chose the other phone's value (a conflict) or to keep the town as handed in;
- a handed-in town is opened again only by a "reopen" that a player asked for;
- an outbox stays a few operations long, however many taps were made.

The phones' side runs through the browser's door (webscore.flow.outbox_json), under CPython and, for a
smaller sample, under MicroPython. MARQUOIR_SYNC_RUNS sets how many runs (10,000 for a thorough search).
"""

import json
import os
import random

import pytest

from support import examples
from support.tables import empty_setup
from webscore import flow
from webscore.flow import sync
from webscore.flow import sync_merge
from webscore.flow import sync_outbox
from webscore.flow.town_fields import fields_of

GAME = empty_setup(examples.load("four-players"))
N = 1
CARDS = ["", "cottage", "farm", "well", "temple", "theater", "feast-hall"]
SQUARES = [name for name in sync.FIELDS if name.startswith("square_")][:6]
RUNS = int(os.environ.get("MARQUOIR_SYNC_RUNS", "1000"))
# A thousand random runs each (a second or more): out of the fast lane, pytest -m "not browser and not slow".
pytestmark = pytest.mark.slow
MOST_OPS = 6


class Server:
    """The table's town as the store keeps it, merging one operation at a time."""

    def __init__(self):
        self.town = sync.town_from_fields(fields_of(GAME["players"][N - 1]), 0, False)
        self.applied = set()

    def receive(self, client: str, op: dict) -> tuple:
        was_done = self.town["done"]
        self.town, answer = sync_merge.apply(self.town, client, op, GAME, N)
        if was_done and not self.town["done"]:
            assert "reopen" in op, "a handed-in town was opened again by {}".format(op)
        if answer["outcome"] == sync_merge.APPLIED:
            self.applied.add((client, op["seq"]))
        return answer, sync.public(self.town)


class Phone:
    def __init__(self, door, client: str, known: dict):
        self.door = door
        self.client = client
        self.outbox = door({"call": "look", "client": client, "town": known})["outbox"]
        self.sending = None
        self.blocked = None  # None, or what the player must settle: "conflict" or "handed-in"
        self.conflict = {}
        self.acknowledged = []
        self.intended = {}  # field -> the last value this phone's player gave it and still wants

    def call(self, name: str, **extra):
        answer = self.door(dict(extra, call=name, outbox=self.outbox))
        self.outbox = answer["outbox"]
        assert len(self.outbox["ops"]) <= MOST_OPS, self.outbox["ops"]
        return answer

    def shown(self) -> dict:
        return sync_outbox.expected(self.outbox)

    def tap(self, rng):
        fields = dict(self.shown()["fields"])
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.15:
                fields["master_builder_turns"] = rng.choice(["", "1", "2", "-1"])
            else:
                fields[rng.choice(SQUARES)] = rng.choice(CARDS)
        if self.shown()["done"]:
            # The phone asks first: change it again (reopen, then the change), or keep it as handed in.
            if rng.random() < 0.5:
                return
            self.call("reopen")
        before = sync_outbox.expected(self.outbox)["fields"]
        self.call("edit", fields=fields)
        for field, value in fields.items():
            if value != before.get(field, ""):
                self.intended[field] = value

    def settle(self, rng):
        """The player's word on what blocks the outbox, chosen at random."""
        if self.sending is not None:
            return
        if self.blocked == "conflict":
            choices = {field: rng.choice(["mine", "theirs"]) for field in self.conflict}
            self.call("resolve", choices=choices)
            for field, choice in choices.items():
                if choice == "theirs":
                    self.intended.pop(field, None)
        elif self.blocked == "handed-in":
            choice = rng.choice(["reopened_first", "dropped_changes"])
            self.call(choice)
            if choice == "dropped_changes":
                self.intended.clear()
        self.blocked = None

    def send(self):
        if self.sending is None and self.blocked is None and self.outbox["ops"]:
            op = self.outbox["ops"][0]
            self.sending = op["seq"]
            self.call("sending", seq=op["seq"])
            return {"client": self.client, "op": op}
        return None

    def answered(self, op: dict, answer: dict, town: dict):
        if self.sending != op["seq"]:
            return  # the answer to a request this phone already gave up on
        self.sending = None
        outcome = answer["outcome"]
        if outcome == sync_merge.APPLIED:
            self.acknowledged.append(op["seq"])
            self.call("acknowledged", seq=op["seq"], town=town)
        elif outcome in (sync_merge.CONFLICT, sync_merge.HANDED_IN):
            self.call("refreshed", town=town)
            self.blocked = "conflict" if outcome == sync_merge.CONFLICT else "handed-in"
            self.conflict = answer.get("conflict", {})
        else:
            self.call("dropped_head")


def run(door, seed: int) -> None:
    rng = random.Random(seed)
    server = Server()
    phones = [Phone(door, "phone-{}-{:06d}".format(i, seed % 1000000), sync.public(server.town))
              for i in range(rng.randint(2, 5))]
    network = []  # ("request", phone, message) and ("answer", phone, op, answer, town), in flight

    def deliver(item):
        if item[0] == "request":
            _, phone, message = item
            answer, town = server.receive(message["client"], message["op"])
            if rng.random() < 0.8:  # else the answer is lost
                network.append(("answer", phone, message["op"], answer, town))
        else:
            _, phone, op, answer, town = item
            phone.answered(op, answer, town)

    for _ in range(rng.randint(10, 60)):
        phone = rng.choice(phones)
        roll = rng.random()
        if roll < 0.35:
            phone.tap(rng)
        elif roll < 0.42 and phone.blocked is None:
            phone.call("hand_in")
        elif roll < 0.45 and phone.blocked is None:
            phone.call("reopen")
        elif roll < 0.65:
            message = phone.send()
            if message:
                network.append(("request", phone, message))
        elif roll < 0.85 and network:
            deliver(network.pop(rng.randrange(len(network))))
        elif roll < 0.89 and network:
            item = rng.choice(network)
            if item[0] == "request":
                network.append(item)  # sent twice
        elif roll < 0.93:
            phone.sending = None  # no answer in time: it will be sent again, while the first may still arrive
        elif roll < 0.97:
            phone.settle(rng)
        elif phone.sending is None and phone.blocked is None:
            phone.call("refreshed", town=sync.public(server.town))

    # The network heals: what is in flight arrives, late answers are dropped by their phones, every phone
    # sends what waits, and players settle what blocks them.
    for _ in range(2000):
        if network:
            deliver(network.pop(rng.randrange(len(network))))
            continue
        busy = False
        for phone in phones:
            phone.sending = None if not network else phone.sending
            phone.settle(rng)
            message = phone.send()
            if message:
                network.append(("request", phone, message))
                busy = True
        if not busy:
            break
    else:
        pytest.fail("the phones did not settle (seed {})".format(seed))

    final = sync.public(server.town)
    for phone in phones:
        phone.call("refreshed", town=final)
        assert phone.outbox["ops"] == [], seed
        assert phone.shown() == {"fields": final["fields"], "done": final["done"]}, seed
        for seq in phone.acknowledged:
            assert (phone.client, seq) in server.applied, seed
        for field, value in phone.intended.items():
            mark = server.town["marks"].get(field)
            if mark is None or mark[1] == phone.client:
                assert final["fields"].get(field, "") == value, (seed, phone.client, field)


def cpython_door(request: dict) -> dict:
    return json.loads(flow.outbox_json(json.dumps(request)))


def test_phones_converge_under_any_interleaving():
    for seed in range(RUNS):
        run(cpython_door, seed)


def test_phones_converge_with_the_outbox_under_micropython(micropython_core):
    def door(request: dict) -> dict:
        return micropython_core.outbox_json(json.dumps(request))

    for seed in range(max(10, RUNS // 10)):
        run(door, 10_000_000 + seed)
