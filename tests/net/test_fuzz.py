"""A bounded, seeded mutation fuzz of the frame decoder and of every handler of a peer's bytes.

Real valid messages (a played card table and a countdown table, sequenced by a real `Sequencer`) are
mutated (bits flipped, values truncated, extended, re-typed, keys dropped or added, frames split and
spliced, point fields spelled as malformed points of every family in tests/crypto/ristretto.py), then
fed to each handler, the card game's at tables stopped mid-game too. For each handler: only its
documented error escapes, naming the source; no input takes long (a whole handler is stopped by an
alarm); the memory it allocates stays bounded (tracemalloc peak). `FUZZ_INPUTS` inputs per handler
(env `P2PS_FUZZ_INPUTS`, default 1000; `P2PS_FUZZ_INPUTS=50000` for a long run).
"""

from __future__ import annotations

import copy
import os
import random
import signal
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest

from p2pshithead.crypto import MESSAGE_SCHEMA, MalformedMessageError, message_from_wire
from p2pshithead.errors import Fault
from p2pshithead.game import parse_payload
from p2pshithead.game._payloads import PAYLOAD_SCHEMA
from p2pshithead.net import (
    PROTOCOL_VERSION,
    Entry,
    FrameDecoder,
    Head,
    RemoteProtocolError,
    Transcript,
    decode_object,
    encode_frame,
)
from p2pshithead.net._messages import FROM_HOST, FROM_PEER, SUBMIT_SCHEMA, check_message
from p2pshithead.net._transcript import Authored, authored_from, authored_to_wire, seal, setup_from_genesis
from p2pshithead.wire import Field

from ..crypto.ristretto import malformed_families, point_paths, replaced
from .fake_link import APPS, Group, make_group

FUZZ_INPUTS = int(os.environ.get("P2PS_FUZZ_INPUTS", "1000"))
PEER = "fuzzed peer"
AUTHOR = 1
"""The seat that authors every fuzzed transcript body (seat 0 is the sequencer, blamed for chain faults)."""
MEMORY_BOUND = 32 * 1024 * 1024
"""Peak bytes a handler may allocate over all its inputs (traced), far above any valid message's needs."""
SECONDS_PER_INPUT = 0.05
"""The alarm stops a handler after this much per input on average (plus two seconds): no hang."""

_T = TypeVar("_T")
_E = TypeVar("_E", bound=BaseException)

_ODD_VALUES: list[object] = [
    None, True, False, 0, -1, 1, 255, 2**31, 2**40 + 1, 2**64 - 1, -(2**63), 0.5, float("inf"), "", "x" * 300,
    "\x00\n\x1b[2J", "é☃", b"", b"\x00" * 33, bytes(range(64)), [], {}, [[[[[[[[]]]]]]]], {"t": None}, {0: 0},
]  # fmt: skip


_MALFORMED_FAMILIES = list(malformed_families().values())


def _retype(rng: random.Random, value: object) -> object:
    choice = rng.randrange(4)
    if choice == 0:
        return [value]
    if choice == 1:
        nested: object = value
        for _ in range(rng.randrange(50, 400)):  # msgpack packs up to 511 levels
            nested = [nested]
        return nested
    return rng.choice(_ODD_VALUES)


def mutate(rng: random.Random, value: object) -> object:
    """A copy of `value` with one random change somewhere in it."""
    roll = rng.random()
    if isinstance(value, dict) and value and roll < 0.8:
        out = dict(value)
        key = rng.choice(list(out))
        op = rng.randrange(5)
        if op == 0:
            del out[key]
        elif op == 1:
            out[rng.choice(["extra", "t", "k", 7, ""])] = rng.choice(_ODD_VALUES)
        else:
            out[key] = mutate(rng, out[key])
        return out
    if isinstance(value, list) and value and roll < 0.8:
        items = list(value)
        i = rng.randrange(len(items))
        op = rng.randrange(5)
        if op == 0:
            del items[i]
        elif op == 1:
            items.insert(i, items[i])
        elif op == 2:
            items = items + items * rng.randrange(1, 40)
        else:
            items[i] = mutate(rng, items[i])
        return items
    if isinstance(value, bytes) and value and roll < 0.7:
        data = bytearray(value)
        op = rng.randrange(3)
        if op == 0:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif op == 1:
            del data[rng.randrange(len(data)) :]
        else:
            data += rng.randbytes(rng.randrange(1, 64))
        return bytes(data)
    if isinstance(value, str) and roll < 0.6:
        cut = value[: rng.randrange(len(value) + 1)]
        return rng.choice([cut, value + rng.choice(["\x07", "9", " ", "☃"]), value * 40])
    if isinstance(value, int) and not isinstance(value, bool) and roll < 0.6:
        return value + rng.choice([-1, 1, -(2**32), 2**32, -2 * value])
    return _retype(rng, value)


