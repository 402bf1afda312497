"""The base class of every Mobility DP algorithm: the shared contract of the glue.

An algorithm module reads like ``counts/noisycounts.py``, whose base class
``ReleasingAlgorithm`` (module ``release``) runs one fixed sequence: parameters, plan, read,
reserve, release, write, report. The package :mod:`algorithms.common` holds what every stage
shares; this module re-exports the names algorithm modules need, so they import
from one place:

* :mod:`.inputs`: the privacy parameters and their readers (a mixin);
* :mod:`.reports`: REPORT and INTERNAL_REPORT (a mixin);
* :mod:`.frame`, :mod:`.crs`: the metric frame chosen from public inputs, and readers
  that bring any layer into it (``MetricFrame.read_points``, ...);
* :mod:`.params`: parameter factories (static-string enums, δ, ledger file,
  user/vehicle field) and HTML help;
* :mod:`.outputs`, :mod:`.styles`: output styles (also stored in GeoPackages) and clean-up;
* :mod:`.ledger`: the ledger charge, spent-cost outputs and cancel messages;
* :mod:`.values`: attribute values as numbers and epoch seconds;
* :mod:`.progress`, :mod:`.i18n`: progress bridge and the translation function;
* :mod:`.widgets`, :mod:`.date_widgets`: dialog widgets (loaded by the Processing GUI only).

:class:`MobilityDPAlgorithm` adds the ledger reservation, the EPSILON_SPENT /
DELTA_SPENT outputs, honest cancellation and the mapping of dpcore errors to
``QgsProcessingException``.
"""
from __future__ import annotations

import os

from qgis.core import QgsProcessingAlgorithm, QgsProcessingException
from qgis.PyQt.QtGui import QIcon

from ...dpcore.accounting.costs import Budget, PrivacyCost
from ...dpcore.accounting.ledger import BudgetMissing
from ...dpcore.accounting.populations import release_period  # noqa: F401 (re-exported)
from ...dpcore.accounting.staging import place
from ...dpcore.random.draws import DrawWatch
from ...dpcore.reporting.progress import Cancelled
from . import helppages, helptext
from .default_style import store_default_styles
from .frame import MetricFrame  # noqa: F401
from .frame_choice import choose_frame  # noqa: F401
from .frame_reading import id_type, shapely_wkb  # noqa: F401
from .i18n import error_text, tr, translating_feedback
from .inputs import (  # noqa: F401
    BUDGET_DELTA,
    BUDGET_EPSILON,
    DATASET_ID,
    DELTA,
    EPSILON,
    FRAME_CRS,
    INTERNAL_REPORT,
    LEDGER,
    POPULATION_ID,
    REPORT,
    SEED,
    InputsMixin,
)
from .ledger import DELTA_SPENT, EPSILON_SPENT, PRIVACY_UNIT, Charge, failure_message, layer_dataset_id  # noqa: F401
from .outputs import begin_run, end_run, style_on_load  # noqa: F401
from .params import (  # noqa: F401
    advanced,
    delta_parameter,
    dialog_ready,
    enum_parameter,
    frame_crs_parameter,
    ledger_parameter,
    text_time_placeholders,
    unit_field_parameter,
    zero_means,
)
from .progress import progress_bridge
from .qgis_values import as_float, epoch_seconds  # noqa: F401
from .reports import ReportsMixin
from .seeded import mark_outputs
from .staging import Staging
from .validation import check_parameters

ICON = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "icons",
                    "mobilitydp.svg")

#: Toolbox search words every algorithm answers to (plus its own TAGS).
TAGS = ("mobility", "privacy", "differential privacy", "differential", "dp", "anonymisation",
        "anonymization", "anonym")


