"""algorithms/common/base.py: privacy parameters, ledger charge, cost outputs, honest cancellation,
the two reports, unit-of-privacy fields, static-string enums and help."""
import json
import os

import pytest


def _toy_class():
    """A minimal release algorithm built only from the base helpers."""
    from qgis.core import (
        QgsFeature,
        QgsFeatureSink,
        QgsProcessingParameterFeatureSink,
        QgsProcessingParameterFeatureSource,
    )

    from mobility_dp.algorithms.common.base import MobilityDPAlgorithm, enum_parameter
    from mobility_dp.dpcore.accounting.contract import Release
    from mobility_dp.dpcore.accounting.costs import PrivacyCost

    class Toy(MobilityDPAlgorithm):
        ALGORITHM_ID = "toy"
        DISPLAY_NAME = "Toy release"
        GROUP_ID, GROUP = "test", "Test"
        HELP_DIR = os.path.join(os.path.dirname(__file__), "toy_help")   # toy.html
        TAGS = ("toy",)
        cancel_at = None  # "release" (before the check), "write" (during), "late" (ignored)

        def initAlgorithm(self, config=None):  # noqa: N802
            self.addParameter(QgsProcessingParameterFeatureSource("INPUT", "Events"))
            self.add_unit_field_parameter("USER", "User field", "INPUT")
            self.addParameter(enum_parameter("METHOD", "Method", [
                ("lpa", "Laplace perturbation"), ("efpa_g", "Fourier, Gaussian")], "efpa_g"))
            self.add_privacy_parameters(with_delta=True)
            self.addParameter(QgsProcessingParameterFeatureSink("OUTPUT", "Output"))

        def execute(self, parameters, context, feedback):
            source = self.source_or_raise(parameters, "INPUT", context)
            user = self.unit_field(parameters, "USER", source, context, feedback)
            users = [f[user] for f in source.getFeatures()]
            n_users = self.check_unit_ids(users, field=user)
            planned = PrivacyCost.of("Laplace", self.epsilon(parameters, context),
                                     unit_of_privacy="user")
            with self.reserve_budget(parameters, context, planned=planned,
                                     default_dataset_id=self.input_dataset_id(
                                         parameters, "INPUT", context)) as charge:
                if self.cancel_at == "release":
                    feedback.cancel()
                    self.progress(feedback)(0.5)
                noisy = n_users + int(self.rng(parameters, context).integers(-1, 2))
                release = Release([noisy], planned, public={"method": self.enum_value(
                    parameters, "METHOD", context)}, internal={"users": n_users})
                charge.check_spent(release)
            sink, dest = self.parameterAsSink(parameters, "OUTPUT", context, source.fields(),
                                              source.wkbType(), source.sourceCrs())
            progress = self.progress(feedback)
            for i, f in enumerate(source.getFeatures()):
                if self.cancel_at == "write" and i == 1:
                    feedback.cancel()
                progress(i / source.featureCount())
                sink.addFeature(QgsFeature(f), QgsFeatureSink.FastInsert)
            paths = self.write_reports(parameters, context, release=release,
                                       unit_of_privacy="one user: all of a person's events",
                                       parameter_rows=[("method", release.public["method"])],
                                       internal_sections=[("Raw data", f"<p>{n_users} users</p>")])
            return {"OUTPUT": dest, **paths}

    return Toy


@pytest.fixture
def events(tmp_path):
    """A GeoPackage of 6 events of 3 users (field 'uid'), in EPSG:2154."""
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorFileWriter, QgsVectorLayer
    mem = QgsVectorLayer("Point?crs=EPSG:2154&field=uid:string&field=n:integer", "ev", "memory")
    feats = []
    for i, u in enumerate("aabbcc"):
        f = QgsFeature(mem.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(650000 + i, 6860000)))
        f.setAttributes([u, i])
        feats.append(f)
    mem.dataProvider().addFeatures(feats)
    path = str(tmp_path / "events.gpkg")
    options = QgsVectorFileWriter.SaveVectorOptions()
    options.layerName = "events"
    QgsVectorFileWriter.writeAsVectorFormatV3(mem, path, mem.transformContext(), options)
    return path


