"""mobilitydp:cdrsummary — per-user visit statistics to choose ℓ (NOT private output).

Also holds :func:`read_events`, the layer/file → event arrays glue that any
algorithm reading CDR (user, tower, time) can use.
"""
import os

import numpy as np
from qgis.core import (NULL, QgsFeature, QgsFeatureRequest, QgsFeatureSink, QgsField,
                       QgsFields, QgsProcessing, QgsProcessingException,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource,
                       QgsProcessingParameterField, QgsProcessingParameterFile,
                       QgsProcessingParameterNumber, QgsProcessingParameterString, QgsWkbTypes)
from qgis.PyQt.QtCore import QDateTime, Qt, QVariant

from ..dpcore import report as dpreport
from ..dpcore.ingest import (DROP_REASONS, bound_contributions, parse_times, read_events_file,
                             to_epoch_seconds, visit_summary)
from ..dpcore.privacy import make_rng
from ..dpcore.synth import DEFAULT_START
from .base import REPORT, MobilityDPAlgorithm, epoch_seconds, progress_bridge, tr

INPUT = "INPUT"
INPUT_FILE = "INPUT_FILE"
USER_FIELD = "USER_FIELD"
TOWER_FIELD = "TOWER_FIELD"
TIME_FIELD = "TIME_FIELD"
START = "START"
SLOT_MINUTES = "SLOT_MINUTES"
N_SLOTS = "N_SLOTS"
ELLS = "ELLS"
OUTPUT = "OUTPUT"
SLOTS = "SLOTS"

EVENTS_HELP = """
<p><b>Events</b>: a table layer (any provider, geometry not needed) with one row per call or
message; or, for large data, a <b>CSV or Parquet file</b> read directly (fast with the optional
DuckDB package, which <code>scripts/setup</code> installs; without it, CSV only and slowly).
Give one of the two.</p>
<p><b>User, tower and time fields</b>: the person (the unit of privacy), the antenna, and the
time: a date-time field, ISO 8601 text (UTC unless an offset is given) or epoch seconds.</p>
<p><b>Start</b> (ISO 8601, UTC), <b>slot length</b> (minutes) and <b>number of slots</b>
define the period (default: one week of hours). Events outside it, with unreadable times or
without a user are counted and reported, never used.</p>
"""


def read_events(alg, parameters, context, feedback=None):
    """(user ids, tower index, tower ids, epoch times, missing-user count, description).

    From the INPUT layer or the INPUT_FILE (CSV/Parquet fast path). Tower ids
    are the distinct values found, sorted. Raises ValueError on a missing
    field, an empty table or a time field with no readable value.
    """
    source = alg.parameterAsSource(parameters, INPUT, context)
    path = alg.parameterAsFile(parameters, INPUT_FILE, context)
    fields = [alg.parameterAsString(parameters, k, context)
              for k in (USER_FIELD, TOWER_FIELD, TIME_FIELD)]
    if (source is None) == (not path):
        raise ValueError("give either an events layer or an events file (exactly one)")
    if not all(fields):
        raise ValueError("the user, tower and time fields are required")
    if path:
        ev = read_events_file(path, user_field=fields[0], tower_field=fields[1],
                              time_field=fields[2], tower_ids="auto",
                              log=feedback.pushWarning if feedback is not None else None)
        user, tower, tower_ids, time = ev.user, ev.tower, ev.tower_ids, ev.time
        missing, what = ev.dropped["missing_user"], f"{os.path.basename(path)} ({ev.engine})"
    else:
        names = source.fields().names()
        absent = [f for f in fields if f not in names]
        if absent:
            raise ValueError(f"field(s) {', '.join(absent)} not found in the events layer; "
                             f"available: {', '.join(names)}")
        request = QgsFeatureRequest().setFlags(QgsFeatureRequest.NoGeometry)
        request.setSubsetOfAttributes(fields, source.fields())
        rows = [(f[fields[0]], f[fields[1]], epoch_seconds(f[fields[2]]))
                for f in source.getFeatures(request)]
        keep = [r for r in rows if r[0] is not None and r[0] != NULL]
        missing = len(rows) - len(keep)
        user = _dense([str(r[0]) for r in keep])
        towers = [None if r[1] is None or r[1] == NULL else str(r[1]) for r in keep]
        tower_ids = np.unique([t for t in towers if t is not None])
        lookup = {t: i for i, t in enumerate(tower_ids.tolist())}
        tower = np.array([lookup.get(t, -1) for t in towers], dtype=np.int64)
        time = parse_times(np.array([r[2] for r in keep], dtype=object))
        what = source.sourceName()
    if user.size == 0:
        raise ValueError("the events table is empty (or has no row with a user)")
    if np.isnan(time).all():
        raise ValueError(f"no value of the time field '{fields[2]}' could be read as a time "
                         "(date-time, ISO 8601 text or epoch seconds)")
    return user, tower, np.asarray(tower_ids), time, missing, what


