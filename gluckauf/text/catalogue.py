"""The rule catalogue: every rule ID with a short title and a one-sentence summary
(the texts themselves live in :mod:`gluckauf.text.messages`)."""

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


#: The catalogue's sections, in the rulebook's order: a section's key is the middle part of its
#: rules' IDs ("MINE" for R-MINE-1 … R-MINE-4). The reference (gluckauf.text.reference) titles them.
SECTION_KEYS: tuple[str, ...] = (
    "SETUP", "TURN", "TUNNEL", "MINE", "DELIVER", "MONEY", "ORDER", "SHIFT", "END", "NOTATION",
)  # fmt: skip


def rule_section(rule_id: str) -> str:
    """'R-MINE-3' -> 'MINE' (raises KeyError for an ID not in the catalogue)."""
    if rule_id not in RULES:
        raise KeyError(rule_id)
    return rule_id.split("-")[1]


@dataclass(frozen=True)
class Rule:
    id: str

    @property
    def section(self) -> str:
        """The section key, e.g. 'MINE' (see :data:`SECTION_KEYS`)."""
        return rule_section(self.id)

    @property
    def title(self) -> str:
        return rule_title(self.id)

    @property
    def summary(self) -> str:
        return rule_summary(self.id)

    def __str__(self) -> str:
        return f"{self.id} {self.title}: {self.summary}"


RULES: dict[str, Rule] = {rule_id: Rule(rule_id) for rule_id in RULE_IDS}

#: Section key -> its rule IDs, in catalogue order.
RULE_SECTIONS: dict[str, tuple[str, ...]] = {
    key: tuple(rule_id for rule_id in RULE_IDS if rule_id.split("-")[1] == key)
    for key in SECTION_KEYS
}


def explain_rule(rule_id: str) -> str:
    """'R-TURN-2 How many workers: …' — raises KeyError for an unknown ID."""
    return str(RULES[rule_id])
