"""Moves told in words from the game's typed events (`game.pushed` at a local table, the same events
at a networked one), as seat 0 sees them."""

from __future__ import annotations

from p2pshithead.cli.narrate import Narrator
from p2pshithead.cli.render import Look
from p2pshithead.engine import Card, Flip, Game, Give, Move, Outcome, PickUp, Play, Show, Swap, preset
from p2pshithead.game import Drew, Finished, pushed

from .positions import DOWN, FRENCH, NAMES, SHOW, SWAP, Seat, Table

ASCII = Look(unicode=False, color=False)


def told(table: Table, move: Move, reveal: dict[int, str] | None = None, narrator: Narrator | None = None) -> list[str]:
    game = table.game()
    for slot, text in (reveal or {}).items():
        game.reveal(slot, Card.from_text(text))
    events = pushed(game, move)
    outcome = game.outcome()
    if outcome is not None:
        events.append(Finished(outcome.order))
    return (narrator or Narrator(0, NAMES, ASCII)).tell(events, game.view(0))


def test_plays_and_effects() -> None:
    assert told(Table(Seat("7h 7c 9d", ""), pile="5c", stock=0), Play(0, (0, 1))) == ["You play 7h 7c"]
    assert told(Table(Seat("10h 9d", ""), pile="5c", stock=0), Play(0, (0,))) == ["You play 10h", "the pile burns"]
    four = Table(Seat("9c 4d", ""), pile="9h 9s 9d", stock=0)
    assert told(four, Play(0, (0,))) == ["You play 9c", "the pile burns"]
    eight = Table(Seat("8c 4d", ""), pile="5h", stock=0)
    assert told(eight, Play(0, (0,))) == ["You play 8c", "Bot 1 is skipped"]
    assert told(Table(Seat("8c 8d 4d", ""), pile="5h", stock=0), Play(0, (0, 1))) == [
        "You play 8c 8d", "Bot 1 and Bot 2 are skipped"]
    two = Table(Seat("8c 8d 8h 4d", ""), others=[Seat(3, "Kh Qd 5d"), Seat(0, "", 0), Seat(0, "", 0)], pile="5h",
                stock=0, extra="o2,3")  # two players still in
    assert told(two, Play(0, (0, 1, 2))) == ["You play 8c 8d 8h", "Bot 1 is skipped twice"]  # and you once
    ace = Table(Seat("As 4d", ""), pile="5h", stock=0, rules=FRENCH)
    assert told(ace, Play(0, (0,), 2)) == ["You play As at Bot 2", "Bot 2 is to take the pile (or answer it)"]


def test_the_ace_target_hears_what_it_may_answer() -> None:
    """French: named by an ace, you may answer with an ace or a 2 when you hold one (RULES.md 7)."""
    others = [Seat(3, "Kh Qd 5d"), Seat(3, "Jc 8h 6s"), Seat(3, "8s 3s Ah")]
    holding = Table(Seat("Ad 2c 4h", ""), others, pile="5c", turn=1, rules=FRENCH)
    game = holding.game()
    ace = game.hand(1)[0]
    lines = told(holding, Play(1, (ace,), 0), {ace: "As"})
    assert lines == ["Bot 1 plays As at you", "Named to take the pile: take it (p), or answer it: A>N  2"]
    empty = Table(Seat("4h 5h", ""), others, pile="5c", turn=1, rules=FRENCH)
    assert told(empty, Play(1, (ace,), 0), {ace: "As"})[-1] == "Named to take the pile: you have to take it (p)"


def test_draws_pickups_and_flips() -> None:
    table = Table(Seat("7h 9d 4c", ""), pile="5c", stock=2)
    game = table.game()
    stock = game.stock[0]
    assert told(table, Play(0, (0,)), {stock: "Qh"}) == ["You play 7h", "You draw Qh"]
    bot = Table(Seat("7h 9d 4c", ""), pile="Kc 5c", turn=1)
    assert told(bot, PickUp(1)) == ["Bot 1 picks up 2 cards"]
    up = Table(Seat(0, "4h 9c 9s", 3), pile="Kc", stock=0)
    assert told(up, PickUp(0, 0)) == ["You pick up 1 card and 4h"]
    down = DOWN.game()
    first, second = down.face_down(0)[:2]
    assert told(DOWN, Flip(0, first), {first: "9s"}) == ["You flip 9s and play it"]
    assert told(DOWN, Flip(0, second), {second: "4s"}) == ["You flip 4s: no good, pick up 2 cards"]


