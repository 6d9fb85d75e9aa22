"""Pick-ups by choice are bounded once the stock is gone, so a searcher that sees a loss cannot drag the game
out for ever (one game of `smart` against greedy ran 2,174 turns)."""

from __future__ import annotations

import random

from p2pshithead.bots import Budget, SmartBot
from p2pshithead.bots._patience import BY_CHOICE, Patience, by_choice
from p2pshithead.engine import Game, PickUp, preset

from .helpers import position

# Seat 0 (9 9 9 J 7 5 5 3 in hand, A 2 2 face up) on a pile of two queens, against K K A 7: a two-seat endgame
# of a greedy game (`scripts/endgame-match` 30 3, the first), where `smart:64p` takes the pile though it could play.
_TAKES_THE_PILE = (
    "play d1 t0 + r0,1,2,3 s2:19,3:35,0:13,1:17 w2:12:- l2 o1,3 | H:22=9h,13=9s,51=Jd,15=7d,8=5h,28=5s,4=9d,23=3d "
    "U:24=Ad,25=2s,26=2c D:0~4h,1~5c,2~3h | H:- U:- D:- | H:49=Kc,5=Kh,11=As,9=7c U:- D:- | H:- U:- D:- | S:- "
    "| P:6=Qd,7=Qc | B:21=7h,40=10c,43=8h,20=8s,31=8d,36=Js,12=Ks,42=Kd,44=2d,41=4s,17=4d,16=4c,33=8c,48=3s,38=9c,"
    "39=Jh,14=Jc,50=10s,27=5d,18=Qh,30=Qs,46=Ac,37=3c,29=2h,32=Ah,34=10d,47=7s,3=10h,19=6h,35=6d,45=6c,10=6s"
)


def _decide(bot: SmartBot, game: Game) -> object:
    return bot.decide(game.view(0), 0, random.Random(0))


def test_after_its_pick_ups_by_choice_a_bot_takes_the_pile_only_when_it_cannot_play():
    game = Game.from_text(_TAKES_THE_PILE, preset("classic"))
    view = game.view(0)
    fresh = SmartBot(Budget.from_text("64p"))
    assert _decide(fresh, game) == PickUp(0) and by_choice(view, 0, PickUp(0))  # it would take the pile
    spent = SmartBot(Budget.from_text("64p"))
    for _ in range(BY_CHOICE):
        spent.patience.moved(view, 0, PickUp(0))
    move = _decide(spent, game)
    assert move is not None and not isinstance(move, PickUp)


def test_only_pick_ups_by_choice_with_the_stock_gone_count_and_a_new_game_forgets_them():
    patience, endgame = Patience(), Game.from_text(_TAKES_THE_PILE, preset("classic")).view(0)
    stuck = position([["4c"], ["5c"]], pile=["Kh"])  # a 4 on a king: the pick-up is forced
    stocked = position([["5c", "Kh"], ["6c"]], pile=["4h"], stock=["9d"])
    for _ in range(BY_CHOICE):
        patience.moved(stuck, 0, PickUp(0))
        patience.moved(stocked, 0, PickUp(0))
    assert not patience.spent(endgame, 0)
    for _ in range(BY_CHOICE - 1):
        patience.moved(endgame, 0, PickUp(0))
    assert not patience.spent(endgame, 0)
    patience.moved(endgame, 0, PickUp(0))
    assert patience.spent(endgame, 0) and not patience.spent(endgame, 1)  # each seat its own count
    assert not patience.spent(stocked, 0) and not patience.spent(endgame, 0)  # stock again: a new game