def _run(params, cancel_at=None):
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback
    alg = _toy_class()()
    alg.initAlgorithm()
    alg.cancel_at = cancel_at
    context, feedback = QgsProcessingContext(), QgsProcessingFeedback()
    messages = []
    feedback.pushInfo = lambda m: messages.append(m)
    feedback.reportError = lambda m, fatal=False: messages.append("ERROR " + m)
    ok, _ = alg.checkParameterValues(params, context)
    assert ok
    assert alg.prepare(params, context, feedback)
    return alg.processAlgorithm(params, context, feedback), messages


def test_release_returns_its_cost_and_logs_one_line(qgis_app, events, tmp_path):
    ledger = str(tmp_path / "new" / "ledger.json")  # created from a new path
    res, messages = _run({"INPUT": events, "EPSILON": 0.5, "LEDGER": ledger,
                          "BUDGET_EPSILON": 2.0, "OUTPUT": str(tmp_path / "out.gpkg"),
                          "REPORT": str(tmp_path / "r.html")})
    assert res["EPSILON_SPENT"] == 0.5 and res["DELTA_SPENT"] == 0.0
    assert res["PRIVACY_UNIT"] == "ε per user"
    (line,) = [m for m in messages if m.startswith("Privacy cost")]
    dataset = os.path.realpath(events)
    assert "ε = 0.5" in line and dataset in line
    data = json.load(open(ledger, encoding="utf-8"))
    (entry,) = data["datasets"][dataset]["entries"]
    assert entry["status"] == "spent" and entry["unit"] == "ε"
    assert data["datasets"][dataset]["budget"]["unit_of_privacy"] == "user"
    assert "User field: 'uid' (chosen by its name)" in messages


