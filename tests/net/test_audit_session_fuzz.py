"""The host's session under a crowd of hostile peers, in memory: random sequences of hellos (proven, badly
proven, someone else's key), readiness, spectators, rejoins (stale, unsigned, for another table, claiming
entries never sent), moves (in turn and out of it, replayed, for a place taken, on a forked head),
sign-offs, goodbyes, lost links and time passing, with the host's own seat playing and the series going on.
Whatever comes: only `RemoteProtocolError` (naming the link) escapes `receive`; every message the host
sends fits its schema; and an observer that checks every entry the host relays holds the host's chain
and reaches the host's verdict."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.net import PROTOCOL_VERSION, Head, Identity, RemoteProtocolError, Transcript
from p2pshithead.net._messages import rejoin_bytes
from p2pshithead.net._session import Action, CatchUp, Relay, Send
from p2pshithead.net._transcript import END_BODY, app_body, author_message, authored_to_wire

from ..profiles import examples
from .countdown import APPS
from .prove import hello, proof
from .test_session import HOST, WALL, Table

PEOPLE = [Identity.generate(n) for n in ("ann", "bob", "cat", "dan")]


class Crowd:
    """A table and the peers on its links; `observe` checks every action the session asks for."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.table = Table(seats=rng.choice([2, 3, 4]), away=rng.choice([5, 120, 120]))
        self.links: dict[int, Identity | None] = {}
        self.challenges: dict[int, dict[str, Any]] = {}
        self.rejoining: set[int] = set()  # links whose proof signs no nickname
        self.observer: Transcript | None = None
        self.ends: set[str] = set()  # how the games went (done, stopped), as the steps went

    def observe(self, actions: list[Action]) -> None:
        for action in actions:
            if isinstance(action, Send):
                message = action.message.to_wire()  # checked by its schema
                if message["t"] == "challenge":
                    self.challenges[action.link] = message
            elif isinstance(action, CatchUp):
                action.first.to_wire()
            elif isinstance(action, Relay):
                self.relayed(action)

    def relayed(self, relay: Relay) -> None:
        entry = relay.entry
        if entry.index == 0:
            self.observer = Transcript.start(entry, None, APPS)
        elif self.observer is not None and self.observer.verdict is None:
            self.observer.append(entry)

    def send(self, link: int, message: dict[str, Any]) -> None:
        """`message` on `link`; a protocol error names the link, which the driver then reports lost."""
        name = self.table.session.peer(link) if self.table.session.holds(link) else None
        try:
            self.observe(self.table.send(link, message))
            return
        except RemoteProtocolError as exc:
            error = exc
        assert error.peer == name, (error.peer, name)
        self.observe(self.table.lost(link, str(error)))

    def seated(self) -> list[tuple[int, Identity, int]]:
        """Each link whose peer has a seat in the game in play: link, peer, seat."""
        transcript = self.table.session.transcript
        keys = [] if transcript is None else [s.key for s in transcript.setup.seats]
        return [(link, who, keys.index(who.public)) for link, who in self.links.items()
                if who is not None and who.public in keys]  # fmt: skip

    def step(self) -> None:
        rng, table, session = self.rng, self.table, self.table.session
        transcript = session.transcript
        op = rng.choice(["hello"] * 3 + ["prove"] * 4 + ["ready"] * 2 + ["watch", "rejoin", "bye", "lost", "start"] +
                        ["tick"] * 2 + ["move"] * 12 + ["host"] * 6 + ["next"])  # fmt: skip
        if op == "hello" or not self.links:
            link, who = table.open(), rng.choice(PEOPLE)
            self.links[link] = who
            self.send(link, hello(who, rng.random() < 0.5))
        elif op == "prove":
            link = rng.choice(list(self.links))
            if link in self.challenges and (prover := self.links[link]) is not None:
                signer = prover if rng.random() < 0.85 else rng.choice(PEOPLE)
                nick = "" if link in self.rejoining else prover.nick if rng.random() < 0.9 else "someone"
                self.send(link, proof(signer, prover.public, self.challenges.pop(link), nick))
        elif op == "ready":
            self.send(rng.choice(list(self.links)), {"t": "ready", "ready": rng.random() < 0.8})
        elif op == "watch":
            link = table.open()
            self.links[link] = None
            self.send(link, {"t": "watch", "v": PROTOCOL_VERSION})
        elif op == "rejoin" and transcript is not None:
            who, link = rng.choice(PEOPLE), table.open()
            self.links[link] = who
            self.rejoining.add(link)
            have = rng.choice([1, len(transcript.entries), len(transcript.entries) + 1])
            at = int((table.now + WALL) * 1000) + rng.choice([0, 0, 11 * 60 * 1000])
            table_id = transcript.setup.table_id if rng.random() < 0.9 else bytes(16)
            signer = who if rng.random() < 0.85 else rng.choice(PEOPLE)
            sig = signer.sign(rejoin_bytes(table_id, who.public, have, at))
            self.send(link, {"t": "rejoin", "v": PROTOCOL_VERSION, "key": who.public, "table": table_id,
                             "have": have, "time": at, "sig": sig})
        elif op == "bye":
            self.send(rng.choice(list(self.links)), {"t": "bye", "why": "stood up", "n": 0})
        elif op == "lost":
            self.observe(table.lost(rng.choice(list(self.links))))
        elif op == "tick":
            after = rng.choice([0.5] * 12 + [3, 6, 30, 200])
            for link in list(self.links) if rng.random() < 0.9 else ():  # their programs answer pings
                session.hear(link, table.now + after)
            self.observe(table.tick(after))
        elif op == "start" and session.can_start():
            self.observe(table.start()[1])
        elif op == "move" and transcript is not None and self.seated():
            self.move(transcript)
        elif op == "host" and transcript is not None and not session.finished:
            self.host_moves(transcript)
        elif op == "next" and transcript is not None and transcript.phase.value == "done":
            self.observe(table.run(session.next_game(rng.randbytes(16), b"")))
        elif op == "ready" or op == "host":
            self.observe(table.run(session.host_ready()))
        if session.transcript is not None:
            self.ends.add(session.transcript.phase.value)

    def move(self, transcript: Transcript) -> None:
        rng = self.rng
        signing = transcript.phase.value == "signing"
        acting = [t for t in self.seated() if (not transcript.has_signed_off(t[2]) if signing
                                               else t[2] in transcript.app.who_may_act())]  # fmt: skip
        if rng.random() < 0.03:  # now and then out of turn
            acting = self.seated()
        if not acting:
            return
        link, who, seat = rng.choice(acting)
        counter = max(0, transcript.next_counter(seat) - (rng.random() < 0.05))  # now and then a place taken
        seen = transcript.head if rng.random() < 0.95 else Head(0, transcript.entries[0].digest)
        body = END_BODY if transcript.phase.value == "signing" else app_body({"take": rng.choice([1] * 8 + [2, 4])})
        self.send(link, authored_to_wire(author_message(who, transcript.setup.table_id, seat, counter, seen, body)))

    def host_moves(self, transcript: Transcript) -> None:
        table, counter = self.table, transcript.next_counter(0)
        if 0 in transcript.app.who_may_act():
            body: object = app_body({"take": 1})
        elif transcript.phase.value == "signing" and not transcript.has_signed_off(0):
            body = END_BODY
        else:
            return
        msg = author_message(HOST, transcript.setup.table_id, 0, counter, transcript.head, body)
        self.observe(table.run(table.session.submit(msg, "host")))


@examples(60)
@given(st.integers(0, 2**32 - 1), st.integers(20, 200))
def test_a_crowd_of_hostile_peers_breaks_nothing_and_an_observer_agrees_with_the_host(seed: int, steps: int) -> None:
    crowd = Crowd(random.Random(seed))
    for _ in range(steps):
        crowd.step()
    host = crowd.table.session.transcript
    if host is not None and crowd.observer is not None and crowd.observer.setup == host.setup:
        assert crowd.observer.head == host.head
        assert crowd.observer.verdict == host.verdict


def test_the_crowd_plays_games_out_and_gets_them_stopped() -> None:
    """The sequences reach what they are meant to try: games complete, and games stopped by a verdict."""
    ends: set[str] = set()
    for seed in range(40):
        crowd = Crowd(random.Random(seed))
        for _ in range(200):
            crowd.step()
        ends |= crowd.ends
    assert {"done", "stopped"} <= ends, ends
