"""Common parameters of every algorithm and their readers (a mixin of :class:`.base.MobilityDPAlgorithm`).

The privacy parameters (EPSILON, DELTA, SEED, LEDGER, DATASET_ID, budgets, REPORT,
INTERNAL_REPORT), the metric CRS, user/vehicle fields, and the methods that read them:
validated ε and δ, the seeded or secure RNG, static-string enums, sources and sinks that
fail with QGIS's own message, and the run's metric frame from public inputs only.
"""
from __future__ import annotations

from qgis.core import (
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsWkbTypes,
)

from ...dpcore.accounting.checks import check_delta, check_epsilon
from ...dpcore.accounting.dataset_ids import dataset_id
from ...dpcore.accounting.units import UNIT_FIELD_NAMES, check_units_not_all_distinct, guess_unit_field
from ...dpcore.random.rng import make_rng, make_rngs
from .frame import MetricFrame
from .frame_choice import choose_frame
from .i18n import tr
from .ledger import DELTA_SPENT, EPSILON_SPENT, PRIVACY_UNIT, layer_dataset_id
from .params import advanced, delta_parameter, frame_crs_parameter, ledger_parameter, unit_field_parameter
from .validation import has_value

EPSILON = "EPSILON"
DELTA = "DELTA"
SEED = "SEED"
LEDGER = "LEDGER"
DATASET_ID = "DATASET_ID"
POPULATION_ID = "POPULATION_ID"
BUDGET_EPSILON = "BUDGET_EPSILON"
BUDGET_DELTA = "BUDGET_DELTA"
REPORT = "REPORT"
INTERNAL_REPORT = "INTERNAL_REPORT"
# EPSILON_SPENT, DELTA_SPENT, PRIVACY_UNIT: outputs of every release (from .ledger)
FRAME_CRS = "FRAME_CRS"



def _unit_word(kind: str) -> str:
    """The unit of a unit field ("user", "vehicle") in the user's language."""
    return {"user": tr("user"), "vehicle": tr("vehicle")}.get(kind, kind)

