"""DeeperShit (trachwo/masters-of-shithead, MIT) as a seat at our table: a developer's measuring stick.

Invariants: the published code is loaded from a checkout the caller names and is never copied here;
its rules are aligned with our `classic` inside this module only (`align`: each patch says which
rule of its own it replaces), so that its decision code proposes moves of our rules; every move it
makes goes through our engine (`Game.push` at the `LocalTable`), and one our engine refuses is
counted (`refused`) and replaced by greedy's, visibly. It is shown the game (`sees_all`) but decides
on its seat's view (unknown cards are its own never-playable dummies, rank '0'), except in the
endgame it searches as shipped (stock empty, two players left), where it is given the true cards,
as it takes them itself. Its search's 1 s counts CPU time of the process (`time.process_time`).
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
import sys
import time
import types
from pathlib import Path
from typing import Any

from p2pshithead.bots import GreedyBot
from p2pshithead.engine import Flip, Game, Move, Phase, PickUp, Play, Rank, Ready, Show, Suit, Swap

SUITS: dict[Suit | None, str] = {Suit.CLUBS: "Clubs", Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts",
                                 Suit.SPADES: "Spades"}  # fmt: skip
RANKS: dict[Rank, str] = {r: r.symbol for r in Rank if r is not Rank.JOKER}
DUMMY = "0"  # its own dummy rank: never playable (Discard.check), sorted last (Card.__lt__)
_THEIRS = types.SimpleNamespace(accept={}, Play=None)  # its ACCEPT_TABLE by rank, and Play (`align` sets)
SHOWN = ("4", "5", "6", "7", "8", "9", "J", "Q", "K", "A")  # its auction order, less 10 2 3: ours ignores them
SOURCE_HELP = ("give --source the path of a masters-of-shithead checkout "
               "(git clone https://github.com/trachwo/masters-of-shithead PATH)")  # fmt: skip


class SourceError(Exception):
    """The DeeperShit checkout is missing or is not one (the message says what to do)."""


def load(source: str | None) -> types.SimpleNamespace:
    """Import DeeperShit from the checkout at `source` and align its rules with our classic.

    Raises:
        SourceError: no path, or no masters-of-shithead package under it.
    """
    if not source:
        raise SourceError(f"--source is missing: {SOURCE_HELP}")
    src = Path(source).expanduser() / "src"
    for needed in ("shithead/player.py", "shithead/monte_carlo.py", "shithead/face_up_table.json"):
        if not (src / needed).is_file():
            raise SourceError(f"--source {source}: no src/{needed} there: {SOURCE_HELP}")
    if importlib.util.find_spec("numpy") is None:  # it uses numpy for a log and a square root only
        sys.modules["numpy"] = types.SimpleNamespace(log=math.log, sqrt=math.sqrt)  # type: ignore[assignment]
    sys.path.insert(0, str(src))
    names = ("cards", "discard", "state", "play", "game", "monte_carlo", "fup_table", "player")
    ds = types.SimpleNamespace(**{n: importlib.import_module(f"shithead.{n}") for n in names})
    align(ds)
    ds.table = ds.fup_table.FupTable()  # its swap's table of face-up rows, loaded as its game does
    ds.table.load(ds.fup_table.FUP_TABLE_FILE, True)
    return ds


def align(ds: types.SimpleNamespace) -> None:
    """Patch its rules to our classic (docs/deepershit.md lists each difference); its heuristics and
    search are left as shipped."""
    accept = ds.discard.ACCEPT_TABLE
    ranks = ds.cards.CARD_RANKS
    if "10" not in accept[ranks.index("7")]:
        accept[ranks.index("7")].append("10")  # ours: a 10 goes on a 7 (RULES.md 4); its own: not
    _THEIRS.accept.update(zip(ranks, accept, strict=True))
    _THEIRS.Play = ds.play.Play
    ds.discard.Discard.check = _check
    ds.discard.Discard.get_ntop = _ntop
    ds.state.State.get_legal_game_plays = _legal_game_plays
    ds.state.State.get_card_plays = _card_plays
    find_next = ds.game.Game.find_next_player.__func__

    def find_next_player(cls: Any, state: Any, out: bool = False) -> Any:
        kings, state.kings = state.kings, 0  # ours: a K is plain; its own: a K reverses play
        try:
            return find_next(cls, state, out)
        finally:
            state.kings = kings

    ds.game.Game.find_next_player = classmethod(find_next_player)
    ds.monte_carlo.time = types.SimpleNamespace(time=time.process_time)  # its 1 s, in CPU time


def _check(self: Any, first: bool, card: Any) -> bool:
    """Discard.check without the queen's cover (ours: a Q is plain): on a pile it has played on this
    turn, a player adds only its rank."""
    if card.rank == DUMMY:
        return False
    if not self.deck:
        return True
    if first:
        ref = self.get_top_non3_rank()
        return ref is None or card.rank in _THEIRS.accept[ref]
    return card.rank == self.get_top_rank()


def _ntop(self: Any) -> int:
    """Discard.get_ntop as our four of a kind counts (RULES.md 4): the top rank, mirrors (3s) skipped;
    its own counts only cards touching each other. A run of 3s on top counts its 3s."""
    deck = self.deck
    if not deck:
        return 0
    top = deck[-1].rank
    count = 0
    for card in reversed(deck):
        if card.rank == top:
            count += 1
        elif card.rank != "3" or top == "3":
            break
    return count


def _card_plays(self: Any, first: bool, source: str, cards: list[Any], discard: Any) -> list[Any]:
    """State.get_card_plays without the queen: a later face-down card only on an empty pile."""
    Play = _THEIRS.Play
    if source == "FDOWN":
        return [Play(source, i) for i in range(len(cards))] if first or not discard.deck else []
    return [Play(source, i) for i, card in enumerate(cards) if discard.check(first, card)]


def _legal_game_plays(self: Any) -> list[Any]:
    """State.get_legal_game_plays with our rules: no queen to cover (ours: plain); no pick-up by
    choice from the face-down row (ours, RULES.md 6: flip; its own: take the pile any time); one
    face-up card taken with the pile (ours; its own: every face-up card of that rank)."""
    Play = _THEIRS.Play
    discard, plr = self.discard, self.players[self.player]
    source, cards = plr.get_card_source()
    if source == "OUT":
        return [Play("OUT")]
    if self.n_played == 0:
        plays = self.get_card_plays(True, source, cards, discard)
        return plays + [Play("TAKE")] if discard.deck and source != "FDOWN" else plays
    if plr.get_fup:
        return [Play("END")] if plr.get_fup_rank else [Play("GET", i) for i in range(len(plr.face_up))]
    if discard.get_ntop() >= 4:
        return [Play("KILL")] + (self.get_card_plays(False, source, cards, discard) if source != "FDOWN" else [])
    if self.talon.deck and len(plr.hand) < 3:
        return [Play("REFILL")]
    plays = self.get_card_plays(False, source, cards, discard)
    return plays if not discard.deck else plays + [Play("END")]


class DeeperShitPlayer:
    """A `Player` for our table that asks DeeperShit (loaded by `load`) for each move of its seat."""

    sees_all = True  # shown the game; it hides what its seat may not see itself (`_state`)

    def __init__(self, ds: types.SimpleNamespace, timeout: float = 1.0) -> None:
        self.ds = ds
        self.timeout = timeout  # its search's CPU seconds a step, 1 as shipped
        self.name = "deepershit"
        self.refused = 0  # its moves our engine refused (greedy's move was played instead)
        self.searches: list[float] = []  # CPU s of each step its search chose among several (endgame)
        self._greedy = GreedyBot()

    def decide(self, game: Game, me: int, rng: random.Random) -> Move | None:
        if game.phase is Phase.PLAY and game.turn != me:
            return None  # no out-of-turn plays in classic
        random.seed(rng.getrandbits(64))  # it draws from the module `random` (face-down picks, playouts)
        if game.phase is Phase.SWAP:
            move: Move = self._swap(game, me)
        elif game.phase is Phase.SHOW:
            move = self._show(game, me)
        else:
            move = self._turn(game, me)
        if game.is_legal(move):
            return move
        self.refused += 1
        print(f"deepershit: seat {me} proposed {move.text()!r}, refused ({game.why_illegal(move)}): "
              "greedy's move instead", file=sys.stderr)  # fmt: skip
        return self._greedy.decide(game.view(me), me, rng)

    def _card(self, slot: int, knows: Game) -> Any:
        card = knows.card(slot)
        made = self.ds.cards.Card(slot, "Clubs", DUMMY) if card is None else \
            self.ds.cards.Card(slot, SUITS[card.suit], RANKS[card.rank])  # fmt: skip
        made.seen = card is not None
        return made

    def _deck(self, slots: tuple[int, ...], knows: Game, sort: bool = False) -> Any:
        deck = self.ds.cards.Deck(empty=True)
        for slot in slots:
            deck.add_card(self._card(slot, knows))
        if sort:
            deck.sort()
        return deck

    def _swap(self, game: Game, me: int) -> Move:
        """Its swap (AiPlayer.select_swap): the best three of its six cards by its face-up table."""
        hand, up = game.hand(me), game.face_up(me)
        cards = [self._card(s, game) for s in hand + up]
        want = {c.did for c in self.ds.table.find_best(cards)}
        drop = [u for u in up if u not in want]
        take = [h for h in hand if h in want]
        return Swap(me, take[0], drop[0]) if drop and take else Ready(me)

    def _show(self, game: Game, me: int) -> Move:
        """Its auction: it shows the lowest card asked for (4 of clubs first); ours counts 4 to A only."""
        ranked = [(SHOWN.index(RANKS[c.rank]), s) for s in game.hand(me)
                  if (c := game.card(s)) is not None and RANKS[c.rank] in SHOWN]  # fmt: skip
        return Show(me, min(ranked)[1] if ranked else None)

    def _state(self, game: Game, me: int) -> Any:
        """Its State of this position at the start of `me`'s turn: the true cards in its endgame, else
        the seat's view (unknown cards as dummies)."""
        active = game.active()
        endgame = not game.stock and len(active) == 2
        knows = game if endgame else game.view(me)
        ds = self.ds
        seats = [ds.player.DeeperShit(f"seat{s}", ds.table, timeout=self.timeout) for s in active]
        state = ds.state.State(seats, 0, 1, None)
        for plr, s in zip(state.players, active, strict=True):
            plr.hand = self._deck(game.hand(s), knows, sort=True)
            plr.face_up = self._deck(game.face_up(s), knows)
            plr.face_down = self._deck(game.face_down(s), knows)
        state.talon = self._deck(game.stock[::-1], knows)  # it draws from the end
        state.discard = ds.discard.Discard()
        for slot in game.pile:
            state.discard.add_card(self._card(slot, knows))
        state.killed = self._deck(game.burned, knows)
        state.burnt = ds.cards.Deck(empty=True)
        state.player = active.index(me)
        state.next_player = (state.player + 1) % len(active)
        state.game_phase = ds.state.PLAY_GAME
        state.turn_count = 1
        return state

    def _choose(self, state: Any) -> Any:
        plays = state.get_legal_plays()
        plr = state.players[state.player]
        start = time.process_time()
        play = plr.select_play(plays, state)
        if play is None:  # its search runs in a thread and answers when asked again
            plr.thread.join()
            play = plr.select_play(plays, state)
            if len(plays) > 1:
                self.searches.append(time.process_time() - start)
        return play

    def _turn(self, game: Game, me: int) -> Move:
        """Its steps from the start of a turn until our move is whole: cards of one rank (refills between
        them), ended by END, a burn (a 10, or KILL), or the last card; or a pick-up; or a face-down card."""
        state = self._state(game, me)
        plr = state.players[state.player]
        slots: list[int] = []
        while True:
            play = self._choose(state)
            action = play.action
            if action == "FDOWN":
                return Flip(me, plr.face_down[play.index].did)
            if action == "GET":
                up = plr.face_up[play.index].did
                return PickUp(me, up) if game.is_legal(PickUp(me, up)) else PickUp(me)
            if action in ("HAND", "FUP"):
                card = (plr.hand if action == "HAND" else plr.face_up)[play.index]
                slots.append(card.did)
                if card.rank == "10":
                    break
            elif action in ("END", "KILL", "OUT"):
                break
            elif action == "TAKE" and not (plr.face_up and not plr.hand):
                return PickUp(me)
            elif action not in ("TAKE", "REFILL"):
                raise RuntimeError(f"deepershit: unexpected step {play} at seat {me}")
            self.ds.game.Game.next_state(state, play)
        return Play(me, tuple(slots))
