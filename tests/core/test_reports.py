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
    from mobility_dp.dpcore.reporting.report import FACT_LABELS, fact_rows, readable
    rows = dict(fact_rows([("prior_zero_share", 0.988865150561974), ("noisy_trips", 1336.4),
                           ("margin_of_error_95", 3.2189758), ("zones", 965),
                           ("scaled", True), ("some_new_fact", 0.000123456)]))
    assert rows == {FACT_LABELS["prior_zero_share"]: "98.9 %", "trips (noisy)": "1,336",
                    "margin of error of one value (95 %)": "3.22", "zones": "965",
                    "scaled by the noisy trip total": "yes", "some new fact": "0.000123"}
    assert readable(-172.6) == "-173" and readable("laplace") == "laplace"
