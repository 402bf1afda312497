"""Identifier checks shared by every stage that joins data on an id field.

A duplicated id silently maps one key to two features (one tower id to two
cells, one census id to two polygons), so every id field a release or a
tessellation joins on is checked here and refused with the evidence.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable


def check_unique_ids(ids: Iterable, what: str) -> None:
    """Raise ``ValueError`` naming the two most repeated values (and how many) if ``ids`` repeat.

    Ids are compared as text, as the joins do (a tower id 12 in one layer is
    the event's "12"). ``what`` names the field, e.g. "tower id field 'tid'".
    Missing ids (None) count as the value "NULL".
    """
    counts = Counter("NULL" if i is None else str(i) for i in ids)
    repeated = sorted((v for v, n in counts.items() if n > 1), key=lambda v: (-counts[v], v))
    if repeated:
        shown = " and ".join(f"'{v}' appears {counts[v]} times" for v in repeated[:2])
        raise ValueError(f"the {what} has duplicate values: {shown}; {len(repeated)} ids are "
                         "duplicated. Each feature needs its own id: fix the layer or choose "
                         "another id field.")
