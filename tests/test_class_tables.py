"""A class's tables (issue 30, item 6): the teacher seats learners at tables, each learner
plays from their own screen, and the class service plays a move only for its own seat, in
turn, once the screen has seen the latest move. Here the real service application runs
in a thread and knows a request's user from its token (the token *is* the name); the real
JupyterHub and two learners in Chromium: tests/browser/test_hub.py."""

from __future__ import annotations

import asyncio
import json
import re
import threading

import pytest
from classservice import TEACHER, ByToken, class_service

from gluckauf.core.actions import Place
from gluckauf.core.errors import FormatError
from gluckauf.files.classfolder import ClassFolder
from gluckauf.files.classtables import (
    TableRefusal,
    deal_table,
    play_at,
    read_tables,
    table_from_json,
    undo_at,
    write_table,
)
from gluckauf.files.handin import HandInError
from gluckauf.files.tableclient import (
    class_tables,
    follow,
    my_table,
    send_move,
    send_undo,
    set_up_tables,
)
from gluckauf.hubservice import make_app
from gluckauf.text.i18n import language
from widgets.board import PLAYER, BoardWidget
from widgets.classtable import ClassTableView, TableSession
from widgets.table import UNDO, FixedSeats
from widgets.teacher import TeacherView, groups_from_text, pairs


@pytest.fixture
def service(tmp_path):
    """The class service on a free port; yields a function: the client's address for a user."""
    with class_service(tmp_path) as address:
        yield address


def first_move(seated):
    return str(seated.table.state().legal_actions()[0])


# --- the tables themselves ---------------------------------------------------------------
def test_a_move_is_played_only_for_ones_own_seat_in_turn_after_seeing_the_latest_move():
    table = deal_table(1, ["ada", "bea"], "en", 5)
    state = table.state()
    assert state.names == ["ada", "bea"] and state.current == 0
    move = str(state.legal_actions()[0])
    with pytest.raises(TableRefusal, match=r"ada's turn, not yours \(R-TURN-1"):
        play_at(table, state, "bea", 0, move)
    with pytest.raises(TableRefusal, match="do not sit at table 1"):
        play_at(table, state, "cy", 0, move)
    with pytest.raises(TableRefusal, match="R-NOTATION-1"):
        play_at(table, state, "ada", 0, "dance")
    with pytest.raises(TableRefusal, match="not a move"):
        play_at(table, state, "ada", 0, ["place", "F3"])
    assert state.history == []  # nothing refused changed the game
    played = play_at(table, state, "ada", 0, move)
    assert played.played == 1 and played.record["actions"] == [move]
    with pytest.raises(TableRefusal) as behind:
        play_at(played, state, "ada", 0, move)  # a screen that has not seen its own move
    assert behind.value.behind
    with pytest.raises(TableRefusal, match="only ada can take it back"):
        undo_at(played, state, "bea", 1)
    assert undo_at(played, state, "ada", 1).played == 0


def test_an_illegal_move_is_refused_with_the_engines_rule():
    table = deal_table(1, ["ada", "bea"], "en", 5)
    state = table.state()
    with pytest.raises(TableRefusal, match=r"R-\w+-\d"):
        play_at(table, state, "ada", 0, str(Place("F3")))  # not in the order draft
    assert state.history == []


def test_a_table_file_is_checked_in_form_and_sense(tmp_path):
    table = deal_table(7, ["ada", "bea", "cy"], "hu", 2)
    write_table(tmp_path, table)
    (back,), unreadable = read_tables(tmp_path)
    assert back.to_json() == table.to_json() and not unreadable
    bad = table.to_json() | {"learners": ["ada", "bea", "dan"]}  # not its game's players
    with pytest.raises(FormatError, match="not the players of its game"):
        table_from_json(bad)
    for wrong in ({"format": "x"}, table.to_json() | {"language": "xx"},
                  table.to_json() | {"learners": ["ada", "ada"]},
                  table.to_json() | {"learners": ["../x", "bea", "cy"]},
                  table.to_json() | {"number": True}, [1, 2]):  # fmt: skip
        with pytest.raises(FormatError):
            table_from_json(wrong)
    record = table.to_json()
    record["record"]["actions"] = ["place Z9"]
    (tmp_path / ".tables" / "8.json").write_text(json.dumps(record | {"number": 8}))
    tables, unreadable = read_tables(tmp_path)
    assert [t.number for t in tables] == [7] and list(unreadable) == ["8.json"]


def test_tables_are_pairs_with_an_odd_one_out_at_a_table_of_three():
    assert pairs(["a", "b", "c", "d", "e"]) == [["a", "b"], ["c", "d", "e"]]
    assert pairs(["a", "b"]) == [["a", "b"]] and pairs(["a"]) == []
    assert groups_from_text("ada, bea\n\n cy ;dan,eve \n") == [["ada", "bea"], ["cy", "dan", "eve"]]


# --- the class service and its clients ------------------------------------------------------
def test_the_teacher_seats_learners_and_each_finds_their_table(service):
    assert my_table(**service("ada")) is None  # not seated yet: ada waits
    assert class_tables(**service(TEACHER))["waiting"] == ["ada"]
    with pytest.raises(HandInError) as refused:
        set_up_tables([["ada", "bea"]], "de", **service("ada"))
    assert refused.value.status == 403  # learners do not deal
    with pytest.raises(HandInError, match="each at one table only"):
        set_up_tables([["ada", "bea"], ["bea", "cy"]], "de", **service(TEACHER))
    assert set_up_tables([["ada", "bea"], ["cy", "dan", "eve"]], "de", seed=4,
                         **service(TEACHER)) == [1, 2]  # fmt: skip
    ada = my_table(**service("ada"))
    assert (ada.table.number, ada.seat, ada.you, ada.table.language) == (1, 0, "ada", "de")
    assert my_table(**service("eve")).seat == 2
    listed = class_tables(**service(TEACHER))
    assert listed["waiting"] == [] and [t["learners"] for t in listed["tables"]] == [
        ["ada", "bea"], ["cy", "dan", "eve"]]  # fmt: skip
    with pytest.raises(HandInError) as outsider:
        follow(1, -1, wait=0, **service("cy"))  # cy does not sit at table 1
    assert outsider.value.status == 403
    assert follow(1, -1, wait=0, **service(TEACHER)).seat is None  # the teacher watches
    assert follow(1, 0, wait=0.2, **service(TEACHER)).table.changes == 0
    assert class_tables(**service(TEACHER))["waiting"] == []  # watching is not waiting


def test_moves_reach_the_other_screen_and_refusals_are_in_the_tables_words(service):
    set_up_tables([["ada", "bea"]], "de", seed=4, **service(TEACHER))
    ada, bea = my_table(**service("ada")), my_table(**service("bea"))
    move = first_move(ada)
    with language("de"), pytest.raises(HandInError, match="R-TURN-1"):
        send_move(1, 0, move, **service("bea"))
    heard = []
    waiting = threading.Thread(target=lambda: heard.append(follow(1, 0, wait=20, **service("bea"))))
    waiting.start()  # bea's screen asks to hear of the next move
    played = send_move(1, 0, move, **service("ada"))
    waiting.join(25)
    assert played.table.record["actions"] == [move]
    assert heard[0].table.record["actions"] == [move] and heard[0].seat == 1
    with pytest.raises(TableRefusal) as behind:
        send_move(1, 0, move, **service("ada"))  # ada's other tab had not seen her move
    assert behind.value.behind
    assert send_undo(1, 1, **service("ada")).table.played == 0
    assert bea.table.played == 0


