"""Shared QGIS glue for every Mobility DP algorithm.

What lives here, so that algorithm modules stay thin:

* the common privacy parameters (EPSILON, DELTA, SEED, LEDGER and its
  dataset id and budget, REPORT) with their help text;
* :class:`MetricFrame`: geographic (or non-metre) input is reprojected to a
  local azimuthal equidistant projection in metres, outputs go back to the
  input CRS;
* geometry conversion between QgsGeometry and shapely (through WKB);
* the progress/cancel bridge to dpcore (a callable raising ``Cancelled``);
* error mapping: a dpcore ``ValueError`` becomes a ``QgsProcessingException``
  with the same message, and file outputs of a failed run are removed;
* the privacy ledger reservation and the HTML report.
"""
from __future__ import annotations

import contextlib
import os

import numpy as np

from qgis.core import (NULL, QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsGeometry,
                       QgsProcessingAlgorithm, QgsProcessingException,
                       QgsProcessingLayerPostProcessorInterface,
                       QgsProcessingParameterDefinition, QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterFile, QgsProcessingParameterFileDestination,
                       QgsProcessingParameterNumber, QgsProcessingParameterString,
                       QgsProcessingParameterVectorDestination, QgsRectangle, QgsUnitTypes)
from qgis.PyQt.QtCore import QCoreApplication, QDate, QDateTime, Qt, QTime, QVariant
from qgis.PyQt.QtGui import QIcon

from ..dpcore import report as dpreport
from ..dpcore.privacy import (Budget, Cancelled, Ledger, check_delta, check_epsilon, make_rng)

try:  # shapely ≥ 2 and 1.8 both provide shapely.wkb
    from shapely import wkb as shapely_wkb
except ImportError:  # pragma: no cover
    shapely_wkb = None

EPSILON = "EPSILON"
DELTA = "DELTA"
SEED = "SEED"
LEDGER = "LEDGER"
DATASET_ID = "DATASET_ID"
BUDGET_EPSILON = "BUDGET_EPSILON"
BUDGET_DELTA = "BUDGET_DELTA"
REPORT = "REPORT"

ICON = os.path.join(os.path.dirname(os.path.dirname(__file__)), "icons", "mobilitydp.svg")

PRIVACY_HELP = """
<h3>Privacy parameters</h3>
<p><b>Epsilon (ε)</b>: the privacy loss allowed for this release. Smaller is more private and
noisier; values between 0.1 and 1 are common. Must be &gt; 0.</p>
<p><b>Delta (δ)</b>: the probability that the ε guarantee fails, for (ε, δ) mechanisms only.
Keep it far below 1/(number of individuals); it must lie in [0, 1).</p>
<p><b>Seed</b>: leave empty for a real release (fresh randomness from the operating system). A
seed makes the run reproducible for tests and demos; such a report is marked
"reproducible: not for publication".</p>
<p><b>Privacy ledger</b>: optional JSON file that records what every release spent on a dataset
and refuses a release that would exceed the dataset's total budget, before any noise is drawn.
<b>Dataset id</b> names the dataset in the ledger (default: the input layer's source).
<b>Total budget ε / δ</b> are required the first time a dataset appears in the ledger and fixed
afterwards.</p>
<p><b>Privacy report</b>: HTML file with the parameters, the unit of privacy and the cost of
each mechanism call.</p>
"""


def tr(text: str) -> str:
    return QCoreApplication.translate("MobilityDP", text)


# --------------------------------------------------------------------------
# Progress and errors
# --------------------------------------------------------------------------

def progress_bridge(feedback, start: float = 0.0, end: float = 100.0):
    """A dpcore ``progress(fraction)`` callback driving ``feedback`` between two percentages."""
    def progress(fraction: float) -> None:
        if feedback is None:
            return
        if feedback.isCanceled():
            raise Cancelled()
        feedback.setProgress(start + (end - start) * fraction)
    return progress


