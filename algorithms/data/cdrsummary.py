"""mobilitydp:cdrsummary — per-user visit statistics to choose ℓ (NOT private output).

The events are read by :mod:`.events`, the reader shared with sanitizedensity.
"""
import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterString,
    QgsWkbTypes,
)
from qgis.PyQt.QtCore import QDateTime, Qt

from ...dpcore.ingest import bound_compact, visit_summary
from ...dpcore.random.rng import make_rng
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MobilityDPAlgorithm, progress_bridge, tr
from ..common.events import add_event_parameters, period, read_events, reading_rows
from ..common.field_types import FieldType
from ..common.qgis_values import iso_utc

ELLS = "ELLS"
OUTPUT = "OUTPUT"
SLOTS = "SLOTS"


class CDRSummary(MobilityDPAlgorithm):
    ALGORITHM_ID = "cdrsummary"
    DISPLAY_NAME = "CDR visit statistics (for the data owner)"
    GROUP_ID = "data"
    GROUP = "Data"
    USES_PRIVACY = False

    def initAlgorithm(self, config=None):  # noqa: N802
        add_event_parameters(self)
        self.addParameter(QgsProcessingParameterString(
            ELLS, tr("Candidate ℓ values"), "5,10,20,30,50,100"))
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Visits per user distribution"), QgsProcessing.TypeVector))
        self.addParameter(QgsProcessingParameterFeatureSink(
            SLOTS, tr("Visits per slot"), QgsProcessing.TypeVector, optional=True,
            createByDefault=True))
        self.add_report_parameter()

    def execute(self, parameters, context, feedback):
        try:
            ells = sorted({int(v) for v in
                           self.parameterAsString(parameters, ELLS, context).split(",")
                           if v.strip()})
        except ValueError:
            raise ValueError("candidate ℓ values must be comma-separated integers") from None
        if not ells or ells[0] < 1:
            raise ValueError("give at least one candidate ℓ ≥ 1")
        start, slot_seconds, n_slots = period(self, parameters, context)
        events, facts = read_events(self, parameters, context, feedback, tower_ids="auto",
                                    start=start, slot_seconds=slot_seconds, n_slots=n_slots,
                                    progress=progress_bridge(feedback, 0, 60))
        try:
            n_towers = len(events.tower_ids)
            b = bound_compact(events, n_towers=max(n_towers, 1), ell=None, rng=make_rng(0),
                              progress=progress_bridge(feedback, 60, 75))
        finally:
            events.close()
        s = visit_summary(b, ells)

        fields = QgsFields()
        for name, kind in (("visits", FieldType.Int), ("users", FieldType.LongLong),
                           ("share", FieldType.Double), ("cum_share", FieldType.Double)):
            fields.append(QgsField(name, kind))
        sink, dest = self.sink(parameters, OUTPUT, context, fields, QgsWkbTypes.NoGeometry)
        hist = s["visits_hist"]
        cum = np.cumsum(hist) / b.n_users
        for k, (n, c) in enumerate(zip(hist.tolist(), cum.tolist())):
            if n:
                f = QgsFeature(fields)
                f.setAttributes([k, n, n / b.n_users, c])
                sink.addFeature(f, QgsFeatureSink.FastInsert)
        results = {OUTPUT: dest}
        if self.parameter_given(parameters, SLOTS):
            results[SLOTS] = self._write_slots(parameters, context, s, start, slot_seconds)

        quant = s["quantiles"]
        ell_rows = [(e, f"{100 * above:.2f} %", f"{100 * kept:.2f} %")
                    for e, above, kept in s["ell_rows"]]
        results[REPORT] = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="NOT PRIVATE: these statistics are computed from the raw events and "
                         "are for the data owner only; never publish them.",
            rows=[("events", facts["source"]),
                  ("start", iso_utc(start)),
                  ("slot length (s)", slot_seconds),
                  ("slots", n_slots)],
            sections=[
                ("Data", dpreport.table(reading_rows(b, facts) + [("towers", n_towers)])),
                ("Visits per user (one per slot, before ℓ)", dpreport.table(
                    [(k, f"{v:.4g}") for k, v in quant.items()])),
                ("Choosing ℓ", dpreport.table(
                    ell_rows, ("ℓ", "users with more visits", "visits kept")))],
            warnings=["Not private output: for the data owner only."])
        for k, v in b.dropped.items():
            if v:
                feedback.pushWarning(f"{v} event(s) not used: {k.replace('_', ' ')}")
        return results

    def _write_slots(self, parameters, context, s, start, slot_seconds):
        fields = QgsFields()
        for name, kind in (("slot", FieldType.Int), ("start", FieldType.DateTime),
                           ("events", FieldType.LongLong), ("active_users", FieldType.LongLong),
                           ("visits", FieldType.LongLong)):
            fields.append(QgsField(name, kind))
        sink, dest = self.sink(parameters, SLOTS, context, fields, QgsWkbTypes.NoGeometry)
        for k, (e, a, v) in enumerate(zip(s["events"].tolist(), s["active_users"].tolist(),
                                          s["visits"].tolist())):
            f = QgsFeature(fields)
            f.setAttributes([k, QDateTime.fromMSecsSinceEpoch(
                int(round((start + k * slot_seconds) * 1000)), Qt.TimeSpec.UTC), e, a, v])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        return dest