def mutate_points(rng: random.Random, value: object, schema: Field) -> object:
    """A copy of `value` (valid for `schema`) with one of its point fields, or now and then two, spelled
    as a malformed point of a family picked first (so the rare families come as often as the large)."""
    places = point_paths(schema, value)
    if not places:
        return mutate(rng, value)
    for path in rng.sample(places, min(len(places), 2 if rng.random() < 0.2 else 1)):
        value = replaced(value, path, rng.choice(rng.choice(_MALFORMED_FAMILIES)))
    return value


def _either(rng: random.Random, value: object, schema: Field = PAYLOAD_SCHEMA) -> object:
    return mutate_points(rng, value, schema) if rng.random() < 0.3 else mutate(rng, value)


def mutate_bytes(rng: random.Random, data: bytes, others: list[bytes]) -> bytes:
    """A copy of frame bytes with one or more random changes: bits, lengths, splices, noise."""
    out = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(7)
        if op == 0 and out:
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        elif op == 1 and out:
            del out[rng.randrange(len(out)) :]
        elif op == 2:
            out += rng.randbytes(rng.randrange(1, 128))
        elif op == 3 and len(out) >= 4:
            out[0:4] = rng.choice([0, 1, 5, len(out), 2**31, 2**32 - 1]).to_bytes(4, "big")
        elif op == 4 and others:
            out += rng.choice(others)
        elif op == 5:  # arrays nested past any decoder's depth
            cut = rng.randrange(len(out) + 1)
            out[cut:cut] = b"\x91" * rng.randrange(100, 5000)
        else:
            out = bytearray(rng.randbytes(rng.randrange(0, 200)))
    return bytes(out)


@dataclass(frozen=True)
class Corpus:
    """Real valid messages: session messages, entries, submits, the genesis, bodies, payloads, deck messages."""

    card: Group
    countdown: Group
    session_peer: list[dict[str, Any]]
    session_host: list[dict[str, Any]]
    payloads: list[object]
    deck: list[object]


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    card = make_group(2, "classic", "shithead")
    card.play_bots(random.Random(0), 2000)
    countdown = make_group(3)
    first = countdown.seats[0].move({"take": 1})
    countdown.deliver(countdown.sequencer.sequence(first, "seat 0"))
    entries = card.sequencer.transcript.entries
    bodies = [decode_object(e.msg.body, "test") for e in entries[1:]]
    payloads = [b["p"] for b in bodies if isinstance(b, dict) and b.get("k") == "app"]
    deck = [p["m"] for p in payloads if isinstance(p, dict) and p.get("t") == "deck"]
    hello = {"t": "hello", "v": PROTOCOL_VERSION, "key": bytes(32), "nick": "ann", "ready": False}
    session_peer: list[dict[str, Any]] = [
        hello, {"t": "ready", "ready": True}, {"t": "bye", "why": "stood up", "n": 0}, {"t": "ping", "n": 1},
        {"t": "pong", "n": 1}, {"t": "prove", "sig": bytes(64)},
        *(authored_to_wire(e.msg) for e in entries[1:40]),
    ]  # fmt: skip
    session_host: list[dict[str, Any]] = [
        {"t": "welcome", "v": PROTOCOL_VERSION, "seat": 1, "name": "t", "app": "shithead", "rules": "classic",
         "turn": 60, "away": 120},
        {"t": "challenge", "table": bytes(16), "host": bytes(32), "nonce": bytes(32)},
        {"t": "reject", "why": "full", "n": 0}, {"t": "lobby", "seats": [{"nick": "a", "ready": True}, None]},
        {"t": "bye", "why": "closed", "n": 0}, {"t": "ping", "n": 1}, *(e.to_wire() for e in entries[:40]),
    ]  # fmt: skip
    return Corpus(card, countdown, session_peer, session_host, payloads, deck)


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"fuzz handler still running after {seconds:.1f} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _raised(kind: type[_E], call: Callable[[], object]) -> _E | None:
    """The `kind` error that `call` raised, or None when it returned; any other error escapes."""
    try:
        call()
    except kind as exc:
        return exc
    return None


