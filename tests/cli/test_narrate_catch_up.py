"""A rejoin's catch-up (`ShitheadScreen._catch_up`) tells each batch of moves it missed on its own, each
with the view as it is now, after them all: it must say what the live screen said then (audit 5)."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import GreedyBot, ask
from p2pshithead.cli.narrate import Narrator
from p2pshithead.cli.render import Look
from p2pshithead.engine import Game, Give, Outcome, preset
from p2pshithead.game import Event, pushed

from .positions import NAMES

ASCII = Look(unicode=False, color=False)


def _told(name: str, seed: int, moves: int, word: str, players: int = 4) -> tuple[list[str], list[str], list[str]]:
    """Seat 0's lines holding `word` at a table of `players` greedy bots playing `moves` moves of preset
    `name`: as told live (each batch with the view after it), as caught up (each batch with the view after
    all), and as one batch of them all (a resumed host's screen)."""
    rules = preset(name)
    rng = random.Random(seed)
    order = list(range(rules.deck_size(players)))
    rng.shuffle(order)
    game = Game.deal_known(rules, players, seed % players, order)
    bots = [GreedyBot(wander=0)] * players
    batches: list[list[Event]] = []
    views: list[Game] = []
    while len(batches) < moves and not game.is_over():
        batches.append(pushed(game, ask(game, bots, rng)))
        views.append(game.view(0))  # what seat 0 saw after each move
    one_by_one = Narrator(0, NAMES, ASCII)
    live = [line for events, view in zip(batches, views, strict=True)
            for line in one_by_one.tell(events, view) if word in line]  # fmt: skip
    catching_up = Narrator(0, NAMES, ASCII)
    after = game.view(0)
    replayed = [line for events in batches for line in catching_up.tell(events, after) if word in line]
    at_once = [line for line in Narrator(0, NAMES, ASCII).tell([e for b in batches for e in b], after) if word in line]
    return live, replayed, at_once


def test_a_whole_game_told_at_once_names_each_lead_as_the_moves_one_by_one_did() -> None:
    """A resumed host tells the game so far in one batch, with the view after it all: the lead is named
    once, for the seat that led then, not after every show for the seat to play now."""
    for seed in range(6):
        live, _, at_once = _told("classic", seed, 16, "lead", players=3)
        assert len(live) == 1 and at_once == live, (seed, live, at_once)


@pytest.mark.parametrize("name", ["classic", "french"])
def test_batches_caught_up_together_name_the_lead_once(name: str) -> None:
    """`join Leads` again after kill -9 at a French table of four (`host --rules french --bots 2`): the
    catch-up read "You show 4h / You lead / Hana shows nothing / You lead / bot-5f0d shows 4d / You lead /
    bot-d2b8 shows 6h / You lead" (2 times in 2; also at a classic table), where the live screens said it
    once. The test above tells the whole game as one batch; a joiner's screen tells
    the batches it missed one by one (`ShitheadScreen._catch_up`), each with the view after them all, so
    each show batch, followed by nothing in its own batch, named the seat to play now as the lead."""
    for seed in range(6):
        live, replayed, _ = _told(name, seed, 20, "lead")
        assert len(live) == 1 and replayed == live, (name, seed, live, replayed)


@pytest.mark.parametrize("name", ["classic", "french"])
def test_batches_caught_up_together_name_the_seats_an_eight_skipped(name: str) -> None:
    """The seats an 8 passed over were read off the view: caught up, they were counted back from the seat
    to play now ("Bot 2 plays 8d / You are skipped" where the live screen said "Bot 3 is skipped")."""
    for seed in range(6):
        live, replayed, _ = _told(name, seed, 60, "skipped")
        assert live and replayed == live, (name, seed, live, replayed)


def test_batches_caught_up_together_name_who_takes_the_pile_after_a_flipped_ace() -> None:
    """A flipped ace names the seat to play then to take the pile (French, RULES.md 7): caught up, that
    was the seat to play now ("You flip Ad and play it / Bot 3 is to take the pile (or answer it)" where
    the live screen said Bot 1)."""
    told = []
    for seed in range(6):
        live, replayed, _ = _told("french", seed, 60, "to take the pile (or answer it)")
        assert replayed == live, (seed, live, replayed)
        told += live
    assert told


def test_an_exchange_caught_up_names_the_receiver_of_each_card() -> None:
    """RULES.md 6: the Shithead (seat 2) gives the Masta (seat 0) a card, who gives one back. The receiver
    was read off the view (the exchange still open or not): caught up, the exchange was over, and the
    lines named nobody ("Bot 2 gives a card / Ann gives a card")."""
    game = Game.deal_known(preset("french"), 4, 2, range(52))
    game.begin_exchange(Outcome((0, 1, 3, 2)))
    names = ["Ann", "Ben", "Bot 2", "Bot 3"]
    live, catching_up = Narrator(1, names, ASCII), Narrator(1, names, ASCII)
    said: list[str] = []
    batches: list[list[Event]] = []
    for _gift in range(2):
        batches.append(pushed(game, next(m for m in game.legal_moves if isinstance(m, Give))))
        said += live.tell(batches[-1], game.view(1))
    assert said == ["Bot 2 gives Ann a card", "Ann gives Bot 2 a card"]
    replayed = [line for events in batches for line in catching_up.tell(events, game.view(1))]
    assert replayed == said
