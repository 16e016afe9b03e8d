"""Widget callbacks that never show a learner a traceback: an unexpected exception becomes a
message, in whatever way the widget says things."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

Method = Callable[..., Any]


def error_text(error: BaseException) -> str:
    """An exception as a learner reads it in a message: "ValueError: …"."""
    return f"{type(error).__name__}: {error}"


def reporting(
    report: Callable[..., None], observe: Callable[[Any], Any] | None = None
) -> Callable[[Method], Method]:
    """A decorator for a widget's callbacks: ``report(widget, "ValueError: …")`` says what went
    wrong instead of raising (the callback then returns None). With ``observe`` (what the
    widget shows, e.g. its game's version), ``report`` also learns whether that changed before
    the error, ``report(widget, text, changed)``, so that it never claims what is not so."""

    def decorate(method: Method) -> Method:
        @functools.wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            before = observe(self) if observe is not None else None
            try:
                return method(self, *args, **kwargs)
            except Exception as error:
                if observe is None:
                    report(self, error_text(error))
                else:
                    report(self, error_text(error), observe(self) != before)
                return None

        return wrapper

    return decorate
