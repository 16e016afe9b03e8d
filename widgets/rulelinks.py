"""Rule IDs in the widgets' messages made readable: each ID a learner meets can be opened.

A message's text stays as it is; every known rule ID in it is underlined (hover shows the
rule), and under the message each cited rule gets a small "R-MINE-2 · title" that opens
the rule's summary when clicked — plain HTML ``<details>``, so it works without a kernel
round trip, in Voilà and in exported pages alike. The texts come from the engine's rule
catalogue (:data:`gluckauf.text.catalogue.RULES`).
"""

from __future__ import annotations

import html
import re

from gluckauf.text.catalogue import RULES

from .labels import say

RULE_ID = re.compile(r"R-[A-Z]+-\d+")


def cited_rules(text: str) -> list[str]:
    """The known rule IDs ``text`` names, in order, each once."""
    found = [rule_id for rule_id in RULE_ID.findall(text) if rule_id in RULES]
    return list(dict.fromkeys(found))


def rule_line(rule_id: str) -> str:
    """'Mining steps: …' — the rule's title and summary in one line of text."""
    rule = RULES[rule_id]
    return f"{rule.title}: {rule.summary}"


def _marked(text: str) -> str:
    """``text`` escaped, with each known rule ID underlined and its rule as a tooltip."""
    parts = []
    last = 0
    for match in RULE_ID.finditer(text):
        parts.append(html.escape(text[last : match.start()]))
        rule_id = match.group()
        if rule_id in RULES:
            parts.append(
                f"<span class='gluckauf-rule' title='{html.escape(rule_line(rule_id))}'"
                f" style='text-decoration:underline dotted'>{rule_id}</span>"
            )
        else:
            parts.append(html.escape(rule_id))
        last = match.end()
    parts.append(html.escape(text[last:]))
    return "".join(parts)


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


def message_html(text: str, *extra: str) -> str:
    """A message with its rule IDs marked, further lines (e.g. what bots did since) under it
    in grey, and the cited rules to open below all of them."""
    lines = [f"<div>{_marked(text)}</div>"] if text else []
    lines += [f"<div style='color:#555'>{_marked(line)}</div>" for line in extra if line]
    return "".join(lines) + rule_details(cited_rules(" ".join((text, *extra))))
