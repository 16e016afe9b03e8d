"""A learner's bot in a worker process (gluckauf.bots.sandbox, issue 30): it plays exactly as
it would in this process, and whatever it does wrong — too slow, too hungry, an error, an
illegal move, a file, a process, a socket — is a BotFailure naming it; the game is untouched
and no worker is left running."""

from __future__ import annotations

import os
import sys

import psutil
import pytest

from gluckauf.bots.greedy import GreedyBot
from gluckauf.bots.sandbox import BotFailure, Limits, SandboxedBot, check_limits, read_bot_source
from gluckauf.core.newgame import new_game
from gluckauf.text.i18n import language

GREEDY = """from gluckauf.bots.greedy import GreedyBot


def make_bot(seed):
    return GreedyBot(seed)
"""
QUICK = Limits(seconds=1.0, start_seconds=20.0)


def bot(source: str, limits: Limits = QUICK) -> SandboxedBot:
    return SandboxedBot("eve", source, 1, limits)


def test_a_sandboxed_bot_plays_the_same_game_as_in_this_process():
    here, there = new_game(3, 21), new_game(3, 21)
    sandboxed = [SandboxedBot(f"p{s}", GREEDY, s, QUICK) for s in (1, 2, 3)]
    for state, players in ((here, [GreedyBot(s) for s in (1, 2, 3)]), (there, sandboxed)):
        for _ in range(60):
            state.apply(players[state.current].choose(state))
    assert [str(a) for a in there.history] == [str(a) for a in here.history]


HOSTILE = {
    "timeout": "def choose(state):\n    while True:\n        pass\n",
    "memory": "def choose(state):\n    return [0] * 10**10\n",
    "error": "def choose(state):\n    raise KeyError('unfinished')\n",
    "illegal": "def choose(state):\n    return 'place Z9'\n",
    "not an action": "def choose(state):\n    return 42\n",
    "read a file": "def choose(state):\n    return open('/etc/hostname').read()\n",
    "caught read": (
        "def choose(state):\n    try:\n        open('/etc/hostname')\n    except Exception:\n"
        "        pass\n    return state.legal_actions()[0]\n"
    ),
    "write a file": "def choose(state):\n    open('mine.txt', 'w')\n",
    "list a folder": "import os\ndef choose(state):\n    return os.listdir('/')\n",
    "a process": "import os\ndef choose(state):\n    os.system('true')\n",
    "subprocess": "def choose(state):\n    import subprocess\n",
    "a socket": "def choose(state):\n    import socket\n",
    "ctypes": "def choose(state):\n    import ctypes\n",
    "exit": "import os\ndef choose(state):\n    os._exit(3)\n",
    "no bot": "x = 1\n",
    "syntax": "def choose(state:\n",
}
REASON = {"not an action": "illegal", "read a file": "forbidden", "caught read": "forbidden",
          "write a file": "forbidden", "list a folder": "forbidden", "a process": "forbidden",
          "subprocess": "forbidden", "a socket": "forbidden", "ctypes": "forbidden",
          "exit": "crash", "no bot": "load", "syntax": "load"}  # fmt: skip


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_bot_that_misbehaves_fails_in_words_and_leaves_nothing_behind(kind):
    state = new_game(2, 5)
    before = state.copy()
    player = bot(HOSTILE[kind], Limits(seconds=0.5, memory_mb=512))
    with pytest.raises(BotFailure) as failure:
        player.choose(state)
    assert failure.value.reason == REASON.get(kind, kind)
    assert "eve's bot" in str(failure.value)
    assert state == before
    worker = player._worker
    if worker is not None:  # it started: now it is gone
        player.close()
        assert not psutil.pid_exists(worker.process.pid) or worker.process.poll() is not None


def test_what_a_bot_prints_does_not_disturb_its_answers():
    source = "def choose(state):\n    print('place Z9')\n    return state.legal_actions()[0]\n"
    state = new_game(2, 3)
    assert bot(source).choose(state) == state.legal_actions()[0]


def test_a_bot_failure_is_said_in_the_learners_language():
    with language("de"):
        text = str(BotFailure("eve", "timeout", "2"))
    assert "eve" in text and "Zeit" in text


def test_a_bot_file_is_parsed_never_run(tmp_path):
    marker = tmp_path / "ran"
    path = tmp_path / "bot.py"
    path.write_text(f"open({str(marker)!r}, 'w').close()\ndef choose(state):\n    pass\n")
    assert "choose" in read_bot_source(path, "ada")
    assert not marker.exists()
    (tmp_path / "bad.py").write_bytes(b"\xff\xfe")
    with pytest.raises(BotFailure, match="ada's bot could not be loaded"):
        read_bot_source(tmp_path / "bad.py", "ada")


def test_limits_that_cannot_work_are_refused_before_a_game():
    with pytest.raises(BotFailure, match="no user"):
        check_limits(Limits(user="no-such-user-here"))
    if os.geteuid() != 0:
        with pytest.raises(BotFailure, match="only root"):
            check_limits(Limits(user="nobody"))
        return
    try:  # root may run the bots as nobody, if nobody can run this Python and read the kit
        check_limits(Limits(user="nobody"))
    except BotFailure as refused:  # e.g. a Python in root's own home (pyenv under /root)
        assert refused.reason == "user_cannot" and sys.executable in str(refused)
        return
    state = new_game(2, 4)
    choice = SandboxedBot("ada", GREEDY, 1, Limits(user="nobody")).choose(state)
    assert state.is_legal(choice)


def test_a_learners_bot_plays_only_games_dealt_from_a_seed():
    state = new_game(2, 4)
    state.seed = None
    with pytest.raises(ValueError, match="dealt from a seed"):
        bot(GREEDY).choose(state)
