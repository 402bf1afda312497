"""One metric frame per run, chosen from public inputs (its readers: :mod:`.frame_reading`).

dpcore computes in metres. :class:`MetricFrame` is the one metric CRS of a
run. It comes from *public* inputs only (a study area, census cells, a
tessellation, a public extent, or an explicit CRS parameter), never from
the extent of a private layer, so that two runs with the same public inputs
use the same frame (and build the same grids) whatever the private data.

* A projected CRS in metres is used as it is, except a Mercator projection
  (EPSG:3857) whose distances are off by more than 1 % at the public
  extent's centre (52 % in Paris): that one is treated as non-metric. Any
  other projected CRS whose distances are off by more than 1 % somewhere on
  the public extent (a UTM zone or national grid used far from its area)
  is kept, since local or synthetic coordinates are often meant as plain
  metres, but :meth:`MetricFrame.describe` (printed in every report) says
  by how much.
* Anything else (geographic, feet) becomes an azimuthal equidistant
  projection centred on the public extent's centre (rounded to 1e-6°):
  distances from the centre are exact, distortion stays below 0.1 % within
  about 250 km of it. An empty public extent is refused (it never falls back
  to 0°, 0°).

Every layer, whatever its CRS, is read through
``QgsFeatureRequest().setDestinationCrs(frame.crs, transformContext)``, so
layers in different CRSs just work. Polygons and lines of a geographic layer
are densified (every 0.01°) before projection, so a 4-vertex lon/lat box
keeps its curved edges. Outputs go back to the frame's *home* CRS (the CRS
of the public input it came from).
"""
from __future__ import annotations

import math

from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsCoordinateTransform,
    QgsCsException,
    QgsGeometry,
    QgsPointXY,
    QgsProcessingException,
    QgsRectangle,
)

from .crs import (
    MAX_SCALE_ERROR,
    _finite,
    _mercator,
    check_not_lonlat_in_metres,
    crs_name,
    extent_scale_error,
    is_metric,
    scale_error,
)
from .frame_reading import FrameReading, shapely_wkb
from .i18n import tr
from .validation import usable_geometry


