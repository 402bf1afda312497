"""Hand-made test layers laid out in Lambert-93 (EPSG:2154) and written in any CRS."""


def lambert93_to(crs):
    """The transform from Lambert-93 to ``crs``."""
    from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsProject
    return QgsCoordinateTransform(QgsCoordinateReferenceSystem("EPSG:2154"),
                                  QgsCoordinateReferenceSystem(crs), QgsProject.instance())


def square_cells(n, *, x0, y0, size, field, prefix, crs="EPSG:2154", name="cells"):
    """A memory layer of ``n`` squares of ``size`` metres side by side from (x0, y0), with
    string ids ``prefix + k`` in ``field``; edges densified so they stay true in ``crs``."""
    from qgis.core import QgsFeature, QgsGeometry, QgsRectangle, QgsVectorLayer
    layer = QgsVectorLayer(f"Polygon?crs={crs}&field={field}:string", name, "memory")
    tf = lambert93_to(crs)
    feats = []
    for k in range(n):
        g = QgsGeometry.fromRect(QgsRectangle(x0 + k * size, y0, x0 + (k + 1) * size, y0 + size))
        g.densifyByCount(10)
        g.transform(tf)
        f = QgsFeature(layer.fields())
        f.setGeometry(g)
        f.setAttributes([f"{prefix}{k}"])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer
