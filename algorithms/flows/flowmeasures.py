"""mobilitydp:flowmeasures — network measures of a flow layer.

It reads flow lines (origin, destination, flow: the FLOWS output of
``aggregateflows``) and zones; the measures live in ``dpcore.flows.measures``
(Pratesi 2012 §5.3). Computing on released flows is post-processing: no privacy cost."""
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsWkbTypes,
)

from ...dpcore.flows.measures import border_polygons, mobility_borders, network_measures
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MobilityDPAlgorithm, shapely_wkb, style_on_load, tr
from ..common.field_types import FieldType
from ..common.flow_styles import flow_style
from ..common.styles import categorized_style, graduated_style
from ..common.validation import usable_geometry
from .layers import (
    COMMUNITY_SEED,
    DEST_FIELD,
    FLOWS,
    ORIGIN_FIELD,
    SAMPLES,
    add_flow_parameters,
    link_index,
    link_vector,
    read_flows,
    read_zones,
)

ZONE_MEASURES = "ZONE_MEASURES"
LINK_MEASURES = "LINK_MEASURES"
BORDERS = "BORDERS"


ZONE_KEYS = ("flow_per_zone", "degree", "clustering", "node_betweenness")


class FlowMeasures(MobilityDPAlgorithm):
    ALGORITHM_ID = "flowmeasures"
    DISPLAY_NAME = "Flow network measures and mobility borders"
    GROUP_ID = "flows"
    GROUP = "Flows"
    USES_PRIVACY = False

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            FLOWS, tr("Flows"), [QgsProcessing.TypeVectorLine]))
        add_flow_parameters(self, FLOWS)
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            ZONE_MEASURES, tr("Zone measures"), QgsProcessing.TypeVectorPolygon))
        self.addParameter(QgsProcessingParameterFeatureSink(
            LINK_MEASURES, tr("Link measures"), QgsProcessing.TypeVectorLine))
        self.addParameter(QgsProcessingParameterFeatureSink(
            BORDERS, tr("Mobility borders"), QgsProcessing.TypeVectorPolygon))

    def execute(self, parameters, context, feedback):
        zones, ids, zone_feats = read_zones(self, parameters, context)
        flows = read_flows(self, parameters, context, FLOWS,
                            {z: k for k, z in enumerate(ids)})
        samples = self.parameterAsInt(parameters, SAMPLES, context) or None
        seed = self.parameterAsInt(parameters, COMMUNITY_SEED, context)
        index = link_index(flows, len(ids))
        values = link_vector(index, flows)
        feedback.setProgress(10)
        m = network_measures(index, values, samples=samples, seed=seed)
        feedback.setProgress(60)
        labels = mobility_borders(index, values, seed=seed)
        feedback.setProgress(80)
        zone_id = self._write_zones(parameters, context, zones, ids, zone_feats, m, labels)
        flow_source = self.source_or_raise(parameters, FLOWS, context)
        link_id = self._write_links(parameters, context, flow_source, ids, index, values, m)
        borders_id = self._write_borders(parameters, context, zones, zone_feats, labels)
        summary = [("zones", len(ids)), ("links (flow features)", len(flows)),
                   ("links with positive flow", int((values > 0).sum())),
                   ("mobility-border communities", int(labels.max()) + 1)]
        report = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="The measures are computed from the flow layer only; if it is a "
                         "differentially private release, so are they (post-processing).",
            rows=[("flows", flow_source.sourceName()), ("zones", zones.sourceName()),
                  ("betweenness pivots", samples or "exact"), ("random seed", seed)],
            sections=[("Graph", dpreport.table(summary))])
        return {ZONE_MEASURES: zone_id, LINK_MEASURES: link_id, BORDERS: borders_id,
                REPORT: report}

    def _write_zones(self, parameters, context, zones, ids, zone_feats, m, labels):
        """The zones with their measures and mobility-border community."""
        fields = QgsFields()
        fields.append(QgsField("zone_id", FieldType.String))
        for k in ZONE_KEYS:
            fields.append(QgsField(k, FieldType.Double))
        fields.append(QgsField("community", FieldType.Int))
        sink, zone_id = self.sink(parameters, ZONE_MEASURES, context, fields,
                                   QgsWkbTypes.multiType(zones.wkbType()), zones.sourceCrs())
        style_on_load(context, zone_id, graduated_style("flow_per_zone"))
        for k, feat in enumerate(zone_feats):
            f = QgsFeature(fields)
            g = QgsGeometry(feat.geometry())
            g.convertToMultiType()
            f.setGeometry(g)
            f.setAttributes([ids[k]] + [float(m[key][k]) for key in ZONE_KEYS] + [int(labels[k])])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        return zone_id

    def _write_links(self, parameters, context, flow_source, ids, index, values, m):
        """The flow features with their flow and edge betweenness."""
        names = [self.parameterAsString(parameters, k, context)
                 for k in (ORIGIN_FIELD, DEST_FIELD)]
        pos = {(o, d): z for z, (o, d) in enumerate(zip(index.origin.tolist(),
                                                        index.dest.tolist()))}
        lfields = QgsFields()
        for name, kind in (("origin", FieldType.String), ("dest", FieldType.String),
                           ("flow", FieldType.Double), ("edge_betweenness", FieldType.Double)):
            lfields.append(QgsField(name, kind))
        lsink, link_id = self.sink(parameters, LINK_MEASURES, context, lfields,
                                    flow_source.wkbType(), flow_source.sourceCrs())
        top = float(values.max()) if values.size and values.max() > 0 else 1.0
        style_on_load(context, link_id, lambda layer: flow_style(layer, top))
        zone_index = {z: k for k, z in enumerate(ids)}
        for feat in flow_source.getFeatures():
            o, d = (str(feat[n]) for n in names)
            z = pos[(zone_index[o], zone_index[d])]
            f = QgsFeature(lfields)
            f.setGeometry(feat.geometry())
            f.setAttributes([o, d, float(values[z]), float(m["edge_betweenness"][z])])
            lsink.addFeature(f, QgsFeatureSink.FastInsert)
        return link_id

    def _write_borders(self, parameters, context, zones, zone_feats, labels):
        """One polygon per mobility-border community with its number of zones."""
        bfields = QgsFields()
        bfields.append(QgsField("community", FieldType.Int))
        bfields.append(QgsField("zones", FieldType.Int))
        bsink, borders_id = self.sink(parameters, BORDERS, context, bfields,
                                       QgsWkbTypes.MultiPolygon, zones.sourceCrs())
        style_on_load(context, borders_id, categorized_style("community"))
        polys = [_border_shape(f.geometry()) for f in zone_feats]
        for label, geom in border_polygons(polys, labels):
            f = QgsFeature(bfields)
            g = QgsGeometry()
            g.fromWkb(geom.wkb)
            g.convertToMultiType()
            f.setGeometry(g)
            f.setAttributes([label, int((labels == label).sum())])
            bsink.addFeature(f, QgsFeatureSink.FastInsert)
        return borders_id


def _border_shape(geometry):
    """A zone as shapely for dissolving borders: empty if unusable, repaired if invalid."""
    g = usable_geometry(geometry)
    if g is None:
        return shapely_wkb.loads(bytes(QgsGeometry.fromWkt("POLYGON EMPTY").asWkb()))
    if not g.isGeosValid():
        g = g.makeValid()
    return shapely_wkb.loads(bytes(g.asWkb()))