class MetricFrame(FrameReading):
    """The metric CRS of a run and the transforms between it and its home CRS.

    ``MetricFrame(crs, extent, context)`` makes the frame of a *public*
    input in ``crs`` covering ``extent``; prefer the named constructors
    :meth:`of_source`, :meth:`of_crs`, :meth:`of_extent` or
    ``MobilityDPAlgorithm.metric_frame`` which picks the public input.
    """

    def __init__(self, crs: QgsCoordinateReferenceSystem, extent, context, *, origin: str = ""):
        if crs is None or not crs.isValid():
            raise QgsProcessingException(tr(
                "{value} has no valid CRS; set one first.").format(value=origin or tr('The input layer')))
        self.home_crs = crs
        self.origin = origin
        self.feedback = None  # the run's feedback (log, cancel), set by ``metric_frame``
        self.transform_context = context.transformContext()
        check_not_lonlat_in_metres(crs, extent, self.transform_context,
                                   origin or "The public layer")
        self.centre = None
        if is_metric(crs) and not (_mercator(crs) and extent is not None and _finite(extent)
                                   and not extent.isNull() and
                                   scale_error(crs, extent.center(), self.transform_context)
                                   > MAX_SCALE_ERROR):
            self.crs = crs
        else:
            lon, lat = self._centre_lonlat(crs, extent, origin, self.transform_context)
            self.centre = (lon, lat)
            self.crs = QgsCoordinateReferenceSystem.fromProj(
                f"+proj=aeqd +lat_0={lat:.6f} +lon_0={lon:.6f} +datum=WGS84 +units=m +no_defs")
        self.reprojected = self.crs != crs
        self.distortion = (None if self.reprojected else
            extent_scale_error(crs, extent, self.transform_context))
        self.forward = QgsCoordinateTransform(crs, self.crs, self.transform_context)
        self.backward = QgsCoordinateTransform(self.crs, crs, self.transform_context)

    # -- construction ------------------------------------------------------
    @classmethod
    def of_source(cls, source, context, name: str = "") -> "MetricFrame":
        """The frame of a public layer: its CRS if metric, else centred on its extent."""
        return cls(source.sourceCrs(), source.sourceExtent(), context,
                   origin=f"the {name} layer" if name else "the public layer")

    @classmethod
    def of_crs(cls, crs: QgsCoordinateReferenceSystem, context,
               origin: str = "the frame CRS parameter") -> "MetricFrame":
        """The frame of an explicit CRS, which must be projected and in metres."""
        if not is_metric(crs) or _mercator(crs):
            what = ("a Mercator projection, whose distances grow with latitude"
                if is_metric(crs) else "not a projected CRS in metres")
            raise QgsProcessingException(tr(
                "{origin} is {value}, {what}: choose a projected CRS in metres that keeps distances (e.g. the UTM zone "
                "or national grid of the area).").format(
                    origin=origin, value=crs_name(crs) if crs.isValid() else tr('not a valid CRS'), what=what))
        return cls(crs, None, context, origin=origin)

    @classmethod
    def of_extent(cls, rect: QgsRectangle, crs: QgsCoordinateReferenceSystem, context,
                  origin: str = "the extent") -> "MetricFrame":
        """The frame of a public extent stated in ``crs``."""
        return cls(crs, rect, context, origin=origin)

    @staticmethod
    def _centre_lonlat(crs, extent, origin, transform_context):
        if extent is None or extent.isNull() or not _finite(extent):
            raise QgsProcessingException(tr(
                "{value} is not in metres and has no extent to centre a metric frame on (it is empty). Give a "
                "non-empty public layer or extent, or a projected CRS in "
                "metres.").format(value=origin or tr('The public input')))
        wgs84 = QgsCoordinateReferenceSystem("EPSG:4326")
        try:
            centre = (QgsCoordinateTransform(crs, wgs84, transform_context)
                .transform(extent.center()))
        except QgsCsException as exc:
            raise QgsProcessingException(tr(
                "the centre of {origin} cannot be converted to longitude/latitude: "
                "{exc}").format(origin=origin, exc=exc)) from exc
        lon, lat = centre.x(), centre.y()
        if not (-180.0 <= lon <= 180.0 and -90.0 <= lat <= 90.0):
            raise QgsProcessingException(tr(
                "the centre of {origin} ({lon:.6g}, {lat:.6g}) is not a longitude/latitude: is the layer's CRS set "
                "correctly?").format(origin=origin, lon=lon, lat=lat))
        return round(lon, 6), round(lat, 6)

    # -- description -------------------------------------------------------
    def describe(self) -> str:
        """Where the frame comes from (public inputs only, so safe to publish)."""
        origin = f", from {self.origin}" if self.origin else ""
        if not self.reprojected:
            if self.distortion is not None and self.distortion > MAX_SCALE_ERROR:
                off = ("cannot be checked (the extent lies outside the CRS's area)"
                       if math.isinf(self.distortion) else f"are off by up to {self.distortion:.1%}")
                return (f"{crs_name(self.crs)} (metres{origin}); WARNING: its distances {off} "
                        "on the public extent, and all results are in its metres: set FRAME_CRS "
                        "to a projected CRS of the area, or give the layer its true CRS")
            return f"{crs_name(self.crs)} (metres{origin})"
        lon, lat = self.centre
        return (f"azimuthal equidistant projection centred at {abs(lat):.6f}°"
                f"{'N' if lat >= 0 else 'S'}, {abs(lon):.6f}°{'E' if lon >= 0 else 'W'}"
                f"{origin}; outputs in {crs_name(self.home_crs)}")

    # -- geometry conversion -----------------------------------------------
    def layer_to_shapely(self, geometry: QgsGeometry, crs, context=None):
        """A geometry in ``crs`` as shapely in metres (prefer :meth:`features`); a NULL,
        empty or non-finite geometry is refused (ValueError), one that cannot be reprojected
        with a sentence."""
        g = usable_geometry(geometry)
        if g is None:
            raise ValueError(tr("a feature has no usable geometry (NULL, empty or with "
                                "coordinates that are not finite numbers)"))
        if crs != self.crs:
            try:
                g.transform(QgsCoordinateTransform(crs, self.crs, self.transform_context))
            except QgsCsException as exc:
                raise QgsProcessingException(tr(
                    "a geometry in {source} cannot be converted to {crs}: "
                    "{exc}").format(source=crs_name(crs), crs=crs_name(self.crs), exc=exc)) from exc
        return shapely_wkb.loads(bytes(g.asWkb()))

    def to_shapely(self, geometry: QgsGeometry):
        """A QgsGeometry in the home CRS as a shapely geometry in metres."""
        return self.layer_to_shapely(geometry, self.home_crs)

    def from_shapely(self, geometry) -> QgsGeometry:
        """A shapely geometry in metres as a QgsGeometry in the home CRS."""
        g = QgsGeometry()
        g.fromWkb(geometry.wkb)
        if self.reprojected:
            g.transform(self.backward)
        return g

    def point_to_home(self, x: float, y: float) -> QgsPointXY:
        return (self.backward.transform(QgsPointXY(x, y)) if self.reprojected
            else QgsPointXY(x, y))
