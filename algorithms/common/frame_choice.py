"""The choice of a run's metric frame from its public inputs (parameters → :class:`MetricFrame`)."""
from __future__ import annotations

from qgis.core import QgsProcessingException

from .crs import check_extent, crs_name, is_metric, stated_extent_crs
from .frame import MetricFrame
from .i18n import tr
from .validation import has_value


def choose_frame(alg, parameters, context, *, frame_crs=None, public=(), extent=None,
                 crs_of=()) -> MetricFrame:
    """A run's metric frame, chosen from public inputs only, in this order:

    the ``frame_crs`` CRS parameter (if the algorithm has it and it is set);
    the first set layer parameter of ``public`` (study area, census cells,
    tessellation: its CRS, centred on its extent); the extent parameter
    ``extent`` (centred on it, read in its stated CRS); the CRS (never the
    extent) of the first set layer of ``crs_of`` if that CRS is in metres.
    Otherwise refused, saying what to set.
    """
    def is_set(name):
        return name is not None and alg.parameterDefinition(name) is not None and has_value(parameters.get(name))

    def label(name):
        return alg.parameterDefinition(name).description()

    if is_set(frame_crs):
        return MetricFrame.of_crs(alg.parameterAsCrs(parameters, frame_crs, context), context)
    for name in public:
        if is_set(name):
            source = alg.parameterAsSource(parameters, name, context)
            if source is None:
                raise QgsProcessingException(alg.invalidSourceError(parameters, name))
            return MetricFrame.of_source(source, context, label(name))
    if is_set(extent):
        rect = alg.parameterAsExtent(parameters, extent, context)
        check_extent(rect, label(extent))
        crs = stated_extent_crs(alg, parameters, extent, context)
        if crs is None:
            raise QgsProcessingException(tr(
                "{label} gives no CRS and no public layer or metric CRS is set to read it in: write it as "
                "xmin,xmax,ymin,ymax [EPSG:n].").format(label=label(extent)))
        return MetricFrame.of_extent(rect, crs, context, origin=f"the {label(extent)}")
    wanted = [label(n) for n in (*public, extent, frame_crs)
              if n is not None and alg.parameterDefinition(n) is not None]
    for name in crs_of:
        if is_set(name):
            source = alg.parameterAsSource(parameters, name, context)
            if source is None:
                raise QgsProcessingException(alg.invalidSourceError(parameters, name))
            crs = source.sourceCrs()
            if is_metric(crs):
                return MetricFrame.of_crs(crs, context, origin=f"the CRS of {label(name)}")
            raise QgsProcessingException(tr(
                "{label} is in {value}, not in metres, and no public input fixes a metric frame (a frame derived from "
                "private data would reveal where it lies). Set one of: "
                "{value2}.").format(
                    label=label(name), value=crs_name(crs) if crs.isValid() else tr('no valid CRS'),
                    value2='; '.join(wanted) or tr('a projected CRS in metres for the input')))
    raise QgsProcessingException(tr(
        "No public input to choose a metric frame from: set one of {items}.").format(items='; '.join(wanted)))