class MobilityDPAlgorithm(InputsMixin, ReportsMixin, QgsProcessingAlgorithm):
    """Base class: subclasses set the class attributes and implement ``execute``; their help
    is the file ``<HELP_DIR>/<ALGORITHM_ID>.html`` (:mod:`.helptext`)."""

    ALGORITHM_ID = ""
    DISPLAY_NAME = ""
    GROUP_ID = ""
    GROUP = ""
    HELP_DIR = helptext.HELP_DIR
    TAGS = ()
    USES_PRIVACY = True
    #: The parameters as data (:mod:`.specs`): callables adding them, in the dialog's order.
    PARAMETERS = ()

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
        """The dialog's help pane: what it does, what it costs, a link to the full help."""
        return helppages.short_html(self)

    def helpString(self):  # noqa: N802
        """The full help (also the page the Help button opens)."""
        return helppages.long_html(self)

    def helpUrl(self):  # noqa: N802
        return helppages.url(self)

    def createInstance(self):  # noqa: N802
        return type(self)()

    def initAlgorithm(self, config=None):  # noqa: N802
        """The parameters of :attr:`PARAMETERS` (an algorithm with its own adds them itself)."""
        for spec in self.PARAMETERS:
            spec(self)

    def addParameter(self, parameter, createOutput=True):  # noqa: N802,N803
        """Every parameter gets the shared dialog conventions (:func:`params.dialog_ready`)."""
        return super().addParameter(dialog_ready(parameter), createOutput)

    def checkParameterValues(self, parameters, context):  # noqa: N802
        """QGIS's checks, except that the algorithm reads date-time text itself."""
        return super().checkParameterValues(
            text_time_placeholders(parameters, self.parameterDefinitions()), context)


    # -- ledger ------------------------------------------------------------
    def reserve_budget(self, parameters, context, *, default_dataset_id, planned: PrivacyCost,
                       ids=None, sketch=None, period=None):
        """The run's release contract, with the planned cost reserved in the ledger (if any).

        ``planned`` is the dpcore-planned :class:`PrivacyCost` (it carries δ, the unit
        and the unit of privacy); BUDGET_EPSILON / BUDGET_DELTA make a budget in its
        unit. ``default_dataset_id`` is a string or a callable (called only when a ledger
        is given and DATASET_ID is empty). ``ids`` is a callable giving the user ids of the
        people the release reads (called only with a ledger: their keyed sketch finds their
        population), None when the input has none; ``sketch`` instead of ``ids``: the people's
        sketch a Spark job's bounded tables carry; ``period`` the release's
        ``((first day, last day), source)`` of :func:`dpcore.accounting.populations.release_period`
        (None: the run date); POPULATION_ID names the population of a dataset new in the
        ledger. Use as
        ``with self.reserve_budget(...) as charge: release = ...; charge.check_spent(release)``.
        Refused (before any noise is drawn) when the budget would be exceeded or is
        kept in another unit. The base class commits the cost once every output is in
        place (``processAlgorithm``); the failure rule is :meth:`ReleaseContract.fail`.
        """
        path = self.parameterAsFile(parameters, LEDGER, context)
        budget = None
        if path and self.parameter_given(parameters, BUDGET_EPSILON):
            budget = Budget(self.parameterAsDouble(parameters, BUDGET_EPSILON, context),
                            self.parameterAsDouble(parameters, BUDGET_DELTA, context)
                            if self.parameter_given(parameters, BUDGET_DELTA) else 0.0, planned.unit)
        days, source = period or release_period()
        self._charge = Charge(path, self.parameterAsString(parameters, DATASET_ID, context)
                              or default_dataset_id, planned, budget=budget,
                              label=f"mobilitydp:{self.ALGORITHM_ID}",
                              seeded=self.seeded(parameters, context), ids=ids, sketch=sketch,
                              population=self.parameterAsString(parameters, POPULATION_ID,
                                                                context).strip(),
                              period=days, period_source=source)
        try:
            self._charge.reserve()
        except BudgetMissing:
            raise ValueError(tr(
                "The dataset '{dataset}' is new in the ledger {path} and its people are in no "
                "population of it: give its total budget in “{field}” (under Advanced "
                "parameters) on first use, or the name of a declared population in "
                "“{population}”").format(
                    dataset=self._charge.dataset_id, path=path,
                    field=self.parameterDefinition(BUDGET_EPSILON).description(),
                    population=self.parameterDefinition(POPULATION_ID).description())) from None
        self._draws.arm()
        return self._charge

    def progress(self, feedback, start: float = 0.0, end: float = 100.0):
        """A dpcore ``progress(fraction)`` callback (:func:`progress_bridge`): a cancel
        stops the run wherever it is; the failure rule says whether it is charged."""
        return progress_bridge(feedback, start, end)

    def _spent(self) -> bool:
        charge = getattr(self, "_charge", None)
        return charge is not None and charge.cost is not None

    # -- randomness ----------------------------------------------------------
    def rng(self, parameters, context):
        """The release's generator, watched: from its first draw on a failure is charged."""
        return self._draws.watch(super().rng(parameters, context))

    def rngs(self, parameters, context, n: int) -> list:
        return [self._draws.watch(rng) for rng in super().rngs(parameters, context, n)]

    # -- running -----------------------------------------------------------
    def execute(self, parameters, context, feedback) -> dict:
        """The algorithm body; ValueError and Cancelled are mapped by processAlgorithm."""
        raise NotImplementedError

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802
        """The release contract around :meth:`execute`: outputs staged beside their
        destinations, placed only when the body succeeded, then the cost committed.
        A failure or cancel before the release's first random draw cancels the
        reservation; from the first draw on it is charged (:meth:`ReleaseContract.fail`)."""
        self._charge = None
        self._draws = DrawWatch()
        self.seeded_source = False
        self.layer_notes = {}      # output name -> what its fields mean (set by execute)
        self._feedback = feedback  # the log of the run's readers (``metric_frame``)
        staging = None
        feedback = translating_feedback(feedback)   # dpcore's messages in the user's language
        begin_run()
        try:
            check_parameters(self, parameters, context)
            staging = Staging(self, parameters, context)
            results = self.execute(staging.parameters, context, feedback)
            store_default_styles(end_run(), feedback)
            for name, note in self.layer_notes.items():
                mark_outputs({name: results.get(name)}, context, note)
            if self.seeded(staging.parameters, context):
                mark_outputs(results, context)
            if self._charge is not None:
                staging.place(self._charge.contract, feedback)
                self._charge.contract.finish()
            else:
                staging.place(_NoRelease(), feedback)
        except BaseException as exc:
            end_run()
            if staging is not None:
                staging.discard()
                if self._charge is not None:
                    staging.record_direct(self._charge.contract)
            if not isinstance(exc, (Cancelled, ValueError, RuntimeError, OSError,
                                    QgsProcessingException)):
                if self._charge is not None:     # settle the ledger, then let it propagate
                    self._charge.contract.fail(drawn=self._draws.drawn())
                raise
            raise QgsProcessingException(failure_message(
                self._charge, error_text(exc), drawn=self._draws.drawn(),
                cancelled=isinstance(exc, Cancelled) or feedback.isCanceled())) from exc
        results = {k: staging.final(v) for k, v in results.items()}
        self.announce_empty(results, context, feedback)
        if self._spent():
            results = {**results, **self._charge.outputs()}
            feedback.pushInfo(self._charge.log_line())
            for warning in self._charge.warnings:
                feedback.pushWarning(warning)   # translated by the run's feedback
            if feedback.isCanceled():
                feedback.reportError(tr(
                    "Cancel came after the release was charged ({cost}): the outputs were "
                    "written completely, since the budget is spent.").format(
                        cost=self._charge.log_line()), False)
        return results


class _NoRelease:
    """The contract stand-in of an algorithm that releases nothing (analysis, synthesis)."""

    cost = None

    @staticmethod
    def place(staged, destination):
        place(staged, destination)

    @staticmethod
    def wrote(destination):
        """Nothing to record: no ledger entry lists the outputs of a run without a release."""
