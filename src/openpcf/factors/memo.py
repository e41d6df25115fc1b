"""Memoising a resolver's pure lookups: a resolver's factors never change after it is built, so the same
question asked twice (the same lookup text for two inputs, the same name in the next estimate of a
long-running session) gets the answer computed the first time.

Only for methods whose answer depends on nothing but their arguments and the resolver's own (fixed) data.
The memo lives on the resolver instance (a user's table has its own) and is bounded: when it holds
``MAX_ENTRIES`` answers it is emptied and fills again, so a long benchmark run cannot grow it without end.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

#: Answers kept per memoised method and resolver before the memo is emptied (a few MB of candidate lists).
MAX_ENTRIES = 20_000

T = TypeVar("T")


def per_resolver(method: Callable[..., list[T]]) -> Callable[..., list[T]]:
    """Memoise a resolver method returning a list, keyed on its positional and keyword arguments (a call
    with an unhashable argument is answered without the memo). Every call gets its own copy of the list:
    callers may sort or extend what they get."""
    attr = f"_memo_{method.__name__}"

    @functools.wraps(method)
    def memoised(self: Any, *args: Any, **kwargs: Any) -> list[T]:
        memo: dict[Any, list[T]] = self.__dict__.setdefault(attr, {})
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        try:
            found = memo.get(key)
        except TypeError:  # e.g. a reading that carries a list
            return method(self, *args, **kwargs)
        if found is None:
            if len(memo) >= MAX_ENTRIES:
                memo.clear()
            found = memo[key] = method(self, *args, **kwargs)
        return list(found)

    return memoised