def _dense(values):
    """Index of each value among the sorted distinct values."""
    if not values:
        return np.zeros(0, dtype=np.int64)
    return np.unique(np.asarray(values, dtype=str), return_inverse=True)[1].reshape(-1)


def add_event_parameters(alg):
    """INPUT / INPUT_FILE, the three fields, START, SLOT_MINUTES, N_SLOTS."""
    alg.addParameter(QgsProcessingParameterFeatureSource(
        INPUT, tr("Events table (user, tower, time)"), [QgsProcessing.TypeVector],
        optional=True))
    alg.addParameter(QgsProcessingParameterFile(
        INPUT_FILE, tr("…or a large CSV / Parquet events file"),
        behavior=QgsProcessingParameterFile.File, optional=True,
        fileFilter="Events (*.csv *.parquet)"))
    for name, label in ((USER_FIELD, "User field"), (TOWER_FIELD, "Tower field"),
                        (TIME_FIELD, "Time field")):
        alg.addParameter(QgsProcessingParameterField(name, tr(label),
                                                     parentLayerParameterName=INPUT))
    alg.addParameter(QgsProcessingParameterString(START, tr("Start of the period (ISO 8601, UTC)"),
                                                  DEFAULT_START))
    alg.addParameter(QgsProcessingParameterNumber(
        SLOT_MINUTES, tr("Slot length (minutes)"), QgsProcessingParameterNumber.Double, 60,
        minValue=0.01))
    alg.addParameter(QgsProcessingParameterNumber(
        N_SLOTS, tr("Number of slots"), QgsProcessingParameterNumber.Integer, 168, minValue=1))


def period(alg, parameters, context):
    """(start epoch seconds, slot seconds, number of slots) from the parameters."""
    return (to_epoch_seconds(alg.parameterAsString(parameters, START, context).strip()),
            alg.parameterAsDouble(parameters, SLOT_MINUTES, context) * 60.0,
            alg.parameterAsInt(parameters, N_SLOTS, context))


