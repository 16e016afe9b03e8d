"""The rule catalogue: every rule ID the engine cites exists, every catalogue rule is checked by
at least one test, and every message key the code uses has an English sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import gluckauf
from gluckauf.text.catalogue import RULE_IDS, RULES, explain_rule
from gluckauf.text.messages import EN

ENGINE = Path(gluckauf.__file__).parent
TESTS = Path(__file__).parent
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")


def engine_sources() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_every_rule_the_engine_cites_is_in_the_catalogue() -> None:
    cited = {rule for path in engine_sources() for rule in RULE_ID.findall(path.read_text())}
    assert cited, "the engine cites no rule at all?"
    assert cited <= set(RULE_IDS), f"unknown rule IDs cited: {sorted(cited - set(RULE_IDS))}"


def test_the_catalogue_matches_the_rules_reference() -> None:
    rules_md = TESTS.parent.parent / "shared" / "RULES.md"  # shared/ lies beside the checkout
    if rules_md.exists():  # the kit's own rule R-NOTATION-1 is not in RULES.md
        in_reference = set(RULE_ID.findall(rules_md.read_text()))
        assert in_reference == set(RULE_IDS) - {"R-NOTATION-1"}
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 37


def test_every_rule_has_a_title_and_one_sentence_summary() -> None:
    for rule_id, rule in RULES.items():
        assert rule.title and rule.summary.endswith(".")
        assert explain_rule(rule_id).startswith(f"{rule_id} {rule.title}: ")


def _rule_markers(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        # @pytest.mark.rule("R-…") or, after `rule = pytest.mark.rule`, @rule("R-…")
        if isinstance(node, ast.Call) and ast.unparse(node.func) in ("pytest.mark.rule", "rule"):
            found |= {arg.value for arg in node.args if isinstance(arg, ast.Constant)}
    return found


def test_every_catalogue_rule_is_covered_by_a_test() -> None:
    covered: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        covered |= _rule_markers(ast.parse(path.read_text()))
    missing = sorted(set(RULE_IDS) - covered)
    assert not missing, f"rules with no @pytest.mark.rule test: {missing}"


def test_every_message_key_used_in_the_code_exists() -> None:
    used = set()
    for path in engine_sources():
        used |= set(
            re.findall(r'"((?:refuse|event|result|word|rule)\.[A-Za-z0-9_.-]+)"', path.read_text())
        )
    kinds = {
        m
        for m in re.findall(r'Event\("([a-z_]+)"', "".join(p.read_text() for p in engine_sources()))
    }
    used |= {f"event.{kind}" for kind in kinds}
    missing = sorted(key for key in used if key not in EN and not key.endswith("."))
    assert not missing, f"message keys without a sentence: {missing}"
