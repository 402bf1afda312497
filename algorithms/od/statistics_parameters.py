"""The parameters of the mobility report's statistics, declared and read: one weight per
statistic (its share of ε; 0 leaves it out) and the public bins of the histograms.

The statistics and their titles are dpcore's (:mod:`dpcore.od.statistics`); a weight's label
is made from the statistic's title, so a new statistic gets its weight parameter.
"""
from ...dpcore.od import statistics as st
from ..common import specs
from .trip_parameters import time_window

WEIGHT = {name: f"WEIGHT_{name.upper()}" for name in st.STATISTICS}
TIME_WINDOWS = "TIME_WINDOWS"
TRIPS_PER_USER_MAX = "TRIPS_PER_USER_MAX"
BIN_PARAMETERS = {  # parameter: (Bins field, label, default text)
    TIME_WINDOWS: ("time_windows", "Time windows (UTC hours)|hour boundaries from 0 to 24",
                   "0,6,10,14,18,22,24"),
    "LENGTH_BINS": ("trip_length_km", "Trip length bins (km)|bin edges; the last bin is open",
                    ",".join(str(k) for k in range(21))),
    "TRAVEL_TIME_BINS": ("travel_time_min", "Travel time bins (min)|bin edges; the last bin is open",
                         ",".join(str(k) for k in range(0, 125, 5))),
    "GYRATION_BINS": ("gyration_km", "Radius of gyration bins (km)|bin edges; the last bin is open",
                      ",".join(f"{k / 2:g}" for k in range(21))),
    "GAP_BINS": ("gap_hours", "Time between trips bins (h)|bin edges; the last bin is open",
                 "0,0.5,1,2,3,4,6,8,12,16,24,48,72"),
}


def weight_label(title: str) -> str:
    """'Weight: <statistic>' with the title's parenthesis in the tooltip (label|details)."""
    head, _, unit = title.partition(" (")
    if not head[:2].isupper():           # "Visits…" → "visits…", but "OD flows" stays
        head = head[0].lower() + head[1:]
    return (f"Weight: {head}|" + (f"{unit.rstrip(')')}; " if unit else "") +
        "0 = leave out")


#: The weights (trips per day needs a time window: off by default), then the bins (advanced).
STATISTICS_PARAMETERS = (
    *(specs.double(WEIGHT[name], weight_label(st.TITLES[name]),
                   0.0 if name == st.TRIPS_PER_DAY else 1.0, minimum=0.0) for name in st.STATISTICS),
    *(specs.advanced(specs.text(key, label, default))
      for key, (_, label, default) in BIN_PARAMETERS.items()),
    specs.advanced(specs.integer(TRIPS_PER_USER_MAX, "Trips per user: last bin (open)", 30,
                                 minimum=1)))


def read_weights(alg, parameters, context) -> dict:
    """{statistic: weight}."""
    return {name: alg.parameterAsDouble(parameters, WEIGHT[name], context)
            for name in st.STATISTICS}


def read_bins(alg, parameters, context) -> dict:
    """The keyword arguments of the public bins, parsed from their parameters, and the time
    window (None unless both ends are given)."""
    kw = {}
    for key, (attr, _, _) in BIN_PARAMETERS.items():
        label = alg.parameterDefinition(key).description()  # the label, not its help
        text = alg.parameterAsString(parameters, key, context)
        try:
            kw[attr] = [float(v) for v in text.replace(";", ",").split(",") if v.strip()]
        except ValueError:
            raise ValueError(f"{label}: '{text}' is not a comma-separated list of numbers"
                             ) from None
    kw["trips_per_user_max"] = alg.parameterAsInt(parameters, TRIPS_PER_USER_MAX, context)
    window = time_window(alg, parameters, context)
    kw["window"] = window if None not in window else None
    return kw
