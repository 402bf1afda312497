"""mobilitydp:trajectoryrecovery — Xu et al.'s trajectory recovery attack as an audit."""
import numpy as np
from qgis.core import (
    NULL,
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsProcessing,
    QgsProcessingOutputNumber,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)

from ...dpcore.histograms import consistency_postprocess
from ...dpcore.histograms.attacks import slot_cells, trajectory_recovery_audit
from ..common.base import REPORT, SEED, MobilityDPAlgorithm, as_float, enum_parameter, epoch_seconds, tr
from ..common.cell_observations import add_cell_parameters, add_observation_parameters, read_cells, read_observations
from ..common.field_types import FieldType
from ..common.outputs import style_on_load
from ..common.styles import translucent_lines_style

COUNTS, CELLS, CELL_ID_FIELD, TRUE_TRAJECTORIES = ("COUNTS", "CELLS", "CELL_ID_FIELD",
                                                   "TRUE_TRAJECTORIES")
COUNT_CELL_FIELD, SLOT_FIELD, COUNT_FIELD = "COUNT_CELL_FIELD", "SLOT_FIELD", "COUNT_FIELD"
START_FIELD, END_FIELD = "START_FIELD", "END_FIELD"
COUNT_FIELDS = (COUNT_CELL_FIELD, SLOT_FIELD, COUNT_FIELD, START_FIELD, END_FIELD)
USER_FIELD, TIME_FIELD, CELL_FIELD = "USER_FIELD", "TIME_FIELD", "CELL_FIELD"
NIGHT_START, NIGHT_END, DAY_MODEL, TOP_K = "NIGHT_START", "NIGHT_END", "DAY_MODEL", "TOP_K"
OUTPUT, ACCURACY = "OUTPUT", "ACCURACY"
RECOVERY_ACCURACY, UNIQUENESS = "RECOVERY_ACCURACY", "UNIQUENESS"


