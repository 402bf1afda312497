"""dpcore.reporting.report: the publishable and the internal report are separate documents."""
from mobility_dp.dpcore.accounting.costs import EPSILON_PER_METRE, PrivacyCost
from mobility_dp.dpcore.reporting.report import internal_report, publishable_report

COMMON = dict(title="Perturb points", algorithm_id="mobilitydp:perturbpoints",
              unit_of_privacy="one reported point",
              cost=PrivacyCost.of("planar Laplace", 0.01, unit=EPSILON_PER_METRE,
                                  unit_of_privacy="reported point"),
              parameters=[("epsilon per metre", 0.01)], seeded=False, dataset_id="/d/x.csv")


def test_publishable_report_has_no_internal_part_and_states_the_unit():
    text = publishable_report(sections=[("Grid", "<p>10 × 10 cells</p>")],
                              warnings=["seeded"], **COMMON)
    assert "class=\"internal" not in text and "do not publish" not in text
    assert "ε per metre" in text and "ε·d" in text
    assert "<code>x.csv</code>" in text and "/d/" not in text      # no local folder
    assert "<code>/d/x.csv</code>" in internal_report(sections=[], **COMMON)
    assert "10 × 10 cells" in text and "Warning: seeded" in text


def test_internal_report_is_marked_on_every_part():
    text = internal_report(sections=[("True extent", "<p>xmin 651234</p>")], **COMMON)
    assert text.count("do not publish") == 2  # banner at the top and at the bottom
    assert "True extent (internal)" in text and "651234" in text
    assert "(internal)</title>" in text


def test_guarantee_sentence_names_the_unit_once():
    """Issue 27: no "ε in ε" (plain ε) nor "ε in ε per metre" (metric ε) in the guarantee."""
    metric = publishable_report(sections=[], **COMMON)
    plain = publishable_report(sections=[], **{**COMMON, "cost": PrivacyCost.of("laplace", 1.0)})
    for text in (metric, plain):
        assert "ε in ε" not in text and "ε in <b>ε" not in text
    assert "loss measured in <b>ε per metre</b>" in metric
    assert "differential privacy for that unit. The cost" in plain


def test_public_facts_read_as_labels_and_rounded_numbers():
    from mobility_dp.dpcore.reporting.labels import FACT_LABELS, fact_rows, readable
    rows = dict(fact_rows([("prior_zero_share", 0.988865150561974), ("noisy_trips", 1336.4),
                           ("margin_of_error_95", 3.2189758), ("zones", 965),
                           ("scaled", True), ("some_new_fact", 0.000123456)]))
    assert rows == {FACT_LABELS["prior_zero_share"]: "98.9 %", "trips (noisy)": "1,336",
                    "margin of error of one value (95 %)": "3.22", "zones": "965",
                    "scaled by the noisy trip total": "yes", "some new fact": "0.000123"}
    assert readable(-172.6) == "-173" and readable("laplace") == "Laplace"


def _plans():
    """A plan of each release whose parameters reach a report's parameter table."""
    from mobility_dp.dpcore.counts.noisycounts import plan_noisy_counts
    from mobility_dp.dpcore.histograms.plan import SCHEME_PARAMETERS, plan_histograms
    from mobility_dp.dpcore.od.plan import plan_od_flows
    from mobility_dp.dpcore.od.synthesis.plan import plan_synthesize_trips
    yield plan_noisy_counts(epsilon=1.0)
    for method in ("trips", "people_shrunk"):
        yield plan_od_flows(method=method, epsilon=1.0, max_trips=10, n_zones=20)
    for method, keys in SCHEME_PARAMETERS.items():
        defaults = {"noise": "laplace", "cutoff": 5, "threshold": 1.0, "comparison_share": 0.1,
                    "paper_noise": False, "division_share": 0.1, "alpha": 0.5,
                    "utility": "mae", "composition": "sequential"}
        yield plan_histograms(method, 24, epsilon=1.0, **{k: defaults[k] for k in keys})
    yield plan_synthesize_trips(epsilon=1.0, max_trips=10, trips_cap=30, window=(0.0, 86400.0))


def test_every_parameter_a_report_shows_has_a_label():
    """The plans' bound parameters reach the public reports' parameter tables: each has a label
    (never an identifier) and its value reads as words or rounded numbers."""
    from mobility_dp.dpcore.reporting.labels import FACT_LABELS, fact_rows
    keys = {k for plan in _plans() for k in plan.params}
    assert {"epsilon", "scale_share", "max_trips", "trips_cap", "round_output"} <= keys
    assert sorted(k for k in keys if k not in FACT_LABELS) == []
    rows = dict(fact_rows([("scale_share", 0.05), ("mechanism", "discrete_laplace"),
                           ("round_output", True), ("epsilon", 0.123456789)]))
    assert rows == {"share of ε for the trip scale": "5 %", "noise mechanism": "discrete Laplace",
                    "rounded to whole numbers": "yes", "ε": "0.123"}
    # negative control: the same check names a key without a label
    assert [k for k in keys | {"unlabelled_key"} if k not in FACT_LABELS] == ["unlabelled_key"]


def test_report_parameter_table_shows_labels_not_keys():
    html_text = publishable_report(sections=[], **{**COMMON, "parameters": [
        ("scale_share", 0.05), ("max_trips", 10), ("mechanism", "discrete_laplace")]})
    for key in ("scale_share", "max_trips", "discrete_laplace"):
        assert key not in html_text
    assert "share of ε for the trip scale" in html_text and "5 %" in html_text


def _od_public_facts():
    """The public facts of odflows' two methods on a small population (what its report's noise
    section lists: every fact that is one number)."""
    import numpy as np

    from mobility_dp.dpcore.od.flows import release_od
    from mobility_dp.dpcore.od.people_flows import release_people_od
    from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
    from mobility_dp.dpcore.random.rng import make_rng
    rng = np.random.default_rng(0)
    user = np.repeat(np.arange(300), 4)
    o, d = rng.integers(0, 6, user.size), rng.integers(0, 6, user.size)
    t = np.arange(user.size, dtype=float)
    xy = np.zeros((user.size, 2))
    trips = Trips(user, xy, xy + 1.0, t, t + 1.0, np.ones(user.size))
    people = release_people_od(ZonedTrips(trips, o, d, 6), rng=make_rng(1), epsilon=1.0)
    counts = release_od(user, o, d, n_zones=6, epsilon=1.0, rng=make_rng(1), max_trips=4,
                        total_share=0.1, total_cap=10)
    return {k for rel in (people, counts) for k, v in rel.public.items()
            if np.ndim(v) == 0 or isinstance(v, tuple)}


def test_od_public_facts_have_labels():
    """odflows' report lists its public facts: none reads as an identifier (a key with an
    underscore and no label: count_margin, trips_per_person_interval were printed so)."""
    from mobility_dp.dpcore.reporting.labels import FACT_LABELS
    keys = _od_public_facts()
    assert {"count_margin", "trips_per_person_interval", "epsilon_trip_scale"} <= keys
    assert sorted(k for k in keys if "_" in k and k not in FACT_LABELS) == []
    # negative control: the same check names a key without a label
    assert [k for k in keys | {"unlabelled_key"} if "_" in k and k not in FACT_LABELS] == \
        ["unlabelled_key"]