class InputsMixin:
    """Adds and reads the parameters every algorithm shares."""

    def add_privacy_parameters(self, *, default_epsilon: float = 1.0, with_delta: bool = False,
                               default_delta: float = 1e-6, delta_help: str = "",
                               per_metre: bool = False):
        """EPSILON (``per_metre``: its label says ε per metre), DELTA (optional), SEED, LEDGER
        (+ dataset id and budget), REPORT, INTERNAL_REPORT, and the outputs EPSILON_SPENT,
        DELTA_SPENT, PRIVACY_UNIT."""
        self.addParameter(QgsProcessingParameterNumber(
            EPSILON, tr("Epsilon (ε per metre)|the privacy loss of this release per metre of "
                        "distance, > 0") if per_metre else
            tr("Epsilon (ε)|the privacy loss of this release, > 0"),
            QgsProcessingParameterNumber.Double, default_epsilon))
        if with_delta:
            self.addParameter(delta_parameter(
                # label and details are translated apart by params.dialog_ready
                DELTA, "Delta (δ)|in [0, 1)" + (f"; {delta_help}" if delta_help else ""),
                default_delta))
        self.addParameter(QgsProcessingParameterNumber(
            SEED, tr("Seed|empty = secure randomness; a seeded run is not for publication"),
            QgsProcessingParameterNumber.Integer, None, optional=True, minValue=0))
        self.addParameter(ledger_parameter(LEDGER, tr("Privacy ledger|JSON file, created if "
                                                      "missing; secret: it can tell whether "
                                                      "an id is among the people")))
        for p in (QgsProcessingParameterString(DATASET_ID, tr("Dataset id in the ledger|default: "
                                                              "the input file's path"),
                                               optional=True),
                  QgsProcessingParameterNumber(BUDGET_EPSILON, tr("Total budget ε|of the dataset; "
                                                                  "required on first ledger use"),
                                               QgsProcessingParameterNumber.Double, None,
                                               optional=True),
                  delta_parameter(BUDGET_DELTA, tr("Total budget δ of the dataset"), None,
                                  optional=True),
                  QgsProcessingParameterString(POPULATION_ID, tr(
                      "Population in the ledger|for a dataset new in the ledger; empty: the "
                      "population holding its people, else its own"), optional=True)):
            self.addParameter(advanced(p))
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFileDestination(
            INTERNAL_REPORT, tr("Internal report|raw-data facts for the data owner: do not publish"),
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
            "Metric CRS for computing|empty: chosen from the public layers")))

    def add_unit_field_parameter(self, name: str, label: str, parent: str, kind: str = "user"):
        """A user / vehicle field: empty by default, guessed by name or refused at run time."""
        names = ", ".join(UNIT_FIELD_NAMES[kind][:4])
        p = unit_field_parameter(name, tr("{label}|the unit of privacy; empty: a field named {names}, "
                                          "…").format(label=label, names=names), parent)
        p.setMetadata({**p.metadata(), "mobilitydp_unit": kind})
        self.addParameter(p)

    @staticmethod
    def parameter_given(parameters, name) -> bool:
        """Whether the caller gave parameter ``name`` a value (:func:`has_value`: None, "", []
        and NULL are not values), so an optional number, extent or output is read only when
        given (a NULL seed is no seed, not seed 0)."""
        return has_value(parameters.get(name))

    def epsilon(self, parameters, context) -> float:
        return check_epsilon(self.parameterAsDouble(parameters, EPSILON, context), "epsilon")

    def delta(self, parameters, context) -> float:
        return check_delta(self.parameterAsDouble(parameters, DELTA, context), "delta")

    def seed(self, parameters, context):
        if not self.parameter_given(parameters, SEED):
            return None
        return self.parameterAsInt(parameters, SEED, context)

    def seeded(self, parameters, context) -> bool:
        """A reproducible run, not for publication: SEED set, or the input is the table of
        a seeded ``scripts/spark-bound`` run (its reader sets ``seeded_source``)."""
        return (self.seed(parameters, context) is not None or
            bool(getattr(self, "seeded_source", False)))

    def rng(self, parameters, context):
        """The generator of the release (seeded, or secure when SEED is empty)."""
        return make_rng(self.seed(parameters, context))

    def rngs(self, parameters, context, n: int) -> list:
        """``n`` independent generators of one release (e.g. sampling and noise apart)."""
        return make_rngs(self.seed(parameters, context), n)

    def enum_value(self, parameters, name, context) -> str:
        """The static string of an :func:`enum_parameter` (e.g. ``"efpa_g"``)."""
        return self.parameterAsEnumString(parameters, name, context)

    def input_dataset_id(self, parameters, name, context):
        """The default ledger dataset id of an input layer, as a callable evaluated only when
        a ledger is given without DATASET_ID (:func:`.ledger.layer_dataset_id`)."""
        layer = self.parameterAsVectorLayer(parameters, name, context)
        if layer is not None:
            return lambda: layer_dataset_id(layer)
        return lambda: dataset_id(str(parameters.get(name)))

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
                raise QgsProcessingException(tr("{label}: the input has no field "
                                                "'{chosen}'").format(label=definition.description(), chosen=chosen))
            return chosen
        guessed = guess_unit_field(fields, kind)
        if guessed is None:
            raise QgsProcessingException(tr(
                "Choose the field that identifies one {kind} ({label}): none of the fields ({items}) is named like a "
                "{kind} id ({items2}).").format(
                    kind=_unit_word(kind), label=definition.description(), items=', '.join(fields),
                    items2=', '.join(UNIT_FIELD_NAMES[kind])))
        if feedback is not None:
            feedback.pushInfo(tr("{kind} field: '{guessed}' (chosen by its name)").format(
                kind=_unit_word(kind).capitalize(), guessed=guessed))
        return guessed

    @staticmethod
    def check_unit_ids(ids, *, kind="user", field="", what="events") -> int:
        """dpcore's refusal when every event has its own user; returns the user count."""
        return check_units_not_all_distinct(ids, kind=kind, field=field, what=what)

    # -- metric frame ------------------------------------------------------
    def metric_frame(self, parameters, context, *, public=(), extent=None,
                     crs_of=()) -> MetricFrame:
        """The run's metric frame from public inputs only (see ``frame.choose_frame``)."""
        frame = choose_frame(self, parameters, context, frame_crs=FRAME_CRS, public=public,
                             extent=extent, crs_of=crs_of)
        frame.feedback = getattr(self, "_feedback", None)
        return frame
