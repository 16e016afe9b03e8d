"""``gluckauf hub-link``: the nbgitpuller link a teacher gives a class (docs/teaching.md)."""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from gluckauf.cli import main
from gluckauf.files.hublink import HubLinkError, hub_link, pulled_folder


def call(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_the_link_pulls_the_repository_and_opens_lesson_00_in_its_folder() -> None:
    link = hub_link("https://hub.example.org/", "https://github.com/octo/gluckauf-kit")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "hub.example.org",
        "/hub/user-redirect/git-pull",
    )
    assert parse_qs(parts.query) == {
        "repo": ["https://github.com/octo/gluckauf-kit"],
        "urlpath": ["lab/tree/gluckauf-kit/notebooks/00_start_here.ipynb"],
        "branch": ["main"],
    }


def test_the_docs_link_is_what_the_command_prints() -> None:
    """docs/teaching.md's example link, for a hub at https://HUB and OWNER/REPO."""
    expected = (
        "https://HUB/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2FOWNER"
        "%2FREPO&urlpath=lab%2Ftree%2FREPO%2Fnotebooks%2F00_start_here.ipynb&branch=main"
    )
    assert expected in (Path(__file__).parents[1] / "docs" / "teaching.md").read_text()
    code, out, err = call(
        "hub-link", "--hub", "https://HUB", "--repo", "https://github.com/OWNER/REPO"
    )
    assert (code, out, err) == (0, expected + "\n", "")


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_teacher_asking_in_german_or_hungarian_gets_the_lessons_in_that_language(lang) -> None:
    code, out, _ = call(
        "--lang", lang, "hub-link", "--hub", "https://h.org", "--repo", "https://github.com/o/r"
    )
    (urlpath,) = parse_qs(urlsplit(out.strip()).query)["urlpath"]
    assert (code, urlpath) == (0, f"lab/tree/r/notebooks/{lang}/00_start_here.ipynb")
    assert (Path(__file__).parents[1] / urlpath.removeprefix("lab/tree/r/")).is_file()
    _, shown, _ = call("--lang", lang, "hub-link", "--help")
    assert f"notebooks/{lang}/00_start_here.ipynb" in shown.replace("\n", "")


@pytest.mark.parametrize(("hub", "expected"), [
    ("https://hub.example.org/hub/", "https://hub.example.org/hub/user-redirect/"),
    ("https://example.org/class/", "https://example.org/class/hub/user-redirect/"),
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000/hub/user-redirect/"),
])  # fmt: skip
def test_the_hub_address_may_end_in_hub_or_have_a_base_path(hub: str, expected: str) -> None:
    assert hub_link(hub, "https://github.com/o/r").startswith(expected)


def test_branch_notebook_and_file_repositories() -> None:
    link = hub_link(
        "https://h.org", "file:///srv/kit/", branch="workshop", notebook="notebooks/04_mining.ipynb"
    )
    query = parse_qs(urlsplit(link).query)
    assert query["repo"] == ["file:///srv/kit/"] and query["branch"] == ["workshop"]
    assert query["urlpath"] == ["lab/tree/kit/notebooks/04_mining.ipynb"]


def test_the_folder_is_named_as_nbgitpuller_names_it() -> None:
    assert pulled_folder("https://github.com/o/kit") == "kit"
    assert pulled_folder("https://github.com/o/kit/") == "kit"
    assert pulled_folder("https://github.com/o/kit.git") == "kit.git"  # nbgitpuller keeps .git


@pytest.mark.parametrize(("args", "message"), [
    (["--hub", "hub.example.org", "--repo", "https://github.com/o/r"], "not a web address"),
    (["--hub", "https://h.org?x=1", "--repo", "https://github.com/o/r"], "without '?'"),
    (["--hub", "https://h.org", "--repo", "o/r"], "not a repository address"),
    (["--hub", "https://h.org", "--repo", "https://github.com/o/r", "--branch", "a b"],
     "not a branch name"),
    (["--hub", "https://h.org", "--repo", "https://github.com/o/r", "--notebook", "../x.ipynb"],
     "not a notebook inside the repository"),
    (["--hub", "https://h.org", "--repo", "https://github.com/o/r", "--notebook", "README.md"],
     "not a notebook inside the repository"),
])  # fmt: skip
def test_bad_addresses_are_refused_with_a_reason(args: list[str], message: str) -> None:
    code, out, err = call("hub-link", *args)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
    with pytest.raises(HubLinkError, match=message.replace("?", r"\?")):
        hub_link(**{args[i].removeprefix("--"): args[i + 1] for i in range(0, len(args), 2)})
