"""The base class of every Mobility DP algorithm: the shared contract of the glue.

An algorithm module reads like ``od/odflows.py``: parameters, plan, read, reserve,
release, write, report. The package :mod:`algorithms.common` holds what every stage
shares; this module re-exports the names algorithm modules need, so they import
from one place:

* :mod:`.inputs`: the privacy parameters and their readers (a mixin);
* :mod:`.reports`: REPORT and INTERNAL_REPORT (a mixin);
* :mod:`.frame`, :mod:`.crs`: the metric frame chosen from public inputs, and readers
  that bring any layer into it (``MetricFrame.read_points``, ...);
* :mod:`.params`: parameter factories (static-string enums, δ, ledger file,
  user/vehicle field) and HTML help;
* :mod:`.outputs`: output styles (also stored in GeoPackages) and clean-up;
* :mod:`.ledger`: the ledger charge, spent-cost outputs and cancel messages;
* :mod:`.values`: attribute values as numbers and epoch seconds;
* :mod:`.progress`, :mod:`.i18n`: progress bridge and the translation function;
* :mod:`.widgets`: dialog widgets (loaded by the Processing GUI only).

:class:`MobilityDPAlgorithm` adds the ledger reservation, the EPSILON_SPENT /
DELTA_SPENT outputs, honest cancellation and the mapping of dpcore errors to
``QgsProcessingException``.
"""
from __future__ import annotations

import os

from qgis.core import (QgsProcessingAlgorithm, QgsProcessingException,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterFileDestination,
                       QgsProcessingParameterVectorDestination)
from qgis.PyQt.QtGui import QIcon

from ...dpcore.privacy import Budget, Cancelled, PrivacyCost
from . import helppages
from .frame import MetricFrame, id_type, shapely_wkb  # noqa: F401
from .frame_choice import choose_frame  # noqa: F401
from .i18n import tr
from .inputs import (BUDGET_DELTA, BUDGET_EPSILON, DATASET_ID, DELTA, EPSILON,  # noqa: F401
                     FRAME_CRS, INTERNAL_REPORT, LEDGER, REPORT, SEED, InputsMixin)
from .outputs import (begin_run, end_run, remove_files, store_default_styles,  # noqa: F401
                      style_on_load)
from .progress import progress_bridge
from .reports import ReportsMixin
from .validation import check_parameters
from .values import as_float, epoch_seconds  # noqa: F401
from .ledger import (DELTA_SPENT, EPSILON_SPENT, PRIVACY_UNIT, Charge,  # noqa: F401
                     cancel_message, source_dataset_id)
from .params import (PRIVACY_HELP, advanced, choices_help, delta_parameter,  # noqa: F401
                     enum_parameter, frame_crs_parameter, html_help, ledger_parameter,
                     unit_field_parameter)

ICON = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "icons",
                    "mobilitydp.svg")

#: Toolbox search words every algorithm answers to (plus its own TAGS).
TAGS = ("mobility", "privacy", "differential privacy", "differential", "dp", "anonymisation",
        "anonymization", "anonym")


class MobilityDPAlgorithm(InputsMixin, ReportsMixin, QgsProcessingAlgorithm):
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
        return html_help(self.HELP, tr) + (html_help(PRIVACY_HELP, tr) if self.USES_PRIVACY
                                           else "") + choices_help(self.parameterDefinitions())

    def helpUrl(self):  # noqa: N802
        return helppages.url(self)

    def createInstance(self):  # noqa: N802
        return type(self)()


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
            check_parameters(self, parameters, context)
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