def test_a_draw_is_told_once_its_card_is_known() -> None:
    """At a networked table the drawn card opens a moment after the draw (the others' shares)."""
    game = Table(Seat("7h 9d 4c", ""), pile="5c", stock=2).game()
    narrator = Narrator(0, NAMES, ASCII)
    slot = game.stock[0]
    events = pushed(game, Play(0, (game.hand(0)[0],)))
    assert Drew(0, (slot,)) in events
    assert narrator.tell(events, game.view(0)) == ["You play 7h"]  # the card drawn is not known yet
    game.reveal(slot, Card.from_text("Qh"))
    assert narrator.tell([], game.view(0)) == ["You draw Qh"]
    assert narrator.tell([], game.view(0)) == []


def test_phases_out_and_end() -> None:
    assert told(SWAP, Swap(0, 0, 3)) == ["You take Ks into hand, lay 3h face up"]
    show = SHOW.game()
    assert told(SHOW, Show(0, show.hand(0)[0])) == ["You show 4c"]
    out = Table(Seat("Ks", "", 0), pile="5c", stock=0)
    assert told(out, Play(0, (0,))) == ["You play Ks", "You are out!"]
    last = Table(Seat("Kh", "", 0), others=[Seat(2, "", 0), Seat(0, "", 0), Seat(0, "", 0)],
                 pile="5c", stock=0, extra="o2,3")
    assert told(last, Play(0, (0,))) == ["You play Kh", "Bot 1 is the Shithead"]


def test_last_move_of_each_seat() -> None:
    narrator = Narrator(0, NAMES, ASCII)
    told(Table(Seat("7h 7c 9d", ""), pile="5c", stock=0), Play(0, (0, 1)), narrator=narrator)
    told(Table(Seat("7h 9d 4c", ""), pile="Kc 5c", turn=1), PickUp(1), narrator=narrator)
    assert narrator.last == {0: "you play 7h 7c", 1: "picks up 2 cards"}


def test_the_exchange_names_the_card_to_giver_and_receiver_only() -> None:
    """RULES.md 6: the Shithead (seat 2) gives the Masta (seat 0) their best card, the Masta gives one back."""
    game = Game.deal_known(preset("french"), 4, 2, range(52))
    game.begin_exchange(Outcome((0, 1, 3, 2)))
    me, other = Narrator(0, NAMES, ASCII), Narrator(1, ["Ann", *NAMES[1:]], ASCII)
    me.tell([], game.view(0)), other.tell([], game.view(1))
    gift = next(m for m in game.legal_moves if isinstance(m, Give))
    card = game.card(gift.slot)
    assert card is not None
    events = pushed(game, gift)
    assert me.tell(events, game.view(0)) == [f"Bot 2 gives you {card.pretty(False)}"]
    assert other.tell(events, game.view(1)) == ["Bot 2 gives Ann a card"]
    back = next(m for m in game.legal_moves if isinstance(m, Give))
    returned = game.card(back.slot)
    assert returned is not None
    events = pushed(game, back)
    assert me.tell(events, game.view(0)) == [f"You give Bot 2 {returned.pretty(False)}"]
    assert other.tell(events, game.view(1)) == ["Ann gives Bot 2 a card"]


def test_an_observer_hears_every_seat_by_name() -> None:
    """A spectator (no seat) is told every move by name, and never a card it does not see."""
    game = Table(Seat("7h 9d 4c", ""), pile="5c", stock=2).game()
    watcher = Narrator(None, ["Ann", *NAMES[1:]], ASCII)
    events = pushed(game, Play(0, (game.hand(0)[0],)))
    assert watcher.tell(events, game.view(1)) == ["Ann plays 7h"]
    assert watcher.last == {0: "plays 7h"}
