"""The rules reference (gluckauf.text.reference): the committed notebook and quick reference are
what the kit writes now, every rule is a heading that is exactly its ID, the glossary and worked
examples are complete, and the widgets' look-up functions behave."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from gluckauf.cli import main
from gluckauf.core.components import START_MONEY, WORKERS
from gluckauf.text import reference as ref
from gluckauf.text.catalogue import RULE_IDS, RULE_SECTIONS, RULES, SECTION_KEYS, rule_section
from gluckauf.text.examples import EXAMPLES
from gluckauf.text.glossary import GLOSSARY, term
from gluckauf.text.i18n import language

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / ref.NOTEBOOK_PATH
QUICK = ROOT / ref.QUICK_PATH
RULES_MD = ROOT.parent / "shared" / "RULES.md"  # shared/ lies beside the checkout (not shipped)
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
LANGS = ("de", "hu")
ALL_LANGS = ("en", *LANGS)
REGENERATE = ("regenerate it: python -m gluckauf reference --notebook notebooks/reference.ipynb "
              "--quick notebooks/quick_reference.html")  # fmt: skip


def call(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def sources() -> list[str]:
    return ["".join(cell["source"]) for cell in cells()]


# --- the committed files cannot go stale ----------------------------------------------------------
def test_the_committed_notebook_is_what_the_kit_writes() -> None:
    committed = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    # JupyterLab fills in the kernel's language_info when it opens a notebook (and autosaves it):
    # that alone does not make the reference stale.
    info = committed.get("metadata", {}).get("language_info", {})
    if set(info) - {"name"} and info.get("name") == "python":
        committed["metadata"]["language_info"] = {"name": "python"}
        text = json.dumps(committed, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    else:
        text = NOTEBOOK.read_text(encoding="utf-8")
    assert text == ref.notebook_text(), f"{ref.NOTEBOOK_PATH} is stale: {REGENERATE}"


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_each_language_has_its_own_committed_reference(lang: str) -> None:
    """notebooks/de/reference.ipynb and notebooks/hu/reference.ipynb: what the kit writes in
    that language, every rule in its own cell (the ID as cell id), in that language's words."""
    path = ROOT / ref.notebook_path(lang)
    with language(lang):
        expected = ref.notebook_text()
        command = ref.notebook_command()
        titles = {rule_id: RULES[rule_id].title for rule_id in RULE_IDS}
    assert path.read_text(encoding="utf-8") == expected, f"{path} is stale: run {command}"
    where = path.relative_to(ROOT).as_posix()
    assert command == f"python -m gluckauf --lang {lang} reference --notebook {where}"
    by_id = {cell["id"]: "".join(cell["source"]) for cell in json.loads(expected)["cells"]}
    for rule_id in RULE_IDS:
        assert by_id[rule_id].startswith(f"### {rule_id}\n\n**{titles[rule_id]}**")
        assert titles[rule_id] != RULES[rule_id].title, rule_id  # not the English title


