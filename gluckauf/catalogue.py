"""The rule catalogue: every rule ID of RULES.md with a short title and a one-sentence summary
(the texts themselves live in :mod:`gluckauf.messages`)."""

from __future__ import annotations

from dataclasses import dataclass

from .messages import rule_summary, rule_title

RULE_IDS: tuple[str, ...] = (
    *(f"R-SETUP-{i}" for i in range(1, 6)),
    *(f"R-TURN-{i}" for i in range(1, 5)),
    *(f"R-TUNNEL-{i}" for i in range(1, 7)),
    *(f"R-MINE-{i}" for i in range(1, 5)),
    "R-DELIVER-1", "R-DELIVER-2", "R-MONEY-1", "R-ORDER-1", "R-ORDER-2",
    *(f"R-SHIFT-{i}" for i in range(1, 8)),
    *(f"R-END-{i}" for i in range(1, 6)),
    "R-NOTATION-1",  # the kit's own: how actions are written (docs/notation.md)
)  # fmt: skip


@dataclass(frozen=True)
class Rule:
    id: str

    @property
    def title(self) -> str:
        return rule_title(self.id)

    @property
    def summary(self) -> str:
        return rule_summary(self.id)

    def __str__(self) -> str:
        return f"{self.id} {self.title}: {self.summary}"


RULES: dict[str, Rule] = {rule_id: Rule(rule_id) for rule_id in RULE_IDS}


def explain_rule(rule_id: str) -> str:
    """'R-TURN-2 How many workers: …' — raises KeyError for an unknown ID."""
    return str(RULES[rule_id])
