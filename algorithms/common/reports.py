"""The two reports of a run (a mixin of :class:`.base.MobilityDPAlgorithm`).

REPORT is publishable: only public parameters, noisy values and facts of public inputs.
INTERNAL_REPORT holds raw-data facts and utility against the truth ("do not publish").
The HTML is made by :mod:`dpcore.reporting.report`, its headings translated by ``tr`` (section headings
are literal strings in the ``sections=`` lists, which ``scripts/i18n.py`` extracts).
"""
from __future__ import annotations

import json

from qgis.core import QgsProcessingOutputVectorLayer, QgsProcessingUtils

from ...dpcore.reporting import report as dpreport
from .i18n import shown, tr
from .inputs import INTERNAL_REPORT, REPORT


class ReportsMixin:
    """Writes REPORT and INTERNAL_REPORT from a release's public and internal parts, and says
    in the run log which layer outputs are empty and why."""

    def explain_empty(self, name: str, reason: str) -> None:
        """The reason output ``name`` would be empty, logged only if it is (see
        :meth:`announce_empty`)."""
        self._empty_reasons = {**getattr(self, "_empty_reasons", {}), name: reason}

    def announce_empty(self, results, context, feedback) -> list:
        """Warn in the run log about every vector output with no feature, with the reason
        the algorithm gave (:meth:`explain_empty`): an empty layer never passes silently.
        Returns the names of the empty outputs."""
        reasons, empty = getattr(self, "_empty_reasons", {}), []
        self._empty_reasons = {}
        for out in self.outputDefinitions():
            value = results.get(out.name())
            if (not isinstance(out, QgsProcessingOutputVectorLayer) or not value or
                    not isinstance(value, str)):
                continue
            layer = QgsProcessingUtils.mapLayerFromString(value, context)
            if layer is None or layer.featureCount() != 0:
                continue
            empty.append(out.name())
            feedback.pushWarning(tr("“{}” is empty (no feature)").format(out.description()) +
                                 (f": {reasons[out.name()]}" if out.name() in reasons else "."))
        return empty

    def write_analysis_report(self, parameters, context, *, rows, **kw):
        """Write ``dpcore.reporting.report.analysis_report`` (no DP claim) to REPORT if set.

        For algorithms that add no noise. ``rows`` are the (name, value)
        parameter rows; ``kw`` the report's other fields (title defaults to
        the display name). Returns the path or None.
        """
        path = self.parameterAsFileOutput(parameters, REPORT, context)
        if not path:
            return None
        kw["title"] = tr(kw.get("title", self.DISPLAY_NAME))
        _write(path, dpreport.analysis_report(algorithm_id=f"mobilitydp:{self.ALGORITHM_ID}",
                                              parameters=rows, translate=tr, **kw))
        return path

    def report_paths(self, parameters, context) -> dict:
        """{REPORT: path or None, INTERNAL_REPORT: path or None}: the reports a run writes."""
        paths = {REPORT: self.parameterAsFileOutput(parameters, REPORT, context) or None,
                 INTERNAL_REPORT: None}
        if self.parameterDefinition(INTERNAL_REPORT) is not None:
            paths[INTERNAL_REPORT] = self.parameterAsFileOutput(parameters, INTERNAL_REPORT,
                                                                context) or None
        return paths

    def write_document(self, parameters, name: str, context, document) -> str:
        """Write ``document`` (JSON-serialisable, e.g. a release's statistics) to the file
        output ``name`` if it is set; returns its path or None."""
        path = self.parameterAsFileOutput(parameters, name, context)
        if not path:
            return None
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(document, fh)
        return path

    def write_reports(self, parameters, context, *, release, unit_of_privacy: str,
                      parameter_rows, sections=(), internal_sections=(), warnings=(),
                      internal_warnings=()) -> dict:
        """Write REPORT (publishable) and INTERNAL_REPORT (if set); returns both paths.

        REPORT gets only public values: ``parameter_rows``, ``sections`` and
        ``warnings`` must not depend on the raw data beyond the noisy values
        (use ``release.public``). ``internal_sections`` / ``internal_warnings``
        (``release.internal``) go to INTERNAL_REPORT only. The release template builds
        them only when a report is written (:meth:`report_paths`; figures cost time).
        """
        charge = getattr(self, "_charge", None)
        released_warnings = [shown(w) for w in charge.warnings] if charge is not None else []
        common = dict(title=self.displayName(), translate=tr,
                      algorithm_id=f"mobilitydp:{self.ALGORITHM_ID}",
                      unit_of_privacy=unit_of_privacy, cost=release.cost,
                      parameters=parameter_rows, seeded=self.seeded(parameters, context),
                      dataset_id=charge.dataset_id if charge is not None else None,
                      charged=charge.charged() if charge is not None else None)
        paths = self.report_paths(parameters, context)
        if paths[REPORT]:
            _write(paths[REPORT], dpreport.publishable_report(
                sections=sections, warnings=[shown(w) for w in warnings],
                released_warnings=released_warnings,
                **common))
        if paths[INTERNAL_REPORT]:
            _write(paths[INTERNAL_REPORT], dpreport.internal_report(
                sections=internal_sections, warnings=[shown(w) for w in internal_warnings],
                **common))
        return paths


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