class CDRSummary(MobilityDPAlgorithm):
    ALGORITHM_ID = "cdrsummary"
    DISPLAY_NAME = "CDR visit statistics (for the data owner)"
    GROUP_ID = "data"
    GROUP = "Data"
    USES_PRIVACY = False
    HELP = """
<p><b>Not private output.</b> Summarises how many visits each user makes, to help the data
owner choose ℓ, the number of visits kept per user by the pre-sampling of Acs &amp; Castelluccia
(§5.1) before a density release. A visit is one user at one tower in one slot; the pre-sampling
keeps at most one visit per user and slot, then at most ℓ per user. The outputs are computed
from the raw data and are for the data owner only: never publish them (even the choice of ℓ
leaks a little when it is tuned on the data).</p>
""" + EVENTS_HELP + """
<p><b>Candidate ℓ values</b>: comma-separated; the report gives, for each, the share of users
with more visits and the share of visits kept.</p>
<p><b>Outputs</b>: a table of the distribution of visits per user (visits, users, share,
cumulative share) and a table per slot (events, active users, visits).</p>
"""

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
            raise ValueError("candidate ℓ values must be comma-separated integers")
        if not ells or ells[0] < 1:
            raise ValueError("give at least one candidate ℓ ≥ 1")
        start, slot_seconds, n_slots = period(self, parameters, context)
        user, tower, tower_ids, time, missing, what = read_events(self, parameters, context,
                                                                   feedback)
        b = bound_contributions(user, tower, time, n_towers=max(len(tower_ids), 1), ell=None,
                                rng=make_rng(0), start=start, slot_seconds=slot_seconds,
                                n_slots=n_slots, progress=progress_bridge(feedback, 10, 70))
        s = visit_summary(b, ells)

        fields = QgsFields()
        for name, kind in (("visits", QVariant.Int), ("users", QVariant.LongLong),
                           ("share", QVariant.Double), ("cum_share", QVariant.Double)):
            fields.append(QgsField(name, kind))
        sink, dest = self.parameterAsSink(parameters, OUTPUT, context, fields,
                                          QgsWkbTypes.NoGeometry)
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, OUTPUT))
        hist = s["visits_hist"]
        cum = np.cumsum(hist) / b.n_users
        for k, (n, c) in enumerate(zip(hist.tolist(), cum.tolist())):
            if n:
                f = QgsFeature(fields)
                f.setAttributes([k, n, n / b.n_users, c])
                sink.addFeature(f, QgsFeatureSink.FastInsert)
        results = {OUTPUT: dest}
        if self._is_set(parameters, SLOTS):
            results[SLOTS] = self._write_slots(parameters, context, s, start, slot_seconds)

        quant = s["quantiles"]
        dropped = dict(b.dropped, missing_user=missing)
        ell_rows = [(e, f"{100 * above:.2f} %", f"{100 * kept:.2f} %")
                    for e, above, kept in s["ell_rows"]]
        results[REPORT] = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="NOT PRIVATE: these statistics are computed from the raw events and "
                         "are for the data owner only; never publish them.",
            rows=[("events", what),
                  ("start", self.parameterAsString(parameters, START, context).strip()),
                  ("slot length (s)", slot_seconds),
                  ("slots", n_slots)],
            sections=[
                ("Data", dpreport.table(
                    [("events read", b.n_events + missing), ("users", b.n_users),
                     ("towers", len(tower_ids))]
                    + [(f"dropped: {k.replace('_', ' ')}", v) for k, v in dropped.items()])),
                ("Visits per user (one per slot, before ℓ)", dpreport.table(
                    [(k, f"{v:.4g}") for k, v in quant.items()])),
                ("Choosing ℓ", dpreport.table(
                    ell_rows, ("ℓ", "users with more visits", "visits kept")))],
            warnings=["Not private output: for the data owner only."])
        for k in DROP_REASONS + ("missing_user",):
            if dropped[k]:
                feedback.pushWarning(f"{dropped[k]} event(s) not used: {k.replace('_', ' ')}")
        return results

    def _write_slots(self, parameters, context, s, start, slot_seconds):
        fields = QgsFields()
        for name, kind in (("slot", QVariant.Int), ("start", QVariant.DateTime),
                           ("events", QVariant.LongLong), ("active_users", QVariant.LongLong),
                           ("visits", QVariant.LongLong)):
            fields.append(QgsField(name, kind))
        sink, dest = self.parameterAsSink(parameters, SLOTS, context, fields,
                                          QgsWkbTypes.NoGeometry)
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, SLOTS))
        for k, (e, a, v) in enumerate(zip(s["events"].tolist(), s["active_users"].tolist(),
                                          s["visits"].tolist())):
            f = QgsFeature(fields)
            f.setAttributes([k, QDateTime.fromMSecsSinceEpoch(
                int(round((start + k * slot_seconds) * 1000)), Qt.UTC), e, a, v])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        return dest
