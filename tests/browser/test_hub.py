"""A class on a real JupyterHub (``make hub-check``; part of ``make test``): learners log in in
Chromium through the nbgitpuller link ``gluckauf hub-link`` prints, each gets a copy of the
repository in a home of their own, and runs a lesson whose board draws without a traceback.

The class's side (issue 30), on the same hub with the kit's class service configured as
``gluckauf class hub-config`` prints it: five learners and a teacher hand in with their own hub
tokens (and are refused what is not theirs), the teacher collects, and a class tournament
survives hostile bots; then three learners answer lesson 01 with the mouse, one hands in a game
with the play app's button, and the teacher's view in JupyterLab shows the grid, the game and
the tournament's leaderboard.

The hub runs on 127.0.0.1 with the dummy authenticator and the simple local spawner, the
repository is a ``file://`` clone of this one (tests/browser/hub.py), and the test stops the
hub, its proxy, the class service and every learner's server, and checks none is left.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import hub as jhub
import lab
import pytest
from boardpage import Board, show_from_the_top

from gluckauf.analysis.classroom import read_class
from gluckauf.analysis.classtournament import class_tournament, read_learner_bots
from gluckauf.bots.sandbox import Limits
from gluckauf.files.classfolder import ClassFolder
from gluckauf.files.handin import HandInError, collect, hand_in
from gluckauf.files.hublink import hub_link, pulled_folder
from gluckauf.files.tableclient import follow, my_table, set_up_tables
from gluckauf.text.i18n import language
from widgets.classtable import TEXT as CLASS_TABLE_TEXT
from widgets.draw import PAPER
from widgets.labels import say
from widgets.session import GameSession

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GLUCKAUF_ARTIFACTS", REPO / "test-artifacts")) / "screenshots"
LESSON = "notebooks/00_start_here.ipynb"
LEARNERS = ("ada", "bea")


@pytest.fixture(scope="module")
def classroom(jupyter_env, tmp_path_factory):
    root = tmp_path_factory.mktemp("hub")
    repo = jhub.classroom_repository(tmp_path_factory.mktemp("repos") / "gluckauf-kit")
    with jhub.jupyterhub(jupyter_env, root) as the_hub:
        yield the_hub, f"file://{repo}"


def log_in(page, url: str, name: str) -> None:
    """Open ``url`` as a learner who is not logged in: the hub asks for a name and a password
    (any will do with the dummy authenticator), then goes on to ``url``."""
    page.goto(url, wait_until="domcontentloaded")
    page.fill("#username_input", name)
    page.fill("#password_input", "workshop")
    page.click("#login_submit")


def test_two_learners_open_lesson_00_through_the_nbgitpuller_link(browser, classroom, timings):
    the_hub, repo = classroom
    link = hub_link(the_hub.url, repo, branch="main", notebook=LESSON)
    pages = []
    t0 = time.perf_counter()
    for name in LEARNERS:  # both log in before either runs the lesson: two servers at once
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.set_default_timeout(120_000)
        log_in(page, link, name)
        pages.append(page)
    try:
        for name, page in zip(LEARNERS, pages, strict=True):
            page.wait_for_url(f"**/user/{name}/lab/**", timeout=180_000)
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            lab.wait_kernel_idle(page, timeout=120_000)
            assert page.url.endswith(f"/{pulled_folder(repo)}/{LESSON}"), page.url
            lesson = the_hub.homes / name / pulled_folder(repo) / LESSON
            assert lesson.is_file()  # nbgitpuller copied the repository into this home
        timings["hub: log in + pull + open lesson 00 (2 learners)"] = (
            f"{time.perf_counter() - t0:.1f} s"
        )
        for page in pages:
            lab.run_all(page, timeout=180_000)
            canvas = lab.wait_for_canvas(page)
            lab.wait_for_pixel(page, canvas, 2, 2, (*lab.hex_rgb(PAPER), 255), timeout=60_000)
            text = page.inner_text(".jp-Notebook")
            assert "Traceback" not in text and "Error:" not in text
        timings["hub: both learners ran lesson 00"] = f"{time.perf_counter() - t0:.1f} s"
    finally:
        for page in pages:
            page.context.close()


# --- the class service: hand in, collect, a class tournament (issue 30) ------------------------
CLASS = ("ada", "bea", "cy", "dan", "eve")  # five learners, and the teacher jhub.TEACHER

GREEDY_BOT = """from gluckauf.bots.greedy import GreedyBot


def make_bot(seed):
    return GreedyBot(seed)
"""
FIRST_MOVE_BOT = "def choose(state):\n    return state.legal_actions()[0]\n"
ENDLESS_BOT = "def choose(state):\n    while True:\n        pass\n"
HUNGRY_BOT = "def choose(state):\n    cells = [0] * 10**10\n    return cells\n"
FAILING_BOT = "def choose(state):\n    raise RuntimeError('my bot is not finished')\n"
ILLEGAL_BOT = "def choose(state):\n    return 'place Z9'\n"


def snooping_bot(path: Path) -> str:
    """A bot that reads another learner's file before it moves (and would go on if it could)."""
    return (
        "def choose(state):\n"
        "    try:\n"
        f"        open({str(path)!r}).read()\n"
        "    except Exception:\n"
        "        pass\n"
        "    return state.legal_actions()[0]\n"
    )


def progress_of(learner: str, answers: list[tuple[int, str, bool, str]]) -> bytes:
    from gluckauf.files.progress import Answer, Progress

    kept = [Answer(lesson, exercise, right, answer, f"2026-12-07T10:{i:02d}:00Z")
            for i, (lesson, exercise, right, answer) in enumerate(answers)]  # fmt: skip
    return json.dumps(Progress(learner, tuple(kept)).to_json()).encode()


def a_game(seed: int) -> bytes:
    from gluckauf.bots.random_bot import RandomBot
    from gluckauf.core.newgame import new_game
    from gluckauf.files.records import record_of

    state, bot = new_game(3, seed), RandomBot(seed)
    for _ in range(40):
        state.apply(bot.choose(state))
    return json.dumps(record_of(state)).encode()


@pytest.fixture(scope="module")
def tokens(classroom):
    the_hub, _repo = classroom
    return {name: the_hub.token_for(name) for name in (*CLASS, jhub.TEACHER)}


def test_learners_hand_in_as_themselves_and_the_teacher_collects(classroom, tokens, tmp_path):
    the_hub, _repo = classroom
    url = the_hub.class_url
    answers = {
        "ada": [(0, "start.first_move", True, "M8"), (2, "placing.locked", True, "M6")],
        "bea": [(2, "placing.locked", False, "M5"), (2, "placing.locked", False, "M7"),
                (2, "placing.locked", True, "M6")],
        "cy": [(2, "placing.locked", False, "M5")],
        "dan": [], "eve": [(4, "mining.steps", True, "3")],
    }  # fmt: skip
    for name in CLASS:
        stored = hand_in("progress", progress_of(name, answers[name]), url=url, token=tokens[name])
        assert stored == f"{name}/progress.json"
    assert hand_in("game", a_game(7), url=url, token=tokens["ada"]).startswith("ada/games/")

    # Only as themselves: bea cannot hand in ada's progress, and nobody but the teacher lists.
    with pytest.raises(HandInError, match="belongs to ada"):
        hand_in("progress", progress_of("ada", []), url=url, token=tokens["bea"], lang="en")
    with pytest.raises(HandInError, match="teachers collect"):
        collect(ClassFolder(tmp_path / "bea-tries"), url=url, token=tokens["bea"])
    # A refusal comes in the learner's language; nothing of a bot runs on the service.
    with language("de"), pytest.raises(HandInError, match="nicht") as refused:
        hand_in("bot", b"def choose(state:\n", url=url, token=tokens["cy"])
    with language("de"):
        said = str(refused.value)
    assert "Zeile 1" in said and "the" not in said
    # The service keeps the files where only its own user can read them.
    assert the_hub.class_folder.stat().st_mode & 0o077 == 0

    folder = ClassFolder(tmp_path / "class")
    report = collect(folder, url=url, token=tokens[jhub.TEACHER])
    assert (report.copied, report.refused) == (6, {})
    assert collect(folder, url=url, token=tokens[jhub.TEACHER]).unchanged == 6

    found = read_class(folder.path)
    assert sorted(found.learners) == sorted(CLASS)
    grid = found.grid()
    assert grid["bea"][(2, "placing.locked")].attempts == 3
    assert grid["cy"][(2, "placing.locked")].solved_at is None
    assert grid["dan"] == {}
    hardest = found.hardest()[0]
    assert (hardest.lesson, hardest.exercise, hardest.wrong, hardest.solved) == (
        2, "placing.locked", 3, 2,
    )  # fmt: skip
    assert [g.learner for g in folder.games()] == ["ada"]


def test_a_class_tournament_of_handed_in_bots_survives_hostile_ones(classroom, tokens, tmp_path):
    the_hub, _repo = classroom
    url = the_hub.class_url
    folder = ClassFolder(tmp_path / "class")
    bots = {"ada": GREEDY_BOT, "bea": FIRST_MOVE_BOT, "cy": ENDLESS_BOT, "dan": HUNGRY_BOT,
            "eve": snooping_bot(folder.path / "ada" / "bot.py")}  # fmt: skip
    for name, source in bots.items():
        assert hand_in("bot", source.encode(), url=url, token=tokens[name]) == f"{name}/bot.py"
    # Two more hostile bots, of learners who only hand in a bot.
    for name, source in {"fay": FAILING_BOT, "gus": ILLEGAL_BOT}.items():
        hand_in("bot", source.encode(), url=url, token=the_hub.token_for(name))
    collect(folder, url=url, token=tokens[jhub.TEACHER])

    sources, left_out = read_learner_bots(folder)
    assert sorted(sources) == ["ada", "bea", "cy", "dan", "eve", "fay", "gus"] and not left_out
    boards = []
    tournament = class_tournament(
        sources, builtins=["greedy"], players=3, games=3, seed=4, workers=2,
        limits=Limits(seconds=1.0), progress=lambda t: boards.append(len(t.entries)),
    )  # fmt: skip
    board = {entry.name: entry for entry in tournament.leaderboard()}
    assert all(entry.result.games == 3 for entry in board.values())
    reasons = {"cy": "timeout", "dan": "memory", "eve": "forbidden", "fay": "error",
               "gus": "illegal"}  # fmt: skip
    for name, reason in reasons.items():
        assert board[name].forfeits == 3 and board[name].win.rate == 0, name
        assert set(board[name].failures()) == {reason}, (name, board[name].failures())
    assert board["ada"].forfeits == board["bea"].forfeits == 0
    # ada's bot is greedy, played from its own process: the same games as the built-in greedy.
    assert board["ada"].mean_score == board["greedy"].mean_score
    assert boards == sorted(boards) and boards[-1] == 8  # the leaderboard filled in live
    text = tournament.table()
    assert "eve's bot tried to use a file" in text and "greedy (built in)" in text


_GRID_JS = """() => {
  const table = document.querySelector('.gluckauf-class-grid');
  if (!table) { return null; }
  const rows = [...table.querySelectorAll('tr')].map(r => [...r.children].map(c => c.textContent));
  const heads = rows[0];
  const grid = {};
  for (const row of rows.slice(1)) {
    grid[row[0]] = Object.fromEntries(heads.slice(1).map((h, i) => [h, row[i + 1]]));
  }
  return grid;
}"""


