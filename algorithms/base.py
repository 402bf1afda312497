"""The base class of every Mobility DP algorithm and the common privacy parameters.

Sibling modules each hold one job, and their names are re-exported here so
algorithm modules import from one place:

* :mod:`.frame`: the metric frame chosen from public inputs, and readers
  that bring any layer into it (``MetricFrame``, ``read_points``, ...);
* :mod:`.params`: parameter factories (static-string enums, δ, ledger file,
  user/vehicle field) and HTML help;
* :mod:`.outputs`: output styles (also stored in GeoPackages) and clean-up;
* :mod:`.ledger`: the ledger charge, spent-cost outputs and cancel messages;
* :mod:`.values`: attribute values as numbers and epoch seconds;
* :mod:`.widgets`: dialog widgets (loaded by the Processing GUI only).

:class:`MobilityDPAlgorithm` adds the privacy parameters, the ledger
reservation, the two reports, the EPSILON_SPENT / DELTA_SPENT outputs, honest
cancellation and the mapping of dpcore errors to ``QgsProcessingException``.
"""
from __future__ import annotations

import os

from qgis.core import (QgsProcessingAlgorithm, QgsProcessingException,
                       QgsProcessingOutputNumber, QgsProcessingOutputString,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterFileDestination,
                       QgsProcessingParameterNumber, QgsProcessingParameterString,
                       QgsProcessingParameterVectorDestination, QgsWkbTypes)
from qgis.PyQt.QtCore import QCoreApplication
from qgis.PyQt.QtGui import QIcon

from ..dpcore import report as dpreport
from ..dpcore.privacy import (Budget, Cancelled, PrivacyCost, check_delta, check_epsilon,
                              dataset_id, make_rng)
from ..dpcore.units import check_units_not_all_distinct, guess_unit_field, UNIT_FIELD_NAMES
from . import helppages
from .frame import (MetricFrame, choose_frame, id_type, read_points,  # noqa: F401
                    read_polygons, shapely_wkb)
from .outputs import (begin_run, end_run, remove_files, store_default_styles,  # noqa: F401
                      style_on_load)
from .values import as_float, epoch_seconds  # noqa: F401
from .ledger import (DELTA_SPENT, EPSILON_SPENT, PRIVACY_UNIT, Charge,  # noqa: F401
                     cancel_message, source_dataset_id)
from .params import (PRIVACY_HELP, advanced, choices_help, delta_parameter,  # noqa: F401
                     enum_parameter, frame_crs_parameter, html_help, ledger_parameter,
                     unit_field_parameter)

EPSILON = "EPSILON"
DELTA = "DELTA"
SEED = "SEED"
LEDGER = "LEDGER"
DATASET_ID = "DATASET_ID"
BUDGET_EPSILON = "BUDGET_EPSILON"
BUDGET_DELTA = "BUDGET_DELTA"
REPORT = "REPORT"
INTERNAL_REPORT = "INTERNAL_REPORT"
# EPSILON_SPENT, DELTA_SPENT, PRIVACY_UNIT: outputs of every release (from .ledger)
FRAME_CRS = "FRAME_CRS"

ICON = os.path.join(os.path.dirname(os.path.dirname(__file__)), "icons", "mobilitydp.svg")

#: Toolbox search words every algorithm answers to (plus its own TAGS).
TAGS = ("mobility", "privacy", "differential privacy", "differential", "dp", "anonymisation",
        "anonymization", "anonym")



def tr(text: str) -> str:
    return QCoreApplication.translate("MobilityDP", text)


# --------------------------------------------------------------------------
# Progress
# --------------------------------------------------------------------------

def progress_bridge(feedback, start: float = 0.0, end: float = 100.0, *, stop_on_cancel=None):
    """A dpcore ``progress(fraction)`` callback driving ``feedback`` between two percentages.

    It raises ``Cancelled`` when the user cancels, unless ``stop_on_cancel()``
    returns False (``MobilityDPAlgorithm.progress`` uses that to finish
    writing once the budget is spent).
    """
    def progress(fraction: float) -> None:
        if feedback is None:
            return
        if feedback.isCanceled() and (stop_on_cancel is None or stop_on_cancel()):
            raise Cancelled()
        feedback.setProgress(start + (end - start) * fraction)
    return progress


# --------------------------------------------------------------------------
# The base algorithm
# --------------------------------------------------------------------------

