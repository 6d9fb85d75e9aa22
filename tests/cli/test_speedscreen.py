"""The Speed screen fits the terminal: whole bot games drawn at random sizes from `SMALLEST` up, with
every stack of both layouts, both piles, the status and the keys always on it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from p2pshithead.cli.render import SMALLEST
from p2pshithead.cli.speedplay import speed_rules
from p2pshithead.cli.speedscreen import LEFT_KEYS, narrate, speed_screen
from p2pshithead.speed import Slapped, Speed, choose, open_all
from tests.speaking import speaking


def _game(rules_text: str, seed: str) -> Iterator[tuple[Speed, list[str]]]:
    """A bot game, position by position after each action, with the lines narrated so far (seat 0's)."""
    rules = speed_rules(rules_text)
    rng = random.Random(seed)
    deal = list(range(rules.size))
    rng.shuffle(deal)
    game = Speed(rules)
    open_all(game, deal)
    lines = ["New game"]
    for step in range(400):
        if game.is_over():
            break
        for seat in (step % 2, 1 - step % 2):  # the seats take turns where both could act
            action = choose(game, seat)
            if action is not None:
                break
        else:
            break
        events = game.push(seat, action) + open_all(game, deal)
        lines += narrate(events, game, 0, ["You", "Bot"], unicode=False)
        yield game, lines
    assert game.is_over()


@pytest.mark.parametrize("rules_text", ["speed", "chinese"])
def test_every_screen_of_a_game_fits_every_size(rules_text: str) -> None:
    rng = random.Random(rules_text)
    names = ["You", "Bot"]
    for game, lines in _game(rules_text, rules_text):
        rules = game.rules
        width, height = rng.randint(SMALLEST[0], 140), rng.randint(SMALLEST[1], 50)
        text = speed_screen(game, 0, names, lines, unicode=False, status="! a status line", size=(width, height))
        shown = text.split("\n")
        assert len(shown) <= height - 1 and max(map(len, shown)) <= width, (width, height, text)
        assert all(f"{k}:" in text for k in LEFT_KEYS[: rules.stacks])
        assert re.search(r"LEFT \S+ \(\d+\) +RIGHT \S+ \(\d+\)", text) and "! a status line" in text
        assert shown[-1].strip().endswith("leave")


# A language's words on the screen: both piles, a stock, the keys' last word, a slap of 1, 2 and 5 cards.
WORDS = {
    "he": ("שמאל", "ימין", "Bot: קופה", "ליציאה", ["לחצת על הערימה השמאלית (קלף אחד); היריב לוקח 3",
                                               "לחצת על הערימה השמאלית (2 קלפים); היריב לוקח 3",
                                               "לחצת על הערימה השמאלית (5 קלפים); היריב לוקח 3"]),
    "pt": ("ESQUERDA", "DIREITA", "Bot: estoque", "sair", [
        "Você bateu na pilha da ESQUERDA (1 carta); o outro leva 3",
        "Você bateu na pilha da ESQUERDA (2 cartas); o outro leva 3",
        "Você bateu na pilha da ESQUERDA (5 cartas); o outro leva 3"]),
    "fr": ("GAUCHE", "DROITE", "Bot\u00a0: pioche", "quitter", [
        "Vous avez tapé sur la pile de GAUCHE (1 carte)\u00a0; l'autre en prend 3",
        "Vous avez tapé sur la pile de GAUCHE (2 cartes)\u00a0; l'autre en prend 3",
        "Vous avez tapé sur la pile de GAUCHE (5 cartes)\u00a0; l'autre en prend 3"]),
}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_screen_speaks_the_language_in_use_and_fits_40_60_and_80_columns(language: str) -> None:
    left, right, stock, leave, slaps = WORDS[language]
    with speaking(language):
        for step, (game, lines) in enumerate(_game("speed", language)):
            size = ((40, 20), (60, 20), (80, 24))[step % 3]
            text = speed_screen(game, 0, ["You", "Bot"], lines, unicode=False, status="! x", size=size)
            shown = text.split("\n")
            assert len(shown) <= size[1] - 1 and max(map(len, shown)) <= size[0], (size, text)
            assert re.search(rf"{left} \S+ \(\d+\) +{right} \S+ \(\d+\)", text) and stock in text, text
            assert shown[-1].strip().endswith(leave)
        said = [narrate([Slapped(0, 0, taken, 3)], game, 0, ["You", "Bot"])[0] for taken in (1, 2, 5)]
    assert said == slaps