def test_a_class_answers_hands_in_and_the_teacher_sees_it(browser, classroom, tokens, timings):
    """Three learners answer lesson 01's player question with the mouse (right, wrong then
    right, wrong), one hands in a game with the play app's Hand in button; the teacher opens
    the teacher's view: the grid, the game and a tournament's leaderboard are there."""
    the_hub, repo = classroom
    pulled = pulled_folder(repo)
    lesson = hub_link(
        the_hub.url, repo, branch="main", notebook="notebooks/01_setup_and_board.ipynb"
    )
    clicks = {"ada": ["Péter"], "bea": ["Zsófi", "Péter"], "cy": ["Gábor"]}
    t0 = time.perf_counter()
    pages = {}
    try:
        for name in clicks:
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            pages[name] = context.new_page()
            pages[name].set_default_timeout(120_000)
            log_in(pages[name], lesson, name)
        for name, page in pages.items():
            page.wait_for_url(f"**/user/{name}/lab/**", timeout=180_000)
            # in a workspace of its own: the lessons of earlier tests stay closed
            server = f"{the_hub.url.rstrip('/')}/user/{name}"
            lab.open_notebook(page, server, f"{pulled}/notebooks/01_setup_and_board.ipynb",
                              timeout=120_000)  # fmt: skip
            lab.run_all(page, timeout=180_000)
            players = lab.output_with(page, "Péter", in_view_only=True)
            for who in clicks[name]:
                players.get_by_role("button", name=who).click()
                lab.says(page, players, "Right!" if who == "Péter" else "Péter", timeout=30_000)
        timings["hub: 3 learners answered lesson 01"] = f"{time.perf_counter() - t0:.1f} s"

        ada = pages["ada"]
        base = f"{the_hub.url.rstrip('/')}/user/ada"
        lab.open_notebook(ada, base, f"{pulled}/notebooks/play.ipynb", timeout=120_000)
        lab.run_all(ada, timeout=120_000)
        lab.wait_for_canvas(ada)
        hand_in_button = ada.get_by_role("button", name="Hand in")
        if not hand_in_button.is_visible():  # the app shows the game's settings already
            ada.get_by_role("button", name="Game…").click()
        hand_in_button.click()
        ada.wait_for_function(
            "() => document.body.textContent.includes('Handed the game in to your teacher')"
        )
        hand_in("bot", GREEDY_BOT.encode(), url=the_hub.class_url, token=tokens["ada"])

        context = browser.new_context(viewport={"width": 1280, "height": 720})
        teacher = context.new_page()
        teacher.set_default_timeout(120_000)
        pages[jhub.TEACHER] = teacher
        view = hub_link(the_hub.url, repo, branch="main", notebook="notebooks/teacher.ipynb")
        log_in(teacher, view, jhub.TEACHER)
        teacher.wait_for_url(f"**/user/{jhub.TEACHER}/lab/**", timeout=180_000)
        teacher.wait_for_selector(".jp-Notebook", timeout=120_000)
        lab.wait_kernel_idle(teacher, timeout=120_000)
        lab.run_all(teacher, timeout=180_000)
        teacher.wait_for_selector(".gluckauf-class-grid", timeout=60_000)
        grid = teacher.evaluate(_GRID_JS)
        assert (grid["ada"]["L1"], grid["bea"]["L1"], grid["cy"]["L1"]) == ("1/1", "1/1", "0/1")
        status = teacher.locator(".gluckauf-teacher").text_content()
        assert "Collected from the class service" in status

        teacher.get_by_role("tab", name="Games").click()
        games = teacher.locator(".gluckauf-games select").text_content().replace("\xa0", " ")
        assert "ada · " in games
        teacher.get_by_role("tab", name="Tournament").click()
        teacher.get_by_label("Games per bot").fill("1")
        teacher.get_by_label("Games per bot").press("Enter")
        teacher.get_by_role("button", name="Run the tournament").click()
        teacher.wait_for_function(
            "() => document.body.textContent.includes('games a minute')", timeout=180_000
        )
        board = teacher.locator(".gluckauf-leaderboard").text_content()
        assert "ada" in board and "greedy (built in)" in board
        assert "Traceback" not in teacher.locator(".jp-Notebook").text_content()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "hub-teacher-view-lab-1280x720.png"))
        timings["hub: the teacher's view with the class"] = f"{time.perf_counter() - t0:.1f} s"

        # the same view as a Voilà dashboard, on the teacher's own server
        server = f"{the_hub.url.rstrip('/')}/user/{jhub.TEACHER}"
        teacher.goto(f"{server}/voila/render/{pulled}/notebooks/teacher.ipynb",
                     wait_until="domcontentloaded")  # fmt: skip
        teacher.wait_for_selector(".gluckauf-class-grid", timeout=120_000)
        assert teacher.evaluate(_GRID_JS)["bea"]["L1"] == "1/1"
        assert "Collected from the class service" in teacher.inner_text("body")
        teacher.screenshot(path=str(ARTIFACTS / "hub-teacher-view-voila-1280x720.png"))
    finally:
        for page in pages.values():
            page.context.close()


