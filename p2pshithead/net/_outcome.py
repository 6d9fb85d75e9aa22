# How a game ended, in words, and replaying a saved game. Invariant: the outcome is a function of the
# entries alone, so every honest peer and `verify` print the same lines for the same transcript.
"""`Outcome`, `outcome_of` and `replay`."""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.net._errors import LocalProtocolError, RemoteProtocolError
from p2pshithead.net._transcript import Entry, Phase, Transcript


@dataclass(frozen=True, slots=True)
class Outcome:
    """Lines to print and the exit status: 0 only for a complete game with a finish order."""

    lines: tuple[str, ...]
    status: int


def outcome_of(transcript: Transcript) -> Outcome:
    """Describe how `transcript` ended: finish order, verdict, or where it stops short."""
    nicks = [s.nick for s in transcript.setup.seats]
    head = f"transcript: {len(transcript.entries)} entries, head {transcript.head.digest.hex()}"
    verdict = transcript.verdict
    if verdict is not None:
        how = "proven by the transcript" if verdict.proven else "reported by the host, not provable"
        return Outcome((f"fault: {verdict}", f"game stopped: seat {verdict.seat} ({verdict.nick}) is at fault ({how})",
                        head), 1)  # fmt: skip
    order = transcript.app.finish_order()
    if order is None or transcript.phase is not Phase.DONE:
        return Outcome((f"incomplete: the transcript stops while {transcript.phase.value}", head), 1)
    named = ", ".join(f"{place}. {nicks[seat]} (seat {seat}) {title(place, len(order))}"
                      for place, seat in enumerate(order, 1))  # fmt: skip
    return Outcome((f"finish order: {named}", f"shithead: {nicks[order[-1]]}", head), 0)


def title(place: int, players: int) -> str:
    """The title of finishing `place` (1 = first out) of `players` (RULES.md 6): Masta, Vice-Masta, ...,
    Shithead; the places between are numbered."""
    if place == players:
        return "Shithead"
    return {1: "Masta", 2: "Vice-Masta"}.get(place, f"#{place}")


def replay(entries: list[Entry], source: str) -> Transcript:
    """Check and apply `entries` as an observer would, stopping at the first fault (the verdict).

    Raises:
        RemoteProtocolError: naming `source` when there is no valid genesis, or entries follow a complete game.
    """
    if not entries:
        raise RemoteProtocolError(source, "no entries")
    transcript = Transcript.start(entries[0], None, source)
    for entry in entries[1:]:
        if transcript.phase is Phase.STOPPED:
            break  # the first fault is the verdict; what follows it does not count
        try:
            transcript.append(entry)
        except LocalProtocolError:
            raise RemoteProtocolError(source, f"entry {entry.index} follows the end of the game") from None
    return transcript
