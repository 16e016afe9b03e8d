"""What a class keeps of what learners hand in (gluckauf.files.classfolder) and the hand-in
client (gluckauf.files.handin, issue 30): every file is checked in form and sense before it is
kept, a learner's name cannot leave the class folder, and whatever goes wrong is said in words.
The real class service on a real JupyterHub: tests/browser/test_hub.py."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from gluckauf.bots.random_bot import RandomBot
from gluckauf.core.errors import FormatError
from gluckauf.core.newgame import new_game
from gluckauf.files.classfolder import ClassFolder, check_bot_source, kind_of
from gluckauf.files.handin import HandInError, can_hand_in, class_url, collect, hand_in
from gluckauf.files.progress import Answer, Progress
from gluckauf.files.records import record_of
from gluckauf.text.i18n import language


def progress(user: str | None) -> bytes:
    answers = (Answer(2, "placing.own_workers_question", True, "2", "2026-12-07T10:00:00Z"),)
    return json.dumps(Progress(user, answers).to_json()).encode()


def game() -> dict:
    state, bot = new_game(2, 9), RandomBot(9)
    for _ in range(20):
        state.apply(bot.choose(state))
    return record_of(state)


def test_files_are_kept_in_the_learners_folder_and_listed(tmp_path):
    folder = ClassFolder(tmp_path)
    assert folder.store("ada", "progress", progress("ada")).name == "progress.json"
    assert folder.store("bea", "progress", progress(None)).name == "progress.json"
    first = folder.store("ada", "game", json.dumps(game()).encode(), now=0)
    second = folder.store("ada", "game", json.dumps(game()).encode(), now=0)
    assert (first.name, second.name) == ("19700101T000000Z.json", "19700101T000000Z-2.json")
    folder.store("ada", "bot", b"def choose(state):\n    return state.legal_actions()[0]\n")
    assert folder.files() == {
        "ada": ["progress.json", "bot.py", "games/19700101T000000Z-2.json",
                "games/19700101T000000Z.json"],
        "bea": ["progress.json"],
    }  # fmt: skip
    learners, unreadable = folder.progress()
    assert learners["bea"].user == "bea" and not unreadable  # a progress without a user is theirs
    assert [g.learner for g in folder.games()] == ["ada", "ada"]
    assert folder.game(folder.games()[0])["players"] == 2


@pytest.mark.parametrize(
    ("learner", "kind", "content", "words"),
    [
        ("ada", "progress", progress("bea"), "belongs to bea"),
        ("ada", "bot", b"def choose(state:\n", "line 1"),
        ("ada", "bot", b"x = 1\n" * 20_000, "at most 100,000"),
        ("ada", "game", b"\xff\xfe", "not text"),
        ("ada", "game", b'{"players": 2', "not valid JSON"),
        ("ada", "homework", b"{}", "not something to hand in"),
        ("../ada", "bot", b"x = 1\n", "cannot name a learner"),
        ("a/b", "bot", b"x = 1\n", "cannot name a learner"),
        ("", "bot", b"x = 1\n", "cannot name a learner"),
        ("..", "bot", b"x = 1\n", "cannot name a learner"),
    ],
)
def test_a_file_that_is_not_what_it_claims_is_refused_and_nothing_is_kept(
    tmp_path, learner, kind, content, words
):
    with pytest.raises(FormatError, match=words):
        ClassFolder(tmp_path / "class").store(learner, kind, content)
    assert not (tmp_path / "class").exists() or not any((tmp_path / "class").rglob("*.*"))
    assert not any(tmp_path.glob("ada*"))


def test_a_game_that_does_not_replay_is_refused(tmp_path):
    record = game()
    record["actions"][5] = record["actions"][4]  # the same move twice: the rules refuse it
    with pytest.raises(FormatError):
        ClassFolder(tmp_path).store("ada", "game", json.dumps(record).encode())


def test_only_the_layouts_names_are_files_of_a_class():
    names = ("progress.json", "bot.py", "games/20261207T101500Z.json",
             "games/20261207T101500Z-3.json")  # fmt: skip
    assert [kind_of(n) for n in names] == ["progress", "bot", "game", "game"]
    for name in (
        "../progress.json",
        "games/../../x.json",
        "games/x.json",
        "bot.pyc",
        "/etc/passwd",
    ):
        with pytest.raises(FormatError):
            kind_of(name)


# --- the client, against a stand-in service ----------------------------------------------------
class Service(BaseHTTPRequestHandler):
    """Answers as the class service would: a listing, files, refusals."""

    listing: ClassVar[dict] = {}
    files: ClassVar[dict] = {}
    bots: ClassVar[list] = []

    def log_message(self, *args):  # quiet
        pass

    def _send(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.headers["Authorization"] == "token ada" and self.path.split("?")[0].endswith(
            "/hand-in/game"
        ):
            json.loads(body)  # a game record, as JSON
            return self._send(
                200, json.dumps({"stored": "ada/games/20261207T101500Z.json"}).encode()
            )
        if self.headers["Authorization"] == "token ada" and self.path.split("?")[0].endswith(
            "/hand-in/bot"
        ):
            Service.bots.append(body.decode())
            return self._send(200, json.dumps({"stored": "ada/bot.py"}).encode())
        if self.headers["Authorization"] != "token learner":
            return self._send(403, b"")
        self._send(400, json.dumps({"refused": "das ist kein Bot"}).encode())

    def do_GET(self):
        if self.path.endswith("/class"):
            return self._send(200, json.dumps(self.listing).encode())
        name = self.path.split("/class/", 1)[1]
        self._send(200, self.files.get(name, b"nothing"))


@pytest.fixture
def service():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Service)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/services/gluckauf"
    server.shutdown()


def test_without_a_class_there_is_nothing_to_hand_in_to(monkeypatch):
    monkeypatch.delenv("GLUCKAUF_CLASS_URL", raising=False)
    assert class_url() is None and not can_hand_in()
    with pytest.raises(HandInError, match="no class to hand in to"):
        hand_in("bot", b"x = 1\n")
    with language("de"), pytest.raises(HandInError) as refused:
        hand_in("bot", b"x = 1\n")
    with language("de"):
        assert "class" not in str(refused.value) and "Klasse" in str(refused.value)


def test_the_services_refusals_and_silences_are_said_in_words(service):
    with pytest.raises(HandInError, match="did not take the file: das ist kein Bot"):
        hand_in("bot", b"x = 1\n", url=service, token="learner")
    with pytest.raises(HandInError, match="learners hand in, teachers collect"):
        hand_in("bot", b"x = 1\n", url=service, token="someone else")
    with pytest.raises(HandInError, match="does not answer"):
        hand_in("bot", b"x = 1\n", url="http://127.0.0.1:9/", token="learner", timeout=2)


def test_collect_copies_good_files_and_refuses_the_rest(service, tmp_path):
    Service.listing = {"ada": ["progress.json", "bot.py", "../../escape.json"],
                       "../eve": ["bot.py"], "bea": ["bot.py"]}  # fmt: skip
    Service.files = {"ada/progress.json": progress("ada"), "ada/bot.py": b"x = 1\n",
                     "bea/bot.py": b"def broken(:\n"}  # fmt: skip
    folder = ClassFolder(tmp_path / "class")
    report = collect(folder, url=service, token="teacher")
    assert report.copied == 2
    assert sorted(report.refused) == ["../eve/bot.py", "ada/../../escape.json", "bea/bot.py"]
    kept = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert kept == ["class/ada/bot.py", "class/ada/progress.json"]
    assert collect(folder, url=service, token="teacher").unchanged == 2


def test_the_boards_hand_in_says_what_happened(service, monkeypatch):
    from widgets.session import GameSession

    monkeypatch.delenv("GLUCKAUF_CLASS_URL", raising=False)
    session = GameSession(seed=4)
    assert session.hand_in() is False and "no class to hand in to" in session.message
    monkeypatch.setenv("GLUCKAUF_CLASS_URL", service)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "ada")
    assert can_hand_in()
    assert session.hand_in() is True
    assert session.message == "Handed the game in to your teacher (20261207T101500Z.json)."


def test_lesson_11_hands_in_the_learners_greedy_weights_as_a_bot(service, monkeypatch):
    from widgets.tutorial import strategy

    monkeypatch.delenv("GLUCKAUF_CLASS_URL", raising=False)
    question = strategy.weights_question()
    button = strategy.hand_in_bot(question)
    assert button.hand_in().ok is None  # no weights checked yet
    question.sliders[2].value = 0.5
    question.submit()
    said = button.hand_in()
    assert said.ok is None and "no class to hand in to" in said.message
    monkeypatch.setenv("GLUCKAUF_CLASS_URL", service)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "ada")
    Service.bots.clear()
    assert button.hand_in().ok is True
    (source,) = Service.bots
    assert "balance=(0.03, 0.06, 0.5)" in source and "def make_bot(seed)" in source
    check_bot_source(source)  # a bot the class keeps
