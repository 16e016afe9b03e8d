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


def reporting(report: Callable[[Any, str], None]) -> Callable[[Method], Method]:
    """A decorator for a widget's callbacks: ``report(widget, "ValueError: …")`` says what went
    wrong instead of raising (the callback then returns None)."""

    def decorate(method: Method) -> Method:
        @functools.wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except Exception as error:
                report(self, error_text(error))
                return None

        return wrapper

    return decorate
