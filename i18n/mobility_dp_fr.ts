<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR" sourcelanguage="en">
  <context>
    <name>MobilityDP</name>
    <message>
      <source>mobility</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>privacy</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>differential privacy</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>differential</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>dp</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>anonymisation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>anonymization</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>anonym</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Privacy parameters&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Epsilon (ε)&lt;/b&gt;: the privacy loss allowed for this release. Smaller is more private and noisier; values between 0.1 and 1 are common. Must be &amp;gt; 0.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Delta (δ)&lt;/b&gt;: the probability that the ε guarantee fails, for (ε, δ) mechanisms only. Keep it far below 1/(number of individuals); it must lie in [0, 1).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Seed&lt;/b&gt;: leave empty for a real release (fresh randomness from the operating system). A seed makes the run reproducible for tests and demos; such a report is marked "reproducible: not for publication".&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy ledger&lt;/b&gt;: optional JSON file that records what every release spent on a dataset and refuses a release that would exceed the dataset's total budget, before any noise is drawn. Its "…" button accepts a new file name: the ledger is created by the first release. &lt;b&gt;Dataset id&lt;/b&gt; names the dataset in the ledger (default: the normalised path of the input file, the same whichever layer name or reader is used). &lt;b&gt;Total budget ε / δ&lt;/b&gt; are required the first time a dataset appears in the ledger and fixed afterwards; the budget keeps the unit of the release (ε, or ε per metre for geo-indistinguishability) and a release in another unit is refused.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Report&lt;/b&gt;: HTML file safe to publish with the release: parameters, unit of privacy and the cost of each mechanism call, nothing computed from the raw data. &lt;b&gt;Internal report&lt;/b&gt; (optional): facts about the raw data and utility against the truth, for the data owner only.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs EPSILON_SPENT, DELTA_SPENT, PRIVACY_UNIT&lt;/b&gt;: what this run spent (and in which unit), so a model can show and add up its cost.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add DP noise to counts</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Counts</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Publishes a count per feature (people per zone, visits per tower, incidents per cell) with differential privacy: every count gets independent noise calibrated to how much one individual can change the counts. The output holds each zone's geometry and its noisy count.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Input layer&lt;/b&gt;: polygons or points, one feature per zone, with an integer count field.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Count field&lt;/b&gt;: the true counts (integers ≥ 0; a decimal field is accepted when it holds whole numbers).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Counts one individual can change&lt;/b&gt; (m) and &lt;b&gt;maximum change per count&lt;/b&gt; (c): one person appears in at most m zones, adding at most c to each. The L1 sensitivity is m·c and the L2 sensitivity √m·c. If a person can appear everywhere, m is the number of zones.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Mechanism&lt;/b&gt;: discrete Laplace (default: integer noise, exact ε-DP, no rounding needed), Laplace (continuous, snapped to a public grid), or Gaussian ((ε, δ)-DP, better when m is large). The Gaussian is the discrete Gaussian of Canonne, Kamath &amp;amp; Steinke (2020): integer noise, so the output carries no floating-point trace of the true counts; its σ is the smallest their proven bound allows (4–10 % above the continuous Gaussian's), or the classic formula of Acs &amp;amp; Castelluccia (ε &amp;lt; 1 only); values below.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Round to integers&lt;/b&gt; and &lt;b&gt;clamp negative counts to 0&lt;/b&gt;: post-processing, no privacy cost. Clamping biases small counts upwards.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Noisy count field name&lt;/b&gt;: the field of the output holding the noisy counts.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Fields to copy&lt;/b&gt;: none by default (e.g. pick a zone id to join the result back). Copied fields are listed in the report; the count field can never be copied.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one individual as described by m and c.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Input layer with counts</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Count field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Counts one individual can change (m)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maximum change of one count by one individual (c)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Mechanism</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>discrete_laplace</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>laplace</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>gaussian_analytic</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>gaussian_classic</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Round to integers</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Clamp negative counts to 0</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Noisy count field name</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Fields to copy to the output (never the count field)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Epsilon (ε): privacy loss of this release, &gt; 0</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Delta (δ) in [0, 1): used by the Gaussian mechanisms only</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Seed (empty = secure randomness; a seeded run is not for publication)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Privacy ledger (JSON file, created if missing)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Dataset id in the ledger (default: the input file's path)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Total budget ε of the dataset (required on first ledger use)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Total budget δ of the dataset</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Privacy report</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Internal report (raw-data facts: do not publish)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Noisy counts</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>ε spent by this run</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>δ spent by this run</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Unit of ε spent (ε or ε per metre) and unit of privacy</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Geo-indistinguishable perturbation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Points</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Moves every point at random so that nobody can learn its exact location (geo-indistinguishability, Andrés et al. CCS 2013): two true locations d metres apart produce reports whose probabilities differ by at most a factor e^(ε·d). Use it to publish or collect check-ins, homes or incidents; then &lt;i&gt;Estimate distribution from perturbed points&lt;/i&gt; recovers the spatial distribution.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Input points&lt;/b&gt;: a point layer in any CRS. Multipoints with several parts are refused (split them first); features without geometry are skipped.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Mechanism&lt;/b&gt;: planar Laplace (continuous, along geodesics: exact at any latitude) or a grid mechanism whose reports are cell centres (values below).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Epsilon&lt;/b&gt; is per metre for the metric mechanisms (e.g. 0.01 per metre: expected displacement 2/ε = 200 m). Alternatively give a &lt;b&gt;privacy level L&lt;/b&gt; and a &lt;b&gt;radius r&lt;/b&gt; in metres as in Location Guard: ε = L/r per metre (then Epsilon is ignored).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cell size&lt;/b&gt; and &lt;b&gt;grid extent&lt;/b&gt; (grid mechanisms): the grid of square cells, in metres. The extent is required and public: it is read in the CRS written after it (&lt;code&gt;xmin,xmax,ymin,ymax [EPSG:n]&lt;/code&gt;, or a layer's extent); a bare extent is in the input layer's CRS. A grid in metres is built in the extent's CRS when that is in metres, else in an azimuthal equidistant projection centred on the extent. The same extent and cell size give the same grid in &lt;i&gt;Estimate distribution from perturbed points&lt;/i&gt;, whatever the layers' CRSs.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Boundary rule&lt;/b&gt; (grid mechanisms): what happens to the probability of reports outside the grid (values below).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Study area&lt;/b&gt; (planar Laplace, optional polygons): reports falling outside are moved to the nearest point of the area (post-processing: the guarantee is unchanged). If more than 5 % of the true points lie outside it, the log and the report warn; above 50 % the run is refused unless &lt;b&gt;allow points outside&lt;/b&gt; is ticked (the same holds for the grid).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;User id field&lt;/b&gt; (optional; a field with one value per point, such as a feature id, is refused) and &lt;b&gt;maximum points per user&lt;/b&gt; m: the reports of one user compose to m·ε per metre, with m this public parameter (never read from the data). A user with more points is refused, or sampled down to m random points (&lt;b&gt;users above the maximum&lt;/b&gt;).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Fields to copy&lt;/b&gt;: none by default. Copied fields are listed in the report; the user id field cannot be copied, and a field that names a place (venue, address, cell…) is warned about, as it may point back to the true location.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Displacement lines&lt;/b&gt; (optional): lines from each true point to its report with their geodesic length. They reveal the true locations: for the data owner only, never publish them.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one reported point, ε per metre (one user with at most m points when a user field is given).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Input points</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>planar_laplace</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>geometric</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>krr</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Privacy level L (with a radius r: ε = L/r per metre)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Radius r in metres (empty: use Epsilon per metre)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cell size in metres (grid mechanisms)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Grid extent, public (grid mechanisms)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Boundary rule (grid mechanisms)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>remap</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>renormalise</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Study area: remap reports into it (planar Laplace)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Allow more than half the points outside the grid or study area</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>User id field (empty: each point protected on its own)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maximum points per user m (with a user field; cost m·ε)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Users above the maximum</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>refuse</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>sample</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Fields to copy to the output</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Perturbed points</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Displacement lines (data owner only)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Estimate distribution from perturbed points</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Estimates how the true points were distributed over a grid, from points perturbed with &lt;i&gt;Geo-indistinguishable perturbation&lt;/i&gt;, by the Iterative Bayesian Update (EM) of Alvim et al.: the maximum-likelihood distribution given the reports and the known mechanism. It only post-processes the reports: no privacy is spent and no ledger entry is written.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Perturbed points&lt;/b&gt;: the reports, in any CRS.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Mechanism&lt;/b&gt;: the one the reports were made with (values below).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Epsilon&lt;/b&gt;: the ε per metre the reports were made with (plain ε for &lt;code&gt;krr&lt;/code&gt;). Continuous planar Laplace reports are binned to the grid and modelled with true points at cell centres.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;For planar Laplace reports the extent may be left empty: the grid then covers the reports (which are public). If more than 5 % of the reports lie outside the grid the log and report warn; above 50 % the run is refused unless &lt;b&gt;allow points outside&lt;/b&gt; is ticked (an extent in the wrong units, e.g. degrees read as metres).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Iterations&lt;/b&gt; and &lt;b&gt;tolerance&lt;/b&gt;: EM stops after that many iterations or when the estimate changes by less than the tolerance (L1). Large grids use FFT convolutions.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Output: grid polygons with the number of reports, the estimated count and probability, the raw report share and, for &lt;code&gt;krr&lt;/code&gt;, the matrix-inversion baseline.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Mechanism the points were perturbed with</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Epsilon the points were perturbed with (nothing is spent)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cell size in metres</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Grid extent (the one used to perturb; empty for planar Laplace: the reports' extent)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Boundary rule of the mechanism</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Allow more than half the reports outside the grid</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maximum EM iterations</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tolerance (L1 change of the estimate)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Report</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Estimated distribution</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Voronoi tower tessellation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tessellation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>voronoi</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>thiessen</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>tower</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>antenna</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cell</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CDR</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Splits a study area into one cell per mobile-network site: each site owns the part of the area closer to it than to any other site (Voronoi cells, as in Acs &amp;amp; Castelluccia, KDD 2014, §4.2). The cells are clipped to the study area and partition it exactly: no gaps, no overlaps. The layers may be in different CRSs: everything is computed in one metric frame taken from the study area (or from the towers without one; a local azimuthal projection if that CRS is not in metres) and the outputs are in that layer's CRS. Towers lying all outside the study area (often a wrong CRS) and duplicate tower ids are refused.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Parameters&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Towers&lt;/b&gt;: point layer of antenna or tower positions (multipoints count as one tower per part; features without geometry are skipped and counted).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Tower id field&lt;/b&gt; (optional): identifies the towers in the outputs (every value must be unique); default the feature id.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Study area&lt;/b&gt; (optional): polygon layer whose features, dissolved, form the area to tessellate; any CRS. An invalid polygon is repaired (and reported); empty or null areas are refused. Without it the area is the points' convex hull grown by the &lt;b&gt;buffer distance&lt;/b&gt; (metres; must be &amp;gt; 0 when the points are fewer than 3 or collinear).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Merge towers closer than&lt;/b&gt; (metres): co-located antennas share one site placed at their mean position; towers linked by a chain of gaps below this distance merge. Towers with identical coordinates always share a site. 0 merges only those.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the cells (cell_id, tower_ids, tower_count, area_m2) and a table tower_id → cell_id with each tower's status: inside, outside (a tower outside the study area keeps its cell if that cell still meets the area) or dropped (its cell misses the area; cell_id is NULL). The report lists these counts.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: no noise is added. Tower positions are usually public infrastructure; the output discloses nothing else.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Towers</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tower id field (optional; default: feature id)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Study area (optional; default: buffered convex hull of the points)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Buffer around the convex hull when no study area is given (metres)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Merge towers closer than (metres; 0 = identical positions only)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tower cells</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tower to cell table</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Data-driven tessellation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>grid</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cells</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Andrienko</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Builds cells that follow the density of a sample of points (Pratesi 2012, §5.2, after Andrienko &amp;amp; Andrienko 2011): the points are grouped so that each joins a group whose centre lies within the maximum radius R; groups holding at least N points are grouped again with half the radius, down to the minimum radius r. The group centres seed Voronoi cells clipped to the study area: large cells where points are sparse, small cells where they are dense. It is computed in one metric frame from the study area (or the points without one); the output is in that layer's CRS.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Sample points&lt;/b&gt;: point layer (multipoints count one point per part; features without geometry are skipped). Points are grouped in the layer's order.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Maximum radius R&lt;/b&gt; and &lt;b&gt;minimum radius r&lt;/b&gt; (metres, 0 &amp;lt; r ≤ R): size of the largest and smallest groups. The thesis used R = 10 km, r = 500 m.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Minimum points N to subdivide&lt;/b&gt;: a group with at least N points is split further (thesis: 80).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Output&lt;/b&gt;: cells with cell_id, seed_x/seed_y (the seed in the output CRS), point_count (sample points in the cell) and area_m2.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: no noise is added and this is &lt;b&gt;not&lt;/b&gt; differentially private. The seeds are averages of the sample points and the point counts are exact, so the cells disclose where the sample points lie. Use a public or historical sample, not the private data you will release with these cells.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Sample points (public or historical)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maximum radius R (metres)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Minimum radius r (metres)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Minimum points N to subdivide a group</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Data-driven cells</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Minimum bipartite cover</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>cover</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>overlap</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>bipartite</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>matching</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>census</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>IRIS</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Takes two partitions of the same area, A (e.g. tower cells) and B (e.g. IRIS census cells), and computes (Acs &amp;amp; Castelluccia, KDD 2014): the overlap of every pair of cells with the area-proportional weight w(a, b) = |a ∩ b| / |a| of their Formula (1), which maps counts of A to B, and the smallest set of cells from A and B that covers every overlap (§5.2, Theorem 5: a minimum vertex cover of the overlap graph, found through König's theorem from a maximum bipartite matching). The density stage perturbs the counts of the cover cells.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Partition A&lt;/b&gt; and &lt;b&gt;partition B&lt;/b&gt;: polygon layers, each in any CRS (both are read into one metric frame from A: its CRS if in metres, else a local azimuthal projection; the outputs are in A's CRS). Layers that do not overlap at all (often a wrong CRS) are refused. Each should cover the area without overlaps; overlapping polygons within a layer, or gaps between the layers, are reported as warnings because the result is then not the paper's cover. Invalid polygons are repaired and reported; features without geometry are refused.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Id field A / B&lt;/b&gt; (optional): unique cell identifiers written to the outputs; default the feature id.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Minimum overlap area&lt;/b&gt; (m²) and &lt;b&gt;minimum overlap fraction&lt;/b&gt; (of the smaller of the two cells, in [0, 1)): overlaps at or below these sliver tolerances are not edges of the graph and get no weight. Pairs that only touch along a border never count.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the cover layer (cells of A and B in the cover, with source "A" or "B", cell_id and area_m2, in A's CRS), the overlap table (a_id, b_id, overlap_m2, weight_a_to_b) that the density stage reuses, and a report with |A|, |B|, the number of overlaps |E|, the cover size |C|, the check that every overlap is covered and the area of each layer not covered by the other.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: no noise is added; the result depends on the cell geometries only.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Partition A (e.g. tower cells)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Id field of A (optional; default: feature id)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Partition B (e.g. IRIS cells)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Id field of B (optional; default: feature id)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Minimum overlap area (m²; smaller overlaps are slivers)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Minimum overlap fraction of the smaller cell, in [0, 1)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Minimum cover</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Overlap table (Formula 1 weights)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Generate synthetic mobility data</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Data</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Generates synthetic mobility data on a real geography, so that every stage of Mobility DP can be tried without private data: phone call data records (CDR), GPS trajectories of vehicles and check-ins at venues. Users live in census zones drawn by population, work in places drawn by a gravity model with jobs concentrated in the centre, commute on weekdays, go out in the evening and at weekends and are home at night. Phone activity follows a daily and weekly profile (quiet around 04:00) with a heavy-tailed activity level per user, calibrated to the Orange Paris week of Acs &amp;amp; Castelluccia (KDD 2014). Every event is at the tower nearest to the user. The output is synthetic: it holds no information about real people.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Towers&lt;/b&gt;: point layer of the antennas; &lt;b&gt;tower id field&lt;/b&gt; (optional, default the feature id) names them in the CDR table.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Census zones&lt;/b&gt;: polygon layer with a &lt;b&gt;population field&lt;/b&gt;; homes are drawn in proportion to it. Any CRS: geographic layers are computed in a local metric projection and the outputs are written in the census layer's CRS.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Number of users&lt;/b&gt;, &lt;b&gt;days&lt;/b&gt; and &lt;b&gt;start&lt;/b&gt; (a midnight, ISO 8601, UTC) of the period.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Phone activity&lt;/b&gt;: the paper's figures disagree, so three calibrations are offered, in mean visits (distinct user, tower, hour) per user and week: 7.6 (mean IRIS count of 91, the figure its utility results were measured on; default), 13.55 (its text) and 68.9 (K/N).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Vehicles&lt;/b&gt; (0 = none): GPS trajectories of this many vehicles, one point every 30–180 s with 10 m GPS noise, about 3.7 trips per vehicle and day as in Pratesi's Pisa data.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Check-in users&lt;/b&gt; and &lt;b&gt;venues&lt;/b&gt; (0 = none): about 5 check-ins per user at venues drawn by density, nearer home more likely.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Seed&lt;/b&gt;: the same seed gives the same data; empty draws a fresh one.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the CDR table (user_id, tower_id, time in UTC, epoch seconds; no geometry), trajectory points (vehicle_id, trip_id, time) and check-in points (user_id, venue_id).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Towers (points)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tower id field (default: feature id)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Census zones (polygons)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Population field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Number of users</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Days</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Start (a midnight, ISO 8601, UTC)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Phone activity</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>mean_iris_count_91</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>events_13_55</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>k_over_n_69</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Vehicles with GPS trajectories (0 = none)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Check-in users (0 = none)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Venues</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Seed (empty = random)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Call data records</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>GPS trajectory points</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Check-ins</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CDR visit statistics (for the data owner)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Not private output.&lt;/b&gt; Summarises how many visits each user makes, to help the data owner choose ℓ, the number of visits kept per user by the pre-sampling of Acs &amp;amp; Castelluccia (§5.1) before a density release. A visit is one user at one tower in one slot; the pre-sampling keeps at most one visit per user and slot, then at most ℓ per user. The outputs are computed from the raw data and are for the data owner only: never publish them (even the choice of ℓ leaks a little when it is tuned on the data).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Events&lt;/b&gt;: a table layer with one row per call or message, from any provider (a CSV file added as delimited text, a GeoPackage, Parquet where your GDAL has the driver, a database table); geometry is not needed. A layer backed by a plain file is streamed directly from the file with bounded memory (a few bytes per event), so files of a hundred million events can be read; filtered or selected layers and databases are read through QGIS, more slowly.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;User, tower and time fields&lt;/b&gt;: the person (the unit of privacy), the antenna, and the time: a date-time field, ISO 8601 text (UTC unless an offset is given) or epoch seconds. The user field has no default: left empty, a field named like &lt;code&gt;user_id&lt;/code&gt;, &lt;code&gt;uid&lt;/code&gt; or &lt;code&gt;msisdn&lt;/code&gt; is used; a field with a different value on every event (such as a feature id) is refused. User ids are compared as integers when all are integers, else as text.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; (ISO 8601, UTC; required, no default), &lt;b&gt;slot length&lt;/b&gt; (minutes) and &lt;b&gt;number of slots&lt;/b&gt; define the period (default: one week of hours). Events without a user, with unreadable times, at unknown towers, before or after the period are counted per reason in the internal part of the report, never used.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Candidate ℓ values&lt;/b&gt;: comma-separated; the report gives, for each, the share of users with more visits and the share of visits kept.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: a table of the distribution of visits per user (visits, users, share, cumulative share) and a table per slot (events, active users, visits).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Events (user, tower, time)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>User field (the unit of privacy) (empty: a field named user_id, userid, user, uid, …)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tower field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Time field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Start of the period (ISO 8601, UTC)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Slot length (minutes)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Number of slots</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Candidate ℓ values</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Visits per user distribution</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Visits per slot</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Aggregate flows with noise</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Flows</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Vehicle flows between neighbouring zones, released with differential privacy (Pratesi 2012). Each vehicle's GPS trajectories become moves between adjacent cells of a tessellation; each vehicle perturbs its own vector of move counts (or a trusted curator adds noise once), and the sum gives the flow of every possible move. Outputs: flow lines (cell centroid → cell centroid, width by flow, the two directions of a pair of cells drawn side by side), zones with their flow in + out (red above, cyan below the median), and the report.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Trajectory points&lt;/b&gt;: one point per GPS fix with a &lt;b&gt;vehicle&lt;/b&gt; field, an optional &lt;b&gt;trajectory&lt;/b&gt; field (trip id; without it all points of a vehicle form one trajectory) and a &lt;b&gt;time&lt;/b&gt; field (date-time, ISO 8601 text in UTC, or epoch seconds), which is required for points. Or trajectory &lt;b&gt;lines&lt;/b&gt; with the time of each vertex as its M value (one line = one trajectory; no time field).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Vehicle field&lt;/b&gt;: the unit of privacy of the central mode, so it has no default: choose the field that gives all the points of one vehicle the same id. A field that gives every point its own vehicle (such as &lt;code&gt;fid&lt;/code&gt;) is refused, and so is a run in which no trajectory moves from one cell to an adjacent one; both messages give the counts.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Tessellation&lt;/b&gt;: polygons that partition the territory (e.g. from the Voronoi tessellation); overlapping cells are refused, and so are holes between cells unless &lt;b&gt;the territory has holes&lt;/b&gt; (lakes, excluded areas: a hole cannot be told apart from a gap; moves across it are lost). Cells sharing a stretch of boundary are adjacent; the possible moves are all ordered pairs of adjacent cells. &lt;b&gt;Cell id field&lt;/b&gt; (optional) names the cells in the outputs. The tessellation is public: the computation uses its CRS (or, if it is not in metres, an azimuthal equidistant projection centred on it), and the trajectories are reprojected into it, whatever their CRS.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; / &lt;b&gt;end&lt;/b&gt; (optional): the time interval τ; only moves with both times inside count.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Consecutive fixes in cells that are not adjacent (GPS gaps) are bridged through the cells the straight segment crosses; trajectories that never leave one cell are dropped; both are counted in the internal part of the report.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt; (value stored in models and scripts in brackets): &lt;i&gt;UniversalNoise&lt;/i&gt; [&lt;code&gt;universal&lt;/code&gt;] adds Laplace noise of scale Δ/ε to every count; &lt;i&gt;BalancedNoise&lt;/i&gt; [&lt;code&gt;balanced&lt;/code&gt;] truncates it to ±b with b = (Δ/ε)·ln((e^ε+1)/δ), which does not depend on the data: (ε, δ)-DP; &lt;i&gt;BoundedNoise&lt;/i&gt; [&lt;code&gt;bounded&lt;/code&gt;] truncates it to ±(true count): a zero stays zero, so it shows which moves every vehicle made — NOT differentially private, offered only to compare with the thesis; &lt;i&gt;Central&lt;/i&gt; [&lt;code&gt;central&lt;/code&gt;]: a trusted curator bounds what each vehicle contributes and adds noise once to the total: ε-DP for a whole vehicle, far less noise than per-vehicle noise at the same ε.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Central: bounding rule&lt;/b&gt;: [&lt;code&gt;trips&lt;/code&gt;] (default) each vehicle keeps a uniformly random sample of at most &lt;b&gt;m&lt;/b&gt; of its move occurrences, repetitions counted (a commute made every day counts every day), Δ = m: the flows estimate traffic volumes; [&lt;code&gt;distinct&lt;/code&gt;] each vehicle keeps at most m &lt;i&gt;distinct&lt;/i&gt; moves, chosen at random, each counted at most &lt;b&gt;k&lt;/b&gt; times (Advanced), Δ = m·k: with k = 1 the flows count the vehicles that used each link (reach), not the traffic. The report states which rule ran.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Sensitivity&lt;/b&gt; (per-vehicle methods): [&lt;code&gt;move&lt;/code&gt;] move-based, Δ = 1 (the unit of privacy is one move of one vehicle); or [&lt;code&gt;trajectory&lt;/code&gt;] trajectory-based (thesis Eq. 4.1, Δ from the vehicle's own trajectories and 0 where it never moved, so those counts get no noise: the release shows which moves each vehicle made — NOT differentially private, offered only to compare with the thesis). Runs that are not differentially private cannot be charged to a privacy ledger.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Noise&lt;/b&gt;: [&lt;code&gt;discrete&lt;/code&gt;] discrete Laplace (integer noise, default) or [&lt;code&gt;continuous&lt;/code&gt;] continuous Laplace (the thesis), made floating-point safe: its values lie on a public power-of-two grid (the snapping mechanism; for BalancedNoise, a grid of about 1/1000 of the noise scale), stated in the report's cost table.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Sketch&lt;/b&gt; (Advanced; per-vehicle methods): each vehicle compresses its noisy vector into a Count-Min [&lt;code&gt;countmin&lt;/code&gt;], Count [&lt;code&gt;count&lt;/code&gt;] or AGMS [&lt;code&gt;agms&lt;/code&gt;] sketch of &lt;b&gt;width&lt;/b&gt; × &lt;b&gt;depth&lt;/b&gt; counters (AGMS: width counters, depth 1) with hash functions from the &lt;b&gt;sketch seed&lt;/b&gt;, shared with the coordinator (public; costs no privacy). The coordinator sums the per-node estimates [&lt;code&gt;estimates&lt;/code&gt;] (the thesis) or estimates from the summed sketches [&lt;code&gt;sketches&lt;/code&gt;]. Count-Min needs non-negative input: vehicles clip negative values to 0, which biases the flows upwards.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;True flows&lt;/b&gt; (optional, unticked by default): the exact flows, with the same fields as &lt;b&gt;Flows&lt;/b&gt;, for &lt;i&gt;Compare original and private flows&lt;/i&gt;. They are raw data: internal, not for publication, and not part of the release.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one move of one vehicle (move-based per-vehicle noise), or one vehicle with all its trajectories in τ (central); none for the methods marked NOT differentially private. The publishable report holds only the parameters and facts about the noisy flows; the number of vehicles and points, the generalisation statistics and the comparison with the true flows are computed from the raw data and are marked internal.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Trajectory points (or lines with time as M)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Vehicle field (the unit of privacy) (empty: a field named vehicle_id, vehicleid, vehicle, vid, …)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Trajectory (trip) field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Time field (required for points; lines carry time as M)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tessellation (cells)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cell id field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>The territory has holes (accept holes between cells)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Start of the time interval τ</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>End of the time interval τ</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Method</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>universal</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>bounded</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>balanced</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>central</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Sensitivity (per-vehicle methods)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>move</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>trajectory</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Noise</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>discrete</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>continuous</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Central: moves kept per vehicle (m)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Central: bounding rule</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>trips</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>distinct</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Central, distinct rule: times each move counts (k)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Sketch (per-vehicle methods)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>none</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>countmin</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>count</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>agms</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Sketch width (counters per row)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Sketch depth (rows; 1 for AGMS)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Sketch hash seed (shared by vehicles and coordinator)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Coordinator with sketches</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>estimates</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>sketches</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Delta (δ) in [0, 1): BalancedNoise only</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Metric CRS for computing (empty: from the public layers)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Flow per zone</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>True flows (internal: raw data, not for publication)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Flow network measures and mobility borders</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Network measures of a flow graph (Pratesi 2012 §5.3): zones are nodes, a positive flow is a directed edge. Per zone: flow in + out, degree (neighbours joined by a positive flow), clustering coefficient, node betweenness (shortest paths by hops) and the mobility-border community; per link: flow and edge betweenness. Mobility borders (§5.3.2): Louvain communities of the graph weighted by the flows in both directions, dissolved into one polygon per community.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Flows&lt;/b&gt;: flow lines, e.g. the output of &lt;i&gt;Aggregate flows with noise&lt;/i&gt;.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Origin&lt;/b&gt;, &lt;b&gt;destination&lt;/b&gt; and &lt;b&gt;flow fields&lt;/b&gt;: the columns of the flow lines (defaults match the output of &lt;i&gt;Aggregate flows with noise&lt;/i&gt;).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Zones&lt;/b&gt; and &lt;b&gt;zone id field&lt;/b&gt;: the cells the origin and destination ids refer to.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Betweenness pivots&lt;/b&gt;: 0 computes node and edge betweenness exactly (slow beyond a few thousand zones); k &amp;gt; 0 estimates them from k source zones (Brandes &amp;amp; Pich 2007), the same ones for every run with the same &lt;b&gt;random seed&lt;/b&gt;, which also seeds Louvain.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;The measures are post-processing of released flows: they cost no privacy.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Origin field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Destination field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Flow field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Zones</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Zone id field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Betweenness pivots (0 = exact)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Random seed of the pivots and of Louvain</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Zone measures</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Link measures</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Mobility borders</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Compare original and private flows</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Evaluation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;How well a private flow layer preserves the original (Pratesi 2012 §5.4): for every network measure (flow per link and per zone, degree, clustering coefficient, node and edge betweenness) the Pearson correlation (PCC) between original and private values, the slope and intercept of the fitted line private ≈ slope·original + intercept and the mean bias, with scatter plots and cumulative distributions in the report; and the precision and recall of the mobility borders (pairs of zones grouped together in the private borders that are together in the original ones, and vice versa).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;The original flows are raw data: the report and table are for the data owner, not for publication.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Original flows&lt;/b&gt; and &lt;b&gt;private flows&lt;/b&gt;: flow lines with the same fields (links missing from one layer count as flow 0).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Original flows</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Private flows</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Comparison table</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>OD flows of trips</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Origin–destination (OD) flows of whole trips between any zones, released with differential privacy for each user: how many trips (or people) went from zone i to zone j, the diagonal holding the trips that start and end in one zone.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Method: what is counted&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;people_shrunk&lt;/b&gt;: &lt;i&gt;people per pair&lt;/i&gt;, as census commuting tables count: each user counts once, on the pair of zones they travelled most often in the time window (ties at random), so one user changes one count by one and the noise is that of one person, whatever m. The noisy counts are then shrunk towards a law of the counts fitted on the noisy values themselves (empirical Bayes under the known noise law: no privacy cost), which sends most of the noise of the many empty pairs back to 0. &lt;b&gt;trips&lt;/b&gt;: trips per pair, each user keeping ≤ m trips, noise for m trips on every pair (the former method). &lt;b&gt;auto&lt;/b&gt; (default) picks from public facts only: trips per pair when options of trips per pair are set (Gaussian noise, a share of ε for the noisy total), when ε ≥ 20 (the noise is negligible) or when the &lt;b&gt;public population&lt;/b&gt; N (the number of people the data may hold, from public sources (e.g. a census population layer's total × the provider's share); 0 = unknown) makes the pairs dense, N·ε/n²·10/m ≥ 5 (n zones); people per pair otherwise, also when N is unknown (pairs are then assumed sparse, as at census zones or on a 1 km grid). The report prints the method and why it was picked.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Publish&lt;/b&gt; (people per pair): &lt;i&gt;trips&lt;/i&gt; (default) scales people per pair by the trips per person of a noisy total (&lt;b&gt;share of ε for the trip scale&lt;/b&gt;, users and their trips up to the &lt;b&gt;cap M&lt;/b&gt;); &lt;i&gt;people&lt;/i&gt; publishes people per pair. &lt;b&gt;Directed&lt;/b&gt; counts each user on their main &lt;i&gt;ordered&lt;/i&gt; pair (default: unordered, split evenly between the two directions). The interval of each value (lower95, upper95) is the 95 % confidence interval of the people count from the noise law (it covers every true count at 95 %), times the trip scale: it ignores the scale's noise and the trips off the main pairs. Flow lines are drawn where the noisy people count exceeds the simultaneous 95 % margin over all pairs.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Trips per pair (method &lt;i&gt;trips&lt;/i&gt;)&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Each user keeps at most m trips (uniformly at random), so the matrix changes by at most m when one user is added or removed; noise calibrated to m is added to every pair of zones, including the pairs no trip used, and negative values are set to 0.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Outputs: the &lt;b&gt;OD table&lt;/b&gt; (origin, destination, flow, its 95 % margin of error and the interval it gives) with every pair whose noisy flow is above 0 (absent = 0), and &lt;b&gt;flow lines&lt;/b&gt; between zone centroids (arrows, width by flow) for the flows above the &lt;i&gt;simultaneous&lt;/i&gt; 95 % margin: the bound that the noise of all n² pairs stays below with probability 95 %, so an arrow is unlikely to be noise alone even among a million pairs (with many zones and few trips, there may be none). The margin of error comes from the noise distribution alone: about 95 % of the released values lie within it of the true count of the sampled trips.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Trips&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Trips&lt;/b&gt;: one of three layouts. &lt;i&gt;Lines&lt;/i&gt;: one line per trip; the trip goes from its first to its last vertex, its length is the line's length, its times come from the start and end time fields or else from the M values of the first and last vertex. &lt;i&gt;Points&lt;/i&gt;: GPS fixes with a &lt;b&gt;trip id&lt;/b&gt; field and a &lt;b&gt;time&lt;/b&gt; field; a trip goes from its first to its last fix (by time) and its length is the sum of the straight segments between fixes. &lt;i&gt;Table&lt;/i&gt; (no geometry): the &lt;b&gt;origin x / y&lt;/b&gt; and &lt;b&gt;destination x / y&lt;/b&gt; fields in the &lt;b&gt;CRS of the coordinate fields&lt;/b&gt;; the length is the straight distance. Times are date-times, ISO 8601 text (naive = UTC) or epoch seconds.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;User field&lt;/b&gt;: identifies the person (or vehicle) whose trips are protected together: the unit of privacy. It must not be a per-trip key such as the feature id: a field that gives every trip its own user is refused.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Zones&lt;/b&gt;: any polygon layer (census areas, districts, a grid). It is public: its CRS defines the metric frame of the run, and every other layer is reprojected to it. Trips that start or end outside every zone are dropped and counted (a warning above 5 %, a refusal when none is left). &lt;b&gt;Zone id field&lt;/b&gt; (optional; default the feature id) names the zones in the outputs.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; / &lt;b&gt;end&lt;/b&gt; (optional): the time window; only trips that start and end inside it count (trips without times are then dropped).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Maximum trips per user (m)&lt;/b&gt;: a public bound. Each user keeps at most m of their trips in the window, chosen uniformly at random, so that one user changes every count by at most m. It is never derived from the data (a bound taken from the data would itself leak). Larger m keeps more trips of busy users but needs more noise.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Noise&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Noise&lt;/b&gt;: discrete Laplace (integer noise, ε-DP, default) or the discrete Gaussian mechanism of Canonne, Kamath &amp;amp; Steinke (integer noise, (ε, δ)-DP, δ &amp;gt; 0; its noise grows with m rather than with the number of pairs a user touches, which helps when m is large).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Share of ε for the noisy total&lt;/b&gt; (0 = off): sampling drops the trips of users above m. With a share s &amp;gt; 0, the fraction s of ε releases two noisy totals (the sampled trips, and the extra trips up to the &lt;b&gt;cap M per user&lt;/b&gt; ≥ m) and the flows are scaled by their ratio to estimate the trips up to M per user; the rest of ε goes to the OD matrix. Costs are computed and shown. The scaling multiplies the noise too: it corrects the level of large flows and of totals, but on a sparse matrix (many zones, few trips) it raises the error of the typical pair (see the peer benchmark in &lt;code&gt;benchmarks/peer_dpmr.py&lt;/code&gt;).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one user, with all their trips in the time window.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Trips (lines, GPS points with a trip id, or a table of origin/destination coordinates)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Trip id field (points)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Time field (points)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Start time field (lines, table)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>End time field (lines, table)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Origin x field (table)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Origin y field (table)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Destination x field (table)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Destination y field (table)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>CRS of the coordinate fields (table)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Zones (public polygons)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Start of the time window</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>End of the time window</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maximum trips per user (m, public)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>auto</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>people_shrunk</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Public population for the automatic method (0 = unknown)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Publish (people per pair)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>people</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Directed people per pair (main ordered pair)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Share of ε for the trip scale (people per pair)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>gaussian</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Share of ε for the noisy total (0 = no rescaling)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cap M of trips per user counted in the noisy total (≥ m)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Delta (δ) in [0, 1): Gaussian noise only</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>OD table</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>OD flow lines</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Private mobility report</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;One differentially private release of many statistics of a trips layer over zones, in the manner of dp-mobility-report: visits per zone and time window, OD flows, trips over time (weekday × hour, and per day when a time window is set), trip length, travel time, trips per user, radius of gyration, zones per user, mobility entropy and time between trips. Each statistic with a &lt;b&gt;weight&lt;/b&gt; &amp;gt; 0 gets the share weight / (sum of weights) of ε, and noise calibrated to its sensitivity for one user, derived from m and the public bins (e.g. 2m for visits, m for OD flows and trip histograms, 1 for one value per user). The parts of the cost add up to ε; the ledger is charged once.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Outputs: the HTML &lt;b&gt;report&lt;/b&gt; with plots, every value's 95 % margin of error and quartiles read from the noisy histograms; the &lt;b&gt;statistics&lt;/b&gt; as JSON (public, for the report comparison); &lt;b&gt;visits per zone&lt;/b&gt; as a styled polygon layer, &lt;b&gt;OD flow lines&lt;/b&gt; between zone centroids (the flows above the simultaneous 95 % margin over all pairs, as in OD flows of trips); optionally the &lt;b&gt;statistics of the raw data&lt;/b&gt; (JSON marked internal: never publish it; it is for comparing with the private report).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;OD flows and visits: methods&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;OD method&lt;/b&gt;: as in OD flows of trips (below); people per pair are published as trips per ordered pair (people × the trips per person of the trip scale, an unordered pair split evenly between its directions). &lt;b&gt;Visits method&lt;/b&gt;: &lt;i&gt;shrunk&lt;/i&gt; (default) counts the trip ends of the sampled trips (each user ≤ m trips, sensitivity 2m), adds the noise, then shrinks the noisy counts towards a law fitted on them (empirical Bayes, no privacy cost) and scales them by the trip scale to estimate the visits of all trips up to M per user; &lt;i&gt;plain&lt;/i&gt; publishes the noisy counts of the sampled trips. The &lt;b&gt;trip scale&lt;/b&gt; (users, trips up to m and up to the &lt;b&gt;cap M&lt;/b&gt; per user, one noisy release) takes the &lt;b&gt;share of ε for the trip scale&lt;/b&gt; when either method uses it; the statistics share the rest. The margins of shrunk or scaled values are those of the noisy counts times the scale: they describe the noise (and ignore the scale's own noise), not the error of a shrunk value, whose coverage is not guaranteed.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Statistics and bins&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Weight&lt;/b&gt; of each statistic (0 leaves it out). Trips per day (off by default) needs the time window's start and end: its dates are the public bins. Trips over time, visits per time window, travel time and time between trips need trip times. Time between trips needs m ≥ 2.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Bins&lt;/b&gt; (advanced) are public: time windows as hour boundaries, and bin edges for the histograms; values beyond the last edge count in the last bin. Trips per user counts each user's trips in the window (before sampling) in bins 1 … the maximum shown (the last bin open).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Visits per zone and time window (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: OD flows (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Trips over time (weekday × hour of the start, UTC) (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Trips per day (UTC date of the start) (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Trip length (km) (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Travel time (min) (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Trips per user (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Radius of gyration (km) (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Zones per user (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Mobility entropy (normalised) (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight: Time between consecutive trips (h) (0 = leave out)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Time windows: hour boundaries from 0 to 24 (UTC)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Trip length bin edges (km; last bin open)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Travel time bin edges (min; last bin open)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Radius of gyration bin edges (km; last bin open)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Time between trips bin edges (h; last bin open)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Trips per user: last bin (open)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>OD method</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Visits method</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>shrunk</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>plain</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Share of ε for the trip scale</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cap M of trips per user in the trip scale (≥ m)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Statistics (JSON, public)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Statistics of the raw data (JSON, INTERNAL: do not publish)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Visits per zone</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Synthetic trips</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>s</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>y</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>n</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>t</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>h</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>e</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>i</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>c</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>,</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>g</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>r</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>a</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>v</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>p</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>d</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>f</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>l</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;A trips layer that analysts can load into any tool, drawn from a generative model fitted under differential privacy for each user. The model has parts, each a histogram in which one person's contribution is bounded by public parameters, released once with noise calibrated to that bound and a fixed share of ε: people by their number of trips in the window (capped at M) and the share of those on their &lt;i&gt;main pair&lt;/i&gt; (their most frequent pair of zones); each person's main pair, oriented from its home end (each person counted once), with the number of people per home zone and per main-end zone (and, on zones smaller than about 500 m, the distance between home and main end); where their other trips start and end (at home, at the main end, or elsewhere, and which zones elsewhere; each person's weights sum to 1); the straight distance of the other trips (500 m bands), the detour (length / distance), the weekday and hour of the start (by trip class where the data are large enough for the noise), and the travel time (by distance class where large enough). The report lists every part with its ε and sensitivity.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;The synthetic people are then drawn from the model: each gets a home point and a point at the other end of their main pair (uniform inside the zones, or drawn from the optional public &lt;b&gt;weighting points&lt;/b&gt;), trips that alternate between them, other trips, start and end times inside the time window and a synthetic user id. The output is a line layer (one line per trip) whose rows are shuffled; it plays in the Temporal Controller (start → end).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Good for, not good for&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Use them&lt;/b&gt; to develop and test models and tools (traffic assignment, accessibility, trajectory tools), for the shape of trip length, start time, travel time and trips per person, for where trips start by zone and hour on coarse zones (a 1 km grid or coarser), and for each person's pattern (a person's trips concentrate on their home–main pair), which no aggregate keeps.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Do not use them&lt;/b&gt; for OD flows between census zones (a used pair holds about one person, and a few thousand synthetic people spread over a million pairs: the flows are noise) — use &lt;i&gt;OD flows of trips&lt;/i&gt; (people per pair) for that; nor for small areas, rare trips, exact counts or anything about a particular person. Every figure computed from them carries the noise of the model on top of the sampling of the draw; direct releases of a statistic are more accurate for that statistic. Multi-stop trajectories are not modelled (a trip has one origin and one destination), nor the order of a person's trips in a day.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;h3&gt;Model parameters&lt;/h3&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cap M of trips per person&lt;/b&gt; (≥ m): the number of trips of each person is counted up to M before noise (capping at m would pile every busy person at m). &lt;b&gt;Number of synthetic trips&lt;/b&gt; (0 = the model's noisy total). A time window (start and end) is required: the synthetic dates are drawn inside it, and so are their times.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cap M of trips per person (≥ m)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Number of synthetic trips (0 = the noisy total)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Public weighting points (population, buildings; optional)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Weight field of the weighting points (empty = 1 each)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Sanitize spatio-temporal density</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Density</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>call detail records</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>density</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>EFPA</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Acs</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Castelluccia</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Turns call data records (CDR) into the number of people in every census cell for every time slot (by default every hour of a week) with a user-level differential privacy guarantee, following Acs &amp;amp; Castelluccia, "A Case Study: Privacy Preserving Release of Spatio-temporal Density in Paris" (KDD 2014).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;What is estimated&lt;/b&gt;: the paper's density — for every tower and slot, the number of distinct people seen there (a person seen at two towers in one hour counts at both), spread over the census cells in proportion to the overlap areas of each tower's Voronoi cell (Formula 1). Every method estimates that same quantity.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;visits&lt;/b&gt; (default): every person keeps at most k of their distinct (tower, slot) visits, chosen at random: k = 1 below ε = 0.5 and k = ℓ from there (a public rule: with little budget one visit per person carries the least noise; with more, keeping more visits removes the bias described below). The tower × slot matrix of these visits gets discrete Laplace noise (k = 1: one person changes one entry by 1, so δ is not spent) or discrete Gaussian noise (k &amp;gt; 1: one person changes at most k entries by 1, L2 sensitivity √k). The noisy matrix is denoised by optimal singular-value shrinkage (Gavish &amp;amp; Donoho 2017): a week of counts follows a few common daily rhythms, and singular values below the largest a noise-only matrix reaches are dropped, so noise alone gives zeros, not invented structure. 5 % of ε pays for a noisy count of all visits (each person's capped at B = the number of slots, at least ℓ; L1 sensitivity B), whose ratio to the noisy kept visits scales the result back up; Formula 1 maps the towers to the census cells. That scaling assumes the cap removes the same share of visits everywhere: with k = 1 each person's one visit stands for all of theirs, so people with many visits weigh less than they should where they gather (on the synthetic benchmark this bias alone is a mean relative error of 0.07). No margin of error is published (the shrinkage is biased towards the common rhythms). It needs the events layer (not a bounded-counts table). Measured on synthetic weeks (benchmarks/density.py, ℓ = 30): with 2 million people its mean relative error is 0.67×, 0.54× and 0.48× EFPA_G's at ε = 0.1, 0.3 and 1; with 250,000 people it is about equal to EFPA_G's at ε = 0.3, better at ε = 1 (0.4–0.8×) but clearly worse at ε = 0.1 (1.8×), where EFPA_G's spatial clusters pool the sparse counts: for a small population at a small ε choose efpa_g.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;efpa_g&lt;/b&gt; and the others follow the paper: each user's events are pre-sampled (at most one visit per slot, at most ℓ visits in all, §5.1); tower counts are mapped to census cells in proportion to the overlap areas of the tower's Voronoi cell (Formula 1); the noise goes on the smallest set of tower and census cells that covers the area (minimum cover, §5.2, with its sensitivity fix). EFPA_G then clusters nearby cells until their totals resist the noise (Alg. 3), perturbs each cluster's series in the DCT domain (Alg. 4), scales back with noisy per-cell totals estimated from a one-visit-per-user histogram and a noisy total number of visits (§5.4.1), and smooths the night hours with exponential fits (§5.4.2). Half of ε pays for the totals, half for the Fourier perturbation; the report lists every mechanism call.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Bounded counts from Spark&lt;/b&gt; (instead of events): the output directory of &lt;code&gt;scripts/spark-bound&lt;/code&gt;, which ran the per-user bounding on a Spark cluster. The events are then not read; ℓ, the period and the towers must be those the table was made with (it is refused otherwise), and the report states that the bounding ran on Spark and how.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Towers&lt;/b&gt;: a point layer of antennas (their Voronoi cells are computed inside the union of the census cells) or a polygon layer of tower cells (e.g. the output of the Voronoi tessellation, whose &lt;code&gt;tower_ids&lt;/code&gt; field lists the towers of a cell separated by commas). &lt;b&gt;Tower id field&lt;/b&gt;: the values the events' tower field refers to; every id must be unique. Events at towers absent from this layer are counted in the internal report and not used. A tower layer lying entirely outside the census cells (often a wrong CRS) is refused.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Census cells&lt;/b&gt; and their &lt;b&gt;id field&lt;/b&gt; (unique values): the polygons the density is released for. They must not overlap (a partition). Layers may be in any CRS, each in its own: everything is computed in one metric frame centred on the census cells.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Maximum visits per user ℓ&lt;/b&gt;: the pre-sampling size (default 30, the paper's). Larger ℓ keeps more of the data but needs more noise.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt;: visits (default), EFPA_G, EFPA or the paper's two LPA baselines; the values are listed below.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Improvements&lt;/b&gt; (efpa_g and efpa): the improved scaling and the night smoothing of §5.4 (recommended). Without them the cell totals come from the pre-sampled counts, which underestimate the truth.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Gaussian calibration&lt;/b&gt; (advanced, efpa_g only): how σ is computed from (ε, δ); the values are listed below.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Delta&lt;/b&gt;: default 2·10⁻⁶ as in the paper; keep it below 1/(number of users). efpa_g spends it, and visits when it keeps more than one visit per person (ε ≥ 0.5); lpa, lpa_direct and efpa spend no δ.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Add an internal evaluation&lt;/b&gt; (advanced): compares the release with the true density in the internal part of the report (it contains statistics of the raw data).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the private density in long form (census polygon, cell_id, slot, slot_start, slot_end, count; the layer plays in the Temporal Controller); optionally a wide layer (one field per slot, styled by the first slot's counts) and the cover cells with their cluster, noisy total and number of DCT coefficients k (all three computed from noisy values: part of the release). The true density (advanced) is NOT private: for evaluation by the data owner only.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one user, i.e. all events of one person over the whole period.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>…or bounded counts from scripts/spark-bound (directory)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Towers (points) or tower cells (polygons)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Tower id field (as in the events)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Census cells</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Census cell id field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maximum visits kept per user (ℓ)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>visits</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>efpa_g</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>efpa</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>lpa</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>lpa_direct</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Improved scaling and night smoothing (§5.4)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Gaussian calibration</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>analytic</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>classic</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Add an evaluation against the true density to the internal report</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Delta (δ) in [0, 1): efpa_g only; keep it below 1/(number of users)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Private density (long form)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Private density (one field per slot)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cover cells with their cluster</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>True density (NOT private: data owner only)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Publish per-timestamp histograms</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Chen</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>histogram</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>aggregated mobility</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>sparse vector</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Publishes how many users are in every cell at every timestamp (by default each hour of one day) with user-level differential privacy, following Chen et al., "Differentially Private Aggregated Mobility Data Publication Using Moving Characteristics" (2019). Aggregated counts alone are not private: the trajectory recovery attack (Trajectory recovery attack (audit), in Evaluation) rebuilds most individual trajectories from them.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Observations&lt;/b&gt;: points or a table with a user field (the unit of privacy, never the feature id), a time field (date-time, ISO 8601 text in UTC, or epoch seconds) and either a cell id field matching the cells' id field or a point geometry (any CRS) located in the cells. A user counts at most once per timestamp: when a user has several observations in one timestamp, one is chosen uniformly at random.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cells&lt;/b&gt;: the polygons counted in (a tessellation, a grid); they are public and fix the metric frame.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; (ISO 8601, UTC, required), &lt;b&gt;slot length&lt;/b&gt; and &lt;b&gt;number of slots&lt;/b&gt;: the timestamps (default one day of hours).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt;: direct perturbation, threshold perturbation, static hybrid or dynamic hybrid (values below). Counts get discrete Laplace noise by default (the paper's continuous Laplace is an option). Threshold perturbation is the sparse vector technique: as printed in the paper it spends 2ε₁ + ε₂ (its comparisons cost twice what the paper says); by default the comparison noise is rescaled so the release spends exactly ε, and &lt;b&gt;Paper's threshold noise&lt;/b&gt; keeps the paper's noise and charges what it actually spends. The comparison is made on the distance above the expected noise level of the last published histogram; &lt;b&gt;threshold&lt;/b&gt; T is the change beyond it that triggers a fresh histogram, at most &lt;b&gt;cutoff&lt;/b&gt; c fresh histograms; &lt;b&gt;comparison share&lt;/b&gt; α is ε₁/ε.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Hybrid methods&lt;/b&gt;: a share of ε (&lt;b&gt;division share&lt;/b&gt;) chooses the day/night split with the exponential mechanism (Eq. 7–9, log base &lt;b&gt;α&lt;/b&gt;). The paper's sensitivity 2·log_α S of Eq. 7 is wrong; the utility's range S·log_α S is used instead, which makes the choice nearly uniform at small ε; the &lt;b&gt;division utility&lt;/b&gt; "mean_minus_dispersion" (sensitivity 6·log_α S) is informative. Dynamic hybrid learns the split on the &lt;b&gt;past days&lt;/b&gt; before Start (the same clock times, 24 hours earlier each) and predicts today's by linear regression; &lt;b&gt;composition&lt;/b&gt; "sequential" (default) charges the past days' divisions to this release; "parallel" is the paper's assumption that the past days' users are disjoint from today's (their divisions are then not charged here; the report says so).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Consistency post-processing&lt;/b&gt; (Alg. 3, no privacy cost): non-negative integer counts with each timestamp's noisy total preserved.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the private counts in long form (cell polygon, cell_id, slot, slot_start, slot_end, count, fresh = whether the timestamp got fresh noise, part = day/night for hybrids), playing in the Temporal Controller; DIVISION, the chosen day interval; the report. The internal report holds the errors against the true counts.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one user's whole trajectory over the timestamps.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Observations (user, time, cell or point)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cell id field (empty: locate the point geometry in the cells)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cells (polygons; the public frame)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cell id field (empty: feature id)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Start (ISO 8601, UTC)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Number of timestamps</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>direct</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>threshold</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>static_hybrid</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>dynamic_hybrid</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Consistency post-processing (non-negative integers)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Past days used by dynamic hybrid</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Past days' accounting (dynamic hybrid)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>sequential</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>parallel</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cutoff c (threshold methods)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Threshold T (users moved above the noise level)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Comparison share α</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Paper's threshold noise (spends 2ε₁ + ε₂)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Division share of ε (hybrids)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Log base α of Eq. 7</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Division utility</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>eq7</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>mean_minus_dispersion</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Private counts (long form)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Day interval (hybrid methods)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Compare mobility reports</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;How similar two mobility reports are, statistic by statistic, with the measures of dp-mobility-report's benchmark: SMAPE of the counts (symmetric, in [0, 1]: |a − b| / (|a| + |b|) averaged over values, 0 where both are 0), Kullback–Leibler and Jensen–Shannon divergence (base 2) of histograms as distributions, the earth mover's distance (metres, between zone centroids) of the visits per zone, and SMAPE of the quartiles. Lower is more similar.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;First&lt;/b&gt; / &lt;b&gt;second report&lt;/b&gt;: the statistics JSON files written by the private mobility report (two periods, two ε), or its statistics of the raw data (the internal JSON) to measure the utility of a private report. Both must use the same zones and bins.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Adds no noise and spends no budget. When either input holds statistics of the raw data, the comparison measures the raw data too: its report and table are marked INTERNAL and must not be published.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>First report (statistics JSON)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Second report (statistics JSON)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Similarity measures</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Compare densities (MRE, correlation, EMD)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Measures how close a private spatio-temporal density is to the true one, with the metrics of Acs &amp;amp; Castelluccia (KDD 2014, §3.3 and §6): per cell, the mean relative error (MRE, with the sanity bound γ = 0.1 % of the cell's total count) and the Pearson correlation of the two time series; per slot, the Earth Mover's Distance between the two normalised spatial distributions with the distance between cell centroids as ground distance (exact transport). The report shows the series of the busiest cells, the error by slot, box plots and maps of the per-cell MRE and correlation.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;True density&lt;/b&gt; and &lt;b&gt;private density&lt;/b&gt;: long-form polygon layers (one feature per cell and slot), such as the outputs of "Sanitize spatio-temporal density". Every (cell, slot) of the true layer must be in the private layer.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cell id, slot and count fields&lt;/b&gt;: field names, shared by both layers except the counts.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Slots for EMD&lt;/b&gt;: number of slots, spread over the period, on which the EMD is computed (each is a transport problem over all cells: about 2 s at 1,000 cells without the optional POT package); 0 skips it.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cells to plot&lt;/b&gt; (optional): comma-separated cell ids whose original and private series are drawn in the report; default the three cells with the largest totals.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Output&lt;/b&gt;: the cells with their MRE and Pearson correlation.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: the true density is raw data: this output and report are internal.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>True density (long form)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Slot field</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Count field of the true layer</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Count field of the private layer</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Slots for EMD (0 = none)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cells to plot (comma-separated ids; default: the three busiest)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Per-cell MRE and correlation</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Trajectory recovery attack (audit)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>attack</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>audit</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Xu</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>trajectory recovery</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>uniqueness</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Audits a release of counts per cell and timestamp with the unsupervised trajectory recovery attack of Xu et al., "Trajectory Recovery From Ash: User Privacy Is NOT Preserved in Aggregated Mobility Data" (WWW 2017), the attack Chen et al. (2019) use to evaluate their schemes. From the counts alone, it rebuilds individual trajectories step by step: each partial trajectory's next location is estimated (night: it stays; day: it continues with its last velocity, or stays with the day model "stay"), then the trajectories are linked to the next timestamp's people by a minimum-total-distance assignment. The third step of Xu et al. (linking days by their regularity) is not implemented: one day is recovered.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Counts&lt;/b&gt;: a long-form layer with a cell id, a slot number and a count per row — any output of Publish per-timestamp histograms or Sanitize spatio-temporal density. Noisy counts that are not non-negative integers are first made so by Chen et al.'s consistency post-processing (seeded by &lt;b&gt;Seed&lt;/b&gt;). The slot start and end fields give the slots' times (for the night hours and the scoring).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cells&lt;/b&gt;: the polygons the counts refer to; the attack measures distances between their centroids in the metric frame.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;True trajectories&lt;/b&gt; (optional, for scoring; raw data): observations with a user, a time and a cell id or point geometry. Each true trajectory is matched to the recovered trajectory sharing most of its (timestamp, cell) points; RECOVERY_ACCURACY is the mean share of correct points, UNIQUENESS the share of users whose top-k most visited cells no other user has.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Night hours&lt;/b&gt;: from &lt;b&gt;night start&lt;/b&gt; to &lt;b&gt;night end&lt;/b&gt; (UTC hours of the slot start).&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the recovered trajectories as lines through the cell centroids; optionally a table with, for every true user, the best-matching recovered trajectory and its accuracy; the numbers RECOVERY_ACCURACY and UNIQUENESS (for models and qgis_process); the report. Everything computed from the true trajectories is internal: do not publish it.&lt;/p&gt;</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Counts (long form: cell id, slot, count)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cell id field of the counts (empty: cell_id)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Slot field (empty: slot)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Count field (empty: count)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Slot start field (empty: slot_start)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Slot end field (empty: slot_end)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>True trajectories (for scoring)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Night start (UTC hour)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Night end (UTC hour)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Top-k cells for uniqueness</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Day step</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>velocity</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>stay</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Seed of the post-processing (empty: secure randomness)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Recovered trajectories</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Accuracy per true user</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Mean recovery accuracy</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Uniqueness by top-k cells</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cancelled by the user before the release: nothing was released and nothing was charged to the privacy ledger.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Cancelled while the outputs were written: the partial outputs were removed, so nothing was published (no ledger was given).</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Good for: tools and models that need a trips dataset; the shape of trip length, start time, travel time and trips per person; trips per zone and hour on coarse zones; each person's pattern. Not for: OD flows between census zones (use OD flows of trips), small areas, rare trips, exact counts.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>&lt;p&gt;Origin–destination (OD) flows of whole trips between any zones, released with differential privacy for each user: how many trips went from zone i to zone j, the diagonal holding the trips that start and end in one zone. Each user keeps at most m trips (uniformly at random), so the matrix changes by at most m when one user is added or removed; noise calibrated to m is added to every pair of zones, including the pairs no trip used, and negative values are set to 0.&lt;/p&gt;</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>&lt;p&gt;Turns call data records (CDR) into the number of people in every census cell for every time slot (by default every hour of a week) with a user-level differential privacy guarantee, following Acs &amp;amp; Castelluccia, "A Case Study: Privacy Preserving Release of Spatio-temporal Density in Paris" (KDD 2014). Each user's events are pre-sampled (at most one visit per slot, at most ℓ visits in all, §5.1); tower counts are mapped to census cells in proportion to the overlap areas of the tower's Voronoi cell (Formula 1); the noise goes on the smallest set of tower and census cells that covers the area (minimum cover, §5.2, with its sensitivity fix). EFPA_G then clusters nearby cells until their totals resist the noise (Alg. 3), perturbs each cluster's series in the DCT domain (Alg. 4), scales back with noisy per-cell totals estimated from a one-visit-per-user histogram and a noisy total number of visits (§5.4.1), and smooths the night hours with exponential fits (§5.4.2). Half of ε pays for the totals, half for the Fourier perturbation; the report lists every mechanism call.&lt;/p&gt;</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt;: EFPA_G (default), EFPA or the paper's two LPA baselines; the values are listed below.&lt;/p&gt;</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Delta&lt;/b&gt;: default 2·10⁻⁶ as in the paper; keep it below 1/(number of users). lpa, lpa_direct and efpa spend no δ.&lt;/p&gt;</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>Mobility DP privacy budget</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>Open ledger…</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>Close ledger</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>Rows are coloured when less than this share of the budget remains</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>Open privacy ledgers</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>Privacy ledgers (*.json)</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>Warn below</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>no such file yet (a release creates it)</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>{n} release(s)</source>
      <translation type="obsolete" />
    </message>
    <message>
      <source>{n} dataset(s) below the warning level</source>
      <translation type="obsolete" />
    </message>
  </context>
</TS>