def test_a_restarted_service_has_every_table_as_it_was(service, tmp_path):
    set_up_tables([["ada", "bea"]], "en", seed=4, **service(TEACHER))
    ada = my_table(**service("ada"))
    send_move(1, 0, first_move(ada), **service("ada"))
    tables, _ = read_tables(tmp_path)
    again = make_app(ClassFolder(tmp_path), [TEACHER], "/", auth=ByToken)
    assert tables[0].played == 1 and again is not None
    from gluckauf.hubservice import Tables

    kept = Tables(tmp_path)
    assert kept.games[1][1].history == tables[0].state().history


# --- the boards ------------------------------------------------------------------------------
def test_two_learners_boards_play_one_game(service):
    set_up_tables([["ada", "bea"]], "en", seed=4, **service(TEACHER))
    ada = TableSession(my_table(**service("ada")), **service("ada"))
    bea = TableSession(my_table(**service("bea")), **service("bea"))
    assert (ada.viewer, bea.viewer) == (0, 1)  # each screen shows only its player's secrets
    seats = FixedSeats(1, 1)
    assert "ada's turn" in str(seats.why_not(None, "move", bea.state))
    board = BoardWidget(bea, controls=PLAYER, table=seats)
    assert not board._hover_from_elsewhere()  # bea's own kernel: her pointer is hers alone
    assert "Table 1: you play bea, with ada." in board.seat_bar.children[0].value
    action = ada.state.legal_actions()[0]
    ada.play(action)
    assert ada.state.history == [action]
    assert bea.catch_up(follow(1, 0, wait=5, **service("bea")))
    assert bea.state.history == [action] and bea.state == ada.state
    # bea's screen plays out of turn by code: the service refuses, nothing changes
    bea_move = bea.state.legal_actions()[0]
    if bea.state.current == 0:
        assert bea.play(bea_move) == [] and "R-TURN-1" in bea.message
        assert bea.state.history == [action]
    # ada takes her move back; bea's board follows and says so
    assert seats.why_not(None, UNDO, bea.state, undo_seat=0) is not None
    assert ada.undo() == action and ada.state.history == []
    assert bea.catch_up(follow(1, 1, wait=5, **service("bea")))
    assert bea.state.history == [] and "ada took back a move" in bea.message


def test_a_screen_that_is_behind_catches_up_instead_of_playing(service):
    set_up_tables([["ada", "bea"]], "en", seed=4, **service(TEACHER))
    first_tab = TableSession(my_table(**service("ada")), **service("ada"))
    second_tab = TableSession(my_table(**service("ada")), **service("ada"))
    action = first_tab.state.legal_actions()[0]
    first_tab.play(action)
    assert second_tab.play(action) == []  # it had not seen the move: it shows it now
    assert second_tab.state.history == [action] and "behind" in second_tab.message


def test_the_learners_page_waits_for_the_table_then_shows_the_board(service):
    async def scenario():
        view = ClassTableView(wait=1, **service("ada"))
        for _ in range(100):  # ada's page asks; the teacher sees her waiting
            if class_tables(**service(TEACHER))["waiting"] == ["ada"]:
                break
            await asyncio.sleep(0.05)
        assert "not seated you" in view.note.value or "Looking" in view.note.value
        set_up_tables([["ada", "bea"]], "hu", seed=4, **service(TEACHER))
        for _ in range(200):
            if view.board is not None:
                break
            await asyncio.sleep(0.05)
        assert view.board is not None and view.session.number == 1
        bar = view.board.seat_bar.children[0].value
        assert "ada" in bar and "bea" in bar and "1" in bar
        bea = TableSession(my_table(**service("bea")), **service("bea"))
        move = view.session.state.legal_actions()[0]
        (bea if view.session.state.current == 1 else view.session).play(move)
        for _ in range(200):
            if view.session.state.history:
                break
            await asyncio.sleep(0.05)
        assert len(view.session.state.history) == 1
        view.close()
        await asyncio.sleep(0)
        assert view.task.cancelled() or view.task.done()

    with language("en"):
        asyncio.run(scenario())


