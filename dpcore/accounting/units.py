"""The unit of privacy as a type (:class:`PrivacyUnit`), and checks on the field that
defines it (user, vehicle).

A user-level guarantee is only as good as the user field: if every event
carries its own "user" (a feature id chosen by mistake), the release protects
single events while its report claims whole users. These checks refuse such
input with the counts, before any noise is drawn.
"""
from __future__ import annotations

from enum import Enum
from typing import Iterable, Sequence, Union

from ..reporting.messages import Message, word


class PrivacyUnit(str, Enum):
    """What neighbouring datasets differ in: the unit of privacy a cost, a plan and a budget
    carry. Its value is the text ledgers hold, so a member is equal to, hashes and formats as
    that text (ledgers written before the type read and compare unchanged); a text that names
    no unit is refused where a cost or budget is made (:meth:`of`), not charged as a new unit."""

    USER = "user"
    INDIVIDUAL = "individual"
    VEHICLE = "vehicle"
    TRAJECTORY = "trajectory"
    MOVE = "move"
    REPORTED_POINT = "reported point"

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    @classmethod
    def of(cls, value: Union["PrivacyUnit", str, None]) -> Union["PrivacyUnit", str]:
        """The unit named by ``value`` (a member or its ledger text); "" when not stated."""
        if not value:
            return ""
        try:
            return cls(value)
        except ValueError:
            raise ValueError(Message("unknown unit of privacy '{value}': one of {units}", value=value,
                                     units=", ".join(u.value for u in cls))) from None

#: The words the refusals below insert for ``kind`` and ``what`` (translated by the front end).
WORDS = (word("user"), word("vehicle"), word("events"), word("points"), word("observations"),
         word("trips"))

#: Field names that identify a user or a vehicle, most specific first
#: (compared case-insensitively). Used to pick a field when none was chosen.
UNIT_FIELD_NAMES = {
    "user": ("user_id", "userid", "user", "uid", "msisdn", "imsi", "subscriber_id",
             "subscriber", "person_id", "person", "caller_id", "device_id", "id_user"),
    # never a trip or trajectory id: a trip is not a vehicle (one vehicle makes many trips)
    "vehicle": ("vehicle_id", "vehicleid", "vehicle", "vid", "car_id", "taxi_id", "taxi",
                "bus_id", "truck_id", "obu_id", "tracker_id", "tracker", "device_id", "device",
                "imei", "mmsi"),
}


def guess_unit_field(field_names: Sequence[str], kind: str = "user"):
    """The first field whose name is a known ``kind`` id name, or None."""
    by_lower = {name.lower(): name for name in field_names}
    for candidate in UNIT_FIELD_NAMES[kind]:
        if candidate in by_lower:
            return by_lower[candidate]
    return None


def check_units_not_all_distinct(ids: Iterable, *, kind: str = "user", field: str = "",
                                 what: str = "events") -> int:
    """Refuse when every one of several events has its own ``kind``; returns the count.

    With n ≥ 2 events and n distinct ids, the field cannot identify a
    ``kind`` (it is a per-event key such as a feature id), so a guarantee
    for "one {kind}" would in fact protect one event only. Missing ids
    (None) are refused as well, with their count.
    """
    ids = list(ids)
    missing = sum(1 for v in ids if v is None)
    named = f" '{field}'" if field else ""
    if missing:
        raise ValueError(Message(
            "{missing} of {n} {what} have no {kind} id (the {kind} field{named} is empty): "
            "each must belong to a {kind}", missing=missing, n=len(ids), what=what, kind=kind,
            named=named))
    distinct = len(set(ids))
    check_distinct_count(len(ids), distinct, kind=kind, field=field, what=what)
    return distinct


def check_distinct_count(n_events: int, n_distinct: int, *, kind: str = "user",
                         field: str = "", what: str = "events") -> None:
    """Refuse when ``n_events`` ≥ 2 events carry ``n_distinct`` = ``n_events`` ids.

    The counts-only form of :func:`check_units_not_all_distinct`, for
    readers that hold compact codes rather than the ids themselves.
    """
    named = f" '{field}'" if field else ""
    if n_events >= 2 and n_distinct == n_events:
        raise ValueError(Message(
            "every one of the {n} {what} has its own {kind} ({distinct} distinct values in the "
            "{kind} field{named}): that field does not identify a {kind} (is it a feature id?), "
            "so a guarantee for one {kind} would protect one event only. Choose the field that "
            "identifies the {kind}.", n=n_events, what=what, kind=kind, distinct=n_distinct,
            named=named))
