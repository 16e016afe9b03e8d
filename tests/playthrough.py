"""Golden playthroughs (OpenSpiel style): every state, legal-action list, choice and event
sentence of a seeded random game, as text. A difference from the stored file means the rules,
the notation or the texts changed: if that was intended, regenerate with

    .venv/bin/python tests/playthrough.py

and review the diff like any other change."""

from __future__ import annotations

from pathlib import Path

from gluckauf import RandomBot, new_game

GAMES = {"playthrough_3p_seed2026.txt": (3, 2026), "playthrough_2p_seed7.txt": (2, 7)}
DATA = Path(__file__).parent / "data"


def playthrough(players: int, seed: int) -> str:
    state = new_game(players, seed)
    bot = RandomBot(seed)
    lines = [f"# Glück Auf playthrough: {players} players, seed {seed}, RandomBot({seed})"]
    decision = 0
    while not state.is_over:
        decision += 1
        legal = state.legal_actions()
        shown = [str(a) for a in legal[:12]]
        more = f" … ({len(legal)} in all)" if len(legal) > 12 else ""
        lines += ["", f"## decision {decision}", str(state), "legal: " + ", ".join(shown) + more]
        action = bot.choose(state)
        lines.append(f"chosen: {action}")
        lines += [f"  {event.sentence(state.names)}" for event in state.apply(action)]
    lines += ["", "## final", str(state), str(state.result())]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    DATA.mkdir(exist_ok=True)
    for name, (players, seed) in GAMES.items():
        (DATA / name).write_text(playthrough(players, seed), encoding="utf-8")
        print(f"wrote {DATA / name}")