def as_float(value) -> float:
    """An attribute value as float; NULL and non-numbers become NaN."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("nan")


def epoch_seconds(value):
    """A QGIS attribute value as epoch seconds (QDateTime, QDate, text, number; NULL → None)."""
    if value is None or value == NULL:
        return None
    if isinstance(value, QDateTime):
        if not value.isValid():
            return None
        if value.timeSpec() == Qt.LocalTime:  # naive date-times are UTC, as ISO text is
            value = QDateTime(value.date(), value.time(), Qt.UTC)
        return value.toMSecsSinceEpoch() / 1000.0
    if isinstance(value, QDate):
        return epoch_seconds(QDateTime(value, QTime(0, 0), Qt.UTC)) if value.isValid() else None
    return value


# --------------------------------------------------------------------------
# Metric CRS handling
# --------------------------------------------------------------------------

class MetricFrame:
    """A metric CRS for computing, and the transforms to and from the input CRS.

    A projected CRS in metres is used as it is. Anything else (geographic,
    feet, unknown units) is reprojected to an azimuthal equidistant
    projection centred on the data, whose distances from the centre are exact
    and whose distortion stays below 0.1 % within about 250 km of it.
    """

    def __init__(self, crs: QgsCoordinateReferenceSystem, extent: QgsRectangle, context):
        if not crs.isValid():
            raise QgsProcessingException(tr("The input layer has no valid CRS; set one first."))
        self.source_crs = crs
        if not crs.isGeographic() and crs.mapUnits() == QgsUnitTypes.DistanceMeters:
            self.crs = crs
            self.reprojected = False
        else:
            wgs84 = QgsCoordinateReferenceSystem("EPSG:4326")
            to_wgs = QgsCoordinateTransform(crs, wgs84, context.transformContext())
            centre = to_wgs.transform(extent.center()) if not extent.isEmpty() else None
            lon, lat = (centre.x(), centre.y()) if centre is not None else (0.0, 0.0)
            self.crs = QgsCoordinateReferenceSystem.fromProj(
                f"+proj=aeqd +lat_0={lat:.6f} +lon_0={lon:.6f} +datum=WGS84 +units=m +no_defs")
            self.reprojected = True
        self.forward = QgsCoordinateTransform(crs, self.crs, context.transformContext())
        self.backward = QgsCoordinateTransform(self.crs, crs, context.transformContext())

    def describe(self) -> str:
        if not self.reprojected:
            return f"computed in the input CRS {self.source_crs.authid() or self.source_crs.description()} (metres)"
        return (f"input CRS {self.source_crs.authid() or self.source_crs.description()} is not in "
                f"metres; computed in {self.crs.toProj()} and returned in the input CRS")

    def layer_to_shapely(self, geometry: QgsGeometry, crs, context):
        """A geometry of another layer (in ``crs``) as shapely in this frame's metric CRS."""
        if crs == self.source_crs:
            return self.to_shapely(geometry)
        g = QgsGeometry(geometry)
        g.transform(QgsCoordinateTransform(crs, self.crs, context.transformContext()))
        return shapely_wkb.loads(bytes(g.asWkb()))

    def to_shapely(self, geometry: QgsGeometry):
        """A QgsGeometry in the input CRS as a shapely geometry in metres."""
        g = QgsGeometry(geometry)
        if self.reprojected:
            g.transform(self.forward)
        return shapely_wkb.loads(bytes(g.asWkb()))

    def from_shapely(self, geometry) -> QgsGeometry:
        """A shapely geometry in metres as a QgsGeometry in the input CRS."""
        g = QgsGeometry()
        g.fromWkb(geometry.wkb)
        if self.reprojected:
            g.transform(self.backward)
        return g


# --------------------------------------------------------------------------
# Reading layers into metric arrays
# --------------------------------------------------------------------------

def read_points(source, frame, id_field):
    """Point parts in metres, the id of each part's feature, and the null count."""
    xy, ids, n_null = [], [], 0
    for f in source.getFeatures():
        g = f.geometry()
        if g is None or g.isNull() or g.isEmpty():
            n_null += 1
            continue
        geom = frame.to_shapely(g)
        parts = getattr(geom, "geoms", [geom])
        xy.extend((p.x, p.y) for p in parts)
        ids.extend([f[id_field] if id_field else f.id()] * len(parts))
    return np.asarray(xy, dtype=float).reshape(-1, 2), ids, n_null


def read_polygons(source, name, id_field, frame, context):
    """Polygons in metres and their ids (unique; feature ids without an id field)."""
    geoms, ids = [], []
    for f in source.getFeatures():
        g = f.geometry()
        geoms.append(None if g is None or g.isNull() or g.isEmpty()
                     else frame.layer_to_shapely(g, source.sourceCrs(), context))
        ids.append(f[id_field] if id_field else f.id())
    if len(set(map(str, ids))) < len(ids):
        raise ValueError(f"the id field '{id_field}' of layer {name} has duplicate values")
    return geoms, ids


def id_type(source, id_field):
    return source.fields().field(id_field).type() if id_field else QVariant.LongLong


# --------------------------------------------------------------------------
# Styling outputs loaded in the GUI
# --------------------------------------------------------------------------

class _Styler(QgsProcessingLayerPostProcessorInterface):
    """Applies a styling function to an output layer when QGIS loads it."""

    _alive = []  # QGIS does not keep a Python reference; we must.

    def __init__(self, style_function):
        super().__init__()
        self.style_function = style_function
        _Styler._alive.append(self)

    def postProcessLayer(self, layer, context, feedback):  # noqa: N802
        if layer is not None and layer.isValid():
            self.style_function(layer)


