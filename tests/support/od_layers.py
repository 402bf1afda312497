"""Hand-made trips and zones for the whole-trip algorithms (odflows, mobilityreport)."""
from .lambert_layers import lambert93_to, square_cells

X0, Y0, SIZE = 650000.0, 6860000.0, 1000.0  # three 1 km zones in Lambert-93, side by side

# (user, origin zone, destination zone, start minute); zone k is the square k
TRIPS = [("u1", 0, 1, 0), ("u1", 0, 1, 600), ("u1", 1, 0, 700),
         ("u2", 2, 2, 30), ("u2", 0, 1, 90)]
EXPECTED = {("z0", "z1"): 3, ("z1", "z0"): 1, ("z2", "z2"): 1}


def zones(crs="EPSG:2154"):
    return square_cells(3, x0=X0, y0=Y0, size=SIZE, field="zone", prefix="z", crs=crs,
                        name="zones")


def centre(k, tf, dx=0.0):
    from qgis.core import QgsPointXY
    return tf.transform(QgsPointXY(X0 + (k + 0.5) * SIZE + dx, Y0 + 0.5 * SIZE))


def lines(crs="EPSG:4326", trips=TRIPS):
    from qgis.core import QgsFeature, QgsGeometry, QgsVectorLayer
    layer = QgsVectorLayer(f"LineString?crs={crs}&field=user_id:string&field=start:string"
                           "&field=end:string", "trips", "memory")
    tf = lambert93_to(crs)
    feats = []
    for user, o, d, minute in trips:
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromPolylineXY([centre(o, tf, -100), centre(o, tf, 100),
                                                  centre(d, tf, 50)]))
        f.setAttributes([user, iso(minute), iso(minute + 20)])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def iso(minute):
    return f"2026-05-25T{minute // 60:02d}:{minute % 60:02d}:00"


def points(crs="EPSG:3857"):
    from qgis.core import QgsFeature, QgsGeometry, QgsVectorLayer
    layer = QgsVectorLayer(f"Point?crs={crs}&field=user_id:string&field=trip:integer"
                           "&field=time:integer", "gps", "memory")
    tf = lambert93_to(crs)
    feats = []
    for k, (user, o, d, minute) in enumerate(TRIPS):
        # fixes given out of order: the last fix by time is the destination
        for p, t in ((centre(d, tf), 120), (centre(o, tf), 0), (centre(o, tf, 300), 60)):
            f = QgsFeature(layer.fields())
            f.setGeometry(QgsGeometry.fromPointXY(p))
            f.setAttributes([user, k, 1_780_000_000 + minute * 60 + t])
            feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def table():
    from qgis.core import QgsFeature, QgsVectorLayer
    layer = QgsVectorLayer("None?field=uid:string&field=ox:double&field=oy:double"
                           "&field=dx:double&field=dy:double", "od", "memory")
    tf = lambert93_to("EPSG:4326")
    feats = []
    for user, o, d, _ in TRIPS:
        a, b = centre(o, tf), centre(d, tf)
        f = QgsFeature(layer.fields())
        f.setAttributes([user, a.x(), a.y(), b.x(), b.y()])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def save(layer, path):
    from qgis.core import QgsProject, QgsVectorFileWriter
    opts = QgsVectorFileWriter.SaveVectorOptions()
    opts.driverName = "GPKG"
    err = QgsVectorFileWriter.writeAsVectorFormatV3(layer, str(path),
                                                    QgsProject.instance().transformContext(),
                                                    opts)
    assert err[0] == QgsVectorFileWriter.NoError, err
    return str(path)