def _run(name: str, make_input: Callable[[random.Random], _T], handle: Callable[[_T], None]) -> int:
    """Feed `FUZZ_INPUTS` inputs to `handle`, which returns or raises only documented errors it checks."""
    rng = random.Random(f"{name}/{FUZZ_INPUTS}")
    inputs = [make_input(rng) for _ in range(FUZZ_INPUTS)]
    tracemalloc.start()
    try:
        with _alarm(2 + SECONDS_PER_INPUT * FUZZ_INPUTS):
            for value in inputs:
                handle(value)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_BOUND, f"{name}: {peak} bytes at peak"
    return len(inputs)


def _session(schemas: dict[str, Any]) -> Callable[[object], None]:
    def handle(value: object) -> None:
        error = _raised(RemoteProtocolError, lambda: check_message(value, schemas, PEER))
        assert error is None or (error.peer == PEER and str(error).startswith(PEER))

    return handle


def test_frame_decoder_and_session_messages(corpus: Corpus) -> None:
    frames = [encode_frame(m) for m in corpus.session_host + corpus.session_peer]
    limit = 64 * 1024

    def make(rng: random.Random) -> tuple[bytes, int]:
        return mutate_bytes(rng, rng.choice(frames), frames), rng.randrange(1, 300)

    def handle(value: tuple[bytes, int]) -> None:
        data, chunk = value
        decoder = FrameDecoder(PEER, limit)

        def feed() -> None:
            for start in range(0, len(data), chunk):
                for obj in decoder.feed(data[start : start + chunk]):
                    _session(FROM_HOST)(obj)
                    _session(FROM_PEER)(obj)

        error = _raised(RemoteProtocolError, feed)
        assert error is None or error.peer == PEER
        assert decoder.buffered <= limit + 4

    assert _run("frames", make, handle) == FUZZ_INPUTS


@pytest.mark.parametrize("direction", ["from peer", "from host"])
def test_session_messages(corpus: Corpus, direction: str) -> None:
    if direction == "from peer":
        messages, schemas = corpus.session_peer, FROM_PEER
    else:
        messages, schemas = corpus.session_host, FROM_HOST
    assert _run(direction, lambda rng: mutate(rng, rng.choice(messages)), _session(schemas)) == FUZZ_INPUTS


def test_transcript_entries_and_submits(corpus: Corpus) -> None:
    entries = [e.to_wire() for e in corpus.card.sequencer.transcript.entries]
    submits = {"submit": SUBMIT_SCHEMA}

    def handle(value: object) -> None:
        error = _raised(RemoteProtocolError, lambda: Entry.from_wire(PEER, value))
        assert error is None or error.peer == PEER
        submit = dict(value, t="submit") if isinstance(value, dict) else value
        submitted = _raised(RemoteProtocolError, lambda: authored_from(check_message(submit, submits, PEER)))
        assert submitted is None or submitted.peer == PEER

    assert _run("entries", lambda rng: mutate(rng, rng.choice(entries)), handle) == FUZZ_INPUTS


def test_genesis(corpus: Corpus) -> None:
    genesis = corpus.card.sequencer.transcript.entries[0]
    body = decode_object(genesis.msg.body, "test")

    def make(rng: random.Random) -> Entry:
        raw = encode_frame(mutate(rng, body))[4:] if rng.random() < 0.7 else mutate_bytes(rng, genesis.msg.body, [])
        msg = genesis.msg
        return Entry(0, genesis.prev, Authored(msg.seat, msg.counter, msg.seen, raw or b"\xc0", msg.sig), genesis.seal)

    def handle(entry: Entry) -> None:
        error = _raised(RemoteProtocolError, lambda: setup_from_genesis(entry, PEER, APPS))
        assert error is None or error.peer == PEER

    assert _run("genesis", make, handle) == FUZZ_INPUTS


