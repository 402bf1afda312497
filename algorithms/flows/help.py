"""Help text (HTML paragraphs) of mobilitydp:aggregateflows."""

AGGREGATE_HELP = """
<p>Vehicle flows between neighbouring zones, released with differential privacy (Pratesi 2012). Each vehicle's GPS
trajectories become moves between adjacent cells of a tessellation; each vehicle perturbs its own vector of move counts
(or a trusted curator adds noise once), and the sum gives the flow of every possible move. Outputs: flow lines (cell
centroid → cell centroid, width by flow, the two directions of a pair of cells drawn side by side), zones with their
flow in + out (red above, cyan below the median), and the report.</p>
<h3>Parameters</h3>
<p><b>Trajectory points</b>: one point per GPS fix with a <b>vehicle</b> field, an optional <b>trajectory</b> field
(trip id; without it all points of a vehicle form one trajectory) and a <b>time</b> field (date-time, ISO 8601 text in
UTC, or epoch seconds), which is required for points. Or trajectory <b>lines</b> with the time of each vertex as its M
value (one line = one trajectory; no time field).</p>
<p><b>Vehicle field</b>: the unit of privacy of the central mode, so it has no default: choose the field that gives all
the points of one vehicle the same id. A field that gives every point its own vehicle (such as <code>fid</code>) is
refused, and so is a run in which no trajectory moves from one cell to an adjacent one; both messages give the
counts.</p>
<p><b>Tessellation</b>: polygons that partition the territory (e.g. from the Voronoi tessellation); overlapping cells
are refused, and so are holes between cells unless <b>the territory has holes</b> (lakes, excluded areas: a hole cannot
be told apart from a gap; moves across it are lost). Cells sharing a stretch of boundary are adjacent; the possible
moves are all ordered pairs of adjacent cells. <b>Cell id field</b> (optional) names the cells in the outputs. The
tessellation is public: the computation uses its CRS (or, if it is not in metres, an azimuthal equidistant projection
centred on it), and the trajectories are reprojected into it, whatever their CRS.</p>
<p><b>Start</b> / <b>end</b> (optional): the time interval τ; only moves with both times inside count.</p>
<p>Consecutive fixes in cells that are not adjacent (GPS gaps) are bridged through the cells the straight segment
crosses; trajectories that never leave one cell are dropped; both are counted in the internal part of the report.</p>
<p><b>Method</b> (value stored in models and scripts in brackets): <i>UniversalNoise</i> [<code>universal</code>] adds
Laplace noise of scale Δ/ε to every count; <i>BalancedNoise</i> [<code>balanced</code>] truncates it to ±b with b =
(Δ/ε)·ln((e^ε+1)/δ), which does not depend on the data: (ε, δ)-DP; <i>BoundedNoise</i> [<code>bounded</code>] truncates
it to ±(true count): a zero stays zero, so it shows which moves every vehicle made — NOT differentially private, offered
only to compare with the thesis; <i>Central</i> [<code>central</code>] (default): a trusted curator bounds what each
vehicle contributes and adds noise once to the total: ε-DP for a whole vehicle, far less noise than per-vehicle noise at
the same ε; the run's log says which share of the moves the bounding kept. UniversalNoise and BalancedNoise protect one
move of a vehicle, not the vehicle: a vehicle that makes a move often is visible.</p>
<p><b>Central: bounding rule</b>: [<code>trips</code>] (default) each vehicle keeps a uniformly random sample of at most
<b>m</b> of its move occurrences, repetitions counted (a commute made every day counts every day), Δ = m: the flows
estimate traffic volumes; [<code>distinct</code>] each vehicle keeps at most m <i>distinct</i> moves, chosen at random,
each counted at most <b>k</b> times (Advanced), Δ = m·k: with k = 1 the flows count the vehicles that used each link
(reach), not the traffic. The report states which rule ran.</p>
<p><b>Sensitivity</b> (per-vehicle methods): [<code>move</code>] move-based, Δ = 1 (the unit of privacy is one move of
one vehicle); or [<code>trajectory</code>] trajectory-based (thesis Eq. 4.1, Δ from the vehicle's own trajectories and 0
where it never moved, so those counts get no noise: the release shows which moves each vehicle made — NOT differentially
private, offered only to compare with the thesis). Runs that are not differentially private cannot be charged to a
privacy ledger.</p>
<p><b>Noise</b>: [<code>discrete</code>] discrete Laplace (integer noise, default) or [<code>continuous</code>]
continuous Laplace (the thesis), made floating-point safe: its values lie on a public power-of-two grid (the snapping
mechanism; for BalancedNoise, a grid of about 1/1000 of the noise scale), stated in the report's cost table.</p>
<p><b>Sketch</b> (Advanced; per-vehicle methods): each vehicle compresses its noisy vector into a Count-Min
[<code>countmin</code>], Count [<code>count</code>] or AGMS [<code>agms</code>] sketch of <b>width</b> × <b>depth</b>
counters (AGMS: width counters, depth 1) with hash functions from the <b>sketch seed</b>, shared with the coordinator
(public; costs no privacy). The coordinator sums the per-node estimates [<code>estimates</code>] (the thesis) or
estimates from the summed sketches [<code>sketches</code>]. Count-Min needs non-negative input: vehicles clip negative
values to 0, which biases the flows upwards.</p>
<p><b>True flows</b> (optional, unticked by default): the exact flows, with the same fields as <b>Flows</b>, for
<i>Compare original and private flows</i>. They are raw data: internal, not for publication, and not part of the
release.</p>
<p><b>Unit of privacy</b>: one move of one vehicle (move-based per-vehicle noise), or one vehicle with all its
trajectories in τ (central); none for the methods marked NOT differentially private. The publishable report holds only
the parameters and facts about the noisy flows; the number of vehicles and points, the generalisation statistics and the
comparison with the true flows are computed from the raw data and are marked internal.</p>
"""
