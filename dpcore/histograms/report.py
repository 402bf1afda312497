"""The report of a per-timestamp histograms release (:func:`.plan.plan_histograms`).

The publishable part reads the plan's public parameters and the release's public facts; the
internal part (raw-data facts, errors against the true counts) reads ``release.internal``.
"""
from __future__ import annotations

import numpy as np

from ..geoind.release import coverage_warning
from ..od.figures import released
from ..reporting.report import table
from .describe import unit_of_privacy


def histograms_report(plan, release) -> dict:
    """The report's content (keyword arguments of the glue's report writer)."""
    info, facts, err = release.public, release.internal["facts"], release.internal["errors"]
    warning = coverage_warning(facts["outside every cell"], facts["rows"], where="every cell",
                               allow_outside=False)
    rows = [("method", plan.method), ("timestamps", plan.n_slots),
            ("slot length (min)", plan.slot_seconds / 60), ("cells", info["cells"]),
            ("past days", plan.past), ("consistency post-processing", info["postprocessed"])]
    return dict(
        unit_of_privacy=unit_of_privacy(plan.n_slots, plan.slot_seconds),
        parameter_rows=rows + sorted(plan.params.items()),
        sections=[("Release", _release_html(info, release.values))],
        internal_sections=[("Raw data and utility", table(
            sorted(facts.items()) + [("MAE", f"{err['mae']:.4g}"),
                                     ("MRE (denominator max(1, true))", f"{err['mre']:.4g}")]))],
        internal_warnings=[warning] if warning else [])


def _release_html(info, values) -> str:
    return table(
        [("day interval", info["day_interval"] or "none (not a hybrid method)"),
         ("timestamps with fresh noise", ", ".join(map(str, info["fresh_slots"]))),
         ("past days' divisions", info.get("past_divisions", "")),
         ("margin of error: mean |value| per cell on noise alone (nobody present)",
          f"{info['noise_only_mae_per_cell']:.3g}"),
         ("total released on noise alone, 95th percentile (user-timestamps)",
          f"{info['noise_only_total']:,.0f}")] + _rule_rows(info)) + released(table(
              [("total released (user-timestamps)", f"{float(np.sum(values)):,.0f}")]))


def _rule_rows(info) -> list:
    """The automatic rule's choice and the noisy size it read (when the rule ran)."""
    if "scheme_rule" not in info:
        return []
    return [("scheme (automatic rule)", info["scheme_rule"]),
            ("noisy total for the rule (user-timestamps, 95 % margin)",
             f"{info['noisy_user_timestamps']:,.0f} ± "
             f"{info['noisy_user_timestamps_margin_95']:,.0f}")]