def test_off_a_hub_the_page_says_where_to_play_together(monkeypatch):
    monkeypatch.delenv("GLUCKAUF_CLASS_URL", raising=False)
    view = ClassTableView()
    assert view.task is None and "Play together" in view.note.value


def test_the_teachers_view_sets_up_tables_and_watches_one(service, tmp_path, monkeypatch):
    async def scenario():
        my_table(**service("ada"))
        my_table(**service("bea"))
        view = TeacherView(tmp_path / "collected", url=service(TEACHER)["url"])
        assert "ada, bea" in view.waiting.value
        view.pair_waiting()
        assert view.groups.value == "ada, bea"
        view.table_language.value = "de"
        assert view.set_up_tables() == [1]
        assert "ada, bea" in view.tables_list.value and "Deutsch" in view.tables_list.value
        assert view.table_choice.value == 1  # the newest table is chosen
        view.watch()
        watching = view.table_area.children[0]
        for _ in range(100):
            if watching.board is not None:
                break
            await asyncio.sleep(0.05)
        assert watching.session.seated.seat is None
        assert watching.board.table.why_not(None, "move", watching.session.state) is not None
        watching.close()

    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", TEACHER)
    monkeypatch.setattr("widgets.classtable.WAIT", 1.0)
    with language("en"):
        asyncio.run(scenario())
        assert "Deutsch" not in view_language_after()


def view_language_after() -> str:
    from gluckauf.text.i18n import LANGUAGES, get_language

    return LANGUAGES[get_language()]  # the teacher watching a German table stays in English


def test_a_learner_seated_anew_moves_to_the_new_table_by_themselves(service):
    async def scenario():
        set_up_tables([["ada", "bea"]], "en", seed=4, **service(TEACHER))
        view = ClassTableView(wait=1, **service("ada"))
        for _ in range(200):
            if view.board is not None:
                break
            await asyncio.sleep(0.05)
        assert view.session.number == 1
        set_up_tables([["cy", "ada"]], "en", seed=5, **service(TEACHER))  # the next game
        for _ in range(200):
            if view.session.number == 2:
                break
            await asyncio.sleep(0.05)
        assert view.session.number == 2 and view.session.seated.seat == 1
        assert "new table" in view.note.value
        view.close()

    with language("en"):
        asyncio.run(scenario())


def test_a_page_that_loses_the_service_says_so_and_asks_again(monkeypatch):
    from gluckauf.core.voice import Phrase

    monkeypatch.setattr("widgets.classtable.RETRY", 0.01)
    answers = [HandInError(Phrase("handin.no_answer", {"url": "x", "why": "refused"})), "table"]
    notes = []

    def flaky():
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    async def scenario():
        view = ClassTableView(url="http://127.0.0.1:9/", token="ada", watch=None, wait=0)
        view.task.cancel()  # drive one question by hand
        view.note.observe(lambda change: notes.append(change["new"]), names="value")
        return await view._ask(flaky)

    with language("en"):
        assert asyncio.run(scenario()) == "table"
    assert any("does not answer" in note for note in notes) and not answers


def test_the_teacher_seats_and_lists_tables_from_a_terminal(service, monkeypatch):
    import io

    from gluckauf.cli import main

    def run(*args: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        return main(list(args), stdout=out, stderr=err), out.getvalue(), err.getvalue()

    address = service(TEACHER)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", TEACHER)
    monkeypatch.setenv("GLUCKAUF_LANG", "en")
    my_table(**service("fay"))  # fay waits
    code, out, err = run("class", "tables", "--url", address["url"], "--seat", "ada,bea",
                         "--seat", "cy,dan,eve", "--language", "hu")  # fmt: skip
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Set up: table 1, 2." and lines[3] == "Waiting for a table: fay"
    assert re.fullmatch(r"Table 1: ada, bea \(Magyar\), 0 moves, (ada|bea) to play", lines[1])
    assert re.fullmatch(r"Table 2: cy, dan, eve \(Magyar\), 0 moves, (cy|dan|eve) to play",
                        lines[2])  # fmt: skip
    code, out, _err = run("class", "tables", "--url", address["url"], "--json")
    assert [t["learners"] for t in json.loads(out)["tables"]] == [
        ["ada", "bea"],
        ["cy", "dan", "eve"],
    ]
    code, out, err = run("class", "tables", "--url", address["url"], "--seat", "ada,ada")
    assert code == 2 and "each at one table only" in err and "Traceback" not in err
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "fay")  # a learner may list nothing
    code, _out, err = run("class", "tables", "--url", address["url"])
    assert code == 2 and "teachers collect" in err