def test_the_committed_quick_reference_is_what_the_kit_writes() -> None:
    assert QUICK.read_text(encoding="utf-8") == ref.quick_reference_html(), (
        f"{ref.QUICK_PATH} is stale: {REGENERATE}"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_committed_quick_reference(lang: str) -> None:
    """notebooks/de/quick_reference.html and notebooks/hu/quick_reference.html: what the kit
    writes in that language, with the command that writes it in its footer."""
    path = ROOT / ref.quick_path(lang)
    with language(lang):
        expected = ref.quick_reference_html()
        command = ref.quick_command()
    assert path.read_text(encoding="utf-8") == expected, f"{path} is stale: run {command}"
    where = path.relative_to(ROOT).as_posix()
    assert command == f"python -m gluckauf --lang {lang} reference --quick {where}"
    assert f"<code>{command}</code></footer>" in expected
    assert ref.quick_path("en") == ref.QUICK_PATH and ref.quick_command("en") == ref.QUICK_COMMAND


def test_the_command_line_writes_both_files(tmp_path: Path) -> None:
    nb, quick = tmp_path / "reference.ipynb", tmp_path / "quick.html"
    code, out, err = call("reference", "--notebook", str(nb), "--quick", str(quick))
    assert (code, err) == (0, "")
    assert out == f"wrote {nb}\nwrote {quick}\n"
    assert nb.read_text(encoding="utf-8") == ref.notebook_text()
    assert quick.read_text(encoding="utf-8") == ref.quick_reference_html()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quick.html", "reference.ipynb"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_command_line_writes_the_quick_reference_in_a_language(lang: str, tmp_path) -> None:
    quick = tmp_path / "quick.html"
    code, out, err = call("--lang", lang, "reference", "--quick", str(quick))
    assert (code, err) == (0, "") and str(quick) in out
    with language(lang):
        assert quick.read_text(encoding="utf-8") == ref.quick_reference_html()
    assert f'<html lang="{lang}">' in quick.read_text(encoding="utf-8")


def test_the_reference_function_writes_and_returns_markdown(tmp_path: Path) -> None:
    text = ref.reference(notebook=tmp_path / "r.ipynb")
    assert text == ref.reference_markdown() and text.startswith("# Rules reference\n")
    assert (tmp_path / "r.ipynb").read_text(encoding="utf-8") == ref.notebook_text()
    assert not (tmp_path / "quick_reference.html").exists()


def test_the_command_line_prints_rules_and_refuses_unknown_ones() -> None:
    code, out, err = call("reference", "R-TURN-2", "r-mine-3")
    assert (code, err) == (0, "")
    assert out.startswith("R-TURN-2 How many workers: An empty space takes 1 worker")
    assert "\n\nR-MINE-3 Two cubes for one slot: " in out
    assert "costs 2 steps" in out  # the details are printed too
    code, out, err = call("reference", "R-MINE-9")
    assert code == 2 and out == ""
    assert err == ("gluckauf reference: 'R-MINE-9' is not a rule ID (mining: R-MINE-1 to "
                   "R-MINE-4). The rules are R-SETUP-1 … R-NOTATION-1, 37 in all, listed in "
                   "notebooks/reference.ipynb.\n")  # fmt: skip
    code, out, _ = call("reference")
    assert code == 0 and out == ref.reference_markdown()


# --- the notebook ------------------------------------------------------------------------------
def test_the_notebook_is_markdown_only_with_valid_unique_cell_ids() -> None:
    data = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert (data["nbformat"], data["nbformat_minor"]) == (4, 5)
    assert data["metadata"]["kernelspec"]["name"] == "python3"  # no "select a kernel" dialog
    assert {cell["cell_type"] for cell in data["cells"]} == {"markdown"}
    ids = [cell["id"] for cell in data["cells"]]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", i) for i in ids)
    assert all("outputs" not in cell and "attachments" not in cell for cell in data["cells"])


def test_every_rule_is_its_own_heading_then_its_bold_title_and_summary() -> None:
    by_heading = {}
    for cell, text in zip(cells(), sources(), strict=True):
        headings = [line for line in text.split("\n") if line.startswith("#")]
        for line in headings:
            by_heading.setdefault(line, []).append((cell["id"], text))
    for rule_id in RULE_IDS:
        found = by_heading.get(f"### {rule_id}")
        assert found and len(found) == 1, f"### {rule_id}: {len(found or [])} headings"
        cell_id, text = found[0]
        assert cell_id == rule_id  # so that #cell-id=R-MINE-3 works as well
        rule = RULES[rule_id]
        paragraphs = text.split("\n\n")
        assert paragraphs[0] == f"### {rule_id}"  # JupyterLab's anchor: exactly the ID
        assert paragraphs[1] == f"**{rule.title}**"
        assert paragraphs[2].replace("\\", "") == rule.summary
    rule_headings = [h for h in by_heading if RULE_ID.search(h)]
    assert len(rule_headings) == len(RULE_IDS)


def test_sections_examples_and_glossary_headings_in_order() -> None:
    level2 = [t.split("\n", 1)[0] for t in sources() if t.startswith("## ")]
    titles = [ref.SECTION_TITLES[key] for key in SECTION_KEYS]
    assert level2 == [f"## {t}" for t in titles] + ["## Worked examples", "## Glossary"]
    assert titles == ["Setup", "Turns", "Tunnel expansion", "Mining", "Delivery", "Money",
                      "New orders", "End of a shift", "End of the game", "Notation"]  # fmt: skip
    rule_order = [t.split("\n", 1)[0][4:] for t in sources() if t.startswith("### R-")]
    assert rule_order == list(RULE_IDS)
    assert [t.split("\n", 1)[0] for t in sources() if t.startswith("### E")] == [
        f"### E{i}" for i in range(1, 8)
    ]
    assert sources()[0].startswith("# Rules reference\n")


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_top_speaks_to_learners_and_the_authors_notes_are_in_docs(lang: str) -> None:
    """Issue 25: the reference opens with what it is, how to find a rule and that the board's
    messages cite the IDs; how it is written and how to link a rule are in
    docs/reference-notebook.md."""
    with language(lang):
        top = json.loads(ref.notebook_text())["cells"][0]["source"]
        glossary = ref._anchor(ref.TEXTS["page.glossary"])
    top = "".join(top)
    assert top.startswith("# ") and "R-MINE-3" in top and "+F" in top and "⌘F" in top
    assert f"](#{glossary})" in top  # the glossary link, in the notebook's language
    for author_words in ("python -m", "gluckauf/", "gluckauf.", "tests", "cell-id=", "`"):
        assert author_words not in top, author_words
    notes = (ROOT / "docs" / "reference-notebook.md").read_text(encoding="utf-8")
    for code in ("en", "de", "hu"):
        assert ref.notebook_command(code) in notes
        assert ref.quick_command(code) in notes
    assert "cell-id=R-MINE-3" in notes and "rule_link" in notes


def test_every_internal_link_has_a_target() -> None:
    text = "\n".join(sources())
    anchors = {line.lstrip("#").strip().replace(" ", "-")
               for line in text.split("\n") if line.startswith("#")}  # fmt: skip
    links = re.findall(r"\]\(#([^)]+)\)", text)
    assert links and set(links) <= anchors, sorted(set(links) - anchors)
    assert set(RULE_ID.findall(text)) == set(RULE_IDS)


def test_dollar_signs_do_not_start_latex_in_jupyterlab() -> None:
    for text in sources():
        for part in re.split(r"`[^`]*`", text):  # code spans are safe
            assert not re.search(r"(?<!\\)\$", part), part


def test_the_shift_clock_table_comes_from_the_engine() -> None:
    shift = next(t for t in sources() if t.startswith("## End of a shift"))
    assert "| 1 | yellow icons on your delivered orders | 2 | 1 |" in shift
    assert "| 6 | icons on your delivered carriage orders | 7 | 3 |" in shift
    assert "| 12 | empty black carts in your mine | 13 | 6 |" in shift


# --- the data -----------------------------------------------------------------------------------
def test_sections_cover_the_catalogue_in_order() -> None:
    assert tuple(ref.SECTION_TITLES) == SECTION_KEYS == tuple(RULE_SECTIONS)
    assert tuple(r for key in SECTION_KEYS for r in RULE_SECTIONS[key]) == RULE_IDS
    assert RULES["R-MINE-3"].section == rule_section("R-MINE-3") == "MINE"
    with pytest.raises(KeyError):
        rule_section("R-MINE-9")


def test_every_rule_has_details_citing_only_catalogue_rules() -> None:
    assert set(ref.DETAILS) == set(RULE_IDS)
    for rule_id, paragraphs in ref.DETAILS.items():
        assert paragraphs and all(p.strip() == p and p for p in paragraphs), rule_id
        for paragraph in paragraphs:
            assert set(RULE_ID.findall(paragraph)) <= set(RULE_IDS), rule_id
            assert paragraph.endswith((".", ":", ")")), (rule_id, paragraph[-30:])


def test_numbers_in_the_details_match_the_engine() -> None:
    setup = " ".join(ref.DETAILS["R-SETUP-3"])
    assert (f"Workers: {WORKERS[2]} each with 2 players, {WORKERS[3]} with 3, {WORKERS[4]} "
            "with 4") in setup  # fmt: skip
    assert (f"Money: {START_MONEY[2]} Marks each with 2 players, {START_MONEY[3]} with 3, "
            f"{START_MONEY[4]} with 4") in setup  # fmt: skip


def test_every_glossary_row_has_three_languages_and_a_one_line_explanation() -> None:
    assert len(GLOSSARY) == 22
    for row in GLOSSARY:
        assert all(text.strip() for text in row), row
        assert "\n" not in row.explanation and row.explanation.endswith("."), row
        assert set(RULE_ID.findall(row.explanation)) <= set(RULE_IDS), row
    assert term("pit cage").german == "Förderkorb" and term("shift").hungarian == "műszak"
    with pytest.raises(KeyError):
        term("dragon")


def test_the_glossary_is_the_terms_table_of_rules_md() -> None:
    if not RULES_MD.exists():
        pytest.skip("RULES.md is not beside this checkout")
    text = RULES_MD.read_text(encoding="utf-8")
    table = text[text.index("| term | German | Hungarian |") :].split("\n\n", 1)[0]
    rows = [[cell.strip().replace("*", "") for cell in line.strip("|").split("|")]
            for line in table.split("\n")[2:]]  # fmt: skip
    assert rows == [[t.english, t.german, t.hungarian] for t in GLOSSARY]


def test_the_worked_examples_name_their_rules_and_tests() -> None:
    assert [e.id for e in EXAMPLES] == [f"E{i}" for i in range(1, 8)]
    tests = (ROOT / "tests" / "test_examples.py").read_text(encoding="utf-8")
    for example in EXAMPLES:
        assert example.title and example.text.endswith(".")
        assert example.rules and set(example.rules) <= set(RULE_IDS), example.id
        for name in example.tests:
            assert re.search(rf"^def {name}\(", tests, re.M), f"{example.id}: no test {name}"


def test_the_worked_examples_cite_the_rules_rules_md_cites() -> None:
    if not RULES_MD.exists():
        pytest.skip("RULES.md is not beside this checkout")
    text = RULES_MD.read_text(encoding="utf-8")
    for example in EXAMPLES:
        line = re.search(rf"^- \*\*{example.id} [^(]*\(([^)]*)\)", text, re.M)
        assert line, example.id
        cited = re.findall(r"R-[A-Z]+(?:-\d+)?", line.group(1))  # "R-TUNNEL" names a section
        for rule in cited:
            assert any(r == rule or r.startswith(rule + "-") for r in example.rules), (
                example.id, rule)  # fmt: skip


# --- the widgets' functions ----------------------------------------------------------------------
def test_rule_text_is_one_paragraph() -> None:
    assert ref.rule_text("R-TURN-2") == (
        "R-TURN-2 How many workers: An empty space takes 1 worker; an occupied space takes one "
        "more worker than stand there, and those go to the canteen."
    )
    assert ref.rule_text(" r-turn-2 ") == ref.rule_text("R-TURN-2")
    for rule_id in RULE_IDS:
        for details in (False, True):
            text = ref.rule_text(rule_id, details=details)
            assert "\n" not in text and "`" not in text and text.startswith(f"{rule_id} ")
    assert "Reading: the German summary" in ref.rule_text("R-SHIFT-7", details=True)


def test_rule_html_is_a_small_escaped_fragment() -> None:
    html = ref.rule_html("R-NOTATION-1")
    assert html.startswith('<p class="gluckauf-rule" data-rule="R-NOTATION-1"><b>R-NOTATION-1 ')
    assert "&#x27;place M8&#x27;" in html and "'" not in html.split(">", 1)[1]
    assert html.endswith("</p>") and html.count("<p") == 1
    linked = ref.rule_html("R-MINE-3", href=ref.rule_link("R-MINE-3"))
    assert '<b><a href="reference.ipynb#cell-id=R-MINE-3">R-MINE-3</a> Two cubes for one' in linked
    detailed = ref.rule_html("R-MINE-2", details=True)
    assert detailed.count("<ul") == 1 and "<li>Move the pit cage" in detailed
    assert "<code>place M8</code>" in ref.rule_html("R-NOTATION-1", details=True)
    assert '"x&quot;y"' in ref.rule_html("R-END-1", href='x"y')


def test_rule_link_is_relative_to_the_folder_of_the_linking_file() -> None:
    cell = "#cell-id=R-MINE-3"
    assert ref.rule_link("R-MINE-3") == "reference.ipynb" + cell
    assert ref.rule_link("R-MINE-3", "notebooks/") == "reference.ipynb" + cell
    assert ref.rule_link("R-MINE-3", ".") == "notebooks/reference.ipynb" + cell
    assert ref.rule_link("R-MINE-3", "") == "notebooks/reference.ipynb" + cell
    assert ref.rule_link("R-MINE-3", Path("docs")) == "../notebooks/reference.ipynb" + cell
    assert ref.rule_link("R-MINE-3", "notebooks/extra") == "../reference.ipynb" + cell
    assert ref.rule_link("R-MINE-3", cell_id=False) == "reference.ipynb#R-MINE-3"
    for bad in ("/work/main/notebooks", "..", "../elsewhere", "C:/kit"):
        with pytest.raises(ValueError):
            ref.rule_link("R-MINE-3", bad)


@pytest.mark.parametrize("function", [ref.rule_text, ref.rule_html, ref.rule_link])
def test_unknown_rule_ids_raise_a_clear_key_and_value_error(function) -> None:
    for bad, hint in (("R-MINE-9", "mining: R-MINE-1 to R-MINE-4"),
                      ("R-DELIVERY-1", "did you mean R-DELIVER-1?"), ("R-FOO-1", ""),
                      ("", ""), (None, "a rule ID is a string")):  # fmt: skip
        with pytest.raises(KeyError) as info:
            function(bad)
        assert isinstance(info.value, ValueError)
        message = str(info.value)
        assert hint in message, message
        assert bad is None or "notebooks/reference.ipynb" in message, message
        assert not message.startswith('"')  # not KeyError's quoted repr


# --- the quick reference ------------------------------------------------------------------------
def quick_html(lang: str) -> str:
    with language(lang):
        return ref.quick_reference_html()


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_the_quick_reference_cites_only_catalogue_rules(lang: str) -> None:
    html = quick_html(lang)
    cited = set(RULE_ID.findall(html))
    assert cited <= set(RULE_IDS), sorted(cited - set(RULE_IDS))
    must = {"R-TURN-2", "R-TURN-4", "R-MINE-2", "R-MINE-3", "R-SHIFT-1", "R-SHIFT-5", "R-END-4",
            "R-NOTATION-1", "R-TUNNEL-1", "R-DELIVER-1", "R-MONEY-1", "R-ORDER-1"}  # fmt: skip
    assert must <= cited
    assert RULE_ID.findall(html) == RULE_ID.findall(quick_html("en"))  # the same, in order


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_the_quick_reference_is_self_contained(lang: str) -> None:
    html = quick_html(lang)
    lower = html.lower()
    for bad in ("<script", "http:", "https:", "//", "src=", "<link", "@import", "url(",
                "<iframe", "<img", "<object", "<embed", " on"):  # fmt: skip
        if bad == " on":  # no event-handler attributes (onload=…)
            assert not re.search(r"<[^>]+\son[a-z]+=", lower)
        else:
            assert bad not in lower, bad
    assert lower.startswith("<!doctype html>") and '<meta charset="utf-8">' in lower


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_the_quick_reference_is_a4_portrait_and_never_below_8pt(lang: str) -> None:
    html = quick_html(lang)
    assert html.startswith(f'<!DOCTYPE html>\n<html lang="{lang}">\n')
    assert "@page { size: A4 portrait;" in html
    sizes = re.findall(r"font-size:\s*([\d.]+)(pt|px|em|rem|%)", html)
    assert sizes and all(unit == "pt" and float(n) >= 8 for n, unit in sizes), sizes


def test_the_quick_reference_has_what_a_teacher_hands_out() -> None:
    html = ref.quick_reference_html()
    headings = (
        "Aim of the game",
        "Your turn",
        "The work areas",
        "Mining: each step costs 1",
        "End of a shift: the shift clock",
        "End of the game (after shift III)",
        "Writing actions (R-NOTATION-1)",
        "Words: English · German · Hungarian",
    )
    for heading in headings:
        assert f"<h2>{heading}" in html, heading
    for row in map(term, ref.QUICK_TERMS):
        assert f"<b>{row.english}</b> · {row.german} · {row.hungarian}" in html
    assert "<code>fill W3YY:Y cY</code>" in html and "<code>place M8</code>" in html
    assert "2/1 3/1 4/2 5/2" in html and "10/5 11/5 12/6 13/6" in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_in_german_and_hungarian_has_the_same_handout(lang: str) -> None:
    html = quick_html(lang)
    with language(lang):
        headings = [ref.TEXTS[f"quick.{key}.title"]
                    for key in ("aim", "turn", "areas", "mining", "shift", "end", "notation",
                                "words")]  # fmt: skip
        notebook = ref.notebook_path()
    assert len(set(headings)) == len(headings)
    english_headings = re.findall(r"<h2>([^<]*)</h2>", quick_html("en"))
    for heading, english in zip(headings, english_headings, strict=True):
        assert f"<h2>{heading}</h2>" in html, heading
        assert heading != english, f"{heading!r} is not translated"
    # the key terms: the page's language first, in bold, then the other two
    others = [code for code in ("en", "de", "hu") if code != lang]
    for row in map(term, ref.QUICK_TERMS):
        names = {"en": row.english, "de": row.german, "hu": row.hungarian}
        assert f"<b>{names[lang]}</b> · {names[others[0]]} · {names[others[1]]}" in html
    # the notation, the clock's points and the game's numbers are the same in every language
    for code in ("fill W3YY:Y cY", "place M8", "choose G2L top Y1D K2L", "C9KK", "G2L"):
        assert f"<code>{code}</code>" in html, code
    assert "2/1 3/1 4/2 5/2" in html and "10/5 11/5 12/6 13/6" in html
    assert " / ".join(str(WORKERS[n]) for n in (2, 3, 4)) in html
    assert " / ".join(str(START_MONEY[n]) for n in (2, 3, 4)) in html
    assert notebook in html and notebook.startswith(f"notebooks/{lang}/")
    assert "Coal Baron" not in html and "quick reference" not in html


def quick_words(html: str) -> str:
    """The quick reference's prose: no style, no key-terms list (three languages on purpose),
    no code, no file paths, no tags."""
    import html as html_module

    text = re.sub(r"<style>.*?</style>|<ul class=\"terms\">.*?</ul>|<code>.*?</code>", " ", html,
                  flags=re.S)  # fmt: skip
    text = html_module.unescape(re.sub(r"<[^>]+>", " ", text))
    return re.sub(r"\S*/\S*", " ", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_in_german_and_hungarian_has_no_english(lang: str) -> None:
    from test_no_english import english_in

    from gluckauf.text.i18n import REFERENCE

    lines = quick_words(quick_html(lang)).splitlines()
    assert english_in(lines, lang, (REFERENCE,)) == []
    # and the check sees the English where it is
    assert english_in(quick_words(quick_html("en")).splitlines(), lang, (REFERENCE,))