def style_on_load(context, layer_id: str, style_function) -> None:
    """Call ``style_function(layer)`` when the GUI loads output ``layer_id``."""
    if context.willLoadLayerOnCompletion(layer_id):
        context.layerToLoadOnCompletionDetails(layer_id).setPostProcessor(_Styler(style_function))


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

    def shortHelpString(self):  # noqa: N802
        return tr(self.HELP + (PRIVACY_HELP if self.USES_PRIVACY else ""))

    def createInstance(self):  # noqa: N802
        return type(self)()

    # -- common parameters -------------------------------------------------
    def add_privacy_parameters(self, *, default_epsilon: float = 1.0, with_delta: bool = False,
                               default_delta: float = 1e-6, delta_help: str = ""):
        """EPSILON, DELTA (optional), SEED, LEDGER (+ dataset id and budget), REPORT."""
        self.addParameter(QgsProcessingParameterNumber(
            EPSILON, tr("Epsilon (ε): privacy loss of this release, > 0"),
            QgsProcessingParameterNumber.Double, default_epsilon))
        if with_delta:
            self.addParameter(QgsProcessingParameterNumber(
                DELTA, tr("Delta (δ) in [0, 1)" + (f": {delta_help}" if delta_help else "")),
                QgsProcessingParameterNumber.Double, default_delta))
        self.addParameter(QgsProcessingParameterNumber(
            SEED, tr("Seed (empty = secure randomness; a seeded run is not for publication)"),
            QgsProcessingParameterNumber.Integer, None, optional=True, minValue=0))
        self.addParameter(QgsProcessingParameterFile(
            LEDGER, tr("Privacy ledger (JSON file, created if missing)"),
            behavior=QgsProcessingParameterFile.File, extension="json", optional=True))
        advanced = [
            QgsProcessingParameterString(DATASET_ID, tr("Dataset id in the ledger "
                                                        "(default: input layer source)"),
                                         optional=True),
            QgsProcessingParameterNumber(BUDGET_EPSILON, tr("Total budget ε of the dataset "
                                                            "(required on first ledger use)"),
                                         QgsProcessingParameterNumber.Double, None, optional=True),
            QgsProcessingParameterNumber(BUDGET_DELTA, tr("Total budget δ of the dataset"),
                                         QgsProcessingParameterNumber.Double, None, optional=True),
        ]
        for p in advanced:
            p.setFlags(p.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
            self.addParameter(p)
        self.add_report_parameter()

    def add_report_parameter(self):
        self.addParameter(QgsProcessingParameterFileDestination(
            REPORT, tr("Privacy report"), "HTML files (*.html)", optional=True,
            createByDefault=True))

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

    def layer_source_id(self, parameters, name, context) -> str:
        """A stable id of an input layer: its data source (the default ledger dataset id)."""
        layer = self.parameterAsVectorLayer(parameters, name, context)
        return layer.source() if layer is not None else str(parameters.get(name))

    def rng(self, parameters, context):
        return make_rng(self.seed(parameters, context))

    # -- ledger ------------------------------------------------------------
    def reserve_budget(self, parameters, context, *, default_dataset_id: str,
                       epsilon: float, delta: float = 0.0):
        """A ledger reservation for (ε, δ), or a no-op when no ledger was given.

        Use as ``with self.reserve_budget(...) as r: release = ...; r.commit(release.cost)``.
        Refused (before any noise is drawn) when the budget would be exceeded.
        """
        path = self.parameterAsFile(parameters, LEDGER, context)
        if not path:
            return _NoLedger()
        dataset_id = (self.parameterAsString(parameters, DATASET_ID, context)
                      or default_dataset_id)
        budget = None
        if self._is_set(parameters, BUDGET_EPSILON):
            budget = Budget(self.parameterAsDouble(parameters, BUDGET_EPSILON, context),
                            self.parameterAsDouble(parameters, BUDGET_DELTA, context)
                            if self._is_set(parameters, BUDGET_DELTA) else 0.0)
        return Ledger(path).reserve(dataset_id, epsilon, delta, budget,
                                    label=f"mobilitydp:{self.ALGORITHM_ID}")

    def source_or_raise(self, parameters, name, context):
        """A feature source parameter, or QGIS's own error when it cannot be read."""
        source = self.parameterAsSource(parameters, name, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, name))
        return source

    # -- report ------------------------------------------------------------
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
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(dpreport.analysis_report(algorithm_id=f"mobilitydp:{self.ALGORITHM_ID}",
                                              parameters=rows, **kw))
        return path

    def write_report(self, parameters, context, *, release, unit_of_privacy: str,
                     parameter_rows, sections=(), internal_sections=(), warnings=()):
        """Write the HTML privacy report if REPORT is set; returns its path or None."""
        path = self.parameterAsFileOutput(parameters, REPORT, context)
        if not path:
            return None
        text = dpreport.privacy_report(
            title=self.DISPLAY_NAME, algorithm_id=f"mobilitydp:{self.ALGORITHM_ID}",
            unit_of_privacy=unit_of_privacy, cost=release.cost, parameters=parameter_rows,
            seeded=self.seed(parameters, context) is not None, sections=sections,
            internal_sections=internal_sections, warnings=warnings)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return path

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
        try:
            return self.execute(parameters, context, feedback)
        except Cancelled:
            _remove(new_files)
            raise QgsProcessingException(tr("Cancelled by the user; nothing was released."))
        except ValueError as exc:
            _remove(new_files)
            raise QgsProcessingException(str(exc))
        except BaseException:
            _remove(new_files)
            raise


class _NoLedger(contextlib.AbstractContextManager):
    """Stands in for a ledger reservation when no ledger file was given."""

    def commit(self, cost) -> None:
        pass

    def __exit__(self, *exc):
        return False


def _remove(paths) -> None:
    for path in paths:
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                os.remove(path + suffix)

