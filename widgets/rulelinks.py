"""The rule IDs a message on the board cites, made readable: each one can be opened.

A message comes with its rule IDs as data (a refusal's ``rules``, the rules a label cites:
:class:`widgets.labels.Message`); its text stays as it is. Each of those IDs is underlined where
the text names it (hover shows the rule), and under the message each gets a small
"R-MINE-2 · title" that opens the rule's summary when clicked — plain HTML ``<details>``, so it
works without a kernel round trip, in Voilà and in exported pages alike. The texts come from the
engine's rule catalogue (:data:`gluckauf.text.catalogue.RULES`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from gluckauf.text.catalogue import RULES

from .labels import say


def known(rule_ids: Sequence[str]) -> list[str]:
    """The IDs of ``rule_ids`` that the catalogue has, in order, each once."""
    return [rule_id for rule_id in dict.fromkeys(rule_ids) if rule_id in RULES]


def rule_line(rule_id: str) -> str:
    """'Mining steps: …' — the rule's title and summary in one line of text."""
    rule = RULES[rule_id]
    return f"{rule.title}: {rule.summary}"


def _marked(text: str, rule_ids: Sequence[str]) -> str:
    """``text`` escaped, with each of ``rule_ids`` underlined where it stands (not inside a
    longer ID: R-MINE-1 is not in R-MINE-12), its rule as a tooltip."""
    if not rule_ids:
        return html.escape(text)
    longest_first = sorted(rule_ids, key=len, reverse=True)
    where = re.compile("(" + "|".join(map(re.escape, longest_first)) + r")(?!\d)")
    parts = where.split(text)  # text, ID, text, ID, …, text
    return "".join(
        html.escape(part)
        if index % 2 == 0
        else f"<span class='gluckauf-rule' title='{html.escape(rule_line(part))}'"
        f" style='text-decoration:underline dotted'>{part}</span>"
        for index, part in enumerate(parts)
    )


def rule_details(rule_ids: list[str]) -> str:
    """One clickable "R-… · title" per rule that opens its summary."""
    if not rule_ids:
        return ""
    items = "".join(
        "<details class='gluckauf-rule-details' style='display:inline-block;margin:2px 8px 0 0;"
        "vertical-align:top;max-width:100%'>"
        f"<summary style='cursor:pointer;color:#1a5fb4'>{rule_id} · "
        f"{html.escape(RULES[rule_id].title)}</summary>"
        "<div style='border-left:3px solid #1a5fb4;padding:2px 8px;max-width:640px'>"
        f"{html.escape(RULES[rule_id].summary)}<br>"
        f"<small style='color:#666'>{html.escape(say('msg.rule_more'))}</small></div></details>"
        for rule_id in rule_ids
    )
    return f"<div>{items}</div>"


def message_html(text: str, rules: Sequence[str] = (), *extra: str) -> str:
    """A message with the rules it cites (``rules``, data) marked in it, further lines (e.g.
    what bots did since) under it in grey, and those rules to open below all of them."""
    cited = known(rules)
    lines = [f"<div>{_marked(text, cited)}</div>"] if text else []
    lines += [f"<div style='color:#555'>{html.escape(line)}</div>" for line in extra if line]
    return "".join(lines) + rule_details(cited)
