"""``gluckauf links`` (issue 30, 5): the Binder links of one's own copy of the kit, from its git
remote, in every language — and written into the README instead of editing it by hand."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from gluckauf.cli import main
from gluckauf.files.binderlink import LinkError, binder_base, binder_links, fill_readme
from gluckauf.text.i18n import language

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("repo", "base"), [
    ("https://github.com/octo/kit", "https://mybinder.org/v2/gh/octo/kit/HEAD"),
    ("https://github.com/octo/kit.git", "https://mybinder.org/v2/gh/octo/kit/HEAD"),
    ("git@github.com:octo/kit.git", "https://mybinder.org/v2/gh/octo/kit/HEAD"),
    ("ssh://git@github.com/octo/kit", "https://mybinder.org/v2/gh/octo/kit/HEAD"),
    ("https://gitlab.com/school/y9/kit.git", "https://mybinder.org/v2/gl/school%2Fy9%2Fkit/HEAD"),
    ("https://git.example.org/kit.git",
     "https://mybinder.org/v2/git/https%3A%2F%2Fgit.example.org%2Fkit.git/HEAD"),
])  # fmt: skip
def test_a_remote_becomes_its_binder_address(repo: str, base: str) -> None:
    assert binder_base(repo) == base
    assert binder_base(repo, "workshop").endswith("/workshop")


@pytest.mark.parametrize(("repo", "ref"), [
    ("kit", "HEAD"), ("https://github.com/", "HEAD"), ("", "HEAD"),
    ("https://github.com/octo/kit", "two words"), ("https://github.com/octo/kit", ""),
])  # fmt: skip
def test_what_cannot_make_a_link_is_refused_in_words(repo: str, ref: str) -> None:
    with pytest.raises(LinkError) as caught:
        binder_base(repo, ref)
    english = str(caught.value)
    assert english and "Traceback" not in english
    with language("de"):
        assert str(caught.value) != english  # said in the learner's language


def test_every_language_gets_its_lessons_and_its_play_app() -> None:
    links = binder_links("https://github.com/octo/kit")
    assert set(links) == {"en", "de", "hu"}
    for lessons, app in links.values():
        for link, kind in ((lessons, "lab/tree/"), (app, "voila/render/")):
            (urlpath,) = parse_qs(urlsplit(link).query)["urlpath"]
            assert urlpath.startswith(kind) and (ROOT / urlpath.removeprefix(kind)).is_file()


def test_the_readme_gets_the_copys_links() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "OWNER/REPO" in text
    filled = fill_readme(text, "git@github.com:octo/kit.git")
    assert "OWNER/REPO" not in filled
    assert filled.count("https://mybinder.org/v2/gh/octo/kit/HEAD?urlpath=") == 6
    assert fill_readme(filled, "git@github.com:octo/kit.git") == filled  # once is enough


def _call(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_links_reads_the_git_remote_and_writes_the_readme(tmp_path, monkeypatch) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    readme = tmp_path / "README.md"
    shutil.copy(ROOT / "README.md", readme)
    monkeypatch.chdir(tmp_path)
    code, _out, err = _call("links")
    assert code == 2 and "origin" in err and "--repo" in err  # no remote yet: says what to do
    subprocess.run(
        ["git", "-C", str(tmp_path), "remote", "add", "origin", "https://github.com/octo/kit"],
        check=True,
    )
    code, out, err = _call("links", "--readme", "README.md")
    assert (code, err) == (0, "")
    assert out.count("https://mybinder.org/v2/gh/octo/kit/HEAD?urlpath=") == 6
    assert "OWNER/REPO" not in readme.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    code, german, _ = _call("--lang", "de", "links")
    assert code == 0 and german.splitlines()[1] != out.splitlines()[1]
    assert german.splitlines()[1].split()[-1] == out.splitlines()[1].split()[-1]  # same link