def test_dataset_id_ignores_layer_name_decoration(qgis_app, events, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    for source in (events, f"{events}|layername=events"):
        _run({"INPUT": source, "EPSILON": 0.5, "LEDGER": ledger, "BUDGET_EPSILON": 2.0,
              "OUTPUT": "TEMPORARY_OUTPUT"})
    data = json.load(open(ledger, encoding="utf-8"))
    assert list(data["datasets"]) == [os.path.realpath(events)]
    assert len(data["datasets"][os.path.realpath(events)]["entries"]) == 2


def test_reports_are_split_publishable_and_internal(qgis_app, events, tmp_path):
    report, internal = str(tmp_path / "r.html"), str(tmp_path / "i.html")
    res, _ = _run({"INPUT": events, "EPSILON": 1.0, "SEED": 3, "OUTPUT": "TEMPORARY_OUTPUT",
                   "REPORT": report, "INTERNAL_REPORT": internal, "METHOD": "lpa"})
    assert res["REPORT"] == report and res["INTERNAL_REPORT"] == internal
    public, private = open(report, encoding="utf-8").read(), open(internal, encoding="utf-8").read()
    assert "3 users" not in public and "Raw data" not in public and "lpa" in public
    assert "3 users" in private and "do not publish" in private and "not for publication" in public
    assert "unit of privacy" in public.lower() and "ε = 1" in public
    res, _ = _run({"INPUT": events, "EPSILON": 1.0, "OUTPUT": "TEMPORARY_OUTPUT",
                   "REPORT": str(tmp_path / "r2.html")})
    assert res["INTERNAL_REPORT"] is None and not os.path.exists(tmp_path / "i2.html")


def test_unit_field_is_guessed_or_refused_never_fid(qgis_app, events, tmp_path):
    from qgis.core import QgsProcessingException
    out = str(tmp_path / "o.gpkg")
    with pytest.raises(QgsProcessingException, match=r"every one of the 6 events has its own "
                                                     r"user \(6 distinct values in the user "
                                                     r"field 'fid'\)"):
        _run({"INPUT": events, "USER": "fid", "EPSILON": 1.0, "OUTPUT": out})
    with pytest.raises(QgsProcessingException, match="has no field 'nope'"):
        _run({"INPUT": events, "USER": "nope", "EPSILON": 1.0, "OUTPUT": out})
    from qgis.core import QgsVectorLayer
    no_user = QgsVectorLayer("Point?crs=EPSG:2154&field=n:integer", "x", "memory")
    with pytest.raises(QgsProcessingException, match="Choose the field that identifies one "
                                                     "user.*none of the fields \\(n\\)"):
        _run({"INPUT": no_user, "EPSILON": 1.0, "OUTPUT": out})
    assert not os.path.exists(out)
    definition = _toy_class()()
    definition.initAlgorithm()
    assert definition.parameterDefinition("USER").defaultValue() is None


def test_cancel_before_the_release_publishes_nothing(qgis_app, events, tmp_path):
    from qgis.core import QgsProcessingException
    ledger, out = str(tmp_path / "l.json"), str(tmp_path / "o.gpkg")
    with pytest.raises(QgsProcessingException, match="Cancelled by the user. Nothing was "
                                                     "published and nothing was charged"):
        _run({"INPUT": events, "EPSILON": 1.0, "LEDGER": ledger, "BUDGET_EPSILON": 2,
              "OUTPUT": out, "REPORT": str(tmp_path / "r.html")}, cancel_at="release")
    assert sorted(set(os.listdir(tmp_path)) - {"events.gpkg"}) == ["l.json", "l.json.lock"]   # no output, no stage
    data = json.load(open(ledger, encoding="utf-8"))
    assert all(not d["entries"] for d in data["datasets"].values())


def test_cancel_after_the_draw_is_charged(qgis_app, events, tmp_path):
    """A cancel after the release drew its noise stops the run and charges it (a run
    cancelled until its noise suits must not get its ε back); nothing is left in place."""
    from qgis.core import QgsProcessingException
    ledger, out = str(tmp_path / "l.json"), str(tmp_path / "o.gpkg")
    with pytest.raises(QgsProcessingException, match="Cancelled by the user. Noise had been "
                                                     "drawn when the run stopped: ε = 1.* was "
                                                     "spent and charged"):
        _run({"INPUT": events, "EPSILON": 1.0, "LEDGER": ledger, "BUDGET_EPSILON": 2,
              "OUTPUT": out}, cancel_at="write")
    assert sorted(set(os.listdir(tmp_path)) - {"events.gpkg"}) == ["l.json", "l.json.lock"]
    (ds,) = json.load(open(ledger, encoding="utf-8"))["datasets"].values()
    assert [(e["status"], e["outcome"]) for e in ds["entries"]] == [("spent", "cancelled")]


def test_static_string_enum_help_tags_and_help_page(qgis_app):
    from qgis.core import QgsProcessingContext
    alg = _toy_class()()
    alg.initAlgorithm()
    method = alg.parameterDefinition("METHOD")
    assert method.usesStaticStrings() and method.defaultValue() == "efpa_g"
    assert alg.parameterAsEnumString({"METHOD": "lpa"}, "METHOD", QgsProcessingContext()) == "lpa"
    text = alg.shortHelpString()
    assert "\n" not in text
    assert text.startswith("<p>A toy release for tests.</p><p>Second paragraph without a tag.</p>")
    assert "Laplace perturbation" not in text and "Privacy ledger" not in text   # long help only
    full = alg.helpString()
    assert "<p>The long section.</p>" in full and "Privacy ledger" in full
    assert "<code>efpa_g</code>: Fourier, Gaussian" in full
    assert {"privacy", "differential", "anonym", "toy"} <= set(alg.tags())
    url = alg.helpUrl()
    assert url.startswith("file://") and url.endswith("toy.html")
    with open(url[len("file://"):], encoding="utf-8") as fh:
        page = fh.read()
    assert "Toy release" in page and "EPSILON_SPENT" in page and "INTERNAL_REPORT" in page


def test_delta_widget_keeps_tiny_deltas(qgis_app):
    from mobility_dp.algorithms.common.params import DELTA_DECIMALS
    alg = _toy_class()()
    alg.initAlgorithm()
    meta = alg.parameterDefinition("DELTA").metadata()
    assert meta["widget_wrapper"]["decimals"] == DELTA_DECIMALS >= 15
    assert alg.parameterDefinition("LEDGER").metadata()["widget_wrapper"]["class"] \
        .endswith("widgets.LedgerFileWidgetWrapper")


def test_progress_bridge_cancels(qgis_app):
    from qgis.core import QgsProcessingFeedback

    from mobility_dp.algorithms.common.base import progress_bridge
    from mobility_dp.dpcore.reporting.progress import Cancelled
    feedback = QgsProcessingFeedback()
    progress = progress_bridge(feedback, 10, 50)
    progress(0.5)
    assert feedback.progress() == pytest.approx(30)
    feedback.cancel()
    with pytest.raises(Cancelled):
        progress(0.6)


def test_cancelled_run_leaves_no_output(qgis_app, tmp_path, sample_iris_path):
    from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback
    alg = QgsApplication.processingRegistry().createAlgorithmById("mobilitydp:noisycounts")
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    out = str(tmp_path / "cancelled.gpkg")
    params = {"INPUT": sample_iris_path, "COUNT_FIELD": "population", "EPSILON": 1.0,
              "OUTPUT": out}
    context = QgsProcessingContext()
    assert alg.prepare(params, context, feedback)
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        alg.processAlgorithm(params, context, feedback)
    assert not os.path.exists(out)


def test_every_algorithm_has_help_and_described_parameters(qgis_app):
    from qgis.core import QgsApplication
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    ids = {a.id() for a in provider.algorithms()}
    assert {"mobilitydp:" + n for n in (
        "noisycounts", "voronoitessellation", "datadriventessellation", "minimumcover",
        "generatemobility", "cdrsummary", "sanitizedensity", "comparedensity", "perturbpoints",
        "estimatedistribution", "aggregateflows", "flowmeasures", "compareflows")} <= ids
    for alg in provider.algorithms():
        if alg.group() == "Models" or not hasattr(alg, "USES_PRIVACY"):
            continue  # shipped models: tests/qgis/test_models.py
        assert len(alg.helpString()) > 300, alg.id()
        assert alg.group(), alg.id()
        for p in alg.parameterDefinitions():
            assert p.description().strip(), (alg.id(), p.name())
        names = {p.name() for p in alg.parameterDefinitions()}
        if alg.USES_PRIVACY:  # every release has the same privacy parameters
            assert {"EPSILON", "SEED", "LEDGER", "REPORT", "INTERNAL_REPORT"} <= names, alg.id()
            assert {"EPSILON_SPENT", "DELTA_SPENT", "PRIVACY_UNIT"} <= {
                o.name() for o in alg.outputDefinitions()}, alg.id()
            assert "Privacy ledger" in alg.helpString(), alg.id()


def test_dataset_id_is_the_same_whatever_reads_the_csv(qgis_app, tmp_path):
    """Renaming the layer or reading the CSV as delimited text or through OGR: one dataset."""
    from qgis.core import QgsVectorLayer

    from mobility_dp.algorithms.common.base import layer_dataset_id
    csv = tmp_path / "my events.csv"
    csv.write_text("user_id,lon,lat\na,2.35,48.85\nb,2.36,48.86\n", encoding="utf-8")
    delimited = QgsVectorLayer(f"{csv.as_uri()}?delimiter=,&xField=lon&yField=lat&crs=EPSG:4326",
                               "events", "delimitedtext")
    ogr = QgsVectorLayer(str(csv), "renamed layer", "ogr")
    assert delimited.isValid() and ogr.isValid()
    ids = {layer_dataset_id(delimited), layer_dataset_id(ogr), layer_dataset_id(
        QgsVectorLayer(f"{csv}|layername=my events", "x", "ogr"))}
    assert ids == {os.path.realpath(csv)}
