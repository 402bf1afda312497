"""The report of a mobility report (:func:`.report_plan.plan_mobility_report`): the HTML
report's rows and sections, and the public and internal statistics documents (JSON)."""
from __future__ import annotations

import numpy as np

from ..accounting.contract import SEEDED_NOTE
from ..reporting.report import table
from . import statistics as st
from .figures import released, sections
from .report import UNIT

FORMAT = "mobilitydp-report"


def mobility_report_content(plan, release, *, zone_ids, zone_polygons, inputs=(), facts=(),
                            warnings=()) -> dict:
    """Keyword arguments of the glue's report writer. ``inputs``: public rows on the input
    (the trips' source, the frame); ``facts``/``warnings``: the reader's raw facts."""
    pub = release.public
    rows = [*inputs, ("max_trips", plan.params["max_trips"]), ("rule", plan.choice.reason)]
    rows += [(key, pub[key]) for key in ("od_method", "visits_method", "epsilon_trip_scale",
                                         "trip_scale_paid_by") if key in pub]
    rows += [(f"ε for {st.TITLES[k]}", v) for k, v in pub["epsilon_per_statistic"].items()]
    facts = list(facts) + [("trips kept by sampling", release.internal["trips_kept"])]
    return dict(unit_of_privacy=UNIT, parameter_rows=rows,
                sections=_scale_sections(release) + sections(
                    release.values, zone_ids=zone_ids, zone_polygons=zone_polygons),
                internal_sections=[("Input", table(facts, ("quantity", "value")))],
                internal_warnings=list(warnings))


def _scale_sections(release) -> list:
    pub = release.public
    scale_rows = [(label, pub[key]) for label, key in (
        ("noisy users", "noisy_users"), ("noisy trips (up to M per user)", "noisy_trips"),
        ("trips per person", "trips_per_person"),
        ("sampling scale (trips up to M / kept)", "sampling_scale")) if key in pub]
    scale_rows += [(f"{st.TITLES[k]}: what is counted", e["counted"])
                   for k, e in release.values.items() if "counted" in e]
    if not scale_rows:
        return []
    return [("Trip scale and what is counted", released(table(scale_rows,
                                                               ("quantity", "value"))))]


def statistics_document(release, *, internal: bool, zone_ids, centroids,
                        seeded: bool) -> dict:
    """A JSON-ready document of the statistics (:func:`document`): the noisy ones with
    the cost and public facts, or (``internal``) the true ones."""
    if internal:
        return document(release.internal["truth"], zone_ids=zone_ids, centroids=centroids,
                        internal=True, seeded=seeded)
    return document(release.values, zone_ids=zone_ids, centroids=centroids, internal=False,
                    cost=release.cost, info=release.public, seeded=seeded)


def document(entries: dict, *, zone_ids, centroids, internal: bool, cost=None,
             info=None, seeded: bool = False) -> dict:
    """A JSON-ready report document (for :mod:`.compare`): released values and public facts
    only, unless ``internal`` marks one built from the raw data (which :mod:`.compare` flags);
    ``seeded`` one made with a fixed seed, marked "reproducible: not for publication" like the
    HTML report and the ledger entry."""
    return {"format": FORMAT, "version": 1, "internal": bool(internal),
            "seeded": bool(seeded), "publication": SEEDED_NOTE if seeded else "",
            "zones": {"ids": [str(z) for z in zone_ids],
                      "centroids": np.asarray(centroids, dtype=float).tolist()},
            "cost": cost.to_dict() if cost is not None else None,
            "info": _plain(info or {}), "statistics": _plain(entries)}


def _plain(value):
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (np.floating, np.integer)):
        return value.item()
    return value