def test_an_undo_and_a_new_move_are_a_change_the_other_screen_sees(service):
    set_up_tables([["ada", "bea"]], "en", seed=4, **service(TEACHER))
    ada = my_table(**service("ada"))
    mover = ada.table.learners[ada.table.state().current]
    legal = ada.table.state().legal_actions()
    send_move(1, 0, str(legal[0]), **service(mover))
    seen = follow(1, 0, wait=0, **service("bea")).table.changes  # the other screen saw m1
    send_undo(1, 1, **service(mover))
    send_move(1, 2, str(legal[1]), **service(mover))  # as many moves as before: m2, not m1
    now = follow(1, seen, wait=5, **service("bea")).table
    assert now.changes == 3 and now.record["actions"] == [str(legal[1])]
    with pytest.raises(TableRefusal) as behind:  # a move chosen on m1's position
        send_move(1, seen, str(legal[0]), **service(mover))
    assert behind.value.behind


def test_bad_questions_get_a_clear_answer_and_change_nothing(service, tmp_path):
    import urllib.request

    set_up_tables([["ada", "bea"]], "en", seed=4, **service(TEACHER))
    url = service("cy")["url"]
    asked = urllib.request.Request(f"{url}my-table?wait=nan")
    asked.add_header("Authorization", "token cy")
    with pytest.raises(urllib.error.HTTPError) as none:  # at once: not held open forever
        urllib.request.urlopen(asked, timeout=5)
    assert none.value.code == 404
    none.value.close()
    with pytest.raises(HandInError) as refused:
        send_move(1, "x", "draft R9GGG", **service("ada"))  # type: ignore[arg-type]
    assert refused.value.status == 400
    with pytest.raises(HandInError, match="not a language"):
        set_up_tables([["cy", "dan"]], ["de"], **service(TEACHER))  # type: ignore[arg-type]
    assert [t["number"] for t in class_tables(**service(TEACHER))["tables"]] == [1]


def test_a_damaged_table_file_is_never_written_over(tmp_path):
    from gluckauf.hubservice import Tables

    write_table(tmp_path, deal_table(1, ["ada", "bea"], "en", 1))
    write_table(tmp_path, deal_table(2, ["cy", "dan"], "en", 2))
    damaged = tmp_path / ".tables" / "2.json"
    damaged.write_text("{not json")
    tables = Tables(tmp_path)
    assert list(tables.games) == [1] and list(tables.unreadable) == ["2.json"]
    assert tables.set_up([["eve", "fay"]], "en", 3) == [3]
    assert damaged.read_text() == "{not json"


def test_a_page_refused_for_good_stops_and_a_cell_run_again_replaces_the_page(service):
    async def scenario():
        watching = ClassTableView(watch=99, wait=0, **service(TEACHER))  # no table 99
        await asyncio.wait([watching.task], timeout=10)
        assert watching.task.done() and "says no" in watching.note.value
        first = ClassTableView(wait=1, **service("ada"))
        second = ClassTableView(wait=1, **service("ada"))  # the cell run again
        await asyncio.sleep(0)
        assert first.task.cancelled() and not second.task.done()
        second.close()

    with language("en"):
        asyncio.run(scenario())