def test_transcript_bodies(corpus: Corpus) -> None:
    """Bodies signed by their author and sealed: the verdict, if any, names the author, never the chain."""
    group = corpus.countdown
    genesis, first = group.sequencer.transcript.entries
    bodies = [decode_object(e.msg.body, "test") for e in corpus.card.sequencer.transcript.entries[1:]]
    bodies += [{"k": "app", "p": {"take": 2}}, {"k": "end"}, {"k": "abort", "seat": 1, "reason": "gone"},
               {"k": "away", "seat": 1, "limit": 30, "cause": "lost", "last": -1, "seen": -1, "entries": 2}]
    setup = group.sequencer.transcript.setup
    author, sequencer = group.ids[AUTHOR], group.ids[0]

    def make(rng: random.Random) -> bytes:
        if rng.random() < 0.7:
            body: Any = rng.choice(bodies)
            card = body.get("k") == "app" and isinstance(body["p"], dict) and "t" in body["p"]
            if card and rng.random() < 0.3:
                return encode_frame({**body, "p": mutate_points(rng, body["p"], PAYLOAD_SCHEMA)})[4:]
            return encode_frame(mutate(rng, body))[4:]
        return mutate_bytes(rng, encode_frame(rng.choice(bodies))[4:], [])

    def handle(value: object) -> None:
        body = value if value else b"\xc0"
        assert isinstance(body, bytes)
        draft = Authored(AUTHOR, 0, Head(first.index, first.digest), body, bytes(64))
        msg = Authored(AUTHOR, 0, draft.seen, body, author.sign(draft.signed_bytes(setup.table_id)))
        transcript = Transcript.start(genesis, None, APPS)
        transcript.append(first)
        transcript.append(seal(sequencer, 2, first.digest, msg))
        verdict = transcript.verdict
        assert verdict is None or (verdict.seat == AUTHOR and verdict.proven), verdict

    assert _run("bodies", make, handle) == FUZZ_INPUTS


def test_game_payloads(corpus: Corpus) -> None:
    def handle(value: object) -> None:
        fault = _raised(Fault, lambda: parse_payload(AUTHOR, value))
        assert fault is None or fault.seat == AUTHOR

    assert _run("payloads", lambda rng: _either(rng, rng.choice(corpus.payloads)), handle) == FUZZ_INPUTS


def test_game_payloads_at_tables_stopped_mid_game(corpus: Corpus) -> None:
    """The card game's own handler (what every peer runs on a seat's payload), at an observer stopped
    before entries all through setup and play, fed the next entry's payload mutated: only a `Fault`
    naming its author escapes. A refusal leaves the table unchanged, so a table is copied again only when
    a mutation happened to be taken."""
    entries = corpus.card.sequencer.transcript.entries
    observer = Transcript.start(entries[0], None, APPS)
    bodies = [decode_object(e.msg.body, "test") for e in entries]
    apps = [i for i, body in enumerate(bodies) if i and isinstance(body, dict) and body.get("k") == "app"]
    stops = sorted({*apps[:11], *apps[11::max(1, len(apps) // 12)]})  # a game's payloads, not its end entries
    pristine: dict[int, Transcript] = {}
    for i, entry in enumerate(entries[1:], 1):
        if i in stops:
            pristine[i] = copy.deepcopy(observer)
        observer.append(entry)
    tables = {i: copy.deepcopy(t) for i, t in pristine.items()}

    def make(rng: random.Random) -> tuple[int, int, object]:
        i = rng.choice(stops)
        msg = entries[i].msg
        payload = decode_object(msg.body, "test")["p"]  # type: ignore[index]
        return i, msg.seat, mutate_points(rng, payload, PAYLOAD_SCHEMA) if rng.random() < 0.5 else mutate(rng, payload)

    def handle(value: tuple[int, int, object]) -> None:
        i, seat, payload = value
        fault = _raised(Fault, lambda: tables[i].app.apply(seat, payload))
        assert fault is None or fault.seat == seat, (i, fault)
        if fault is None:
            tables[i] = copy.deepcopy(pristine[i])

    assert _run("payloads mid-game", make, handle) == FUZZ_INPUTS


def test_deck_messages(corpus: Corpus) -> None:
    def handle(value: object) -> None:
        error = _raised(MalformedMessageError, lambda: message_from_wire(AUTHOR, value))
        assert error is None or error.peer == AUTHOR

    assert _run("deck", lambda rng: _either(rng, rng.choice(corpus.deck), MESSAGE_SCHEMA), handle) == FUZZ_INPUTS


def test_the_mutator_changes_what_it_is_given(corpus: Corpus) -> None:
    """The fuzz means something only if the inputs differ from the valid messages."""
    rng = random.Random(0)
    changed = sum(mutate(rng, m) != m for m in corpus.session_host * 20)
    assert changed > 0.9 * 20 * len(corpus.session_host)
    assert corpus.payloads and corpus.deck