class TrajectoryRecovery(MobilityDPAlgorithm):
    ALGORITHM_ID = "trajectoryrecovery"
    DISPLAY_NAME = "Trajectory recovery attack (audit)"
    GROUP_ID = "evaluation"
    GROUP = "Evaluation"
    USES_PRIVACY = False
    TAGS = ("attack", "audit", "Xu", "trajectory recovery", "aggregated mobility", "uniqueness")

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            COUNTS, tr("Counts (long form)|one row per cell and slot: cell id, slot, "
                       "count"), [QgsProcessing.TypeVector]))
        for name, label, default, kind in (
                (COUNT_CELL_FIELD, tr("Cell id field of the counts"), "cell_id",
                 QgsProcessingParameterField.Any),
                (SLOT_FIELD, tr("Slot field"), "slot", QgsProcessingParameterField.Numeric),
                (COUNT_FIELD, tr("Count field"), "count", QgsProcessingParameterField.Numeric),
                (START_FIELD, tr("Slot start field"), "slot_start",
                 QgsProcessingParameterField.Any),
                (END_FIELD, tr("Slot end field"), "slot_end", QgsProcessingParameterField.Any)):
            self.addParameter(QgsProcessingParameterField(
                name, tr("{label} (empty: {default})").format(label=label, default=default),
                default, COUNTS, kind, optional=True))
        add_cell_parameters(self, CELLS, CELL_ID_FIELD)
        add_observation_parameters(self, TRUE_TRAJECTORIES, "True trajectories (for scoring)",
                                   user=USER_FIELD, time=TIME_FIELD, cell=CELL_FIELD,
                                   optional=True)
        for name, label, default, lo, hi in ((NIGHT_START, "Night start (UTC hour)", 22, 0, 23),
                                             (NIGHT_END, "Night end (UTC hour)", 7, 0, 23),
                                             (TOP_K, "Top-k cells for uniqueness", 2, 1, 100)):
            self.addParameter(QgsProcessingParameterNumber(
                name, tr(label), QgsProcessingParameterNumber.Integer, default, minValue=lo,
                maxValue=hi))
        self.addParameter(enum_parameter(DAY_MODEL, tr("Day step"), [
            ("velocity", "velocity (Xu et al.)|continue with the last velocity"),
            ("stay", "stay in place|predict no move (stronger where people stop after each trip)")],
            "velocity"))
        self.addParameter(QgsProcessingParameterNumber(
            SEED, tr("Seed of the post-processing|empty: secure randomness"),
            QgsProcessingParameterNumber.Integer, None, optional=True, minValue=0))
        self.add_frame_crs_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Recovered trajectories"), QgsProcessing.TypeVectorLine))
        self.addParameter(QgsProcessingParameterFeatureSink(
            ACCURACY, tr("Accuracy per true user"), QgsProcessing.TypeVector, optional=True,
            createByDefault=False))
        self.add_report_parameter()
        self.addOutput(QgsProcessingOutputNumber(RECOVERY_ACCURACY, tr("Mean recovery accuracy")))
        self.addOutput(QgsProcessingOutputNumber(UNIQUENESS, tr("Uniqueness by top-k cells")))

    def _counts(self, parameters, context, index):
        """(counts S×M, slot times S+1 or None, post-processed?)."""
        source = self.source_or_raise(parameters, COUNTS, context)
        names = {k: self.parameterAsString(parameters, k, context)
                 or self.parameterDefinition(k).defaultValue() for k in COUNT_FIELDS}
        missing = [v for k, v in names.items() if k not in (START_FIELD, END_FIELD)
                   and source.fields().lookupField(v) < 0]
        if missing:
            raise ValueError(f"the counts layer has no field {', '.join(missing)}; available: "
                             f"{', '.join(source.fields().names())}")
        rows, unknown, times = [], set(), {}
        has_times = all(source.fields().lookupField(names[k]) >= 0
                        for k in (START_FIELD, END_FIELD))
        for f in source.getFeatures():
            cell, slot = index.get(str(f[names[COUNT_CELL_FIELD]])), f[names[SLOT_FIELD]]
            if cell is None:
                unknown.add(str(f[names[COUNT_CELL_FIELD]]))
                continue
            if slot is None or slot == NULL or int(slot) < 0:
                raise ValueError("every row of the counts needs a slot number ≥ 0")
            rows.append((int(slot), cell, as_float(f[names[COUNT_FIELD]])))
            if has_times:
                times[int(slot)] = (epoch_seconds(f[names[START_FIELD]]),
                                    epoch_seconds(f[names[END_FIELD]]))
        if unknown:
            raise ValueError(f"{len(unknown)} cell ids of the counts are not in the cells layer "
                             f"(e.g. '{sorted(unknown)[0]}'): are these the counts' cells?")
        if not rows:
            raise ValueError("the counts layer is empty")
        slots, cells, values = (np.array(v) for v in zip(*rows))
        counts = np.zeros((slots.max() + 1, len(index)))
        np.add.at(counts, (slots, cells), np.nan_to_num(values.astype(float)))
        fixed = not (np.all(counts >= 0) and np.all(counts == np.round(counts)))
        counts = (consistency_postprocess(counts, rng=self.rng(parameters, context)) if fixed
                  else counts.astype(np.int64))
        edges = None
        if has_times and len(times) == counts.shape[0]:
            edges = np.array([float(times[s][0]) for s in range(counts.shape[0])]
                             + [float(times[counts.shape[0] - 1][1])])
        return counts, edges, fixed

    def execute(self, parameters, context, feedback):
        frame = self.metric_frame(parameters, context, public=(CELLS,))
        polygons, ids, _, centroids, _ = read_cells(self, parameters, context, frame, CELLS,
                                                        CELL_ID_FIELD)
        counts, edges, fixed = self._counts(parameters, context,
                                            {str(k): i for i, k in enumerate(ids)})
        night = None
        if edges is not None:
            hours = (edges[:-1] // 3600) % 24
            a, b = (self.parameterAsInt(parameters, k, context) for k in (NIGHT_START, NIGHT_END))
            night = (hours >= a) | (hours < b) if a > b else (hours >= a) & (hours < b)
        truth, facts = None, {}
        if self.parameterAsSource(parameters, TRUE_TRAJECTORIES, context) is not None:
            if edges is None:
                raise ValueError("scoring needs the slot start and end fields of the counts")
            users, cell, seconds, facts = read_observations(
                self, parameters, context, feedback, frame, polygons, ids,
                source=TRUE_TRAJECTORIES, user=USER_FIELD, time=TIME_FIELD, cell=CELL_FIELD)
            user_ids, truth = slot_cells(users, cell, seconds, n_cells=len(ids),
                                         rng=self.rng(parameters, context), start=edges[0],
                                         slot_seconds=edges[1] - edges[0],
                                         n_slots=counts.shape[0])
            if not (truth >= 0).any():
                raise ValueError(f"none of the {facts['rows']} true observations falls in a "
                                 "cell during the counts' slots")
        result = trajectory_recovery_audit(
            counts, centroids, truth, night=night,
            day_model=self.enum_value(parameters, DAY_MODEL, context),
            top_k=self.parameterAsInt(parameters, TOP_K, context),
            progress=self.progress(feedback, 0, 70))
        dest = self._write_lines(parameters, context, result.recovered, centroids, frame)
        results = {OUTPUT: dest, RECOVERY_ACCURACY: result.recovery_accuracy if truth is not None
                   else None, UNIQUENESS: result.uniqueness if truth is not None else None}
        if truth is not None and self.parameter_given(parameters, ACCURACY):
            results[ACCURACY] = self._write_accuracy(parameters, context, user_ids, result, truth)
        rows = [("counts", f"{counts.shape[0]} timestamps × {counts.shape[1]} cells"),
                ("made consistent first (Alg. 3)", fixed),
                ("trajectories recovered", result.recovered.shape[0]),
                ("night timestamps", int(np.sum(night)) if night is not None else "none known"),
                ("day step", self.enum_value(parameters, DAY_MODEL, context))]
        if truth is not None:
            rows += [("true users", truth.shape[0]),
                     ("mean recovery accuracy", f"{result.recovery_accuracy:.4f}"),
                     (f"uniqueness (top-{self.parameterAsInt(parameters, TOP_K, context)})",
                      f"{result.uniqueness:.4f}")] + sorted(facts.items())
        results[REPORT] = self.write_analysis_report(
            parameters, context, rows=rows,
            privacy_note="The attack adds no noise. Its scores use the true trajectories "
                         "(raw data): this report and the accuracy table are internal.")
        return results

    def _write_lines(self, parameters, context, recovered, centroids, frame):
        fields = QgsFields()
        fields.append(QgsField("trajectory", FieldType.Int))
        fields.append(QgsField("first_slot", FieldType.Int))
        sink, dest = self.sink(parameters, OUTPUT, context, fields,
                               QgsWkbTypes.LineString, frame.home_crs)
        style_on_load(context, dest, translucent_lines_style())
        for k, row in enumerate(recovered):
            seen = row[row >= 0]
            points = [frame.point_to_home(*centroids[c]) for c in seen]
            f = QgsFeature(fields)
            f.setGeometry(QgsGeometry.fromPolylineXY(points if len(points) > 1
                                                     else points * 2))
            f.setAttributes([k, int(np.argmax(row >= 0))])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        return dest

    def _write_accuracy(self, parameters, context, user_ids, result, truth):
        fields = QgsFields()
        for name, kind in (("user", FieldType.String), ("best_trajectory", FieldType.Int),
                           ("accuracy", FieldType.Double), ("observed", FieldType.Int)):
            fields.append(QgsField(name, kind))
        sink, dest = self.sink(parameters, ACCURACY, context, fields)
        for u, b, a, n in zip(user_ids, result.best, result.accuracy, (truth >= 0).sum(1)):
            f = QgsFeature(fields)
            f.setAttributes([str(u), int(b), None if np.isnan(a) else float(a), int(n)])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        return dest