class MobilityDPAlgorithm(QgsProcessingAlgorithm):
    """Base class: subclasses set the class attributes and implement ``execute``."""

    ALGORITHM_ID = ""
    DISPLAY_NAME = ""
    GROUP_ID = ""
    GROUP = ""
    HELP = ""
    TAGS = ()
    USES_PRIVACY = True

    # -- identity ----------------------------------------------------------
    def name(self):
        return self.ALGORITHM_ID

    def displayName(self):  # noqa: N802
        return tr(self.DISPLAY_NAME)

    def group(self):
        return tr(self.GROUP)

    def groupId(self):  # noqa: N802
        return self.GROUP_ID

    def icon(self):
        return QIcon(ICON)

    def tags(self):
        return [tr(t) for t in TAGS + tuple(self.TAGS)]

    def shortHelpString(self):  # noqa: N802
        return html_help(tr(self.HELP + (PRIVACY_HELP if self.USES_PRIVACY else ""))) + \
            choices_help(self.parameterDefinitions())

    def helpUrl(self):  # noqa: N802
        return helppages.url(self)

    def createInstance(self):  # noqa: N802
        return type(self)()

    # -- common parameters -------------------------------------------------
    def add_privacy_parameters(self, *, default_epsilon: float = 1.0, with_delta: bool = False,
                               default_delta: float = 1e-6, delta_help: str = ""):
        """EPSILON, DELTA (optional), SEED, LEDGER (+ dataset id and budget), REPORT,
        INTERNAL_REPORT, and the outputs EPSILON_SPENT, DELTA_SPENT, PRIVACY_UNIT."""
        self.addParameter(QgsProcessingParameterNumber(
            EPSILON, tr("Epsilon (ε): privacy loss of this release, > 0"),
            QgsProcessingParameterNumber.Double, default_epsilon))
        if with_delta:
            self.addParameter(delta_parameter(
                DELTA, tr("Delta (δ) in [0, 1)" + (f": {delta_help}" if delta_help else "")),
                default_delta))
        self.addParameter(QgsProcessingParameterNumber(
            SEED, tr("Seed (empty = secure randomness; a seeded run is not for publication)"),
            QgsProcessingParameterNumber.Integer, None, optional=True, minValue=0))
        self.addParameter(ledger_parameter(LEDGER, tr("Privacy ledger (JSON file, created if "
                                                      "missing)")))
        for p in (QgsProcessingParameterString(DATASET_ID, tr("Dataset id in the ledger (default: "
                                                              "the input file's path)"),
                                               optional=True),
                  QgsProcessingParameterNumber(BUDGET_EPSILON, tr("Total budget ε of the dataset "
                                                                  "(required on first ledger use)"),
                                               QgsProcessingParameterNumber.Double, None,
                                               optional=True),
                  delta_parameter(BUDGET_DELTA, tr("Total budget δ of the dataset"), None,
                                  optional=True)):
            self.addParameter(advanced(p))
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFileDestination(
            INTERNAL_REPORT, tr("Internal report (raw-data facts: do not publish)"),
            "HTML files (*.html)", optional=True, createByDefault=False))
        self.addOutput(QgsProcessingOutputNumber(EPSILON_SPENT, tr("ε spent by this run")))
        self.addOutput(QgsProcessingOutputNumber(DELTA_SPENT, tr("δ spent by this run")))
        self.addOutput(QgsProcessingOutputString(PRIVACY_UNIT, tr("Unit of ε spent (ε or ε per "
                                                                  "metre) and unit of privacy")))

    def add_report_parameter(self):
        self.addParameter(QgsProcessingParameterFileDestination(
            REPORT, tr("Privacy report" if self.USES_PRIVACY else "Report"),
            "HTML files (*.html)", optional=True, createByDefault=True))

    def add_frame_crs_parameter(self):
        """FRAME_CRS (advanced): an explicit projected CRS in metres for computing."""
        self.addParameter(frame_crs_parameter(FRAME_CRS, tr(
            "Metric CRS for computing (empty: from the public layers)")))

    def add_unit_field_parameter(self, name: str, label: str, parent: str, kind: str = "user"):
        """A user / vehicle field: empty by default, guessed by name or refused at run time."""
        names = ", ".join(UNIT_FIELD_NAMES[kind][:4])
        p = unit_field_parameter(name, tr(f"{label} (empty: a field named {names}, …)"), parent)
        p.setMetadata({**p.metadata(), "mobilitydp_unit": kind})
        self.addParameter(p)

    @staticmethod
    def _is_set(parameters, name) -> bool:
        value = parameters.get(name)
        return value is not None and value != ""

    def epsilon(self, parameters, context) -> float:
        return check_epsilon(self.parameterAsDouble(parameters, EPSILON, context), "epsilon")

    def delta(self, parameters, context) -> float:
        return check_delta(self.parameterAsDouble(parameters, DELTA, context), "delta")

    def seed(self, parameters, context):
        if not self._is_set(parameters, SEED):
            return None
        return self.parameterAsInt(parameters, SEED, context)

    def rng(self, parameters, context):
        return make_rng(self.seed(parameters, context))

    def enum_value(self, parameters, name, context) -> str:
        """The static string of an :func:`enum_parameter` (e.g. ``"efpa_g"``)."""
        return self.parameterAsEnumString(parameters, name, context)

    def layer_source_id(self, parameters, name, context) -> str:
        """The default ledger dataset id of an input layer: its normalised file path."""
        layer = self.parameterAsVectorLayer(parameters, name, context)
        return source_dataset_id(layer) if layer is not None else dataset_id(
            str(parameters.get(name)))

    def source_or_raise(self, parameters, name, context):
        """A feature source parameter, or QGIS's own error when it cannot be read."""
        source = self.parameterAsSource(parameters, name, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, name))
        return source

    def sink(self, parameters, name, context, fields, wkb=QgsWkbTypes.NoGeometry, crs=None):
        """The feature sink of output ``name``: (sink, destination id), or QGIS's own error."""
        extra = () if crs is None else (crs,)
        sink, dest_id = self.parameterAsSink(parameters, name, context, fields, wkb, *extra)
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, name))
        return sink, dest_id

    def unit_field(self, parameters, name, source, context, feedback=None) -> str:
        """The user / vehicle field: the chosen one, else one guessed by name, else refused."""
        definition = self.parameterDefinition(name)
        kind = definition.metadata().get("mobilitydp_unit", "user")
        fields = source.fields().names()
        chosen = self.parameterAsString(parameters, name, context)
        if chosen:
            if chosen not in fields:
                raise QgsProcessingException(tr(f"{definition.description()}: the input has no "
                                                f"field '{chosen}'"))
            return chosen
        guessed = guess_unit_field(fields, kind)
        if guessed is None:
            raise QgsProcessingException(tr(
                f"Choose the field that identifies one {kind} ({definition.description()}): "
                f"none of the fields ({', '.join(fields)}) is named like a {kind} id "
                f"({', '.join(UNIT_FIELD_NAMES[kind])})."))
        if feedback is not None:
            feedback.pushInfo(tr(f"{kind.capitalize()} field: '{guessed}' (chosen by its name)"))
        return guessed

    @staticmethod
    def check_unit_ids(ids, *, kind="user", field="", what="events") -> int:
        """dpcore's refusal when every event has its own user; returns the user count."""
        return check_units_not_all_distinct(ids, kind=kind, field=field, what=what)

    # -- metric frame ------------------------------------------------------
    def metric_frame(self, parameters, context, *, public=(), extent=None,
                     crs_of=()) -> MetricFrame:
        """The run's metric frame from public inputs only (see ``frame.choose_frame``)."""
        return choose_frame(self, parameters, context, frame_crs=FRAME_CRS, public=public,
                            extent=extent, crs_of=crs_of)

    # -- ledger ------------------------------------------------------------
    def reserve_budget(self, parameters, context, *, default_dataset_id: str,
                       epsilon=None, delta: float = 0.0, planned: PrivacyCost = None):
        """A ledger reservation for the planned cost (a stand-in when no ledger was given).

        Give ``planned`` (the dpcore-planned :class:`PrivacyCost`, which
        carries δ, the unit and the unit of privacy; also accepted as
        ``epsilon=``) or the former ``epsilon``/``delta`` numbers (plain ε).
        BUDGET_EPSILON / BUDGET_DELTA make a budget in the planned unit. Use as
        ``with self.reserve_budget(...) as r: release = ...; r.commit(release.cost)``.
        Refused (before any noise is drawn) when the budget would be exceeded
        or is kept in another unit. The committed cost becomes the
        EPSILON_SPENT / DELTA_SPENT outputs and the log line.
        """
        if isinstance(epsilon, PrivacyCost):
            planned = epsilon
        plan = planned if planned is not None else PrivacyCost.of("planned", epsilon, delta)
        path = self.parameterAsFile(parameters, LEDGER, context)
        budget = None
        if path and self._is_set(parameters, BUDGET_EPSILON):
            budget = Budget(self.parameterAsDouble(parameters, BUDGET_EPSILON, context),
                            self.parameterAsDouble(parameters, BUDGET_DELTA, context)
                            if self._is_set(parameters, BUDGET_DELTA) else 0.0, plan.unit)
        self._charge = Charge(path, self.parameterAsString(parameters, DATASET_ID, context)
                              or default_dataset_id, plan)
        return self._charge.reserve(budget, f"mobilitydp:{self.ALGORITHM_ID}")

    def progress(self, feedback, start: float = 0.0, end: float = 100.0):
        """Like :func:`progress_bridge`, but once the budget is spent a cancel no longer
        interrupts: the run finishes writing what it paid for."""
        return progress_bridge(feedback, start, end, stop_on_cancel=lambda: not self._spent())

    def _spent(self) -> bool:
        charge = getattr(self, "_charge", None)
        return charge is not None and charge.cost is not None

    # -- reports -----------------------------------------------------------
    def write_analysis_report(self, parameters, context, *, rows, **kw):
        """Write ``dpcore.report.analysis_report`` (no DP claim) to REPORT if set.

        For algorithms that add no noise. ``rows`` are the (name, value)
        parameter rows; ``kw`` the report's other fields (title defaults to
        the display name). Returns the path or None.
        """
        path = self.parameterAsFileOutput(parameters, REPORT, context)
        if not path:
            return None
        kw.setdefault("title", self.DISPLAY_NAME)
        _write(path, dpreport.analysis_report(algorithm_id=f"mobilitydp:{self.ALGORITHM_ID}",
                                              parameters=rows, **kw))
        return path

    def write_reports(self, parameters, context, *, release, unit_of_privacy: str,
                      parameter_rows, sections=(), internal_sections=(), warnings=(),
                      internal_warnings=()) -> dict:
        """Write REPORT (publishable) and INTERNAL_REPORT (if set); returns both paths.

        REPORT gets only public values: ``parameter_rows``, ``sections`` and
        ``warnings`` must not depend on the raw data beyond the noisy values
        (use ``release.public``). ``internal_sections`` / ``internal_warnings``
        (``release.internal``) go to INTERNAL_REPORT only.
        """
        charge = getattr(self, "_charge", None)
        common = dict(title=self.DISPLAY_NAME, algorithm_id=f"mobilitydp:{self.ALGORITHM_ID}",
                      unit_of_privacy=unit_of_privacy, cost=release.cost,
                      parameters=parameter_rows, seeded=self.seed(parameters, context) is not None,
                      dataset_id=charge.dataset_id if charge is not None else None)
        paths = {REPORT: self.parameterAsFileOutput(parameters, REPORT, context) or None,
                 INTERNAL_REPORT: None}
        if paths[REPORT]:
            _write(paths[REPORT], dpreport.publishable_report(sections=sections,
                                                              warnings=warnings, **common))
        if self.parameterDefinition(INTERNAL_REPORT) is not None:
            paths[INTERNAL_REPORT] = self.parameterAsFileOutput(parameters, INTERNAL_REPORT,
                                                                context) or None
        if paths[INTERNAL_REPORT]:
            _write(paths[INTERNAL_REPORT], dpreport.internal_report(
                sections=internal_sections, warnings=internal_warnings, **common))
        return paths

    # -- running -----------------------------------------------------------
    def execute(self, parameters, context, feedback) -> dict:
        """The algorithm body; ValueError and Cancelled are mapped by processAlgorithm."""
        raise NotImplementedError

    def _file_outputs(self, parameters, context) -> list:
        """Paths of file outputs that do not exist yet (removed if the run fails)."""
        paths = []
        for d in self.destinationParameterDefinitions():
            if not self._is_set(parameters, d.name()):
                continue
            if isinstance(d, (QgsProcessingParameterFeatureSink,
                              QgsProcessingParameterVectorDestination)):
                path = self.parameterAsOutputLayer(parameters, d.name(), context)
            elif isinstance(d, QgsProcessingParameterFileDestination):
                path = self.parameterAsFileOutput(parameters, d.name(), context)
            else:
                continue
            path = (path or "").split("|")[0]
            if path.startswith("ogr:") or path.startswith("memory:") or not path:
                continue
            if not os.path.exists(path):
                paths.append(path)
        return paths

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802
        new_files = self._file_outputs(parameters, context)
        self._charge = None
        begin_run()
        try:
            results = self.execute(parameters, context, feedback)
            styles = end_run()
        except Cancelled:
            end_run()
            remove_files(new_files)
            raise QgsProcessingException(cancel_message(self._charge))
        except ValueError as exc:
            end_run()
            remove_files(new_files)
            raise QgsProcessingException(str(exc))
        except BaseException:
            end_run()
            remove_files(new_files)
            raise
        store_default_styles(styles, feedback)
        if self._spent():
            results = {**results, **self._charge.outputs()}
            feedback.pushInfo(self._charge.log_line())
            if feedback.isCanceled():
                feedback.reportError(tr(
                    "Cancel came after the release was charged (" + self._charge.log_line() +
                    "): the outputs were written completely, since the budget is spent."),
                    False)
        return results



def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
