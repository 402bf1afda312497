"""The report of a density release (:func:`.plan.plan_sanitize_density`): its parameter rows,
the pipeline and the released density (publishable), the reading's raw facts and, when asked,
the utility against the true density (internal)."""
from __future__ import annotations

from .sections import comparison_section, facts_section, pipeline_section, release_section

UNIT = ("one user: all the events of one person (user id) over the whole period; the "
        "pre-sampling keeps at most ℓ visits of a user, at most one per slot")
UNIT_VISITS = ("one user: all the events of one person (user id) over the whole period; each "
               "person's weight of 1 is spread over their distinct visits")


def density_report(plan, release, *, geo, inputs=(), slots: str = "", frame: str = "",
                   slot_labels=(), evaluate: bool = False) -> dict:
    """Keyword arguments of the glue's report writer. ``geo``: the public geography;
    ``inputs``: rows naming the towers and census layers; ``slots``: the period in words;
    ``frame``: the metric frame; ``slot_labels``: one label per slot (the figures);
    ``evaluate``: add the utility against the true density (internal)."""
    facts, p = release.internal["reading"], plan.params
    rows = [("events", facts["source"])] + facts["public_rows"] + list(inputs) + [
        ("method", plan.method), ("ℓ", plan.ell), ("improvements", p.get("improvements", "–")),
        ("Gaussian calibration", p.get("calibration", "–")), ("slots", slots),
        ("ε", p["epsilon"]), ("δ allowed", p["delta"]), ("metric frame", frame)]
    internal = [("Input (raw data facts)", facts_section(facts["report_rows"]))]
    if evaluate:
        body, _ = comparison_section(release.internal["true_density"], release.values,
                                     geo.census_cells, geo.census_ids)
        internal.append(("Utility against the true density", body))
    return dict(
        unit_of_privacy=UNIT_VISITS if plan.by_visits else UNIT, parameter_rows=rows,
        sections=[("Pipeline", pipeline_section(release.public, len(geo.tower_cells),
                                                len(geo.census_cells))),
                  ("Released density", release_section(release.values, geo.census_cells,
                                                        slot_labels))],
        internal_sections=internal, warnings=geo.warnings,
        internal_warnings=release.internal["warnings"])