# --- tables for a class (issue 30, item 6) -----------------------------------------------------
def test_the_teacher_seats_learners_and_each_plays_from_their_own_screen(
    browser, classroom, tokens, timings
):
    """ada and bea open the German class-table notebook (ada in JupyterLab, bea as a Voilà app)
    and wait; the teacher's view (a Voilà
    dashboard) seats the learners who wait in pairs, in German; both boards appear, a click out
    of turn is refused in German, the player to act plays with the mouse and the move shows on
    the other screen; the teacher watches the table. A second table is set up alongside."""
    the_hub, repo = classroom
    pulled = pulled_folder(repo)
    notebook = "notebooks/de/class_table.ipynb"
    t0 = time.perf_counter()
    pages: dict[str, object] = {}
    try:
        for name in ("ada", "bea", jhub.TEACHER):
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            pages[name] = page = context.new_page()
            page.set_default_timeout(120_000)
            wanted = "notebooks/teacher.ipynb" if name == jhub.TEACHER else notebook
            log_in(page, hub_link(the_hub.url, repo, branch="main", notebook=wanted), name)
        for name in ("ada", "bea"):  # ada in JupyterLab, bea in Voilà (the page as an app)
            page = pages[name]
            page.wait_for_url(f"**/user/{name}/lab/**", timeout=180_000)
            server = f"{the_hub.url.rstrip('/')}/user/{name}"
            if name == "ada":
                lab.open_notebook(page, server, f"{pulled}/{notebook}", timeout=120_000)
                lab.run_all(page, timeout=180_000)
            else:
                page.goto(f"{server}/voila/render/{pulled}/{notebook}",
                          wait_until="domcontentloaded")  # fmt: skip
            with language("de"):
                waiting = CLASS_TABLE_TEXT.say("waiting")
            lab.wait_for_text(page, waiting, timeout=60_000)

        teacher = pages[jhub.TEACHER]
        teacher.wait_for_url(f"**/user/{jhub.TEACHER}/lab/**", timeout=180_000)
        server = f"{the_hub.url.rstrip('/')}/user/{jhub.TEACHER}"
        teacher.goto(f"{server}/voila/render/{pulled}/notebooks/teacher.ipynb",
                     wait_until="domcontentloaded")  # fmt: skip
        teacher.wait_for_selector(".gluckauf-teacher", timeout=120_000)
        teacher.get_by_role("tab", name="Tables").click()
        teacher.get_by_role("button", name="Seat those waiting in pairs").click()
        teacher.wait_for_function(
            "() => document.querySelector('.gluckauf-groups textarea').value === 'ada, bea'"
        )
        teacher.get_by_label("Language").select_option(label="Deutsch")
        teacher.get_by_role("button", name="Set up these tables").click()
        lab.wait_for_text(teacher, "The learners' pages show their boards now", timeout=30_000)
        # any number of tables: three more learners at a second one, from the terminal's side
        (second,) = set_up_tables([["cy", "dan", "eve"]], "hu", url=the_hub.class_url,
                                  token=tokens[jhub.TEACHER])  # fmt: skip
        assert my_table(url=the_hub.class_url, token=tokens["eve"]).table.number == second

        table = follow(1, -1, wait=0, url=the_hub.class_url, token=tokens[jhub.TEACHER]).table
        assert table.learners == ("ada", "bea") and table.language == "de"
        mirror = GameSession(table.state())
        with language("de"):
            seat_lines = {
                "ada": say("label.class_table", number=1, name="ada", others="bea"),
                "bea": say("label.class_table", number=1, name="bea", others="ada"),
            }
        boards = {}
        for name in ("ada", "bea"):
            lab.wait_for_text(pages[name], seat_lines[name], timeout=60_000)
            boards[name] = Board(pages[name], mirror)
            show_from_the_top(boards[name])
        timings["hub tables: both boards shown"] = f"{time.perf_counter() - t0:.1f} s"

        first, other = (table.learners[mirror.state.current],
                        table.learners[1 - mirror.state.current])  # fmt: skip
        target = sorted(mirror.legal_targets())[0]
        box = mirror.layout.box(target)
        lab.click_canvas(pages[other], boards[other].canvas, *boards[other].css(box.cx, box.cy))
        with language("de"):
            refusal = say("msg.class_table_not_your_turn", name=first)
        lab.wait_for_text(pages[other], refusal, timeout=30_000)
        with language("de"):
            mirror.click(target)
            told = mirror.message
        lab.click_canvas(pages[first], boards[first].canvas, *boards[first].css(box.cx, box.cy))
        for name in ("ada", "bea"):  # the move, on the screen that played it and the other
            lab.wait_for_text(pages[name], told, timeout=30_000)
        played = follow(1, 0, wait=0, url=the_hub.class_url, token=tokens[jhub.TEACHER])
        assert played.table.record["actions"] == [str(mirror.state.history[0])]
        timings["hub tables: a move on one screen shown on the other"] = (
            f"{time.perf_counter() - t0:.1f} s"
        )
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for name in ("ada", "bea"):
            text = pages[name].inner_text("body")
            assert "Traceback" not in text and "Error:" not in text
            pages[name].screenshot(path=str(ARTIFACTS / f"hub-class-table-{name}-1280x720.png"))

        teacher.get_by_role("button", name="Refresh now").click()
        teacher.get_by_role("tab", name="Tables").click()
        teacher.wait_for_function(
            "() => document.querySelector('.gluckauf-tables')?.textContent.includes('cy, dan, eve')"
        )
        teacher.locator(".gluckauf-table-choice select").select_option(label="Table 2")
        teacher.get_by_role("button", name="Watch on the big screen").click()
        lab.wait_for_text(teacher, "Table 2: cy, dan and eve.", timeout=60_000)
        lab.wait_for_canvas(teacher)
        assert "Traceback" not in teacher.inner_text("body")
        teacher.screenshot(path=str(ARTIFACTS / "hub-teacher-tables-voila-1280x720.png"))
        timings["hub tables: the teacher watches"] = f"{time.perf_counter() - t0:.1f} s"
    finally:
        for page in pages.values():
            page.context.close()
