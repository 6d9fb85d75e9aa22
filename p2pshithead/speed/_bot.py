# Speed's computer players' strategy (docs/speed.md, "Bots"). Invariants: a choice is a function of the
# public position alone (in Speed every card a player may know is public); `choose` returns an action
# `Speed.judge` accepts now, or None when there is none. Reaction times live with whoever runs the bot.
"""`choose` (the sound strategy) and `choose_random`."""

from __future__ import annotations

import random

from p2pshithead.speed._actions import Action, Burn, Play, Slap
from p2pshithead.speed._cards import JOKER, adjacent
from p2pshithead.speed._game import Speed

__all__ = ["choose", "choose_random"]


def choose(game: Speed, seat: int, pile: int | None = None) -> Action | None:
    """The sound choice: slap the smaller pile when the layout is out; burn three of a kind; else the
    play that turns a hidden card, keeps a follow-up of one's own and gives the other player least
    (onto `pile` when one fits there: a racing bot's bias, for measuring races)."""
    if game.may_slap(seat):
        return Slap(min((0, 1), key=lambda p: (len(game.piles[p]), p != seat)), game.round)
    burn = game.burnable(seat)
    if burn:
        return Burn(burn[0], game.round)
    plays = game.plays_for(seat)
    plays = [p for p in plays if p.pile == pile] or plays
    if not plays:
        return None
    return max(plays, key=lambda play: _score(game, seat, play))


def _score(game: Speed, seat: int, play: Play) -> int:
    """3 if the play shows a new card (it is the last face-up card of a stack with cards beneath, or any
    card in Chinese Speed), plus one for each own face-up card that would fit on it, minus one for each
    of the other player's."""
    stack = next(i for i, slot in game.face_up(seat) if slot == play.slot)
    cards, up = game.stacks[seat][stack], game.up[seat][stack]
    shows = up == 1 and (len(cards) > 1 or (game.rules.chinese and bool(game.stock[seat])))
    placed = game.rank_of(play.slot)

    def fitting(who: int) -> int:
        return sum(1 for _, s in game.face_up(who) if s != play.slot and _fits_rank(game, game.rank_of(s), placed))

    return 3 * shows + fitting(seat) - fitting(1 - seat)


def _fits_rank(game: Speed, card: int, top: int) -> bool:
    return JOKER in (card, top) or adjacent(card, top, game.rules.wrap)


def choose_random(game: Speed, seat: int, rng: random.Random) -> Action | None:
    """Any legal action, uniformly (a baseline for the sound strategy)."""
    actions = game.legal_actions(seat)
    return rng.choice(actions) if actions else None
