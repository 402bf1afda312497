<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR" sourcelanguage="en">
  <context>
    <name>MobilityDP</name>
    <message>
      <source>mobility</source>
      <translation>mobilité</translation>
    </message>
    <message>
      <source>privacy</source>
      <translation>confidentialité</translation>
    </message>
    <message>
      <source>differential privacy</source>
      <translation>confidentialité différentielle</translation>
    </message>
    <message>
      <source>differential</source>
      <translation>différentielle</translation>
    </message>
    <message>
      <source>dp</source>
      <translation>dp</translation>
    </message>
    <message>
      <source>anonymisation</source>
      <translation>anonymisation</translation>
    </message>
    <message>
      <source>anonymization</source>
      <translation>anonymisation</translation>
    </message>
    <message>
      <source>anonym</source>
      <translation>anonyme</translation>
    </message>
    <message>
      <source>&lt;p&gt;Vehicle flows between neighbouring zones of a tessellation, released with differential privacy (Pratesi 2012): flow lines, zones with their flow in + out, and the report.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Flux de véhicules entre zones voisines d'un pavage, publiés avec la confidentialité différentielle (Pratesi 2012) : lignes de flux, zones avec leur flux entrant + sortant, et le rapport.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one move of one vehicle, or one vehicle with all its trajectories (central noise); the methods marked NOT differentially private spend nothing and protect no one.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Unité de confidentialité&lt;/b&gt; : un déplacement d'un véhicule, ou un véhicule avec toutes ses trajectoires (bruit central) ; les méthodes marquées NON différentiellement confidentielles ne dépensent rien et ne protègent personne.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Vehicle flows between neighbouring zones, released with differential privacy (Pratesi 2012). Each vehicle's GPS trajectories become moves between adjacent cells of a tessellation; each vehicle perturbs its own vector of move counts (or a trusted curator adds noise once), and the sum gives the flow of every possible move. Outputs: flow lines (cell centroid → cell centroid, width by flow, the two directions of a pair of cells drawn side by side), zones with their flow in + out (red above, cyan below the median), and the report.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Flux de véhicules entre zones voisines, publiés avec la confidentialité différentielle (Pratesi 2012). Les trajectoires GPS de chaque véhicule deviennent des déplacements entre cellules adjacentes d'un pavage ; chaque véhicule perturbe son propre vecteur de comptages de déplacements (ou un curateur de confiance ajoute le bruit une fois), et la somme donne le flux de chaque déplacement possible. Sorties : lignes de flux (centroïde de cellule → centroïde de cellule, épaisseur selon le flux, les deux sens d'une paire de cellules dessinés côte à côte), zones avec leur flux entrant + sortant (rouge au-dessus, cyan en dessous de la médiane) et le rapport.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one move of one vehicle (move-based per-vehicle noise), or one vehicle with all its trajectories in τ (central); none for the methods marked NOT differentially private. The publishable report holds only the parameters and facts about the noisy flows; the number of vehicles and points, the generalisation statistics and the comparison with the true flows are computed from the raw data and are marked internal.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Unité de confidentialité&lt;/b&gt; : un déplacement d'un véhicule (bruit par véhicule, par déplacement), ou un véhicule avec toutes ses trajectoires dans τ (central) ; aucune pour les méthodes marquées PAS différentiellement privées. Le rapport publiable ne contient que les paramètres et des faits sur les flux bruités ; le nombre de véhicules et de points, les statistiques de généralisation et la comparaison avec les vrais flux sont calculés à partir des données brutes et marqués internes.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Parameters&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Paramètres&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Trajectory points&lt;/b&gt;: one point per GPS fix with a &lt;b&gt;vehicle&lt;/b&gt; field, an optional &lt;b&gt;trajectory&lt;/b&gt; field (trip id; without it all points of a vehicle form one trajectory) and a &lt;b&gt;time&lt;/b&gt; field (date-time, ISO 8601 text in UTC, or epoch seconds), which is required for points. Or trajectory &lt;b&gt;lines&lt;/b&gt; with the time of each vertex as its M value (one line = one trajectory; no time field).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Points de trajectoires&lt;/b&gt; : un point par relevé GPS avec un champ &lt;b&gt;véhicule&lt;/b&gt;, un champ &lt;b&gt;trajectoire&lt;/b&gt; facultatif (identifiant de trajet ; sans lui tous les points d'un véhicule forment une trajectoire) et un champ d'&lt;b&gt;horodatage&lt;/b&gt; (date-heure, texte ISO 8601 en UTC ou secondes epoch), obligatoire pour des points. Ou des &lt;b&gt;lignes&lt;/b&gt; de trajectoires avec l'heure de chaque sommet comme valeur M (une ligne = une trajectoire ; pas de champ d'horodatage).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Vehicle field&lt;/b&gt;: the unit of privacy of the central mode, so it has no default: choose the field that gives all the points of one vehicle the same id. A field that gives every point its own vehicle (such as &lt;code&gt;fid&lt;/code&gt;) is refused, and so is a run in which no trajectory moves from one cell to an adjacent one; both messages give the counts.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champ véhicule&lt;/b&gt; : l'unité de confidentialité du mode central, il n'a donc pas de valeur par défaut : choisissez le champ qui donne le même identifiant à tous les points d'un véhicule. Un champ qui donne à chaque point son propre véhicule (comme &lt;code&gt;fid&lt;/code&gt;) est refusé, de même qu'une exécution dans laquelle aucune trajectoire ne passe d'une cellule à une cellule adjacente ; les deux messages donnent les comptages.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Tessellation&lt;/b&gt;: polygons that partition the territory (e.g. from the Voronoi tessellation); overlapping cells are refused, and so are holes between cells unless &lt;b&gt;the territory has holes&lt;/b&gt; (lakes, excluded areas: a hole cannot be told apart from a gap; moves across it are lost). Cells sharing a stretch of boundary are adjacent; the possible moves are all ordered pairs of adjacent cells. &lt;b&gt;Cell id field&lt;/b&gt; (optional) names the cells in the outputs. The tessellation is public: the computation uses its CRS (or, if it is not in metres, an azimuthal equidistant projection centred on it), and the trajectories are reprojected into it, whatever their CRS.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Pavage&lt;/b&gt; : polygones qui partitionnent le territoire (p. ex. issus du pavage de Voronoï) ; les cellules qui se chevauchent sont refusées, de même que les trous entre cellules sauf si &lt;b&gt;le territoire a des trous&lt;/b&gt; (lacs, zones exclues : un trou ne se distingue pas d'un interstice ; les déplacements qui le traversent sont perdus). Les cellules partageant un tronçon de frontière sont adjacentes ; les déplacements possibles sont toutes les paires ordonnées de cellules adjacentes. Le &lt;b&gt;champ d'identifiant de cellule&lt;/b&gt; (facultatif) nomme les cellules dans les sorties. Le pavage est public : le calcul utilise son SCR (ou, s'il n'est pas en mètres, une projection azimutale équidistante centrée sur lui), et les trajectoires y sont reprojetées, quel que soit leur SCR.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; / &lt;b&gt;end&lt;/b&gt; (optional): the time interval τ; only moves with both times inside count.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Début&lt;/b&gt; / &lt;b&gt;fin&lt;/b&gt; (facultatifs) : l'intervalle de temps τ ; seuls comptent les déplacements dont les deux instants sont à l'intérieur.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Consecutive fixes in cells that are not adjacent (GPS gaps) are bridged through the cells the straight segment crosses; trajectories that never leave one cell are dropped; both are counted in the internal part of the report.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Les relevés consécutifs dans des cellules non adjacentes (trous GPS) sont reliés par les cellules que traverse le segment droit ; les trajectoires qui ne quittent jamais une cellule sont écartées ; les deux sont comptés dans la partie interne du rapport.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt; (value stored in models and scripts in brackets): &lt;i&gt;UniversalNoise&lt;/i&gt; [&lt;code&gt;universal&lt;/code&gt;] adds Laplace noise of scale Δ/ε to every count; &lt;i&gt;BalancedNoise&lt;/i&gt; [&lt;code&gt;balanced&lt;/code&gt;] truncates it to ±b with b = (Δ/ε)·ln((e^ε+1)/δ), which does not depend on the data: (ε, δ)-DP; &lt;i&gt;BoundedNoise&lt;/i&gt; [&lt;code&gt;bounded&lt;/code&gt;] truncates it to ±(true count): a zero stays zero, so it shows which moves every vehicle made — NOT differentially private, offered only to compare with the thesis; &lt;i&gt;Central&lt;/i&gt; [&lt;code&gt;central&lt;/code&gt;] (default): a trusted curator bounds what each vehicle contributes and adds noise once to the total: ε-DP for a whole vehicle, far less noise than per-vehicle noise at the same ε; the run's log says which share of the moves the bounding kept (under half: a warning, also in the internal report), and the log and the report warn when the noise may put the released total more than 2× away from the moves counted (many cells, few moves, a large m). UniversalNoise and BalancedNoise protect one move of a vehicle, not the vehicle: a vehicle that makes a move often is visible.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Méthode&lt;/b&gt; (valeur stockée dans les modèles et les scripts entre crochets) : &lt;i&gt;UniversalNoise&lt;/i&gt; [&lt;code&gt;universal&lt;/code&gt;] ajoute un bruit de Laplace d'échelle Δ/ε à chaque comptage ; &lt;i&gt;BalancedNoise&lt;/i&gt; [&lt;code&gt;balanced&lt;/code&gt;] le tronque à ±b avec b = (Δ/ε)·ln((e^ε+1)/δ), qui ne dépend pas des données : (ε, δ)-DP ; &lt;i&gt;BoundedNoise&lt;/i&gt; [&lt;code&gt;bounded&lt;/code&gt;] le tronque à ±(vrai comptage) : un zéro reste zéro, ce qui montre quels déplacements chaque véhicule a faits — PAS différentiellement privé, proposé uniquement pour comparer avec la thèse ; &lt;i&gt;Central&lt;/i&gt; [&lt;code&gt;central&lt;/code&gt;] (par défaut) : un curateur de confiance borne la contribution de chaque véhicule et ajoute le bruit une seule fois au total : ε-DP pour un véhicule entier, bien moins de bruit que le bruit par véhicule au même ε ; le journal de l'exécution indique la part des déplacements que le bornage a gardée (moins de la moitié : un avertissement, aussi dans le rapport interne), et le journal et le rapport avertissent quand le bruit peut éloigner le total publié de plus de 2× des déplacements comptés (beaucoup de cellules, peu de déplacements, un grand m). UniversalNoise et BalancedNoise protègent un déplacement d'un véhicule, pas le véhicule : un véhicule qui fait souvent un déplacement est visible.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Central: bounding rule&lt;/b&gt;: [&lt;code&gt;trips&lt;/code&gt;] (default) each vehicle keeps a uniformly random sample of at most &lt;b&gt;m&lt;/b&gt; of its move occurrences, repetitions counted (a commute made every day counts every day), Δ = m: the flows estimate traffic volumes; [&lt;code&gt;distinct&lt;/code&gt;] each vehicle keeps at most m &lt;i&gt;distinct&lt;/i&gt; moves, chosen at random, each counted at most &lt;b&gt;k&lt;/b&gt; times (Advanced), Δ = m·k: with k = 1 the flows count the vehicles that used each link (reach), not the traffic. The report states which rule ran.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Central : règle de bornage&lt;/b&gt; : [&lt;code&gt;trips&lt;/code&gt;] (par défaut) chaque véhicule garde un échantillon uniforme d'au plus &lt;b&gt;m&lt;/b&gt; de ses occurrences de déplacement, répétitions comptées (un trajet domicile-travail fait chaque jour compte chaque jour), Δ = m : les flux estiment des volumes de trafic ; [&lt;code&gt;distinct&lt;/code&gt;] chaque véhicule garde au plus m déplacements &lt;i&gt;distincts&lt;/i&gt;, tirés au hasard, chacun compté au plus &lt;b&gt;k&lt;/b&gt; fois (avancé), Δ = m·k : avec k = 1 les flux comptent les véhicules ayant emprunté chaque lien (la portée), pas le trafic. Le rapport indique quelle règle a été appliquée.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Sensitivity&lt;/b&gt; (per-vehicle methods): [&lt;code&gt;move&lt;/code&gt;] move-based, Δ = 1 (the unit of privacy is one move of one vehicle); or [&lt;code&gt;trajectory&lt;/code&gt;] trajectory-based (thesis Eq. 4.1, Δ from the vehicle's own trajectories and 0 where it never moved, so those counts get no noise: the release shows which moves each vehicle made — NOT differentially private, offered only to compare with the thesis). Runs that are not differentially private cannot be charged to a privacy ledger.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sensibilité&lt;/b&gt; (méthodes par véhicule) : [&lt;code&gt;move&lt;/code&gt;] par déplacement, Δ = 1 (l'unité de confidentialité est un déplacement d'un véhicule) ; ou [&lt;code&gt;trajectory&lt;/code&gt;] par trajectoire (éq. 4.1 de la thèse, Δ tiré des propres trajectoires du véhicule et 0 là où il ne s'est jamais déplacé, si bien que ces comptages ne reçoivent aucun bruit : la publication montre quels déplacements chaque véhicule a faits — PAS différentiellement privé, proposé uniquement pour comparer avec la thèse). Les exécutions qui ne sont pas différentiellement privées ne peuvent pas être imputées à un registre de confidentialité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Noise&lt;/b&gt;: [&lt;code&gt;discrete&lt;/code&gt;] discrete Laplace (integer noise, default) or [&lt;code&gt;continuous&lt;/code&gt;] continuous Laplace (the thesis), made floating-point safe: its values lie on a public power-of-two grid (the snapping mechanism; for BalancedNoise, a grid of about 1/1000 of the noise scale), stated in the report's cost table.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Bruit&lt;/b&gt; : [&lt;code&gt;discrete&lt;/code&gt;] Laplace discret (bruit entier, par défaut) ou [&lt;code&gt;continuous&lt;/code&gt;] Laplace continu (la thèse), rendu sûr vis-à-vis de la virgule flottante : ses valeurs sont sur une grille publique de puissances de deux (le mécanisme d'alignement ; pour BalancedNoise, une grille d'environ 1/1000 de l'échelle du bruit), indiquée dans la table des coûts du rapport.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Sketch&lt;/b&gt; (Advanced; per-vehicle methods): each vehicle compresses its noisy vector into a Count-Min [&lt;code&gt;countmin&lt;/code&gt;], Count [&lt;code&gt;count&lt;/code&gt;] or AGMS [&lt;code&gt;agms&lt;/code&gt;] sketch of &lt;b&gt;width&lt;/b&gt; × &lt;b&gt;depth&lt;/b&gt; counters (AGMS: width counters, depth 1) with hash functions from the &lt;b&gt;sketch seed&lt;/b&gt;, shared with the coordinator (public; costs no privacy). The coordinator sums the per-node estimates [&lt;code&gt;estimates&lt;/code&gt;] (the thesis) or estimates from the summed sketches [&lt;code&gt;sketches&lt;/code&gt;]. Count-Min needs non-negative input: vehicles clip negative values to 0, which biases the flows upwards.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sketch&lt;/b&gt; (avancé ; méthodes par véhicule) : chaque véhicule compresse son vecteur bruité dans un sketch Count-Min [&lt;code&gt;countmin&lt;/code&gt;], Count [&lt;code&gt;count&lt;/code&gt;] ou AGMS [&lt;code&gt;agms&lt;/code&gt;] de &lt;b&gt;largeur&lt;/b&gt; × &lt;b&gt;profondeur&lt;/b&gt; compteurs (AGMS : largeur compteurs, profondeur 1) avec des fonctions de hachage issues de la &lt;b&gt;graine du sketch&lt;/b&gt;, partagée avec le coordinateur (publique ; ne coûte aucune confidentialité). Le coordinateur additionne les estimations par nœud [&lt;code&gt;estimates&lt;/code&gt;] (la thèse) ou estime à partir des sketches additionnés [&lt;code&gt;sketches&lt;/code&gt;]. Count-Min exige une entrée non négative : les véhicules ramènent les valeurs négatives à 0, ce qui biaise les flux vers le haut.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;True flows&lt;/b&gt; (optional, unticked by default): the exact flows, with the same fields as &lt;b&gt;Flows&lt;/b&gt;, for &lt;i&gt;Compare original and private flows&lt;/i&gt;. They are raw data: internal, not for publication, and not part of the release.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Flux réels&lt;/b&gt; (facultatif, décoché par défaut) : les flux exacts, avec les mêmes champs que &lt;b&gt;Flux&lt;/b&gt;, pour &lt;i&gt;Comparer flux originaux et flux privés&lt;/i&gt;. Ce sont des données brutes : internes, pas pour publication, et ne font pas partie de la publication.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The cells with their flow in + out.</source>
      <translation>Les cellules avec leur flux entrant + sortant.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Summarises how many visits each user makes, to help the data owner choose ℓ, the visits kept per user before a density release (Acs &amp;amp; Castelluccia, §5.1).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Résume combien de visites fait chaque utilisateur, pour aider le détenteur des données à choisir ℓ, les visites gardées par utilisateur avant une publication de densité (Acs &amp;amp; Castelluccia, §5.1).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: not private: the outputs are computed from the raw data and are for the data owner only; never publish them.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : rien de confidentiel : les sorties sont calculées à partir des données brutes et sont réservées au détenteur des données ; ne les publiez jamais.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Not private output.&lt;/b&gt; Summarises how many visits each user makes, to help the data owner choose ℓ, the number of visits kept per user by the pre-sampling of Acs &amp;amp; Castelluccia (§5.1) before a density release. A visit is one user at one tower in one slot; the pre-sampling keeps at most one visit per user and slot, then at most ℓ per user. The outputs are computed from the raw data and are for the data owner only: never publish them (even the choice of ℓ leaks a little when it is tuned on the data).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sortie non privée.&lt;/b&gt; Résume combien de visites fait chaque utilisateur, pour aider le détenteur des données à choisir ℓ, le nombre de visites conservées par utilisateur par le pré-échantillonnage d'Acs &amp;amp; Castelluccia (§5.1) avant une publication de densité. Une visite est un utilisateur à une antenne dans un créneau ; le pré-échantillonnage garde au plus une visite par utilisateur et par créneau, puis au plus ℓ par utilisateur. Les sorties sont calculées à partir des données brutes et sont réservées au détenteur des données : ne les publiez jamais (même le choix de ℓ fuit un peu lorsqu'il est réglé sur les données).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Events&lt;/b&gt;: a table layer with one row per call or message, from any provider (a CSV file added as delimited text, a GeoPackage, Parquet where your GDAL has the driver, a database table); geometry is not needed. A layer backed by a plain file is streamed directly from the file with bounded memory (a few bytes per event), so files of a hundred million events can be read; filtered or selected layers and databases are read through QGIS, more slowly.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Événements&lt;/b&gt; : une couche table avec une ligne par appel ou message, de n'importe quel fournisseur (un fichier CSV ajouté comme texte délimité, un GeoPackage, du Parquet si votre GDAL a le pilote, une table de base de données) ; la géométrie n'est pas nécessaire. Une couche adossée à un simple fichier est lue en flux directement depuis le fichier avec une mémoire bornée (quelques octets par événement), ce qui permet de lire des fichiers de cent millions d'événements ; les couches filtrées ou avec sélection et les bases de données sont lues par QGIS, plus lentement.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;User, tower and time fields&lt;/b&gt;: the person (the unit of privacy), the antenna, and the time: a date-time field, ISO 8601 text (UTC unless an offset is given) or epoch seconds. The user field has no default: left empty, a field named like &lt;code&gt;user_id&lt;/code&gt;, &lt;code&gt;uid&lt;/code&gt; or &lt;code&gt;msisdn&lt;/code&gt; is used; a field with a different value on every event (such as a feature id) is refused. User ids are compared as integers when all are integers, else as text.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champs utilisateur, antenne et horodatage&lt;/b&gt; : la personne (l'unité de confidentialité), l'antenne et l'heure : un champ date-heure, un texte ISO 8601 (UTC sauf décalage indiqué) ou des secondes epoch. Le champ utilisateur n'a pas de valeur par défaut : laissé vide, un champ nommé comme &lt;code&gt;user_id&lt;/code&gt;, &lt;code&gt;uid&lt;/code&gt; ou &lt;code&gt;msisdn&lt;/code&gt; est utilisé ; un champ ayant une valeur différente à chaque événement (comme un identifiant d'entité) est refusé. Les identifiants utilisateur sont comparés comme des entiers lorsqu'ils sont tous entiers, sinon comme du texte.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; (ISO 8601, UTC; required, no default), &lt;b&gt;slot length&lt;/b&gt; (minutes) and &lt;b&gt;number of slots&lt;/b&gt; define the period (default: one week of hours). Events without a user, with unreadable times, at unknown towers, before or after the period are counted per reason in the internal part of the report, never used.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Début&lt;/b&gt; (ISO 8601, UTC ; obligatoire, sans valeur par défaut), &lt;b&gt;durée d'un créneau&lt;/b&gt; (minutes) et &lt;b&gt;nombre de créneaux&lt;/b&gt; définissent la période (par défaut : une semaine d'heures). Les événements sans utilisateur, avec des heures illisibles, à des antennes inconnues, avant ou après la période sont comptés par motif dans la partie interne du rapport, jamais utilisés.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Candidate ℓ values&lt;/b&gt;: comma-separated; the report gives, for each, the share of users with more visits and the share of visits kept.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Valeurs candidates de ℓ&lt;/b&gt; : séparées par des virgules ; le rapport donne, pour chacune, la part des utilisateurs ayant plus de visites et la part des visites conservées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: a table of the distribution of visits per user (visits, users, share, cumulative share) and a table per slot (events, active users, visits).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties&lt;/b&gt; : une table de la distribution des visites par utilisateur (visits, users, share, cumulative share) et une table par créneau (événements, utilisateurs actifs, visites).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>How many users make each number of visits (a table of the raw data, for the data owner).</source>
      <translation>Combien d'utilisateurs font chaque nombre de visites (une table des données brutes, pour le détenteur des données).</translation>
    </message>
    <message>
      <source>The number of visits in each time slot (a table of the raw data, for the data owner).</source>
      <translation>Le nombre de visites de chaque créneau (une table des données brutes, pour le détenteur des données).</translation>
    </message>
    <message>
      <source>&lt;p&gt;Measures how close a private spatio-temporal density is to the true one (Acs &amp;amp; Castelluccia, KDD 2014, §6): per-cell mean relative error and correlation, per-slot Earth Mover's Distance, with plots and maps in the report.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Mesure l'écart entre une densité spatio-temporelle privée et la vraie (Acs &amp;amp; Castelluccia, KDD 2014, §6) : erreur relative moyenne et corrélation par cellule, distance du terrassier (EMD) par créneau, avec graphiques et cartes dans le rapport.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: the true density is raw data: this output and report are internal.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : la vraie densité est une donnée brute : cette sortie et ce rapport sont internes.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Measures how close a private spatio-temporal density is to the true one, with the metrics of Acs &amp;amp; Castelluccia (KDD 2014, §3.3 and §6): per cell, the mean relative error (MRE, with the sanity bound γ = 0.1 % of the cell's total count) and the Pearson correlation of the two time series; per slot, the Earth Mover's Distance between the two normalised spatial distributions with the distance between cell centroids as ground distance (exact transport). The report shows the series of the busiest cells, the error by slot, box plots and maps of the per-cell MRE and correlation.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Mesure à quel point une densité spatio-temporelle privée est proche de la vraie, avec les métriques d'Acs &amp;amp; Castelluccia (KDD 2014, §3.3 et §6) : par cellule, l'erreur relative moyenne (MRE, avec la borne de garde γ = 0,1 % du comptage total de la cellule) et la corrélation de Pearson des deux séries temporelles ; par créneau, la distance du cantonnier (Earth Mover's Distance) entre les deux distributions spatiales normalisées avec la distance entre centroïdes de cellules comme distance de base (transport exact). Le rapport montre les séries des cellules les plus fréquentées, l'erreur par créneau, des boîtes à moustaches et des cartes de la MRE et de la corrélation par cellule.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;True density&lt;/b&gt; and &lt;b&gt;private density&lt;/b&gt;: long-form polygon layers (one feature per cell and slot), such as the outputs of "Sanitize spatio-temporal density". Every (cell, slot) of the true layer must be in the private layer.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Vraie densité&lt;/b&gt; et &lt;b&gt;densité privée&lt;/b&gt; : couches de polygones en format long (une entité par cellule et créneau), comme les sorties de « Assainir une densité spatio-temporelle ». Chaque (cellule, créneau) de la couche réelle doit être dans la couche privée.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cell id, slot and count fields&lt;/b&gt;: field names, shared by both layers except the counts.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champs d'identifiant de cellule, de créneau et de comptage&lt;/b&gt; : noms de champs, communs aux deux couches sauf les comptages.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Slots for EMD&lt;/b&gt;: number of slots, spread over the period, on which the EMD is computed (each is a transport problem over all cells: about 2 s at 1,000 cells without the optional POT package); 0 skips it.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Créneaux pour l'EMD&lt;/b&gt; : nombre de créneaux, répartis sur la période, sur lesquels l'EMD est calculée (chacun est un problème de transport sur toutes les cellules : environ 2 s pour 1 000 cellules sans le paquet facultatif POT) ; 0 la saute.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cells to plot&lt;/b&gt; (optional): comma-separated cell ids whose original and private series are drawn in the report; default the three cells with the largest totals.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Cellules à tracer&lt;/b&gt; (facultatif) : identifiants de cellules séparés par des virgules dont les séries originale et privée sont tracées dans le rapport ; par défaut les trois cellules aux plus grands totaux.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Output&lt;/b&gt;: the cells with their MRE and Pearson correlation.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sortie&lt;/b&gt; : les cellules avec leur MRE et leur corrélation de Pearson.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The field of the true layer holding the count of each cell and slot.</source>
      <translation>Le champ de la couche vraie qui contient le comptage de chaque cellule et créneau.</translation>
    </message>
    <message>
      <source>The field of the private layer holding the count of each cell and slot.</source>
      <translation>Le champ de la couche privée qui contient le comptage de chaque cellule et créneau.</translation>
    </message>
    <message>
      <source>The cells with their mean relative error and correlation.</source>
      <translation>Les cellules avec leur erreur relative moyenne et leur corrélation.</translation>
    </message>
    <message>
      <source>&lt;p&gt;How well a private flow layer preserves the original (Pratesi 2012 §5.4): correlation, slope and bias of every network measure, and the precision and recall of the mobility borders.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Mesure à quel point une couche de flux privée préserve l'originale (Pratesi 2012 §5.4) : corrélation, pente et biais de chaque mesure de réseau, et précision et rappel des frontières de mobilité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;The original flows are raw data: the report and table are for the data owner, not for publication.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Les flux originaux sont des données brutes : le rapport et la table sont destinés au détenteur des données, pas à la publication.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;How well a private flow layer preserves the original (Pratesi 2012 §5.4): for every network measure (flow per link and per zone, degree, clustering coefficient, node and edge betweenness) the Pearson correlation (PCC) between original and private values, the slope and intercept of the fitted line private ≈ slope·original + intercept and the mean bias, with scatter plots and cumulative distributions in the report; and the precision and recall of the mobility borders (pairs of zones grouped together in the private borders that are together in the original ones, and vice versa).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Dans quelle mesure une couche de flux privée préserve l'originale (Pratesi 2012 §5.4) : pour chaque mesure de réseau (flux par lien et par zone, degré, coefficient de clustering, intermédiarité des nœuds et des arêtes), la corrélation de Pearson (PCC) entre valeurs originales et privées, la pente et l'ordonnée à l'origine de la droite ajustée privé ≈ pente·original + ordonnée et le biais moyen, avec des nuages de points et des distributions cumulées dans le rapport ; et la précision et le rappel des frontières de mobilité (paires de zones regroupées dans les frontières privées qui sont ensemble dans les originales, et inversement).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Original flows&lt;/b&gt; and &lt;b&gt;private flows&lt;/b&gt;: flow lines with the same fields (links missing from one layer count as flow 0).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Flux originaux&lt;/b&gt; et &lt;b&gt;flux privés&lt;/b&gt; : lignes de flux avec les mêmes champs (les liens absents d'une couche comptent comme un flux de 0).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Origin&lt;/b&gt;, &lt;b&gt;destination&lt;/b&gt; and &lt;b&gt;flow fields&lt;/b&gt;: the columns of the flow lines (defaults match the output of &lt;i&gt;Aggregate flows with noise&lt;/i&gt;).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Champs d'&lt;b&gt;origine&lt;/b&gt;, de &lt;b&gt;destination&lt;/b&gt; et de &lt;b&gt;flux&lt;/b&gt; : les colonnes des lignes de flux (les valeurs par défaut correspondent à la sortie de &lt;i&gt;Agréger des flux avec bruit&lt;/i&gt;).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Zones&lt;/b&gt; and &lt;b&gt;zone id field&lt;/b&gt;: the cells the origin and destination ids refer to.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Zones&lt;/b&gt; et &lt;b&gt;champ d'identifiant de zone&lt;/b&gt; : les cellules auxquelles renvoient les identifiants d'origine et de destination.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Betweenness pivots&lt;/b&gt;: 0 computes node and edge betweenness exactly (slow beyond a few thousand zones); k &amp;gt; 0 estimates them from k source zones (Brandes &amp;amp; Pich 2007), the same ones for every run with the same &lt;b&gt;random seed&lt;/b&gt;, which also seeds Louvain.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Pivots de l'intermédiarité&lt;/b&gt; : 0 calcule exactement l'intermédiarité des nœuds et des arêtes (lent au-delà de quelques milliers de zones) ; k &amp;gt; 0 l'estime à partir de k zones sources (Brandes &amp;amp; Pich 2007), les mêmes pour chaque exécution avec la même &lt;b&gt;graine aléatoire&lt;/b&gt;, qui initialise aussi Louvain.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;The measures are post-processing of released flows: they cost no privacy.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Les mesures sont un post-traitement de flux publiés : elles ne coûtent aucune confidentialité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>One row per measure: the correlation, slope, intercept and mean bias between the original and private values.</source>
      <translation>Une ligne par mesure : la corrélation, la pente, l'ordonnée à l'origine et le biais moyen entre les valeurs originales et privées.</translation>
    </message>
    <message>
      <source>&lt;p&gt;How similar two mobility reports are, statistic by statistic, with the measures of dp-mobility-report's benchmark (SMAPE, Kullback–Leibler and Jensen–Shannon divergences, earth mover's distance). Lower is more similar.&lt;/p&gt;</source>
      <translation>&lt;p&gt;La similarité de deux rapports de mobilité, statistique par statistique, avec les mesures du banc d'essai de dp-mobility-report (SMAPE, divergences de Kullback–Leibler et de Jensen–Shannon, distance du terrassier). Plus bas signifie plus semblable.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Adds no noise and spends no budget. When either input holds statistics of the raw data, the comparison measures the raw data too: its report and table are marked INTERNAL and must not be published.&lt;/p&gt;</source>
      <translation>&lt;p&gt;N'ajoute aucun bruit et ne dépense aucun budget. Lorsque l'une des entrées contient des statistiques des données brutes, la comparaison mesure aussi les données brutes : son rapport et sa table sont marqués INTERNES et ne doivent pas être publiés.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;How similar two mobility reports are, statistic by statistic, with the measures of dp-mobility-report's benchmark: SMAPE of the counts (symmetric, in [0, 1]: |a − b| / (|a| + |b|) averaged over values, 0 where both are 0), Kullback–Leibler and Jensen–Shannon divergence (base 2) of histograms as distributions, the earth mover's distance (metres, between zone centroids) of the visits per zone, and SMAPE of the quartiles. Lower is more similar.&lt;/p&gt;</source>
      <translation>&lt;p&gt;À quel point deux rapports de mobilité se ressemblent, statistique par statistique, avec les mesures du banc d'essai de dp-mobility-report : SMAPE des comptages (symétrique, dans [0, 1] : |a − b| / (|a| + |b|) moyenné sur les valeurs, 0 là où les deux valent 0), divergences de Kullback–Leibler et de Jensen–Shannon (base 2) des histogrammes vus comme des distributions, la distance du cantonnier (earth mover's distance, en mètres, entre centroïdes de zones) des visites par zone, et SMAPE des quartiles. Plus c'est bas, plus ils se ressemblent.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;First&lt;/b&gt; / &lt;b&gt;second report&lt;/b&gt;: the statistics JSON files written by the private mobility report (two periods, two ε), or its statistics of the raw data (the internal JSON) to measure the utility of a private report. Both must use the same zones and bins.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Premier&lt;/b&gt; / &lt;b&gt;second rapport&lt;/b&gt; : les fichiers JSON de statistiques écrits par le rapport de mobilité privé (deux périodes, deux ε), ou ses statistiques des données brutes (le JSON interne) pour mesurer l'utilité d'un rapport privé. Les deux doivent utiliser les mêmes zones et les mêmes classes.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>One row per statistic: how similar the two reports are by each measure.</source>
      <translation>Une ligne par statistique : la similarité des deux rapports selon chaque mesure.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Builds cells that follow the density of a sample of points (Pratesi 2012, §5.2): small cells where points are dense, large where they are sparse, clipped to the study area.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Construit des cellules qui suivent la densité d'un échantillon de points (Pratesi 2012, §5.2) : petites là où les points sont denses, grandes là où ils sont rares, découpées à la zone d'étude.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: not differentially private: the cells disclose where the sample points lie. Use a public or historical sample, not the data you will release with these cells.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : pas de confidentialité différentielle : les cellules révèlent où se trouvent les points de l'échantillon. Utilisez un échantillon public ou historique, pas les données que vous publierez avec ces cellules.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Builds cells that follow the density of a sample of points (Pratesi 2012, §5.2, after Andrienko &amp;amp; Andrienko 2011): the points are grouped so that each joins a group whose centre lies within the maximum radius R; groups holding at least N points are grouped again with half the radius, down to the minimum radius r. The group centres seed Voronoi cells clipped to the study area: large cells where points are sparse, small cells where they are dense. It is computed in one metric frame from the study area (or the points without one); the output is in that layer's CRS.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Construit des cellules qui suivent la densité d'un échantillon de points (Pratesi 2012, §5.2, d'après Andrienko &amp;amp; Andrienko 2011) : les points sont regroupés de sorte que chacun rejoigne un groupe dont le centre est à moins du rayon maximal R ; les groupes d'au moins N points sont regroupés à nouveau avec un rayon moitié, jusqu'au rayon minimal r. Les centres des groupes servent de germes à des cellules de Voronoï découpées par la zone d'étude : de grandes cellules là où les points sont rares, de petites là où ils sont denses. Le calcul se fait dans un repère métrique unique tiré de la zone d'étude (ou des points en son absence) ; la sortie est dans le SCR de cette couche.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: no noise is added and this is &lt;b&gt;not&lt;/b&gt; differentially private. The seeds are averages of the sample points and the point counts are exact, so the cells disclose where the sample points lie. Use a public or historical sample, not the private data you will release with these cells.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : aucun bruit n'est ajouté et ce n'est &lt;b&gt;pas&lt;/b&gt; différentiellement privé. Les germes sont des moyennes des points de l'échantillon et les comptages de points sont exacts, donc les cellules révèlent où se trouvent les points de l'échantillon. Utilisez un échantillon public ou historique, pas les données privées que vous publierez avec ces cellules.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Sample points&lt;/b&gt;: point layer (multipoints count one point per part; features without geometry are skipped). Points are grouped in the layer's order.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Points d'échantillon&lt;/b&gt; : couche de points (les multipoints comptent un point par partie ; les entités sans géométrie sont ignorées). Les points sont regroupés dans l'ordre de la couche.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Maximum radius R&lt;/b&gt; and &lt;b&gt;minimum radius r&lt;/b&gt; (metres, 0 &amp;lt; r ≤ R): size of the largest and smallest groups. The thesis used R = 10 km, r = 500 m.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Rayon maximal R&lt;/b&gt; et &lt;b&gt;rayon minimal r&lt;/b&gt; (mètres, 0 &amp;lt; r ≤ R) : taille des groupes les plus grands et les plus petits. La thèse utilisait R = 10 km, r = 500 m.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Minimum points N to subdivide&lt;/b&gt;: a group with at least N points is split further (thesis: 80).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Nombre minimal de points N pour subdiviser&lt;/b&gt; : un groupe d'au moins N points est découpé à nouveau (thèse : 80).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Study area&lt;/b&gt; (optional): polygon layer whose features, dissolved, form the area to tessellate; any CRS. An invalid polygon is repaired (and reported); empty or null areas are refused. Without it the area is the points' convex hull grown by the &lt;b&gt;buffer distance&lt;/b&gt; (metres; must be &amp;gt; 0 when the points are fewer than 3 or collinear).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Zone d'étude&lt;/b&gt; (facultative) : couche de polygones dont les entités, fusionnées, forment la zone à paver ; n'importe quel SCR. Un polygone invalide est réparé (et signalé) ; les zones vides ou nulles sont refusées. Sans elle, la zone est l'enveloppe convexe des points agrandie de la &lt;b&gt;distance de tampon&lt;/b&gt; (mètres ; doit être &amp;gt; 0 quand il y a moins de 3 points ou qu'ils sont alignés).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Output&lt;/b&gt;: cells with cell_id, seed_x/seed_y (the seed in the output CRS), point_count (sample points in the cell) and area_m2.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sortie&lt;/b&gt; : cellules avec cell_id, seed_x/seed_y (le germe dans le SCR de sortie), point_count (points de l'échantillon dans la cellule) et area_m2.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The cells built from the points, clipped to the study area, with their number of points.</source>
      <translation>Les cellules construites à partir des points, découpées à la zone d'étude, avec leur nombre de points.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Declares, once, a &lt;b&gt;population&lt;/b&gt; (the people a data owner protects) and its per-person policy in a privacy ledger: a total ε, δ over a horizon and caps per calendar week and month. Every release whose people the ledger recognises as this population's draws on it, whatever file, format, copy or weekly export it reads.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Déclare, une fois, une &lt;b&gt;population&lt;/b&gt; (les personnes qu'un détenteur de données protège) et sa politique par personne dans un registre de confidentialité : un ε, δ total sur un horizon et des plafonds par semaine et par mois civils. Chaque publication dont le registre reconnaît les personnes comme celles de cette population puise dans son budget, quels que soient le fichier, le format, la copie ou l'export hebdomadaire qu'elle lit.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: reads no data and publishes nothing. Keep the ledger file secret: it can tell whether an id is among a release's people.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : ne lit aucune donnée et ne publie rien. Gardez le fichier du registre secret : il peut dire si un identifiant fait partie des personnes d'une publication.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Declares, once, the people a data owner protects (a &lt;b&gt;population&lt;/b&gt;) and their per-person privacy policy in a privacy ledger; every release whose people the ledger recognises as this population's then draws on it, whatever file, format, copy or weekly export it reads. Nothing is read from any data and nothing is published.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Déclare, une fois, les personnes qu'un détenteur de données protège (une &lt;b&gt;population&lt;/b&gt;) et leur politique de confidentialité par personne dans un registre de confidentialité ; chaque publication dont le registre reconnaît les personnes comme celles de cette population puise ensuite dans son budget, quels que soient le fichier, le format, la copie ou l'export hebdomadaire qu'elle lit. Aucune donnée n'est lue et rien n'est publié.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy ledger&lt;/b&gt;: the JSON file the releases use (created if missing). &lt;b&gt;Keep it secret&lt;/b&gt;: it holds the key of its sketches of people beside keyed hashes of user ids, so whoever has it can test whether a given id is among a release's people. It is as sensitive as the list of ids.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Registre de confidentialité&lt;/b&gt; : le fichier JSON qu'utilisent les publications (créé s'il manque). &lt;b&gt;Gardez-le secret&lt;/b&gt; : il contient la clé de ses esquisses de personnes à côté d'empreintes à clé des identifiants d'utilisateurs, si bien que quiconque le détient peut tester si un identifiant donné fait partie des personnes d'une publication. Il est aussi sensible que la liste des identifiants.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Population&lt;/b&gt;: its name in the ledger. A release on a dataset new in the ledger joins it when the ledger finds at least 75 % of the dataset's people in it, or when the release names it in its parameter “Population in the ledger” (needed for a partial overlap, which is refused with its estimated share until a population is named, and for inputs without user ids, such as counts per zone). The name of a dataset already in the ledger makes that dataset this population's first member.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Population&lt;/b&gt; : son nom dans le registre. Une publication sur un jeu nouveau dans le registre la rejoint quand le registre y trouve au moins 75 % des personnes du jeu, ou quand la publication la nomme dans son paramètre « Population dans le registre » (nécessaire pour un recouvrement partiel, refusé avec sa part estimée tant qu'aucune population n'est nommée, et pour les entrées sans identifiants d'utilisateurs, comme des comptages par zone). Le nom d'un jeu déjà présent dans le registre fait de ce jeu le premier membre de la population.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Total ε / δ&lt;/b&gt;: what each person may lose, summed over every release of the population during the &lt;b&gt;horizon&lt;/b&gt; (a text stated with the policy, e.g. "per year 2026"). &lt;b&gt;ε per calendar week&lt;/b&gt; (ISO weeks, Monday to Sunday) and &lt;b&gt;ε per calendar month&lt;/b&gt; cap what the releases of one period may spend together; 0 means no cap. A release's period is its time window, else the dates of its data, else the day it runs; its first day decides its week and month.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;ε / δ total&lt;/b&gt; : ce que chaque personne peut perdre, additionné sur toutes les publications de la population pendant l'&lt;b&gt;horizon&lt;/b&gt; (un texte énoncé avec la politique, p. ex. « par an 2026 »). &lt;b&gt;ε par semaine civile&lt;/b&gt; (semaines ISO, du lundi au dimanche) et &lt;b&gt;ε par mois civil&lt;/b&gt; plafonnent ce que les publications d'une période peuvent dépenser ensemble ; 0 signifie aucun plafond. La période d'une publication est sa fenêtre temporelle, sinon les dates de ses données, sinon le jour où elle s'exécute ; son premier jour décide de sa semaine et de son mois.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Changing a policy&lt;/b&gt;: before any release drew on the population its policy may be replaced freely. Once anything was spent, only a tighter policy is accepted (a smaller total, the same horizon, the same caps or smaller ones, new caps): a looser one would give its people budget back. For a new horizon, declare a new population.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Changer une politique&lt;/b&gt; : tant qu'aucune publication n'a puisé dans la population, sa politique peut être remplacée librement. Dès qu'une dépense a eu lieu, seule une politique plus stricte est acceptée (un total plus petit, le même horizon, les mêmes plafonds ou de plus petits, de nouveaux plafonds) : une politique plus lâche rendrait du budget à ses personnes. Pour un nouvel horizon, déclarez une nouvelle population.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Output&lt;/b&gt;: the policy as written in the ledger.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sortie&lt;/b&gt; : la politique telle qu'écrite dans le registre.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The policy as written in the ledger (total, horizon and caps).</source>
      <translation>La politique telle qu'écrite dans le registre (total, horizon et plafonds).</translation>
    </message>
    <message>
      <source>&lt;p&gt;Estimates how the true points were distributed over a grid, from points perturbed with &lt;i&gt;Geo-indistinguishable perturbation&lt;/i&gt;, by the Iterative Bayesian Update (EM) of Alvim et al.: the maximum-likelihood distribution given the reports and the known mechanism. It only post-processes the reports: no privacy is spent and no ledger entry is written.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Estime comment les vrais points se répartissaient sur une grille, à partir de points perturbés par &lt;i&gt;Perturbation géo-indistinguable&lt;/i&gt;, par la mise à jour bayésienne itérative (EM) d'Alvim et al. : la distribution de vraisemblance maximale étant donnés les rapports et le mécanisme connu. Ce n'est qu'un post-traitement des rapports : aucune confidentialité n'est dépensée et aucune entrée n'est écrite dans le registre.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Perturbed points&lt;/b&gt;: the reports, in any CRS.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Points perturbés&lt;/b&gt; : les rapports, dans n'importe quel SCR.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Mechanism&lt;/b&gt;: the one the reports were made with (values below).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Mécanisme&lt;/b&gt; : celui avec lequel les rapports ont été produits (valeurs ci-dessous).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Epsilon&lt;/b&gt;: the ε per metre the reports were made with (plain ε for &lt;code&gt;krr&lt;/code&gt;). Continuous planar Laplace reports are binned to the grid and modelled with true points at cell centres.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Epsilon&lt;/b&gt; : l'ε par mètre avec lequel les rapports ont été produits (ε simple pour &lt;code&gt;krr&lt;/code&gt;). Les rapports du Laplace planaire continu sont ventilés sur la grille et modélisés avec des vrais points aux centres des cellules.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cell size&lt;/b&gt; and &lt;b&gt;grid extent&lt;/b&gt; (grid mechanisms): the grid of square cells, in metres. The extent is required and public: it is read in the CRS written after it (&lt;code&gt;xmin,xmax,ymin,ymax [EPSG:n]&lt;/code&gt;, or a layer's extent); a bare extent is in the input layer's CRS. A grid in metres is built in the extent's CRS when that is in metres, else in an azimuthal equidistant projection centred on the extent. The same extent and cell size give the same grid in &lt;i&gt;Estimate distribution from perturbed points&lt;/i&gt;, whatever the layers' CRSs.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Taille de cellule&lt;/b&gt; et &lt;b&gt;emprise de la grille&lt;/b&gt; (mécanismes sur grille) : la grille de cellules carrées, en mètres. L'emprise est obligatoire et publique : elle est lue dans le SCR écrit après elle (&lt;code&gt;xmin,xmax,ymin,ymax [EPSG:n]&lt;/code&gt;, ou l'emprise d'une couche) ; une emprise sans SCR est dans le SCR de la couche en entrée. Une grille en mètres est construite dans le SCR de l'emprise lorsqu'il est en mètres, sinon dans une projection azimutale équidistante centrée sur l'emprise. La même emprise et la même taille de cellule donnent la même grille dans &lt;i&gt;Estimer la distribution à partir de points perturbés&lt;/i&gt;, quels que soient les SCR des couches.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Boundary rule&lt;/b&gt; (grid mechanisms): what happens to the probability of reports outside the grid (values below).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Règle de bord&lt;/b&gt; (mécanismes sur grille) : ce que devient la probabilité des rapports hors de la grille (valeurs ci-dessous).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;For planar Laplace reports the extent may be left empty: the grid then covers the reports (which are public). If more than 5 % of the reports lie outside the grid the log and report warn; above 50 % the run is refused unless &lt;b&gt;allow points outside&lt;/b&gt; is ticked (an extent in the wrong units, e.g. degrees read as metres).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Pour des rapports du Laplace planaire, l'emprise peut rester vide : la grille couvre alors les rapports (qui sont publics). Si plus de 5 % des rapports sont hors de la grille, le journal et le rapport avertissent ; au-delà de 50 %, l'exécution est refusée sauf si &lt;b&gt;autoriser des points hors zone&lt;/b&gt; est coché (une emprise dans de mauvaises unités, p. ex. des degrés lus comme des mètres).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Iterations&lt;/b&gt; and &lt;b&gt;tolerance&lt;/b&gt;: EM stops after that many iterations or when the estimate changes by less than the tolerance (L1). Large grids use FFT convolutions.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Itérations&lt;/b&gt; et &lt;b&gt;tolérance&lt;/b&gt; : l'EM s'arrête après ce nombre d'itérations ou lorsque l'estimation varie de moins que la tolérance (L1). Les grandes grilles utilisent des convolutions par FFT.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Output: grid polygons with the number of reports, the estimated count and probability, the raw report share and, for &lt;code&gt;krr&lt;/code&gt;, the matrix-inversion baseline.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Sortie : polygones de la grille avec le nombre de rapports, le comptage et la probabilité estimés, la part brute des rapports et, pour &lt;code&gt;krr&lt;/code&gt;, la référence par inversion de matrice.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The most EM iterations run before stopping (it stops earlier when the estimate changes by less than the tolerance).</source>
      <translation>Le nombre maximal d'itérations EM (l'algorithme s'arrête plus tôt quand l'estimation change de moins que la tolérance).</translation>
    </message>
    <message>
      <source>The grid cells with the number of reports and the estimated number and share of true points in each.</source>
      <translation>Les cellules de la grille avec le nombre de signalements et le nombre et la part estimés de vrais points dans chacune.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Network measures of a flow graph (Pratesi 2012 §5.3): per zone its flow, degree, clustering coefficient, betweenness and community; per link its flow and betweenness; mobility borders as Louvain communities.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Mesures de réseau d'un graphe de flux (Pratesi 2012 §5.3) : par zone son flux, son degré, son coefficient de regroupement, son intermédiarité et sa communauté ; par lien son flux et son intermédiarité ; des frontières de mobilité comme communautés de Louvain.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: adds no noise and spends no budget; on a private flow layer the measures are post-processing of the release.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : n'ajoute aucun bruit et ne dépense aucun budget ; sur une couche de flux privée, les mesures sont un post-traitement de la publication.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Network measures of a flow graph (Pratesi 2012 §5.3): zones are nodes, a positive flow is a directed edge. Per zone: flow in + out, degree (neighbours joined by a positive flow), clustering coefficient, node betweenness (shortest paths by hops) and the mobility-border community; per link: flow and edge betweenness. Mobility borders (§5.3.2): Louvain communities of the graph weighted by the flows in both directions, dissolved into one polygon per community.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Mesures de réseau d'un graphe de flux (Pratesi 2012 §5.3) : les zones sont les nœuds, un flux positif est une arête orientée. Par zone : flux entrant + sortant, degré (voisins reliés par un flux positif), coefficient de clustering, intermédiarité des nœuds (plus courts chemins en nombre de sauts) et communauté de frontière de mobilité ; par lien : flux et intermédiarité de l'arête. Frontières de mobilité (§5.3.2) : communautés de Louvain du graphe pondéré par les flux dans les deux sens, fusionnées en un polygone par communauté.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Flows&lt;/b&gt;: flow lines, e.g. the output of &lt;i&gt;Aggregate flows with noise&lt;/i&gt;.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Flux&lt;/b&gt; : lignes de flux, p. ex. la sortie de &lt;i&gt;Agréger des flux avec bruit&lt;/i&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The zones with their flow in + out, degree, clustering coefficient, betweenness and community.</source>
      <translation>Les zones avec leur flux entrant + sortant, degré, coefficient de regroupement, intermédiarité et communauté.</translation>
    </message>
    <message>
      <source>The links with a positive flow, with the flow and the edge betweenness.</source>
      <translation>Les liens de flux positif, avec le flux et l'intermédiarité de l'arête.</translation>
    </message>
    <message>
      <source>One polygon per community of zones (the mobility borders).</source>
      <translation>Un polygone par communauté de zones (les frontières de mobilité).</translation>
    </message>
    <message>
      <source>&lt;p&gt;Generates synthetic mobility data on a real geography (call data records, vehicle trajectories, check-ins), so that every stage of Mobility DP can be tried without private data.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Génère des données de mobilité synthétiques sur une géographie réelle (relevés d'appels, trajectoires de véhicules, check-ins), pour essayer chaque étape de Mobility DP sans données privées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: no private data is read and nothing is spent: the output is synthetic.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : aucune donnée privée n'est lue et rien n'est dépensé : la sortie est synthétique.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Generates synthetic mobility data on a real geography, so that every stage of Mobility DP can be tried without private data: phone call data records (CDR), GPS trajectories of vehicles and check-ins at venues. Users live in census zones drawn by population, work in places drawn by a gravity model with jobs concentrated in the centre, commute on weekdays, go out in the evening and at weekends and are home at night. Phone activity follows a daily and weekly profile (quiet around 04:00) with a heavy-tailed activity level per user, calibrated to the Orange Paris week of Acs &amp;amp; Castelluccia (KDD 2014). Every event is at the tower nearest to the user. The output is synthetic: it holds no information about real people.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Génère des données de mobilité synthétiques sur une géographie réelle, pour que chaque étape de Mobility DP puisse être essayée sans données privées : enregistrements d'appels téléphoniques (CDR), trajectoires GPS de véhicules et check-ins dans des lieux. Les utilisateurs habitent des zones de recensement tirées selon la population, travaillent dans des lieux tirés par un modèle gravitaire avec des emplois concentrés au centre, font la navette les jours ouvrés, sortent le soir et le week-end et sont chez eux la nuit. L'activité téléphonique suit un profil quotidien et hebdomadaire (calme vers 04:00) avec un niveau d'activité à queue lourde par utilisateur, calibré sur la semaine Orange à Paris d'Acs &amp;amp; Castelluccia (KDD 2014). Chaque événement a lieu à l'antenne la plus proche de l'utilisateur. La sortie est synthétique : elle ne contient aucune information sur des personnes réelles.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Towers&lt;/b&gt;: point layer of the antennas; &lt;b&gt;tower id field&lt;/b&gt; (optional, default the feature id) names them in the CDR table.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Antennes&lt;/b&gt; : couche de points des antennes ; le &lt;b&gt;champ d'identifiant d'antenne&lt;/b&gt; (facultatif, par défaut l'identifiant d'entité) les nomme dans la table des CDR.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Census zones&lt;/b&gt;: polygon layer with a &lt;b&gt;population field&lt;/b&gt;; homes are drawn in proportion to it. Any CRS: geographic layers are computed in a local metric projection and the outputs are written in the census layer's CRS.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Zones de recensement&lt;/b&gt; : couche de polygones avec un &lt;b&gt;champ de population&lt;/b&gt; ; les domiciles sont tirés proportionnellement à celui-ci. N'importe quel SCR : les couches géographiques sont calculées dans une projection métrique locale et les sorties sont écrites dans le SCR de la couche de recensement.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Number of users&lt;/b&gt;, &lt;b&gt;days&lt;/b&gt; and &lt;b&gt;start&lt;/b&gt; (a midnight, ISO 8601, UTC) of the period.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Nombre d'utilisateurs&lt;/b&gt;, &lt;b&gt;jours&lt;/b&gt; et &lt;b&gt;début&lt;/b&gt; (un minuit, ISO 8601, UTC) de la période.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Phone activity&lt;/b&gt;: the paper's figures disagree, so three calibrations are offered, in mean visits (distinct user, tower, hour) per user and week: 7.6 (mean IRIS count of 91, the figure its utility results were measured on; default), 13.55 (its text) and 68.9 (K/N).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Activité téléphonique&lt;/b&gt; : les chiffres de l'article sont incohérents, trois calibrages sont donc proposés, en visites moyennes (utilisateur, antenne, heure distincts) par utilisateur et par semaine : 7,6 (comptage IRIS moyen de 91, le chiffre sur lequel ses résultats d'utilité ont été mesurés ; par défaut), 13,55 (son texte) et 68,9 (K/N).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Vehicles&lt;/b&gt; (0 = none): GPS trajectories of this many vehicles, one point every 30–180 s with 10 m GPS noise, about 3.7 trips per vehicle and day as in Pratesi's Pisa data.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Véhicules&lt;/b&gt; (0 = aucun) : trajectoires GPS de ce nombre de véhicules, un point toutes les 30 à 180 s avec un bruit GPS de 10 m, environ 3,7 trajets par véhicule et par jour comme dans les données de Pise de Pratesi.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Check-in users&lt;/b&gt; and &lt;b&gt;venues&lt;/b&gt; (0 = none): about 5 check-ins per user at venues drawn by density, nearer home more likely.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Utilisateurs de check-ins&lt;/b&gt; et &lt;b&gt;lieux&lt;/b&gt; (0 = aucun) : environ 5 check-ins par utilisateur dans des lieux tirés selon la densité, plus probablement près du domicile.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Seed&lt;/b&gt;: the same seed gives the same data; empty draws a fresh one.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Graine&lt;/b&gt; : la même graine donne les mêmes données ; vide en tire une nouvelle.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the CDR table (user_id, tower_id, time in UTC, epoch seconds; no geometry), trajectory points (vehicle_id, trip_id, time) and check-in points (user_id, venue_id).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties&lt;/b&gt; : la table des CDR (user_id, tower_id, heure en UTC, secondes epoch ; sans géométrie), les points de trajectoires (vehicle_id, trip_id, time) et les points de check-in (user_id, venue_id).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The synthetic call data records: one event per row, with its user, tower and time.</source>
      <translation>Les relevés d'appels synthétiques : un événement par ligne, avec son utilisateur, son antenne et son heure.</translation>
    </message>
    <message>
      <source>The synthetic GPS points of the vehicles, with their vehicle, trip and time.</source>
      <translation>Les points GPS synthétiques des véhicules, avec leur véhicule, leur trajet et leur heure.</translation>
    </message>
    <message>
      <source>The synthetic check-ins at venues, one point per check-in, with its user and time.</source>
      <translation>Les check-ins synthétiques dans des lieux, un point par check-in, avec son utilisateur et son heure.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Takes two partitions of the same area, A (e.g. tower cells) and B (e.g. census cells), and computes the overlap weights of every pair of cells (Formula 1 of Acs &amp;amp; Castelluccia, KDD 2014) and the smallest set of cells covering every overlap (§5.2), as the density stage uses them.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Prend deux partitions d'une même zone, A (p. ex. les cellules d'antennes) et B (p. ex. les cellules de recensement), et calcule les poids de chevauchement de chaque paire de cellules (formule 1 d'Acs &amp;amp; Castelluccia, KDD 2014) et le plus petit ensemble de cellules qui couvre chaque chevauchement (§5.2), tels que l'étape de densité les utilise.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: no noise is added; the result depends on the cell geometries only.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : aucun bruit n'est ajouté ; le résultat ne dépend que des géométries des cellules.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Takes two partitions of the same area, A (e.g. tower cells) and B (e.g. IRIS census cells), and computes (Acs &amp;amp; Castelluccia, KDD 2014): the overlap of every pair of cells with the area-proportional weight w(a, b) = |a ∩ b| / |a| of their Formula (1), which maps counts of A to B, and the smallest set of cells from A and B that covers every overlap (§5.2, Theorem 5: a minimum vertex cover of the overlap graph, found through König's theorem from a maximum bipartite matching). The density stage perturbs the counts of the cover cells.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Prend deux partitions de la même zone, A (p. ex. les cellules des antennes) et B (p. ex. les mailles IRIS du recensement), et calcule (Acs &amp;amp; Castelluccia, KDD 2014) : le chevauchement de chaque paire de cellules avec le poids proportionnel à la surface w(a, b) = |a ∩ b| / |a| de leur formule (1), qui transpose les comptages de A vers B, et le plus petit ensemble de cellules de A et B qui couvre chaque chevauchement (§5.2, théorème 5 : une couverture minimale par sommets du graphe des chevauchements, obtenue par le théorème de König à partir d'un couplage biparti maximal). L'étape de densité perturbe les comptages des cellules de la couverture.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Partition A&lt;/b&gt; and &lt;b&gt;partition B&lt;/b&gt;: polygon layers, each in any CRS (both are read into one metric frame from A: its CRS if in metres, else a local azimuthal projection; the outputs are in A's CRS). Layers that do not overlap at all (often a wrong CRS) are refused. Each layer follows the rule of every Mobility DP algorithm that reads zones: invalid polygons are repaired (make_valid) and counted in the log; overlaps within a layer up to 0.1 % of its area (slivers) go to the first polygon, larger ones are refused; a layer needs two polygons or more; features without geometry are refused. Gaps between the layers are reported as warnings, because the result is then not the paper's cover.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Partition A&lt;/b&gt; et &lt;b&gt;partition B&lt;/b&gt; : couches de polygones, chacune dans n'importe quel SCR (les deux sont lues dans un repère métrique unique tiré de A : son SCR s'il est en mètres, sinon une projection azimutale locale ; les sorties sont dans le SCR de A). Les couches qui ne se chevauchent pas du tout (souvent un mauvais SCR) sont refusées. Chaque couche suit la règle de tous les algorithmes de Mobility DP qui lisent des zones : les polygones invalides sont réparés (make_valid) et comptés dans le journal ; les chevauchements dans une couche jusqu'à 0,1 % de sa surface (des liserés) vont au premier polygone, les plus grands sont refusés ; une couche doit avoir au moins deux polygones ; les entités sans géométrie sont refusées. Les trous entre les couches sont signalés par des avertissements, car le résultat n'est alors pas la couverture de l'article.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Id field A / B&lt;/b&gt; (optional): unique cell identifiers written to the outputs; default the feature id.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champ d'identifiant A / B&lt;/b&gt; (facultatif) : identifiants de cellule uniques écrits dans les sorties ; par défaut l'identifiant d'entité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Minimum overlap area&lt;/b&gt; (m²) and &lt;b&gt;minimum overlap fraction&lt;/b&gt; (of the smaller of the two cells, in [0, 1)): overlaps at or below these sliver tolerances are not edges of the graph and get no weight. Pairs that only touch along a border never count.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Surface minimale de chevauchement&lt;/b&gt; (m²) et &lt;b&gt;fraction minimale de chevauchement&lt;/b&gt; (de la plus petite des deux cellules, dans [0, 1)) : les chevauchements inférieurs ou égaux à ces tolérances d'éclats ne sont pas des arêtes du graphe et ne reçoivent aucun poids. Les paires qui ne se touchent que le long d'une frontière ne comptent jamais.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the cover layer (cells of A and B in the cover, with source "A" or "B", cell_id and area_m2, in A's CRS), the overlap table (a_id, b_id, overlap_m2, weight_a_to_b) that the density stage reuses, and a report with |A|, |B|, the number of overlaps |E|, the cover size |C|, the check that every overlap is covered and the area of each layer not covered by the other.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties&lt;/b&gt; : la couche de couverture (cellules de A et B dans la couverture, avec source « A » ou « B », cell_id et area_m2, dans le SCR de A), la table des chevauchements (a_id, b_id, overlap_m2, weight_a_to_b) que réutilise l'étape de densité, et un rapport avec |A|, |B|, le nombre de chevauchements |E|, la taille de la couverture |C|, la vérification que chaque chevauchement est couvert et la surface de chaque couche non couverte par l'autre.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The cells of A and B in the minimum cover, with their source ("A" or "B"), id and area.</source>
      <translation>Les cellules de A et B de la couverture minimale, avec leur source (« A » ou « B »), leur identifiant et leur surface.</translation>
    </message>
    <message>
      <source>Every pair of overlapping cells with its overlap area and the weight |a ∩ b| / |a| that maps counts of A to B.</source>
      <translation>Chaque paire de cellules qui se chevauchent, avec la surface commune et le poids |a ∩ b| / |a| qui reporte les comptages de A sur B.</translation>
    </message>
    <message>
      <source>&lt;p&gt;One differentially private release of many statistics of a trips layer over zones, as dp-mobility-report: visits per zone, OD flows, trips over time, trip length and duration, trips per user and more. Each statistic gets its weight's share of ε; the ledger is charged once.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Une publication différentiellement confidentielle de nombreuses statistiques d'une couche de trajets sur des zones, comme dp-mobility-report : visites par zone, flux OD, trajets dans le temps, longueur et durée des trajets, trajets par utilisateur, etc. Chaque statistique reçoit la part de ε de son poids ; le registre est débité une fois.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one user, with all their trips in the time window.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Unité de confidentialité&lt;/b&gt; : un utilisateur, avec tous ses trajets dans la fenêtre de temps.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;One differentially private release of many statistics of a trips layer over zones, in the manner of dp-mobility-report: visits per zone and time window, OD flows, trips over time (weekday × hour, and per day when a time window is set), trip length, travel time, trips per user, radius of gyration, zones per user, mobility entropy and time between trips. Each statistic with a &lt;b&gt;weight&lt;/b&gt; &amp;gt; 0 gets the share weight / (sum of weights) of ε, and noise calibrated to its sensitivity for one user, derived from m and the public bins (e.g. 2m for visits, m for OD flows and trip histograms, 1 for one value per user). The parts of the cost add up to ε; the ledger is charged once.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Une publication différentiellement privée unique de nombreuses statistiques d'une couche de trajets sur des zones, à la manière de dp-mobility-report : visites par zone et fenêtre de temps, flux OD, trajets dans le temps (jour de la semaine × heure, et par jour lorsqu'une fenêtre de temps est définie), longueur des trajets, durée des trajets, trajets par utilisateur, rayon de giration, zones par utilisateur, entropie de mobilité et temps entre trajets. Chaque statistique de &lt;b&gt;poids&lt;/b&gt; &amp;gt; 0 reçoit la part poids / (somme des poids) de ε, et un bruit calibré sur sa sensibilité pour un utilisateur, déduite de m et des classes publiques (p. ex. 2m pour les visites, m pour les flux OD et les histogrammes de trajets, 1 pour une valeur par utilisateur). Les parties du coût s'additionnent en ε ; le registre est débité une seule fois.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Outputs: the HTML &lt;b&gt;report&lt;/b&gt; with plots, every value's 95 % margin of error and quartiles read from the noisy histograms; the &lt;b&gt;statistics&lt;/b&gt; as JSON (public, for the report comparison); &lt;b&gt;visits per zone&lt;/b&gt; as a styled polygon layer, &lt;b&gt;OD flow lines&lt;/b&gt; between zone centroids (the flows above the simultaneous 95 % margin over all pairs, as in OD flows of trips); optionally the &lt;b&gt;statistics of the raw data&lt;/b&gt; (JSON marked internal: never publish it; it is for comparing with the private report).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Sorties : le &lt;b&gt;rapport&lt;/b&gt; HTML avec des graphiques, la marge d'erreur à 95 % de chaque valeur et des quartiles lus dans les histogrammes bruités ; les &lt;b&gt;statistiques&lt;/b&gt; en JSON (publiques, pour la comparaison de rapports) ; les &lt;b&gt;visites par zone&lt;/b&gt; en couche de polygones symbolisée, des &lt;b&gt;lignes de flux OD&lt;/b&gt; entre les centroïdes des zones (les flux au-dessus de la marge simultanée à 95 % sur toutes les paires, comme dans Flux OD des trajets) ; en option les &lt;b&gt;statistiques des données brutes&lt;/b&gt; (JSON marqué interne : ne le publiez jamais ; il sert à comparer avec le rapport privé).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Trips&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Trajets&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Trips&lt;/b&gt;: one of three layouts. &lt;i&gt;Lines&lt;/i&gt;: one line per trip; the trip goes from its first to its last vertex, its length is the line's length, its times come from the start and end time fields or else from the M values of the first and last vertex. &lt;i&gt;Points&lt;/i&gt;: GPS fixes with a &lt;b&gt;trip id&lt;/b&gt; field and a &lt;b&gt;time&lt;/b&gt; field; a trip goes from its first to its last fix (by time) and its length is the sum of the straight segments between fixes. &lt;i&gt;Table&lt;/i&gt; (no geometry): the &lt;b&gt;origin x / y&lt;/b&gt; and &lt;b&gt;destination x / y&lt;/b&gt; fields in the &lt;b&gt;CRS of the coordinate fields&lt;/b&gt;; the length is the straight distance. Times are date-times, ISO 8601 text (naive = UTC; also GDAL's YYYY/MM/DD hh:mm:ss) or epoch seconds.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Trajets&lt;/b&gt; : l'une de trois structures. &lt;i&gt;Lignes&lt;/i&gt; : une ligne par trajet ; le trajet va de son premier à son dernier sommet, sa longueur est celle de la ligne, ses heures viennent des champs d'heure de début et de fin ou sinon des valeurs M du premier et du dernier sommet. &lt;i&gt;Points&lt;/i&gt; : relevés GPS avec un champ d'&lt;b&gt;identifiant de trajet&lt;/b&gt; et un champ d'&lt;b&gt;horodatage&lt;/b&gt; ; un trajet va de son premier à son dernier relevé (dans l'ordre du temps) et sa longueur est la somme des segments droits entre relevés. &lt;i&gt;Table&lt;/i&gt; (sans géométrie) : les champs &lt;b&gt;x / y d'origine&lt;/b&gt; et &lt;b&gt;x / y de destination&lt;/b&gt; dans le &lt;b&gt;SCR des champs de coordonnées&lt;/b&gt; ; la longueur est la distance en ligne droite. Les heures sont des dates-heures, du texte ISO 8601 (sans fuseau = UTC ; aussi AAAA/MM/JJ hh:mm:ss de GDAL) ou des secondes epoch.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;User field&lt;/b&gt;: identifies the person (or vehicle) whose trips are protected together: the unit of privacy. It must not be a per-trip key such as the feature id: a field that gives every trip its own user is refused.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champ utilisateur&lt;/b&gt; : identifie la personne (ou le véhicule) dont les trajets sont protégés ensemble : l'unité de confidentialité. Ce ne doit pas être une clé par trajet comme l'identifiant d'entité : un champ qui donne à chaque trajet son propre utilisateur est refusé.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Zones&lt;/b&gt;: any polygon layer (census areas, districts, a grid). It is public: its CRS defines the metric frame of the run, and every other layer is reprojected to it. Trips that start or end outside every zone are dropped and counted (a warning above 5 %, a refusal when none is left). &lt;b&gt;Zone id field&lt;/b&gt; (optional; default the feature id) names the zones in the outputs.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Zones&lt;/b&gt; : n'importe quelle couche de polygones (zones de recensement, quartiers, une grille). Elle est publique : son SCR définit le repère métrique de l'exécution, et toutes les autres couches y sont reprojetées. Les trajets qui commencent ou finissent hors de toute zone sont écartés et comptés (un avertissement au-delà de 5 %, un refus lorsqu'il n'en reste aucun). Le &lt;b&gt;champ d'identifiant de zone&lt;/b&gt; (facultatif ; par défaut l'identifiant d'entité) nomme les zones dans les sorties.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; / &lt;b&gt;end&lt;/b&gt; (UTC): the time window; only trips that start and end inside it count (trips without times are then dropped). Flows and reports take every trip when it is empty; synthetic trips need it, since their dates are drawn inside it.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Début&lt;/b&gt; / &lt;b&gt;fin&lt;/b&gt; (UTC) : la fenêtre temporelle ; seuls les trajets qui commencent et finissent à l'intérieur comptent (les trajets sans heures sont alors écartés). Les flux et les rapports prennent tous les trajets quand elle est vide ; les trajets synthétiques en ont besoin, car leurs dates y sont tirées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Maximum trips per user (m)&lt;/b&gt;: a public bound. Each user keeps at most m of their trips in the window, chosen uniformly at random, so that one user changes every count by at most m. It is never derived from the data (a bound taken from the data would itself leak). Larger m keeps more trips of busy users but needs more noise.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Nombre maximal de trajets par utilisateur (m)&lt;/b&gt; : une borne publique. Chaque utilisateur garde au plus m de ses trajets dans la fenêtre, tirés uniformément au hasard, de sorte qu'un utilisateur modifie chaque comptage d'au plus m. Elle n'est jamais déduite des données (une borne tirée des données fuiterait elle-même). Un m plus grand garde davantage de trajets des utilisateurs actifs mais exige plus de bruit.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Bounded trips from Spark&lt;/b&gt; (instead of trips): the output directory of &lt;code&gt;scripts/spark-bound trips&lt;/code&gt;, which read the trips on a Spark cluster, placed them in the zones and wrote small tables: trips per pair with each user's trips bounded to m by a keyed hash (a uniformly random m-subset, as here), people per main pair (ordered and unordered) and the number of users by trips. The trips are then not read. The zones and zone id field must be those the job was given, m must be the job's (for trips per pair), and a time window set here must be the job's (left empty, the job's is used); the release is refused otherwise. The ledger charges the dataset id the job recorded (that of its trips file: the same budget as reading the file here), and the report states that the bounding ran on Spark and how.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Trajets bornés issus de Spark&lt;/b&gt; (au lieu des trajets) : le répertoire de sortie de &lt;code&gt;scripts/spark-bound trips&lt;/code&gt;, qui a lu les trajets sur un cluster Spark, les a placés dans les zones et a écrit de petites tables : les trajets par paire, les trajets de chaque utilisateur étant bornés à m par un hachage à clé (un sous-ensemble de m trajets tiré uniformément, comme ici), les personnes par paire principale (orientée et non orientée) et le nombre d'utilisateurs par nombre de trajets. Les trajets ne sont alors pas lus. Les zones et le champ d'identifiant de zone doivent être ceux donnés au traitement, m doit être celui du traitement (pour les trajets par paire), et une fenêtre temporelle indiquée ici doit être celle du traitement (laissée vide, celle du traitement est utilisée) ; sinon la publication est refusée. Le registre impute l'identifiant de jeu de données que le traitement a enregistré (celui de son fichier de trajets : le même budget que si le fichier était lu ici), et le rapport indique que le bornage a été fait sur Spark et comment.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;From bounded trips the report releases every statistic with the same noise and cost as from the trips: the Spark job computed each one's true counts over the same ≤ m trips per user as its OD table, with the public &lt;b&gt;bins&lt;/b&gt; it was given (its options &lt;code&gt;--time-windows&lt;/code&gt;, &lt;code&gt;--length-bins&lt;/code&gt;, &lt;code&gt;--travel-time-bins&lt;/code&gt;, &lt;code&gt;--gyration-bins&lt;/code&gt;, &lt;code&gt;--gap-bins&lt;/code&gt;, &lt;code&gt;--entropy-bins&lt;/code&gt;; defaults as here) and its time window (trips per day). The bins here must be the job's and m the job's: the run is refused otherwise, before anything is charged. Trip length and radius of gyration need a metric frame on the Spark side (&lt;code&gt;--frame-crs&lt;/code&gt;, or zones in a projected CRS in metres), the statistics of time need trip times, and trips per day the job's time window (set here too): a statistic the tables lack is refused with the reason (set its weight to 0). Tables of an older job (format /2) hold only OD flows and trips per user.&lt;/p&gt;</source>
      <translation>&lt;p&gt;À partir de trajets bornés, le rapport publie toutes les statistiques avec le même bruit et le même coût qu'à partir des trajets : la tâche Spark a calculé leurs comptes exacts sur les mêmes ≤ m trajets par utilisateur que sa table OD, avec les &lt;b&gt;classes&lt;/b&gt; publiques qu'on lui a données (ses options &lt;code&gt;--time-windows&lt;/code&gt;, &lt;code&gt;--length-bins&lt;/code&gt;, &lt;code&gt;--travel-time-bins&lt;/code&gt;, &lt;code&gt;--gyration-bins&lt;/code&gt;, &lt;code&gt;--gap-bins&lt;/code&gt;, &lt;code&gt;--entropy-bins&lt;/code&gt; ; par défaut celles d'ici) et sa fenêtre temporelle (trajets par jour). Les classes d'ici doivent être celles de la tâche, et m celui de la tâche : sinon l'exécution est refusée, avant toute imputation. La longueur des trajets et le rayon de giration demandent un repère métrique côté Spark (&lt;code&gt;--frame-crs&lt;/code&gt;, ou des zones dans un SCR projeté en mètres), les statistiques de temps demandent les heures des trajets, et les trajets par jour la fenêtre temporelle de la tâche (indiquée ici aussi) : une statistique absente des tables est refusée avec la raison (mettez son poids à 0). Les tables d'une tâche plus ancienne (format /2) ne contiennent que les flux OD et les trajets par utilisateur.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;OD flows and visits: methods&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Flux OD et visites : méthodes&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;OD method&lt;/b&gt;: as in OD flows of trips (below); people per pair are published as trips per ordered pair (people × the trips per person of the trip scale, an unordered pair split evenly between its directions). &lt;b&gt;Visits method&lt;/b&gt;: &lt;i&gt;shrunk&lt;/i&gt; (default) counts the trip ends of the sampled trips (each user ≤ m trips, sensitivity 2m), adds the noise, then shrinks each zone's total over the time windows towards the mean of the zones by the share of the noise in their spread, and each zone's split over the windows towards the split of all zones (Fay–Herriot, no privacy cost) and scales them by the trip scale to estimate the visits of all trips up to M per user; &lt;i&gt;plain&lt;/i&gt; publishes the noisy counts of the sampled trips. The &lt;b&gt;trip scale&lt;/b&gt; (users, trips up to m and up to the &lt;b&gt;cap M&lt;/b&gt; per user, one noisy release) takes the &lt;b&gt;share of ε for the trip scale&lt;/b&gt; when either method uses it (more on few users, up to a quarter of ε): where the OD flows are people per pair and hold at least half of the weights, it comes out of their share (they cannot be published without it; the visits reuse it at no cost), otherwise every statistic gives its part by weight; the report names which. The OD flow lines' interval (lower95, upper95) holds each value and the scale's noise: it covers people × the true trips per person (or the sampled trips × the true sampling scale) at 95 %. The shrunk visits' margin (moe95) is that of the noisy count times the scale: it describes the noise, not the error of a shrunk value, whose coverage is not guaranteed; the field moe95_note of the visits layer says so.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Méthode OD&lt;/b&gt; : comme dans Flux OD des trajets (ci-dessous) ; les personnes par paire sont publiées comme trajets par paire ordonnée (personnes × les trajets par personne de l'échelle de trajets, une paire non ordonnée étant répartie à parts égales entre ses sens). &lt;b&gt;Méthode des visites&lt;/b&gt; : &lt;i&gt;shrunk&lt;/i&gt; (par défaut) compte les extrémités des trajets échantillonnés (chaque utilisateur ≤ m trajets, sensibilité 2m), ajoute le bruit, puis rétrécit le total de chaque zone sur les fenêtres horaires vers la moyenne des zones selon la part du bruit dans leur dispersion, et la répartition de chaque zone entre les fenêtres vers celle de toutes les zones (Fay–Herriot, sans coût de confidentialité) et les multiplie par l'échelle de trajets pour estimer les visites de tous les trajets jusqu'à M par utilisateur ; &lt;i&gt;plain&lt;/i&gt; publie les comptages bruités des trajets échantillonnés. L'&lt;b&gt;échelle de trajets&lt;/b&gt; (utilisateurs, trajets jusqu'à m et jusqu'au &lt;b&gt;plafond M&lt;/b&gt; par utilisateur, une publication bruitée) prend la &lt;b&gt;part de ε pour l'échelle de trajets&lt;/b&gt; lorsqu'une des méthodes l'utilise (davantage sur peu d'utilisateurs, jusqu'au quart de ε) : lorsque les flux OD sont des personnes par paire et portent au moins la moitié des poids, elle est prise sur leur part (ils ne peuvent être publiés sans elle ; les visites la réutilisent sans coût), sinon chaque statistique en donne sa part selon son poids ; le rapport dit laquelle. L'intervalle des lignes de flux OD (lower95, upper95) contient chaque valeur et le bruit de l'échelle : il couvre les personnes × les vrais trajets par personne (ou les trajets échantillonnés × la vraie échelle d'échantillonnage) à 95 %. La marge des visites rétrécies (moe95) est celle du comptage bruité multipliée par l'échelle : elle décrit le bruit, pas l'erreur d'une valeur rétrécie, dont la couverture n'est pas garantie ; le champ moe95_note de la couche des visites le dit.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Method: what is counted&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Méthode : ce qui est compté&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;people_shrunk&lt;/b&gt;: &lt;i&gt;people per pair&lt;/i&gt;, as census commuting tables count: each user counts once, on the pair of zones they travelled most often in the time window (ties at random), so one user changes one count by one and the noise is that of one person, whatever m. The noisy counts are then shrunk towards a law of the counts fitted on the noisy values themselves (empirical Bayes under the known noise law: no privacy cost), which sends most of the noise of the many empty pairs back to 0. &lt;b&gt;trips&lt;/b&gt;: trips per pair, each user keeping ≤ m trips, noise for m trips on every pair (the former method). &lt;b&gt;auto&lt;/b&gt; (default) picks from public facts only: trips per pair when options of trips per pair are set (Gaussian noise, a share of ε for the noisy total), when ε ≥ 20 (the noise is negligible) or when the &lt;b&gt;public population&lt;/b&gt; N (the number of people the data may hold, from public sources (e.g. a census population layer's total × the provider's share); 0 = unknown) makes the pairs dense, N·ε/n²·10/m ≥ 5 (n zones); people per pair otherwise, also when N is unknown (pairs are then assumed sparse, as at census zones or on a 1 km grid). The report prints the method and why it was picked.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;people_shrunk&lt;/b&gt; : &lt;i&gt;personnes par paire&lt;/i&gt;, comme le comptent les tables de navettes du recensement : chaque utilisateur compte une fois, sur la paire de zones qu'il a le plus souvent parcourue dans la fenêtre de temps (ex æquo tirés au hasard), donc un utilisateur modifie un comptage d'une unité et le bruit est celui d'une personne, quel que soit m. Les comptages bruités sont ensuite rétrécis vers une loi des comptages ajustée sur les valeurs bruitées elles-mêmes (Bayes empirique sous la loi de bruit connue : sans coût de confidentialité), ce qui ramène à 0 l'essentiel du bruit des nombreuses paires vides. &lt;b&gt;trips&lt;/b&gt; : trajets par paire, chaque utilisateur gardant ≤ m trajets, un bruit pour m trajets sur chaque paire (l'ancienne méthode). &lt;b&gt;auto&lt;/b&gt; (par défaut) choisit uniquement à partir de faits publics : trajets par paire lorsque des options des trajets par paire sont réglées (bruit gaussien, une part de ε pour le total bruité), lorsque ε ≥ 20 (le bruit est négligeable) ou lorsque la &lt;b&gt;population publique&lt;/b&gt; N (le nombre de personnes que les données peuvent contenir, d'après des sources publiques (p. ex. le total d'une couche de population du recensement × la part de l'opérateur) ; 0 = inconnue) rend les paires denses, N·ε/n²·10/m ≥ 5 (n zones) ; personnes par paire sinon, y compris lorsque N est inconnue (les paires sont alors supposées éparses, comme pour des zones de recensement ou une grille de 1 km). Le rapport indique la méthode et pourquoi elle a été choisie.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Statistics and bins&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Statistiques et classes&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Weight&lt;/b&gt; of each statistic (0 leaves it out). Trips per day (off by default) needs the time window's start and end: its dates are the public bins. Trips over time, visits per time window, travel time and time between trips need trip times. Time between trips needs m ≥ 2.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Poids&lt;/b&gt; de chaque statistique (0 l'omet). Trajets par jour (désactivé par défaut) exige le début et la fin de la fenêtre de temps : ses dates sont les classes publiques. Trajets dans le temps, visites par fenêtre de temps, durée des trajets et temps entre trajets exigent les heures des trajets. Temps entre trajets exige m ≥ 2.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Bins&lt;/b&gt; (advanced) are public: time windows as hour boundaries, and bin edges for the histograms; values beyond the last edge count in the last bin. Trips per user counts each user's trips in the window (before sampling) in bins 1 … the maximum shown (the last bin open).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Les &lt;b&gt;classes&lt;/b&gt; (avancé) sont publiques : fenêtres de temps sous forme de bornes horaires, et bornes des classes des histogrammes ; les valeurs au-delà de la dernière borne comptent dans la dernière classe. Trajets par utilisateur compte les trajets de chaque utilisateur dans la fenêtre (avant échantillonnage) dans les classes 1 … le maximum affiché (la dernière classe ouverte).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Publishes a count per feature (people per zone, visits per tower, incidents per cell) with differential privacy: every count gets independent noise calibrated to how much one individual can change the counts. The output holds each zone's geometry and its noisy count.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Publie un comptage par entité (personnes par zone, visites par antenne, incidents par cellule) avec la confidentialité différentielle : chaque comptage reçoit un bruit indépendant, calibré sur ce qu'un individu peut modifier dans les comptages. La sortie contient la géométrie de chaque zone et son comptage bruité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one individual as described by m and c.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Unité de confidentialité&lt;/b&gt; : un individu tel que décrit par m et c.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Input layer&lt;/b&gt;: polygons or points, one feature per zone, with an integer count field.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Couche en entrée&lt;/b&gt; : polygones ou points, une entité par zone, avec un champ de comptage entier.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Count field&lt;/b&gt;: the true counts (integers ≥ 0; a decimal field is accepted when it holds whole numbers).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champ de comptage&lt;/b&gt; : les vrais comptages (entiers ≥ 0 ; un champ décimal est accepté s'il ne contient que des nombres entiers).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Counts one individual can change&lt;/b&gt; (m) and &lt;b&gt;maximum change per count&lt;/b&gt; (c): one person appears in at most m zones, adding at most c to each. The L1 sensitivity is m·c and the L2 sensitivity √m·c. If a person can appear everywhere, m is the number of zones.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Comptages qu'un individu peut modifier&lt;/b&gt; (m) et &lt;b&gt;modification maximale par comptage&lt;/b&gt; (c) : une personne apparaît dans au plus m zones et ajoute au plus c à chacune. La sensibilité L1 vaut m·c et la sensibilité L2 √m·c. Si une personne peut apparaître partout, m est le nombre de zones.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Mechanism&lt;/b&gt;: discrete Laplace (default: integer noise, exact ε-DP, no rounding needed), Laplace (continuous, snapped to a public grid), or Gaussian ((ε, δ)-DP, better when m is large). The Gaussian is the discrete Gaussian of Canonne, Kamath &amp;amp; Steinke (2020): integer noise, so the output carries no floating-point trace of the true counts; its σ is the smallest their proven bound allows (4–10 % above the continuous Gaussian's), or the classic formula of Acs &amp;amp; Castelluccia (ε &amp;lt; 1 only); values below.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Mécanisme&lt;/b&gt; : Laplace discret (par défaut : bruit entier, ε-DP exacte, aucun arrondi nécessaire), Laplace (continu, aligné sur une grille publique) ou gaussien ((ε, δ)-DP, meilleur quand m est grand). Le gaussien est le gaussien discret de Canonne, Kamath &amp;amp; Steinke (2020) : bruit entier, la sortie ne porte donc aucune trace en virgule flottante des vrais comptages ; son σ est le plus petit que permet leur borne prouvée (4 à 10 % au-dessus de celui du gaussien continu), ou la formule classique d'Acs &amp;amp; Castelluccia (ε &amp;lt; 1 seulement) ; valeurs ci-dessous.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Round to integers&lt;/b&gt; and &lt;b&gt;clamp negative counts to 0&lt;/b&gt;: post-processing, no privacy cost. Clamping biases small counts upwards.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Arrondir à l'entier&lt;/b&gt; et &lt;b&gt;ramener les comptages négatifs à 0&lt;/b&gt; : post-traitement, sans coût de confidentialité. Ramener à 0 biaise les petits comptages vers le haut.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Noisy count field name&lt;/b&gt;: the field of the output holding the noisy counts.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Nom du champ de comptage bruité&lt;/b&gt; : le champ de la sortie qui contient les comptages bruités.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Fields to copy&lt;/b&gt;: none by default (e.g. pick a zone id to join the result back). Copied fields are listed in the report; the count field can never be copied.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champs à copier&lt;/b&gt; : aucun par défaut (p. ex. choisissez un identifiant de zone pour rejoindre le résultat). Les champs copiés sont listés dans le rapport ; le champ de comptage ne peut jamais être copié.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The input features with their noisy count (and the fields chosen to copy).</source>
      <translation>Les entités d'entrée avec leur comptage bruité (et les champs choisis pour la copie).</translation>
    </message>
    <message>
      <source>&lt;p&gt;Origin–destination (OD) flows of whole trips between any zones, released with differential privacy for each user: how many trips (or people) went from zone i to zone j, the diagonal holding the trips that start and end in one zone.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Flux origine-destination (OD) de trajets entiers entre zones quelconques, publiés avec la confidentialité différentielle pour chaque utilisateur : combien de trajets (ou de personnes) sont allés de la zone i à la zone j, la diagonale contenant les trajets qui commencent et finissent dans une même zone.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Publish&lt;/b&gt; (people per pair): &lt;i&gt;trips&lt;/i&gt; (default) scales people per pair by the trips per person of a noisy total (&lt;b&gt;share of ε for the trip scale&lt;/b&gt;, users and their trips up to the &lt;b&gt;cap M&lt;/b&gt;); &lt;i&gt;people&lt;/i&gt; publishes people per pair. &lt;b&gt;Directed&lt;/b&gt; counts each user on their main &lt;i&gt;ordered&lt;/i&gt; pair (default: unordered, split evenly between the two directions). The interval of each value (lower95, upper95) always holds the value: it joins the 95 % confidence interval of the noisy people count (from the noise law: it covers every true count at 95 %) and the shrunk value. With &lt;i&gt;trips&lt;/i&gt;, the people interval (at 96 %) is multiplied by the interval of the trip scale (at 99 %, from the margins of the noisy totals), so it covers people × the true trips per person at 95 %; it is wide when the scale's share of ε is small, and it does not cover the trips off the main pairs. Flow lines are drawn where the noisy people count exceeds the simultaneous 95 % margin over all pairs. At census zones (about a thousand zones, a few thousand users) a pair holds about one person, less than the noise of a million values reaches: at ε = 1 no pair passes and the map is empty by design (the report says so); on a 1 km grid the same default draws the busiest pairs.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Publier&lt;/b&gt; (personnes par paire) : &lt;i&gt;trips&lt;/i&gt; (par défaut) multiplie les personnes par paire par les trajets par personne d'un total bruité (&lt;b&gt;part de ε pour l'échelle de trajets&lt;/b&gt;, utilisateurs et leurs trajets jusqu'au &lt;b&gt;plafond M&lt;/b&gt;) ; &lt;i&gt;people&lt;/i&gt; publie les personnes par paire. &lt;b&gt;Orientées&lt;/b&gt; compte chaque utilisateur sur sa paire &lt;i&gt;ordonnée&lt;/i&gt; principale (par défaut : non ordonnée, répartie à parts égales entre les deux sens). L'intervalle de chaque valeur (lower95, upper95) contient toujours la valeur : il réunit l'intervalle de confiance à 95 % du comptage bruité de personnes (d'après la loi du bruit : il couvre chaque vrai comptage à 95 %) et la valeur rétrécie. Avec &lt;i&gt;trips&lt;/i&gt;, l'intervalle des personnes (à 96 %) est multiplié par l'intervalle de l'échelle de trajets (à 99 %, d'après les marges des totaux bruités) : il couvre donc les personnes × les vrais trajets par personne à 95 % ; il est large quand la part de ε de l'échelle est petite, et il ne couvre pas les trajets hors des paires principales. Les lignes de flux sont dessinées là où le comptage bruité de personnes dépasse la marge simultanée à 95 % sur toutes les paires. Sur des zones de recensement (environ un millier de zones, quelques milliers d'utilisateurs), une paire contient environ une personne, moins que ce qu'atteint le bruit d'un million de valeurs : à ε = 1 aucune paire ne passe et la carte est vide par construction (le rapport le dit) ; sur une grille de 1 km, le même réglage par défaut dessine les paires les plus fréquentées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Public regions&lt;/b&gt; (people per pair; 0 = off): squares of this size (metres, in the metric frame) group the zones whose centroid they hold; 20 % of the people's ε then counts the same users per pair of regions, and the region flows are made consistent with the zone pairs by least squares. The optional output &lt;b&gt;region flow lines&lt;/b&gt; draws the pairs of two regions whose 95 % interval excludes 0 (intervals computed exactly from the public noise law; they cover the true count at 95 %): at census zones, where no zone pair stands out of the noise, the regions show where people go. The zone values then get 80 % of the people's ε.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Régions publiques&lt;/b&gt; (personnes par paire ; 0 = désactivé) : des carrés de cette taille (mètres, dans le repère métrique) regroupent les zones dont ils contiennent le centroïde ; 20 % du ε des personnes compte alors les mêmes utilisateurs par paire de régions, et les flux entre régions sont rendus cohérents avec les paires de zones par moindres carrés. La sortie facultative &lt;b&gt;lignes de flux entre régions&lt;/b&gt; dessine les paires de deux régions dont l'intervalle à 95 % exclut 0 (intervalles calculés exactement à partir de la loi publique du bruit ; ils couvrent le vrai compte à 95 %) : aux zones de recensement, où aucune paire de zones ne sort du bruit, les régions montrent où vont les gens. Les valeurs des zones reçoivent alors 80 % du ε des personnes.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Trips per pair (method &lt;i&gt;trips&lt;/i&gt;)&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Trajets par paire (méthode &lt;i&gt;trips&lt;/i&gt;)&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Each user keeps at most m trips (uniformly at random), so the matrix changes by at most m when one user is added or removed; noise calibrated to m is added to every pair of zones, including the pairs no trip used, and negative values are set to 0.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Chaque utilisateur garde au plus m trajets (tirés uniformément au hasard), donc la matrice change d'au plus m quand un utilisateur est ajouté ou retiré ; un bruit calibré sur m est ajouté à chaque paire de zones, y compris les paires qu'aucun trajet n'a utilisées, et les valeurs négatives sont mises à 0.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Outputs: the &lt;b&gt;OD table&lt;/b&gt; (origin, destination, flow, its 95 % margin of error and the interval it gives) with every pair whose noisy flow is above 0 (absent = 0), and &lt;b&gt;flow lines&lt;/b&gt; between zone centroids (arrows, width by flow) for the flows above the &lt;i&gt;simultaneous&lt;/i&gt; 95 % margin: the bound that the noise of all n² pairs stays below with probability 95 %, so an arrow is unlikely to be noise alone even among a million pairs (with many zones and few trips, there may be none). The margin of error comes from the noise distribution alone: about 95 % of the released values lie within it of the true count of the sampled trips.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Sorties : la &lt;b&gt;table OD&lt;/b&gt; (origine, destination, flux, sa marge d'erreur à 95 % et l'intervalle qu'elle donne) avec chaque paire dont le flux bruité est supérieur à 0 (absente = 0), et des &lt;b&gt;lignes de flux&lt;/b&gt; entre les centroïdes des zones (flèches, épaisseur selon le flux) pour les flux au-dessus de la marge &lt;i&gt;simultanée&lt;/i&gt; à 95 % : la borne sous laquelle le bruit de toutes les n² paires reste avec une probabilité de 95 %, si bien qu'il est peu probable qu'une flèche ne soit que du bruit, même parmi un million de paires (avec beaucoup de zones et peu de trajets, il peut n'y en avoir aucune). La marge d'erreur vient de la seule distribution du bruit : environ 95 % des valeurs publiées sont à moins de cette marge du vrai comptage des trajets échantillonnés.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Noise&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Bruit&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Noise&lt;/b&gt;: discrete Laplace (integer noise, ε-DP, default) or the discrete Gaussian mechanism of Canonne, Kamath &amp;amp; Steinke (integer noise, (ε, δ)-DP, δ &amp;gt; 0; its noise grows with m rather than with the number of pairs a user touches, which helps when m is large).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Bruit&lt;/b&gt; : Laplace discret (bruit entier, ε-DP, par défaut) ou le mécanisme gaussien discret de Canonne, Kamath &amp;amp; Steinke (bruit entier, (ε, δ)-DP, δ &amp;gt; 0 ; son bruit croît avec m plutôt qu'avec le nombre de paires touchées par un utilisateur, ce qui aide quand m est grand).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Share of ε for the noisy total&lt;/b&gt; (0 = off): sampling drops the trips of users above m. With a share s &amp;gt; 0, the fraction s of ε releases two noisy totals (the sampled trips, and the extra trips up to the &lt;b&gt;cap M per user&lt;/b&gt; ≥ m) and the flows are scaled by their ratio to estimate the trips up to M per user; the rest of ε goes to the OD matrix. The interval of a scaled flow is that of the sampled trips (at 96 %) times the interval of the factor (at 99 %): it covers the sampled trips × the true factor at 95 %. Costs are computed and shown. The scaling multiplies the noise too: it corrects the level of large flows and of totals, but on a sparse matrix (many zones, few trips) it raises the error of the typical pair (see the peer benchmark in &lt;code&gt;benchmarks/peer_dpmr.py&lt;/code&gt;).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Part de ε pour le total bruité&lt;/b&gt; (0 = désactivé) : l'échantillonnage écarte les trajets des utilisateurs au-delà de m. Avec une part s &amp;gt; 0, la fraction s de ε publie deux totaux bruités (les trajets échantillonnés, et les trajets supplémentaires jusqu'au &lt;b&gt;plafond M par utilisateur&lt;/b&gt; ≥ m) et les flux sont multipliés par leur rapport pour estimer les trajets jusqu'à M par utilisateur ; le reste de ε va à la matrice OD. L'intervalle d'un flux mis à l'échelle est celui des trajets échantillonnés (à 96 %) multiplié par l'intervalle du facteur (à 99 %) : il couvre les trajets échantillonnés × le vrai facteur à 95 %. Les coûts sont calculés et affichés. La mise à l'échelle multiplie aussi le bruit : elle corrige le niveau des grands flux et des totaux, mais sur une matrice éparse (beaucoup de zones, peu de trajets) elle augmente l'erreur de la paire typique (voir le banc d'essai comparatif dans &lt;code&gt;benchmarks/peer_dpmr.py&lt;/code&gt;).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Lines between zone centroids for the pairs whose flow stands out of the noise (the simultaneous 95 % margin).</source>
      <translation>Des lignes entre centroïdes de zones pour les paires dont le flux se distingue du bruit (la marge simultanée à 95 %).</translation>
    </message>
    <message>
      <source>&lt;p&gt;Moves every point at random so that nobody can learn its exact location (geo-indistinguishability, Andrés et al. CCS 2013): two true locations d metres apart produce reports whose probabilities differ by at most a factor e^(ε·d). Use it to publish or collect check-ins, homes or incidents; then &lt;i&gt;Estimate distribution from perturbed points&lt;/i&gt; recovers the spatial distribution.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Déplace chaque point au hasard pour que personne ne puisse connaître sa position exacte (géo-indistinguabilité, Andrés et al. CCS 2013) : deux positions réelles distantes de d mètres produisent des rapports dont les probabilités diffèrent au plus d'un facteur e^(ε·d). Utilisez-la pour publier ou collecter des check-ins, des domiciles ou des incidents ; &lt;i&gt;Estimer la distribution à partir de points perturbés&lt;/i&gt; retrouve ensuite la distribution spatiale.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one reported point, ε per metre (one user with at most m points when a user field is given).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Unité de confidentialité&lt;/b&gt; : un point rapporté, ε par mètre (un utilisateur avec au plus m points lorsqu'un champ utilisateur est donné).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Input points&lt;/b&gt;: a point layer in any CRS. Multipoints with several parts are refused (split them first); features without geometry are skipped.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Points en entrée&lt;/b&gt; : une couche de points dans n'importe quel SCR. Les multipoints à plusieurs parties sont refusés (séparez-les d'abord) ; les entités sans géométrie sont ignorées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Mechanism&lt;/b&gt;: planar Laplace (continuous, along geodesics: exact at any latitude) or a grid mechanism whose reports are cell centres (values below).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Mécanisme&lt;/b&gt; : Laplace planaire (continu, le long des géodésiques : exact à toute latitude) ou un mécanisme sur grille dont les rapports sont des centres de cellules (valeurs ci-dessous).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Epsilon&lt;/b&gt; is per metre for the metric mechanisms (e.g. 0.01 per metre: expected displacement 2/ε = 200 m). Alternatively give a &lt;b&gt;privacy level L&lt;/b&gt; and a &lt;b&gt;radius r&lt;/b&gt; in metres as in Location Guard: ε = L/r per metre (then Epsilon is ignored).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Epsilon&lt;/b&gt; est par mètre pour les mécanismes métriques (p. ex. 0,01 par mètre : déplacement moyen 2/ε = 200 m). Vous pouvez aussi donner un &lt;b&gt;niveau de confidentialité L&lt;/b&gt; et un &lt;b&gt;rayon r&lt;/b&gt; en mètres comme dans Location Guard : ε = L/r par mètre (Epsilon est alors ignoré).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Study area&lt;/b&gt; (planar Laplace, optional polygons): reports falling outside are moved to the nearest point of the area (post-processing: the guarantee is unchanged). If more than 5 % of the true points lie outside it, the log and the report warn; above 50 % the run is refused unless &lt;b&gt;allow points outside&lt;/b&gt; is ticked (the same holds for the grid).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Zone d'étude&lt;/b&gt; (Laplace planaire, polygones facultatifs) : les rapports tombant à l'extérieur sont déplacés au point le plus proche de la zone (post-traitement : la garantie est inchangée). Si plus de 5 % des vrais points sont à l'extérieur, le journal et le rapport avertissent ; au-delà de 50 %, l'exécution est refusée sauf si &lt;b&gt;autoriser des points hors zone&lt;/b&gt; est coché (il en va de même pour la grille).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;User id field&lt;/b&gt; (optional; a field with one value per point, such as a feature id, is refused) and &lt;b&gt;maximum points per user&lt;/b&gt; m: the reports of one user compose to m·ε per metre, with m this public parameter (never read from the data). A user with more points is refused, or sampled down to m random points (&lt;b&gt;users above the maximum&lt;/b&gt;).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champ d'identifiant utilisateur&lt;/b&gt; (facultatif ; un champ avec une valeur par point, comme un identifiant d'entité, est refusé) et &lt;b&gt;nombre maximal de points par utilisateur&lt;/b&gt; m : les rapports d'un utilisateur se composent en m·ε par mètre, m étant ce paramètre public (jamais lu dans les données). Un utilisateur ayant plus de points est refusé, ou réduit à m points tirés au hasard (&lt;b&gt;utilisateurs au-delà du maximum&lt;/b&gt;).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Fields to copy&lt;/b&gt;: none by default. Copied fields are listed in the report; the user id field cannot be copied, and a field that names a place (venue, address, cell…) is warned about, as it may point back to the true location.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champs à copier&lt;/b&gt; : aucun par défaut. Les champs copiés sont listés dans le rapport ; le champ d'identifiant utilisateur ne peut pas être copié, et un champ qui nomme un lieu (lieu, adresse, cellule…) fait l'objet d'un avertissement, car il peut renvoyer à la position réelle.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Displacement lines&lt;/b&gt; (optional): lines from each true point to its report with their geodesic length. They reveal the true locations: for the data owner only, never publish them.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Lignes de déplacement&lt;/b&gt; (facultatives) : lignes allant de chaque point réel à son rapport, avec leur longueur géodésique. Elles révèlent les positions réelles : pour le détenteur des données uniquement, ne les publiez jamais.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The perturbed points, in random order, with the fields chosen to copy.</source>
      <translation>Les points perturbés, dans un ordre aléatoire, avec les champs choisis pour la copie.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Publishes how many users are in every cell at every timestamp (by default each hour of one day) with user-level differential privacy, following Chen et al. (2019).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Publie combien d'utilisateurs se trouvent dans chaque cellule à chaque instant (par défaut chaque heure d'une journée) avec la confidentialité différentielle au niveau de l'utilisateur, d'après Chen et al. (2019).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one user's whole trajectory over the timestamps.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Unité de confidentialité&lt;/b&gt; : toute la trajectoire d'un utilisateur sur les instants.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Publishes how many users are in every cell at every timestamp (by default each hour of one day) with user-level differential privacy, following Chen et al., "Differentially Private Aggregated Mobility Data Publication Using Moving Characteristics" (2019). Aggregated counts alone are not private: the trajectory recovery attack (Trajectory recovery attack (audit), in Evaluation) rebuilds most individual trajectories from them.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Publie combien d'utilisateurs se trouvent dans chaque cellule à chaque instant (par défaut chaque heure d'une journée) avec une confidentialité différentielle au niveau de l'utilisateur, d'après Chen et al., « Differentially Private Aggregated Mobility Data Publication Using Moving Characteristics » (2019). Les comptages agrégés seuls ne sont pas privés : l'attaque de reconstruction de trajectoires (Attaque de reconstruction de trajectoires (audit), dans Évaluation) reconstruit la plupart des trajectoires individuelles à partir d'eux.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Observations&lt;/b&gt;: points or a table with a user field (the unit of privacy, never the feature id), a time field (date-time, ISO 8601 text in UTC, or epoch seconds) and either a cell id field matching the cells' id field or a point geometry (any CRS) located in the cells. A user counts at most once per timestamp: when a user has several observations in one timestamp, one is chosen uniformly at random.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Observations&lt;/b&gt; : des points ou une table avec un champ utilisateur (l'unité de confidentialité, jamais l'identifiant d'entité), un champ d'horodatage (date-heure, texte ISO 8601 en UTC ou secondes epoch) et soit un champ d'identifiant de cellule correspondant au champ d'identifiant des cellules, soit une géométrie ponctuelle (n'importe quel SCR) localisée dans les cellules. Un utilisateur compte au plus une fois par instant : lorsqu'un utilisateur a plusieurs observations dans un instant, l'une est tirée uniformément au hasard.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cells&lt;/b&gt;: the polygons counted in (a tessellation, a grid); they are public and fix the metric frame.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Cellules&lt;/b&gt; : les polygones dans lesquels on compte (un pavage, une grille) ; ils sont publics et fixent le repère métrique.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; (ISO 8601, UTC, required), &lt;b&gt;slot length&lt;/b&gt; and &lt;b&gt;number of slots&lt;/b&gt;: the timestamps (default one day of hours).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Début&lt;/b&gt; (ISO 8601, UTC, obligatoire), &lt;b&gt;durée d'un créneau&lt;/b&gt; et &lt;b&gt;nombre de créneaux&lt;/b&gt; : les instants (par défaut une journée d'heures).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt;: automatic (default), direct perturbation, threshold perturbation, static hybrid or dynamic hybrid (values below). &lt;b&gt;Automatic&lt;/b&gt; spends 5 % of ε on a noisy total of user-timestamps and picks the static hybrid where a cell expects at least 4 standard deviations of a directly perturbed cell's noise, threshold perturbation below (on a few people per cell the hybrids' direct part publishes mostly clamped noise); the report names the scheme and why. Counts get discrete Laplace noise by default (the paper's continuous Laplace is an option). Threshold perturbation is the sparse vector technique: as printed in the paper it spends 2ε₁ + ε₂ (its comparisons cost twice what the paper says); by default the comparison noise is rescaled so the release spends exactly ε, and &lt;b&gt;Paper's threshold noise&lt;/b&gt; keeps the paper's noise and charges what it actually spends. The comparison is made on the distance above the expected noise level of the last published histogram; &lt;b&gt;threshold&lt;/b&gt; T is the change beyond it that triggers a fresh histogram, at most &lt;b&gt;cutoff&lt;/b&gt; c fresh histograms; &lt;b&gt;comparison share&lt;/b&gt; α is ε₁/ε.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Méthode&lt;/b&gt; : automatique (par défaut), perturbation directe, perturbation à seuil, hybride statique ou hybride dynamique (valeurs ci-dessous). &lt;b&gt;Automatique&lt;/b&gt; dépense 5 % de ε pour un total bruité d'utilisateurs-instants et choisit l'hybride statique là où une cellule attend au moins 4 écarts-types du bruit d'une cellule perturbée directement, la perturbation à seuil en dessous (sur quelques personnes par cellule, la partie directe des hybrides publie surtout du bruit écrêté) ; le rapport nomme le schéma et dit pourquoi. Les comptages reçoivent par défaut un bruit de Laplace discret (le Laplace continu de l'article est une option). La perturbation à seuil est la technique du vecteur épars : telle qu'imprimée dans l'article elle dépense 2ε₁ + ε₂ (ses comparaisons coûtent deux fois ce que dit l'article) ; par défaut le bruit de comparaison est remis à l'échelle pour que la publication dépense exactement ε, et &lt;b&gt;Bruit de seuil de l'article&lt;/b&gt; garde le bruit de l'article et impute ce qu'il dépense réellement. La comparaison porte sur l'écart au-dessus du niveau de bruit attendu du dernier histogramme publié ; le &lt;b&gt;seuil&lt;/b&gt; T est la variation au-delà de laquelle un nouvel histogramme est produit, au plus &lt;b&gt;c&lt;/b&gt; (seuil de coupure) nouveaux histogrammes ; la &lt;b&gt;part de comparaison&lt;/b&gt; α vaut ε₁/ε.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Hybrid methods&lt;/b&gt;: a share of ε (&lt;b&gt;division share&lt;/b&gt;) chooses the day/night split with the exponential mechanism (Eq. 7–9, log base &lt;b&gt;α&lt;/b&gt;). The paper's sensitivity 2·log_α S of Eq. 7 is wrong; the utility's range S·log_α S is used instead, which makes the choice nearly uniform at small ε; the &lt;b&gt;division utility&lt;/b&gt; "mean_minus_dispersion" (sensitivity 6·log_α S) is informative. Dynamic hybrid learns the split on the &lt;b&gt;past days&lt;/b&gt; before Start (the same clock times, 24 hours earlier each) and predicts today's by linear regression; &lt;b&gt;composition&lt;/b&gt; "sequential" (default) charges the past days' divisions to this release; "parallel" (the paper's assumption that the past days' users are disjoint from today's, which under-charged ε) was removed: a model or script that still passes it is refused.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Méthodes hybrides&lt;/b&gt; : une part de ε (&lt;b&gt;part pour la division&lt;/b&gt;) choisit le partage jour/nuit par le mécanisme exponentiel (éq. 7–9, base du logarithme &lt;b&gt;α&lt;/b&gt;). La sensibilité 2·log_α S de l'éq. 7 de l'article est fausse ; on utilise à la place l'étendue de l'utilité S·log_α S, ce qui rend le choix presque uniforme à petit ε ; l'&lt;b&gt;utilité de division&lt;/b&gt; « mean_minus_dispersion » (sensibilité 6·log_α S) est informative. L'hybride dynamique apprend le partage sur les &lt;b&gt;jours passés&lt;/b&gt; avant le début (aux mêmes heures, 24 heures plus tôt chaque fois) et prédit celui du jour par régression linéaire ; la &lt;b&gt;composition&lt;/b&gt; « sequential » (par défaut) impute les divisions des jours passés à cette publication ; « parallel » (l'hypothèse de l'article selon laquelle les utilisateurs des jours passés sont disjoints de ceux du jour, qui sous-imputait ε) a été supprimée : un modèle ou un script qui la passe encore est refusé.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Consistency post-processing&lt;/b&gt; (Alg. 3, no privacy cost): non-negative integer counts with each timestamp's noisy total preserved.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Post-traitement de cohérence&lt;/b&gt; (alg. 3, sans coût de confidentialité) : comptages entiers non négatifs, le total bruité de chaque instant étant conservé.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the private counts in long form (cell polygon, cell_id, slot, slot_start, slot_end, count, fresh = whether the timestamp got fresh noise, part = day/night for hybrids), playing in the Temporal Controller; DIVISION, the chosen day interval; the report. The internal report holds the errors against the true counts.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties&lt;/b&gt; : les comptages privés en format long (polygone de la cellule, cell_id, slot, slot_start, slot_end, count, fresh = si l'instant a reçu un nouveau bruit, part = jour/nuit pour les hybrides), qui se jouent dans le contrôleur temporel ; DIVISION, l'intervalle de jour choisi ; le rapport. Le rapport interne contient les erreurs par rapport aux vrais comptages.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The number of time slots published, one histogram each.</source>
      <translation>Le nombre de créneaux publiés, un histogramme chacun.</translation>
    </message>
    <message>
      <source>The base α of the logarithm in the division utility (Eq. 7 of the paper).</source>
      <translation>La base α du logarithme de l'utilité de division (éq. 7 de l'article).</translation>
    </message>
    <message>
      <source>The private counts in long form: one row per cell and slot.</source>
      <translation>Les comptages privés au format long : une ligne par cellule et créneau.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Turns call data records (CDR) into the number of people in every census cell for every time slot (by default every hour of a week) with a user-level differential privacy guarantee, following Acs &amp;amp; Castelluccia, "A Case Study: Privacy Preserving Release of Spatio-temporal Density in Paris" (KDD 2014).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Transforme des enregistrements d'appels (CDR) en nombre de personnes dans chaque maille de recensement pour chaque créneau (par défaut chaque heure d'une semaine) avec une garantie de confidentialité différentielle au niveau de l'utilisateur, d'après Acs &amp;amp; Castelluccia, « A Case Study: Privacy Preserving Release of Spatio-temporal Density in Paris » (KDD 2014).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Unit of privacy&lt;/b&gt;: one user, i.e. all events of one person over the whole period.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Unité de confidentialité&lt;/b&gt; : un utilisateur, c.-à-d. tous les événements d'une personne sur toute la période.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;What is estimated&lt;/b&gt;: the paper's density — for every tower and slot, the number of distinct people seen there (a person seen at two towers in one hour counts at both), spread over the census cells in proportion to the overlap areas of each tower's Voronoi cell (Formula 1). Every method estimates that same quantity.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Ce qui est estimé&lt;/b&gt; : la densité de l'article — pour chaque antenne et créneau, le nombre de personnes distinctes vues là (une personne vue à deux antennes dans une heure compte aux deux), répartie sur les mailles de recensement proportionnellement aux surfaces de chevauchement de la cellule de Voronoï de chaque antenne (formule 1). Toutes les méthodes estiment cette même quantité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;visits&lt;/b&gt; (default): counts what the density counts, distinct people per tower and slot, with every person's weight of 1 spread evenly over their distinct (tower, slot) visits (a person with 10 visits adds 1/10 at each), so one person changes any sum of these counts by at most 1 and no visit is dropped at random. Before the noise, slots are pooled by a public rule: the same block of hours of the day (8 h below ε = 0.5, else 4 h) on every weekday together, and on every weekend day together (days of 24 h from the start; a day is a weekend day when its midday, UTC, is a Saturday or Sunday; a slot length that does not divide a day pools nothing). The towers × blocks matrix gets Laplace noise: the method is ε-DP and spends no δ. The noisy matrix is denoised by optimal singular-value shrinkage (Gavish &amp;amp; Donoho 2017): a week of counts follows a few common daily rhythms, and singular values below the largest that noise alone reaches are dropped, so noise alone gives zeros, not invented structure. Each block is spread over its slots by a noisy city-wide profile of the day (10 % of ε), following the tower's level in the neighbouring blocks, and everything is scaled by the noisy number of visits per person (5 % of ε for a noisy count of all visits, each person's capped at B = the number of slots, at least ℓ); Formula 1 maps the towers to the census cells. It assumes that within a block every tower follows the city-wide rhythm and that the days of one type are alike; people with many visits weigh less than they should where they gather. These biases are small next to the noise they remove. No margin of error is published. It needs the events layer (not a bounded-counts table); ℓ only sets the least B. Measured on synthetic weeks (benchmarks/density.py, ℓ = 30, δ = 2·10⁻⁶, medians of 5 runs): its mean relative error is 0.76×, 0.68× and 0.71× EFPA_G's at ε = 0.1, 0.3 and 1 with 250,000 people (0.74–0.78×, 0.65–0.67× and 0.72–0.74× on two other weeks), and 0.43×, 0.51× and 0.53× with 2 million.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;visits&lt;/b&gt; (par défaut) : compte ce que compte la densité, les personnes distinctes par antenne et créneau, le poids 1 de chaque personne étant réparti également sur ses visites (antenne, créneau) distinctes (une personne ayant 10 visites ajoute 1/10 à chacune) : une personne modifie donc toute somme de ces comptages d'au plus 1, et aucune visite n'est écartée au hasard. Avant le bruit, les créneaux sont regroupés par une règle publique : la même tranche d'heures de la journée (8 h sous ε = 0,5, sinon 4 h) sur tous les jours de semaine ensemble, et sur tous les jours de week-end ensemble (jours de 24 h à partir du début ; un jour est de week-end quand son midi, en UTC, tombe un samedi ou un dimanche ; une durée de créneau qui ne divise pas une journée ne regroupe rien). La matrice antennes × tranches reçoit un bruit de Laplace : la méthode est ε-DP et ne dépense aucun δ. La matrice bruitée est débruitée par un rétrécissement optimal des valeurs singulières (Gavish &amp;amp; Donoho 2017) : une semaine de comptages suit quelques rythmes quotidiens communs, et les valeurs singulières inférieures à la plus grande qu'atteint le bruit seul sont supprimées, si bien que du bruit seul donne des zéros, pas une structure inventée. Chaque tranche est répartie sur ses créneaux selon un profil journalier bruité de toute la ville (10 % de ε), en suivant le niveau de l'antenne dans les tranches voisines, et le tout est mis à l'échelle par le nombre bruité de visites par personne (5 % de ε pour un comptage bruité de toutes les visites, celles de chaque personne plafonnées à B = le nombre de créneaux, au moins ℓ) ; la formule 1 transpose les antennes vers les mailles de recensement. Elle suppose qu'au sein d'une tranche chaque antenne suit le rythme de la ville et que les jours d'un même type se ressemblent ; les personnes ayant beaucoup de visites pèsent moins qu'elles ne devraient là où elles se rassemblent. Ces biais sont faibles devant le bruit qu'ils retirent. Aucune marge d'erreur n'est publiée. Elle exige la couche d'événements (pas une table de comptages bornés) ; ℓ ne fixe que la valeur minimale de B. Mesuré sur des semaines synthétiques (benchmarks/density.py, ℓ = 30, δ = 2·10⁻⁶, médianes de 5 exécutions) : son erreur relative moyenne vaut 0,76×, 0,68× et 0,71× celle d'EFPA_G à ε = 0,1, 0,3 et 1 avec 250 000 personnes (0,74–0,78×, 0,65–0,67× et 0,72–0,74× sur deux autres semaines), et 0,43×, 0,51× et 0,53× avec 2 millions.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;efpa_g&lt;/b&gt; and the others follow the paper: each user's events are pre-sampled (at most one visit per slot, at most ℓ visits in all, §5.1); tower counts are mapped to census cells in proportion to the overlap areas of the tower's Voronoi cell (Formula 1); the noise goes on the smallest set of tower and census cells that covers the area (minimum cover, §5.2, with its sensitivity fix). EFPA_G then clusters nearby cells until their totals resist the noise (Alg. 3), perturbs each cluster's series in the DCT domain (Alg. 4), scales back with noisy per-cell totals estimated from a one-visit-per-user histogram and a noisy total number of visits (§5.4.1), and smooths the night hours with exponential fits (§5.4.2). Half of ε pays for the totals, half for the Fourier perturbation; the report lists every mechanism call.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;efpa_g&lt;/b&gt; et les autres suivent l'article : les événements de chaque utilisateur sont pré-échantillonnés (au plus une visite par créneau, au plus ℓ visites en tout, §5.1) ; les comptages des antennes sont transposés vers les mailles de recensement proportionnellement aux surfaces de chevauchement de la cellule de Voronoï de l'antenne (formule 1) ; le bruit porte sur le plus petit ensemble de cellules d'antennes et de mailles de recensement qui couvre la zone (couverture minimale, §5.2, avec sa correction de sensibilité). EFPA_G regroupe ensuite les cellules voisines jusqu'à ce que leurs totaux résistent au bruit (alg. 3), perturbe la série de chaque groupe dans le domaine de la DCT (alg. 4), remet à l'échelle avec des totaux bruités par cellule estimés à partir d'un histogramme à une visite par utilisateur et d'un nombre total bruité de visites (§5.4.1), et lisse les heures de nuit par des ajustements exponentiels (§5.4.2). La moitié de ε paie les totaux, l'autre moitié la perturbation de Fourier ; le rapport liste chaque appel de mécanisme.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Bounded counts from Spark&lt;/b&gt; (instead of events): the output directory of &lt;code&gt;scripts/spark-bound&lt;/code&gt;, which ran the per-user bounding on a Spark cluster. The events are then not read; ℓ, the period and the towers must be those the table was made with (it is refused otherwise), and the report states that the bounding ran on Spark and how.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Comptages bornés issus de Spark&lt;/b&gt; (au lieu des événements) : le répertoire de sortie de &lt;code&gt;scripts/spark-bound&lt;/code&gt;, qui a effectué le bornage par utilisateur sur un cluster Spark. Les événements ne sont alors pas lus ; ℓ, la période et les antennes doivent être ceux avec lesquels la table a été produite (sinon elle est refusée), et le rapport indique que le bornage a été fait sur Spark et comment.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Towers&lt;/b&gt;: a point layer of antennas (their Voronoi cells are computed inside the union of the census cells) or a polygon layer of tower cells (e.g. the output of the Voronoi tessellation, whose &lt;code&gt;tower_ids&lt;/code&gt; field lists the towers of a cell separated by commas). &lt;b&gt;Tower id field&lt;/b&gt;: the values the events' tower field refers to; every id must be unique. Events at towers absent from this layer are counted in the internal report and not used. A tower layer lying entirely outside the census cells (often a wrong CRS) is refused.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Antennes&lt;/b&gt; : une couche de points des antennes (leurs cellules de Voronoï sont calculées à l'intérieur de l'union des mailles de recensement) ou une couche de polygones des cellules des antennes (p. ex. la sortie du pavage de Voronoï, dont le champ &lt;code&gt;tower_ids&lt;/code&gt; liste les antennes d'une cellule séparées par des virgules). &lt;b&gt;Champ d'identifiant d'antenne&lt;/b&gt; : les valeurs auxquelles renvoie le champ d'antenne des événements ; chaque identifiant doit être unique. Les événements à des antennes absentes de cette couche sont comptés dans le rapport interne et non utilisés. Une couche d'antennes entièrement hors des mailles de recensement (souvent un mauvais SCR) est refusée.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Census cells&lt;/b&gt; and their &lt;b&gt;id field&lt;/b&gt; (unique values): the polygons the density is released for. They must not overlap (a partition). Layers may be in any CRS, each in its own: everything is computed in one metric frame centred on the census cells.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Mailles de recensement&lt;/b&gt; et leur &lt;b&gt;champ d'identifiant&lt;/b&gt; (valeurs uniques) : les polygones pour lesquels la densité est publiée. Elles ne doivent pas se chevaucher (une partition). Les couches peuvent être dans n'importe quel SCR, chacune dans le sien : tout est calculé dans un repère métrique unique centré sur les mailles de recensement.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Maximum visits per user ℓ&lt;/b&gt;: the pre-sampling size (default 30, the paper's). Larger ℓ keeps more of the data but needs more noise.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Nombre maximal de visites par utilisateur ℓ&lt;/b&gt; : la taille du pré-échantillonnage (30 par défaut, celle de l'article). Un ℓ plus grand garde plus de données mais exige plus de bruit.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt;: visits (default), EFPA_G, EFPA or the paper's two LPA baselines; the values are listed below.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Méthode&lt;/b&gt; : visits (par défaut), EFPA_G, EFPA ou les deux références LPA de l'article ; les valeurs sont listées ci-dessous.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Improvements&lt;/b&gt; (efpa_g and efpa): the improved scaling and the night smoothing of §5.4 (recommended). Without them the cell totals come from the pre-sampled counts, which underestimate the truth.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Améliorations&lt;/b&gt; (efpa_g et efpa) : la mise à l'échelle améliorée et le lissage nocturne du §5.4 (recommandés). Sans eux, les totaux des cellules viennent des comptages pré-échantillonnés, qui sous-estiment la vérité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Gaussian calibration&lt;/b&gt; (advanced, efpa_g only): how σ is computed from (ε, δ); the values are listed below.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Calibrage gaussien&lt;/b&gt; (avancé, efpa_g seulement) : comment σ est calculé à partir de (ε, δ) ; les valeurs sont listées ci-dessous.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Delta&lt;/b&gt;: default 2·10⁻⁶ as in the paper; keep it below 1/(number of users). Only efpa_g spends it; visits, lpa, lpa_direct and efpa spend no δ.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Delta&lt;/b&gt; : 2·10⁻⁶ par défaut comme dans l'article ; le garder sous 1/(nombre d'utilisateurs). Seule efpa_g le dépense ; visits, lpa, lpa_direct et efpa ne dépensent aucun δ.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Add an internal evaluation&lt;/b&gt; (advanced): compares the release with the true density in the internal part of the report (it contains statistics of the raw data).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Ajouter une évaluation interne&lt;/b&gt; (avancé) : compare la publication avec la vraie densité dans la partie interne du rapport (elle contient des statistiques des données brutes).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the private density in long form (census polygon, cell_id, slot, slot_start, slot_end, count; the layer plays in the Temporal Controller); optionally a wide layer (one field per slot, styled by the first slot's counts) and the cover cells with their cluster, noisy total and number of DCT coefficients k (all three computed from noisy values: part of the release). The true density (advanced) is NOT private: for evaluation by the data owner only.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties&lt;/b&gt; : la densité privée en format long (polygone de recensement, cell_id, slot, slot_start, slot_end, count ; la couche se joue dans le contrôleur temporel) ; en option une couche large (un champ par créneau, symbolisée selon les comptages du premier créneau) et les cellules de la couverture avec leur groupe, leur total bruité et leur nombre de coefficients DCT k (tous trois calculés à partir de valeurs bruitées : ils font partie de la publication). La vraie densité (avancé) n'est PAS privée : pour l'évaluation par le détenteur des données uniquement.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The field identifying each census cell (unique values).</source>
      <translation>Le champ qui identifie chaque cellule de recensement (valeurs uniques).</translation>
    </message>
    <message>
      <source>The most visits kept per user by the pre-sampling (ℓ): more keeps more of the data but needs more noise.</source>
      <translation>Le nombre maximal de visites gardées par utilisateur par le pré-échantillonnage (ℓ) : plus garde davantage de données mais demande plus de bruit.</translation>
    </message>
    <message>
      <source>The private density in long form: one row per census cell and slot, with its start and end (plays in the Temporal Controller).</source>
      <translation>La densité privée au format long : une ligne par cellule de recensement et créneau, avec son début et sa fin (animable dans le contrôleur temporel).</translation>
    </message>
    <message>
      <source>The private density with one field per slot.</source>
      <translation>La densité privée avec un champ par créneau.</translation>
    </message>
    <message>
      <source>The cover cells with their cluster, noisy total and number of kept coefficients.</source>
      <translation>Les cellules de la couverture avec leur groupe, leur total bruité et leur nombre de coefficients gardés.</translation>
    </message>
    <message>
      <source>&lt;p&gt;A synthetic trips layer that analysts can load into any tool, drawn from a generative model fitted under differential privacy for each user (trips per person, main pairs of zones, other trips, distances, times). The report lists every part of the model with its ε.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Une couche de trajets synthétiques que les analystes peuvent charger dans tout outil, tirée d'un modèle génératif ajusté sous confidentialité différentielle pour chaque utilisateur (trajets par personne, paires de zones principales, autres trajets, distances, horaires). Le rapport liste chaque partie du modèle avec son ε.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;A trips layer that analysts can load into any tool, drawn from a generative model fitted under differential privacy for each user. The model has parts, each a histogram in which one person's contribution is bounded by public parameters, released once with noise calibrated to that bound and a fixed share of ε: people by their number of trips in the window (capped at M) and the share of those on their &lt;i&gt;main pair&lt;/i&gt; (their most frequent pair of zones); each person's main pair, oriented from its home end (each person counted once), with the number of people per home zone and per main-end zone (smoothed over nearby zones where neighbouring zones' counts are alike beyond chance and smoothing lowers their estimated error, by no more than their noise) and the distance between home and main end (fitted as a gravity model: the distances the released zone counts would give if homes and main ends were paired at random, or those the pairs already give, times a deterrence that falls with distance or stays flat, whichever fits the released distances best by Schwarz's criterion); where their other trips start and end (at home, at the main end, or elsewhere, and which zones elsewhere, smoothed over nearby zones where neighbouring zones' weights are alike beyond chance and smoothing lowers their estimated error; each person's weights sum to 1); the straight distance of the other trips (500 m bands, fitted in the same way), the detour (length / distance), the weekday and hour of the start (by trip class where the data are large enough for the noise), and the travel time (by distance class where large enough); and how each person's consecutive trips follow each other (whether the next trip starts where the previous one ended, and the moves between home, main end and elsewhere, given the previous move where the data are large enough for the noise; each person's weights sum to 1). The report lists every part with its ε and sensitivity.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Une couche de trajets que les analystes peuvent charger dans n'importe quel outil, tirée d'un modèle génératif ajusté sous confidentialité différentielle pour chaque utilisateur. Le modèle a des parties, chacune un histogramme dans lequel la contribution d'une personne est bornée par des paramètres publics, publié une fois avec un bruit calibré sur cette borne et une part fixe de ε : les personnes selon leur nombre de trajets dans la fenêtre (plafonné à M) et la part de ceux-ci sur leur &lt;i&gt;paire principale&lt;/i&gt; (leur paire de zones la plus fréquente) ; la paire principale de chaque personne, orientée depuis son extrémité domicile (chaque personne comptée une fois), avec le nombre de personnes par zone de domicile et par zone d'extrémité principale (lissé sur les zones voisines là où les comptages de zones voisines se ressemblent au-delà du hasard et où le lissage réduit leur erreur estimée, d'au plus leur bruit) et la distance entre domicile et extrémité principale (ajustée comme un modèle gravitaire : les distances que donneraient les comptages de zones publiés si domiciles et extrémités principales étaient appariés au hasard, ou celles que donnent déjà les paires, multipliées par une dissuasion qui décroît avec la distance ou reste constante, selon ce qui s'ajuste le mieux aux distances publiées au sens du critère de Schwarz) ; où leurs autres trajets commencent et finissent (au domicile, à l'extrémité principale, ou ailleurs, et dans quelles zones ailleurs, lissées sur les zones voisines là où les poids de zones voisines se ressemblent au-delà du hasard et où le lissage réduit leur erreur estimée ; les poids de chaque personne somment à 1) ; la distance en ligne droite des autres trajets (bandes de 500 m, ajustée de la même façon), le détour (longueur / distance), le jour de la semaine et l'heure de départ (par classe de trajet là où les données sont assez grandes pour le bruit), et la durée du trajet (par classe de distance là où c'est assez grand) ; et la façon dont les trajets consécutifs de chaque personne s'enchaînent (si le trajet suivant part de là où le précédent s'est arrêté, et les déplacements entre domicile, extrémité principale et ailleurs, selon le déplacement précédent là où les données sont assez grandes pour le bruit ; les poids de chaque personne somment à 1). Le rapport liste chaque partie avec son ε et sa sensibilité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;The synthetic people are then drawn from the model (each pair of zones gets as many people as the model expects there, rounded up or down): each gets a home point and a point at the other end of their main pair (inside the zones, uniform or drawn from the optional public &lt;b&gt;weighting points&lt;/b&gt;; the pair is chosen among a few candidates so that the distances between home and main end follow the released ones where these say more than their noise), trips that alternate between them, other trips, start and end times inside the time window (the start hours of the trips leaving each zone follow their expected numbers to within about one trip, rather than varying by chance) and a synthetic user id. Where most of the released consecutive trips follow each other, each person's trips are drawn as a chain of stops: every trip starts at the point where their previous trip ended, except at the released share of consecutive trips that do not follow each other, where it starts at another stop (home, main end or elsewhere, as trips drawn one by one start), and their days run from home in time order. The output is a line layer (one line per trip) whose rows are shuffled; it plays in the Temporal Controller (start → end).&lt;/p&gt;</source>
      <translation>&lt;p&gt;Les personnes synthétiques sont ensuite tirées du modèle (chaque paire de zones reçoit autant de personnes que le modèle en attend, arrondi à l'entier inférieur ou supérieur) : chacune reçoit un point de domicile et un point à l'autre extrémité de sa paire principale (dans les zones, uniformes ou tirés des &lt;b&gt;points de pondération&lt;/b&gt; publics facultatifs ; la paire est choisie parmi quelques candidates pour que les distances entre domicile et autre extrémité suivent celles publiées là où elles disent plus que leur bruit), des trajets qui alternent entre eux, d'autres trajets, des heures de début et de fin dans la fenêtre de temps (les heures de début des trajets qui partent de chaque zone suivent leurs nombres attendus à un trajet près environ, au lieu de varier au hasard) et un identifiant d'utilisateur synthétique. Là où la plupart des trajets consécutifs publiés s'enchaînent, les trajets de chaque personne sont tirés comme une chaîne d'arrêts : chaque trajet part du point où son trajet précédent s'est arrêté, sauf pour la part publiée des trajets consécutifs qui ne s'enchaînent pas, où il part d'un autre arrêt (domicile, extrémité principale ou ailleurs, comme partent les trajets tirés un par un), et ses journées partent du domicile dans l'ordre du temps. La sortie est une couche de lignes (une ligne par trajet) dont les lignes de table sont mélangées ; elle se joue dans le contrôleur temporel (début → fin).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Good for, not good for&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Utile pour, inutile pour&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Use them&lt;/b&gt; to develop and test models and tools (traffic assignment, accessibility, trajectory tools), for the shape of trip length, start time, travel time and trips per person, for where trips start by zone and hour on coarse zones (a 1 km grid or coarser), and for each person's pattern (a person's trips concentrate on their home–main pair; their trips of a day follow each other from home), which no aggregate keeps.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Utilisez-les&lt;/b&gt; pour développer et tester des modèles et des outils (affectation de trafic, accessibilité, outils de trajectoires), pour la forme de la longueur des trajets, de l'heure de départ, de la durée et des trajets par personne, pour l'endroit où les trajets commencent par zone et par heure sur des zones grossières (une grille de 1 km ou plus grossière), et pour le schéma de chaque personne (les trajets d'une personne se concentrent sur sa paire domicile–principale ; ses trajets d'une journée s'enchaînent depuis le domicile), qu'aucun agrégat ne conserve.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Do not use them&lt;/b&gt; for OD flows between census zones (a used pair holds about one person, and a few thousand synthetic people spread over a million pairs: the flows are noise) — use &lt;i&gt;OD flows of trips&lt;/i&gt; (people per pair) for that; nor for small areas, rare trips, exact counts or anything about a particular person. Every figure computed from them carries the noise of the model on top of the sampling of the draw; direct releases of a statistic are more accurate for that statistic. A trip has one origin and one destination (no route); a person's places elsewhere are drawn afresh on every trip, so their habits away from home and main end (the same gym every week) are not kept.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Ne les utilisez pas&lt;/b&gt; pour des flux OD entre zones de recensement (une paire utilisée contient environ une personne, et quelques milliers de personnes synthétiques réparties sur un million de paires : les flux sont du bruit) — utilisez pour cela &lt;i&gt;Flux OD des trajets&lt;/i&gt; (personnes par paire) ; ni pour de petites zones, des trajets rares, des comptages exacts ou quoi que ce soit concernant une personne particulière. Chaque chiffre calculé à partir d'eux porte le bruit du modèle en plus de l'échantillonnage du tirage ; les publications directes d'une statistique sont plus précises pour cette statistique. Un trajet a une origine et une destination (pas d'itinéraire) ; les lieux d'une personne ailleurs sont tirés à nouveau à chaque trajet, si bien que ses habitudes hors du domicile et de l'extrémité principale (la même salle de sport chaque semaine) ne sont pas conservées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Model parameters&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Paramètres du modèle&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cap M of trips per person&lt;/b&gt; (≥ m): the number of trips of each person is counted up to M before noise (capping at m would pile every busy person at m). &lt;b&gt;Number of synthetic trips&lt;/b&gt; (0 = the model's noisy total). A time window (start and end) is required: the synthetic dates are drawn inside it, and so are their times.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Plafond M de trajets par personne&lt;/b&gt; (≥ m) : le nombre de trajets de chaque personne est compté jusqu'à M avant le bruit (plafonner à m entasserait toutes les personnes actives à m). &lt;b&gt;Nombre de trajets synthétiques&lt;/b&gt; (0 = le total bruité du modèle). Une fenêtre de temps (début et fin) est obligatoire : les dates synthétiques y sont tirées, de même que leurs heures.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The synthetic trips drawn from the private model, one line per trip, in random order.</source>
      <translation>Les trajets synthétiques tirés du modèle privé, une ligne par trajet, dans un ordre aléatoire.</translation>
    </message>
    <message>
      <source>&lt;p&gt;Audits a release of counts per cell and timestamp with the trajectory recovery attack of Xu et al. (WWW 2017): it rebuilds individual trajectories from the counts alone and, given the true trajectories, scores how many points it recovered.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Audite une publication de comptages par cellule et par instant avec l'attaque de reconstruction de trajectoires de Xu et al. (WWW 2017) : elle reconstruit des trajectoires individuelles à partir des seuls comptages et, avec les vraies trajectoires, mesure combien de points elle a retrouvés.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: adds no noise and spends no budget; everything computed from the true trajectories is internal: do not publish it.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : n'ajoute aucun bruit et ne dépense aucun budget ; tout ce qui est calculé à partir des vraies trajectoires est interne : ne le publiez pas.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Audits a release of counts per cell and timestamp with the unsupervised trajectory recovery attack of Xu et al., "Trajectory Recovery From Ash: User Privacy Is NOT Preserved in Aggregated Mobility Data" (WWW 2017), the attack Chen et al. (2019) use to evaluate their schemes. From the counts alone, it rebuilds individual trajectories step by step: each partial trajectory's next location is estimated (night: it stays; day: it continues with its last velocity, or stays with the day model "stay"), then the trajectories are linked to the next timestamp's people by a minimum-total-distance assignment. The third step of Xu et al. (linking days by their regularity) is not implemented: one day is recovered.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Audite une publication de comptages par cellule et par instant avec l'attaque non supervisée de reconstruction de trajectoires de Xu et al., « Trajectory Recovery From Ash: User Privacy Is NOT Preserved in Aggregated Mobility Data » (WWW 2017), l'attaque qu'utilisent Chen et al. (2019) pour évaluer leurs schémas. À partir des seuls comptages, elle reconstruit des trajectoires individuelles pas à pas : la prochaine position de chaque trajectoire partielle est estimée (la nuit : elle reste ; le jour : elle continue avec sa dernière vitesse, ou reste avec le modèle de jour « stay »), puis les trajectoires sont reliées aux personnes de l'instant suivant par une affectation de distance totale minimale. La troisième étape de Xu et al. (relier les jours par leur régularité) n'est pas implémentée : une seule journée est reconstruite.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Counts&lt;/b&gt;: a long-form layer with a cell id, a slot number and a count per row — any output of Publish per-timestamp histograms or Sanitize spatio-temporal density. Noisy counts that are not non-negative integers are first made so by Chen et al.'s consistency post-processing (seeded by &lt;b&gt;Seed&lt;/b&gt;). The slot start and end fields give the slots' times (for the night hours and the scoring).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Comptages&lt;/b&gt; : une couche en format long avec un identifiant de cellule, un numéro de créneau et un comptage par ligne — n'importe quelle sortie de Publier des histogrammes par instant ou d'Assainir une densité spatio-temporelle. Les comptages bruités qui ne sont pas des entiers non négatifs le deviennent d'abord par le post-traitement de cohérence de Chen et al. (initialisé par la &lt;b&gt;graine&lt;/b&gt;). Les champs de début et de fin de créneau donnent les heures des créneaux (pour les heures de nuit et l'évaluation).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Cells&lt;/b&gt;: the polygons the counts refer to; the attack measures distances between their centroids in the metric frame.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Cellules&lt;/b&gt; : les polygones auxquels se rapportent les comptages ; l'attaque mesure les distances entre leurs centroïdes dans le repère métrique.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;True trajectories&lt;/b&gt; (optional, for scoring; raw data): observations with a user, a time and a cell id or point geometry. Each true trajectory is matched to the recovered trajectory sharing most of its (timestamp, cell) points; RECOVERY_ACCURACY is the mean share of correct points, UNIQUENESS the share of users whose top-k most visited cells no other user has.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Vraies trajectoires&lt;/b&gt; (facultatives, pour l'évaluation ; données brutes) : observations avec un utilisateur, une heure et un identifiant de cellule ou une géométrie ponctuelle. Chaque vraie trajectoire est appariée à la trajectoire reconstruite qui partage le plus de ses points (instant, cellule) ; RECOVERY_ACCURACY est la part moyenne de points corrects, UNIQUENESS la part des utilisateurs dont aucun autre utilisateur n'a les k cellules les plus visitées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Night hours&lt;/b&gt;: from &lt;b&gt;night start&lt;/b&gt; to &lt;b&gt;night end&lt;/b&gt; (UTC hours of the slot start).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Heures de nuit&lt;/b&gt; : de &lt;b&gt;début de nuit&lt;/b&gt; à &lt;b&gt;fin de nuit&lt;/b&gt; (heures UTC du début du créneau).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the recovered trajectories as lines through the cell centroids; optionally a table with, for every true user, the best-matching recovered trajectory and its accuracy; the numbers RECOVERY_ACCURACY and UNIQUENESS (for models and qgis_process); the report. Everything computed from the true trajectories is internal: do not publish it.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties&lt;/b&gt; : les trajectoires reconstruites en lignes passant par les centroïdes des cellules ; en option une table donnant, pour chaque vrai utilisateur, la trajectoire reconstruite la mieux appariée et sa précision ; les nombres RECOVERY_ACCURACY et UNIQUENESS (pour les modèles et qgis_process) ; le rapport. Tout ce qui est calculé à partir des vraies trajectoires est interne : ne le publiez pas.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The field holding the slot of each count (empty: slot).</source>
      <translation>Le champ qui contient le créneau de chaque comptage (vide : slot).</translation>
    </message>
    <message>
      <source>The field holding the count (empty: count).</source>
      <translation>Le champ qui contient le comptage (vide : count).</translation>
    </message>
    <message>
      <source>The field holding the start of each slot (empty: slot_start).</source>
      <translation>Le champ qui contient le début de chaque créneau (vide : slot_start).</translation>
    </message>
    <message>
      <source>The field holding the end of each slot (empty: slot_end).</source>
      <translation>Le champ qui contient la fin de chaque créneau (vide : slot_end).</translation>
    </message>
    <message>
      <source>The number of most visited cells of a user compared for the uniqueness score.</source>
      <translation>Le nombre de cellules les plus visitées d'un utilisateur comparées pour le score d'unicité.</translation>
    </message>
    <message>
      <source>The recovered trajectories, as lines through the cell centroids.</source>
      <translation>Les trajectoires reconstruites, en lignes passant par les centroïdes des cellules.</translation>
    </message>
    <message>
      <source>For every true user, the best-matching recovered trajectory and its accuracy (internal: do not publish).</source>
      <translation>Pour chaque vrai utilisateur, la trajectoire reconstruite la plus proche et sa précision (interne : ne pas publier).</translation>
    </message>
    <message>
      <source>The field of the counts holding the cell id of each count (empty: cell_id).</source>
      <translation>Le champ des comptages qui contient l'identifiant de cellule de chaque comptage (vide : cell_id).</translation>
    </message>
    <message>
      <source>&lt;p&gt;Splits a study area into one cell per mobile-network site (Voronoi cells clipped to the area, as in Acs &amp;amp; Castelluccia, KDD 2014, §4.2): the tower cells a density release maps counts from.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Découpe une zone d'étude en une cellule par site du réseau mobile (cellules de Voronoï découpées à la zone, comme chez Acs &amp;amp; Castelluccia, KDD 2014, §4.2) : les cellules d'antennes dont une publication de densité répartit les comptages.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt;: no noise is added. Tower positions are usually public infrastructure; the output discloses nothing else.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Confidentialité&lt;/b&gt; : aucun bruit n'est ajouté. Les positions des antennes sont en général des infrastructures publiques ; la sortie ne divulgue rien d'autre.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;Splits a study area into one cell per mobile-network site: each site owns the part of the area closer to it than to any other site (Voronoi cells, as in Acs &amp;amp; Castelluccia, KDD 2014, §4.2). The cells are clipped to the study area and partition it exactly: no gaps, no overlaps. The layers may be in different CRSs: everything is computed in one metric frame taken from the study area (or from the towers without one; a local azimuthal projection if that CRS is not in metres) and the outputs are in that layer's CRS. Towers lying all outside the study area (often a wrong CRS) and duplicate tower ids are refused.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Découpe une zone d'étude en une cellule par site du réseau mobile : chaque site possède la partie de la zone plus proche de lui que de tout autre site (cellules de Voronoï, comme dans Acs &amp;amp; Castelluccia, KDD 2014, §4.2). Les cellules sont découpées par la zone d'étude et la partitionnent exactement : ni trous, ni chevauchements. Les couches peuvent être dans des SCR différents : tout est calculé dans un repère métrique unique tiré de la zone d'étude (ou des antennes en son absence ; une projection azimutale locale si ce SCR n'est pas en mètres) et les sorties sont dans le SCR de cette couche. Les antennes toutes situées hors de la zone d'étude (souvent un mauvais SCR) et les identifiants d'antenne en double sont refusés.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Towers&lt;/b&gt;: point layer of antenna or tower positions (multipoints count as one tower per part; features without geometry are skipped and counted).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Antennes&lt;/b&gt; : couche de points des positions des antennes ou pylônes (les multipoints comptent une antenne par partie ; les entités sans géométrie sont ignorées et comptées).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Tower id field&lt;/b&gt; (optional): identifies the towers in the outputs (every value must be unique); default the feature id.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Champ d'identifiant d'antenne&lt;/b&gt; (facultatif) : identifie les antennes dans les sorties (chaque valeur doit être unique) ; par défaut l'identifiant d'entité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Merge towers closer than&lt;/b&gt; (metres): co-located antennas share one site placed at their mean position; towers linked by a chain of gaps below this distance merge. Towers with identical coordinates always share a site. 0 merges only those.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Fusionner les antennes plus proches que&lt;/b&gt; (mètres) : les antennes co-localisées partagent un site placé à leur position moyenne ; les antennes reliées par une chaîne d'écarts inférieurs à cette distance fusionnent. Les antennes de coordonnées identiques partagent toujours un site. 0 ne fusionne que celles-ci.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt;: the cells (cell_id, tower_ids, tower_count, area_m2) and a table tower_id → cell_id with each tower's status: inside, outside (a tower outside the study area keeps its cell if that cell still meets the area) or dropped (its cell misses the area; cell_id is NULL). The report lists these counts.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties&lt;/b&gt; : les cellules (cell_id, tower_ids, tower_count, area_m2) et une table tower_id → cell_id avec le statut de chaque antenne : inside (à l'intérieur), outside (une antenne hors de la zone d'étude garde sa cellule si celle-ci touche encore la zone) ou dropped (sa cellule manque la zone ; cell_id est NULL). Le rapport liste ces comptages.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The tower cells: one polygon per site, clipped to the study area, with the ids of its towers.</source>
      <translation>Les cellules d'antennes : un polygone par site, découpé à la zone d'étude, avec les identifiants de ses antennes.</translation>
    </message>
    <message>
      <source>A table of every tower with the id of its cell and whether it lay inside the study area (towers at one site share a cell).</source>
      <translation>Une table de chaque antenne avec l'identifiant de sa cellule et si elle était dans la zone d'étude (les antennes d'un même site partagent une cellule).</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Privacy parameters&lt;/h3&gt;</source>
      <translation>&lt;h3&gt;Paramètres de confidentialité&lt;/h3&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Epsilon (ε)&lt;/b&gt;: the privacy loss allowed for this release. Smaller is more private and noisier; values between 0.1 and 1 are common. Must be &amp;gt; 0.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Epsilon (ε)&lt;/b&gt; : la perte de confidentialité autorisée pour cette publication. Plus il est petit, plus la publication est privée et bruitée ; les valeurs entre 0,1 et 1 sont courantes. Doit être &amp;gt; 0.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Delta (δ)&lt;/b&gt;: the probability that the ε guarantee fails, for (ε, δ) mechanisms only. Keep it far below 1/(number of individuals); it must lie in [0, 1).&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Delta (δ)&lt;/b&gt; : la probabilité que la garantie ε soit mise en défaut, pour les mécanismes (ε, δ) uniquement. Gardez-le très en dessous de 1/(nombre d'individus) ; il doit être dans [0, 1).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Seed&lt;/b&gt;: leave empty for a real release (fresh randomness from the operating system). A seed makes the run reproducible for tests and demos; such a report is marked "reproducible: not for publication".&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Graine&lt;/b&gt; : laissez-la vide pour une vraie publication (aléa neuf fourni par le système d'exploitation). Une graine rend l'exécution reproductible pour les tests et les démonstrations ; un tel rapport est marqué « Reproductible : pas pour publication ».&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy ledger&lt;/b&gt;: optional JSON file that records what every release spent on a dataset and refuses a release that would exceed the dataset's total budget, before any noise is drawn. Its "…" button accepts a new file name: the ledger is created by the first release. &lt;b&gt;Dataset id&lt;/b&gt; names the dataset in the ledger (default: the normalised path of the input file, the same whichever layer name or reader is used). &lt;b&gt;Total budget ε / δ&lt;/b&gt; are required the first time a dataset appears in the ledger (unless it joins a population) and fixed afterwards; the budget keeps the unit of the release (ε, or ε per metre for geo-indistinguishability) and a release in another unit is refused.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Registre de confidentialité&lt;/b&gt; : fichier JSON facultatif qui enregistre ce que chaque publication a dépensé sur un jeu de données et refuse, avant tout tirage de bruit, une publication qui dépasserait le budget total du jeu. Son bouton « … » accepte un nouveau nom de fichier : le registre est créé par la première publication. &lt;b&gt;L'identifiant du jeu de données&lt;/b&gt; nomme le jeu dans le registre (par défaut : le chemin normalisé du fichier d'entrée, le même quels que soient le nom de la couche ou le lecteur). &lt;b&gt;Le budget total ε / δ&lt;/b&gt; est requis la première fois qu'un jeu apparaît dans le registre (sauf s'il rejoint une population) et fixé ensuite ; le budget garde l'unité de la publication (ε, ou ε par mètre pour la géo-indistinguabilité) et une publication dans une autre unité est refusée.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Populations&lt;/b&gt;: privacy is per person, not per file. The ledger keeps a keyed sketch of the people of every release (the smallest keyed hashes of their user ids), so a copy, a CSV export, a reprojected copy, a subset or next week's export of the same people is charged to the same &lt;b&gt;population&lt;/b&gt; and its policy (declared once with “Declare a population”: a total over a horizon and caps per calendar week or month). A dataset new in the ledger joins the population holding at least 75 % of its people; between 10 % and 75 % it is refused, with the estimated overlap, until &lt;b&gt;Population in the ledger&lt;/b&gt; names the population (or a new name for a population of its own). Inputs without user ids (counts per zone) join only the population they name. Each release's period (its time window, else the dates of its data, else the run date) is recorded in the ledger and checked against the caps.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Populations&lt;/b&gt; : la confidentialité se compte par personne, non par fichier. Le registre garde une esquisse à clé des personnes de chaque publication (les plus petites empreintes à clé de leurs identifiants), de sorte qu'une copie, un export CSV, une copie reprojetée, un sous-ensemble ou l'export de la semaine suivante des mêmes personnes est imputé à la même &lt;b&gt;population&lt;/b&gt; et à sa politique (déclarée une fois avec « Déclarer une population » : un total sur un horizon et des plafonds par semaine ou mois civil). Un jeu nouveau dans le registre rejoint la population qui contient au moins 75 % de ses personnes ; entre 10 % et 75 %, il est refusé, avec le recouvrement estimé, jusqu'à ce que &lt;b&gt;Population dans le registre&lt;/b&gt; nomme la population (ou un nouveau nom pour une population à part). Les entrées sans identifiants d'utilisateurs (comptages par zone) ne rejoignent que la population qu'elles nomment. La période de chaque publication (sa fenêtre temporelle, sinon les dates de ses données, sinon la date d'exécution) est inscrite au registre et vérifiée par rapport aux plafonds.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Keep the ledger file secret&lt;/b&gt;: it holds the key of the sketches beside keyed hashes of user ids, so whoever has it can test whether a given id is among the people of a release. It is as sensitive as the list of ids itself; never publish it with a release.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Gardez le fichier du registre secret&lt;/b&gt; : il contient la clé des esquisses à côté d'empreintes à clé des identifiants d'utilisateurs, si bien que quiconque le détient peut tester si un identifiant donné fait partie des personnes d'une publication. Il est aussi sensible que la liste des identifiants elle-même ; ne le publiez jamais avec une publication.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Report&lt;/b&gt;: HTML file safe to publish with the release: parameters, unit of privacy and the cost of each mechanism call, nothing computed from the raw data. &lt;b&gt;Internal report&lt;/b&gt; (optional): facts about the raw data and utility against the truth, for the data owner only.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Rapport&lt;/b&gt; : fichier HTML publiable avec la publication : paramètres, unité de confidentialité et coût de chaque appel de mécanisme, rien de calculé à partir des données brutes. &lt;b&gt;Rapport interne&lt;/b&gt; (facultatif) : faits sur les données brutes et utilité par rapport à la vérité, pour le détenteur des données uniquement.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Outputs EPSILON_SPENT, DELTA_SPENT, PRIVACY_UNIT&lt;/b&gt;: what this run spent (and in which unit), so a model can show and add up its cost.&lt;/p&gt;</source>
      <translation>&lt;p&gt;&lt;b&gt;Sorties EPSILON_SPENT, DELTA_SPENT, PRIVACY_UNIT&lt;/b&gt; : ce que cette exécution a dépensé (et dans quelle unité), pour qu'un modèle puisse afficher et additionner son coût.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>The HTML report of the run: its parameters and results (a release's report holds only what is safe to publish with it).</source>
      <translation>Le rapport HTML de l'exécution : ses paramètres et résultats (le rapport d'une publication ne contient que ce qui peut être publié avec elle).</translation>
    </message>
    <message>
      <source>The dataset's total δ in the ledger, given with the total budget ε on the dataset's first release and fixed afterwards.</source>
      <translation>Le δ total du jeu de données dans le registre, donné avec le budget total ε à la première publication du jeu de données et fixé ensuite.</translation>
    </message>
    <message>
      <source>Trips given as lines or as a table: the field holding each trip's start time.</source>
      <translation>Trajets donnés en lignes ou en table : le champ qui contient l'heure de début de chaque trajet.</translation>
    </message>
    <message>
      <source>Trips given as lines or as a table: the field holding each trip's end time.</source>
      <translation>Trajets donnés en lignes ou en table : le champ qui contient l'heure de fin de chaque trajet.</translation>
    </message>
    <message>
      <source>Trips given as a table: the field holding the x coordinate (longitude or easting) of each trip's origin.</source>
      <translation>Trajets donnés en table : le champ qui contient la coordonnée x (longitude ou abscisse) de l'origine de chaque trajet.</translation>
    </message>
    <message>
      <source>Trips given as a table: the field holding the y coordinate (latitude or northing) of each trip's origin.</source>
      <translation>Trajets donnés en table : le champ qui contient la coordonnée y (latitude ou ordonnée) de l'origine de chaque trajet.</translation>
    </message>
    <message>
      <source>Trips given as a table: the field holding the x coordinate (longitude or easting) of each trip's destination.</source>
      <translation>Trajets donnés en table : le champ qui contient la coordonnée x (longitude ou abscisse) de la destination de chaque trajet.</translation>
    </message>
    <message>
      <source>Trips given as a table: the field holding the y coordinate (latitude or northing) of each trip's destination.</source>
      <translation>Trajets donnés en table : le champ qui contient la coordonnée y (latitude ou ordonnée) de la destination de chaque trajet.</translation>
    </message>
    <message>
      <source>The end of the time window (UTC): what happens at or after it is left out.</source>
      <translation>La fin de la fenêtre temporelle (UTC) : ce qui a lieu à partir de cet instant est laissé de côté.</translation>
    </message>
    <message>
      <source>The field holding the time of each event (a date-time, or seconds since 1970).</source>
      <translation>Le champ qui contient l'heure de chaque événement (une date-heure, ou des secondes depuis 1970).</translation>
    </message>
    <message>
      <source>The field holding the tower id of each event (the ids of the towers layer).</source>
      <translation>Le champ qui contient l'identifiant d'antenne de chaque événement (les identifiants de la couche des antennes).</translation>
    </message>
    <message>
      <source>The field identifying each cell (empty: the feature id).</source>
      <translation>Le champ qui identifie chaque cellule (vide : l'identifiant de l'entité).</translation>
    </message>
    <message>
      <source>The seed of the betweenness pivots and of the Louvain communities: the same seed gives the same measures.</source>
      <translation>La graine des pivots d'intermédiarité et des communautés de Louvain : la même graine donne les mêmes mesures.</translation>
    </message>
    <message>
      <source>Add DP noise to counts</source>
      <translation>Ajouter du bruit DP à des comptages</translation>
    </message>
    <message>
      <source>Counts</source>
      <translation>Comptages</translation>
    </message>
    <message>
      <source>Input layer with counts</source>
      <translation>Couche en entrée avec les comptages</translation>
    </message>
    <message>
      <source>Count field</source>
      <translation>Champ de comptage</translation>
    </message>
    <message>
      <source>Counts one individual can change (m)</source>
      <translation>Comptages qu'un individu peut modifier (m)</translation>
    </message>
    <message>
      <source>Maximum change of a count (c)</source>
      <translation>Modification maximale d'un comptage (c)</translation>
    </message>
    <message>
      <source>by one individual</source>
      <translation>par un individu</translation>
    </message>
    <message>
      <source>Mechanism</source>
      <translation>Mécanisme</translation>
    </message>
    <message>
      <source>discrete Laplace: integer noise, exact ε-DP</source>
      <translation>Laplace discret : bruit entier, ε-DP exacte</translation>
    </message>
    <message>
      <source>discrete Laplace</source>
      <translation>Laplace discret</translation>
    </message>
    <message>
      <source>discrete Gaussian, tightest calibration|Gaussian (discrete, integer noise), tightest proven calibration, (ε, δ)-DP</source>
      <translation>gaussien discret, calibrage le plus serré|Gaussien (discret, bruit entier), calibrage prouvé le plus serré, (ε, δ)-DP</translation>
    </message>
    <message>
      <source>discrete Gaussian, tightest calibration</source>
      <translation>gaussien discret, calibrage le plus serré</translation>
    </message>
    <message>
      <source>Gaussian (discrete, integer noise), tightest proven calibration, (ε, δ)-DP</source>
      <translation>Gaussien (discret, bruit entier), calibrage prouvé le plus serré, (ε, δ)-DP</translation>
    </message>
    <message>
      <source>discrete Gaussian, classic calibration|Gaussian (discrete), classic calibration of Acs &amp; Castelluccia, (ε, δ)-DP, ε &lt; 1 only</source>
      <translation>gaussien discret, calibrage classique|Gaussien (discret), calibrage classique d'Acs et Castelluccia, (ε, δ)-DP, ε &lt; 1 seulement</translation>
    </message>
    <message>
      <source>discrete Gaussian, classic calibration</source>
      <translation>gaussien discret, calibrage classique</translation>
    </message>
    <message>
      <source>Gaussian (discrete), classic calibration of Acs &amp; Castelluccia, (ε, δ)-DP, ε &lt; 1 only</source>
      <translation>Gaussien (discret), calibrage classique d'Acs et Castelluccia, (ε, δ)-DP, ε &lt; 1 seulement</translation>
    </message>
    <message>
      <source>Laplace: continuous noise, ε-DP</source>
      <translation>Laplace : bruit continu, ε-DP</translation>
    </message>
    <message>
      <source>Laplace</source>
      <translation>Laplace</translation>
    </message>
    <message>
      <source>Round to integers</source>
      <translation>Arrondir à l'entier</translation>
    </message>
    <message>
      <source>Clamp negative counts to 0</source>
      <translation>Ramener les comptages négatifs à 0</translation>
    </message>
    <message>
      <source>Noisy count field name</source>
      <translation>Nom du champ de comptage bruité</translation>
    </message>
    <message>
      <source>Fields to copy</source>
      <translation>Champs à copier</translation>
    </message>
    <message>
      <source>copied to the output; never the count field</source>
      <translation>copiés dans la sortie ; jamais le champ de comptage</translation>
    </message>
    <message>
      <source>Epsilon (ε)</source>
      <translation>Epsilon (ε)</translation>
    </message>
    <message>
      <source>the privacy loss of this release, &gt; 0</source>
      <translation>la perte de confidentialité de cette publication, &gt; 0</translation>
    </message>
    <message>
      <source>Delta (δ)</source>
      <translation>Delta (δ)</translation>
    </message>
    <message>
      <source>in [0, 1); used by the Gaussian mechanisms only</source>
      <translation>dans [0, 1) ; utilisé par les mécanismes gaussiens uniquement</translation>
    </message>
    <message>
      <source>Seed</source>
      <translation>Graine</translation>
    </message>
    <message>
      <source>empty = secure randomness; a seeded run is not for publication</source>
      <translation>vide = aléa sûr ; une exécution avec graine n'est pas publiable</translation>
    </message>
    <message>
      <source>Privacy ledger</source>
      <translation>Registre de confidentialité</translation>
    </message>
    <message>
      <source>JSON file, created if missing; secret: it can tell whether an id is among the people</source>
      <translation>fichier JSON, créé s'il manque ; secret : il peut dire si un identifiant fait partie des personnes</translation>
    </message>
    <message>
      <source>Dataset id in the ledger</source>
      <translation>Identifiant du jeu de données dans le registre</translation>
    </message>
    <message>
      <source>default: the input file's path</source>
      <translation>par défaut : le chemin du fichier en entrée</translation>
    </message>
    <message>
      <source>Total budget ε</source>
      <translation>Budget total ε</translation>
    </message>
    <message>
      <source>of the dataset; required on first ledger use</source>
      <translation>du jeu de données ; obligatoire à la première utilisation du registre</translation>
    </message>
    <message>
      <source>Total budget δ of the dataset</source>
      <translation>Budget total δ du jeu de données</translation>
    </message>
    <message>
      <source>Population in the ledger</source>
      <translation>Population dans le registre</translation>
    </message>
    <message>
      <source>for a dataset new in the ledger; empty: the population holding its people, else its own</source>
      <translation>pour un jeu nouveau dans le registre ; vide : la population qui contient ses personnes, sinon la sienne</translation>
    </message>
    <message>
      <source>Privacy report</source>
      <translation>Rapport de confidentialité</translation>
    </message>
    <message>
      <source>Internal report</source>
      <translation>Rapport interne</translation>
    </message>
    <message>
      <source>raw-data facts for the data owner: do not publish</source>
      <translation>faits sur les données brutes pour le détenteur des données : ne pas publier</translation>
    </message>
    <message>
      <source>Noisy counts</source>
      <translation>Comptages bruités</translation>
    </message>
    <message>
      <source>ε spent by this run</source>
      <translation>ε dépensé par cette exécution</translation>
    </message>
    <message>
      <source>δ spent by this run</source>
      <translation>δ dépensé par cette exécution</translation>
    </message>
    <message>
      <source>Unit of ε spent (ε or ε per metre) and unit of privacy</source>
      <translation>Unité de l'ε dépensé (ε ou ε par mètre) et unité de confidentialité</translation>
    </message>
    <message>
      <source>Geo-indistinguishable perturbation</source>
      <translation>Perturbation géo-indistinguable</translation>
    </message>
    <message>
      <source>Points</source>
      <translation>Points</translation>
    </message>
    <message>
      <source>Input points</source>
      <translation>Points en entrée</translation>
    </message>
    <message>
      <source>geometric (grid)|geometric mechanism on grid cells (Alvim et al.; reports are cell centres)</source>
      <translation>géométrique (grille)|mécanisme géométrique sur les cellules de la grille (Alvim et al. ; les rapports sont des centres de cellules)</translation>
    </message>
    <message>
      <source>geometric (grid)</source>
      <translation>géométrique (grille)</translation>
    </message>
    <message>
      <source>geometric mechanism on grid cells (Alvim et al.; reports are cell centres)</source>
      <translation>mécanisme géométrique sur les cellules de la grille (Alvim et al. ; les rapports sont des centres de cellules)</translation>
    </message>
    <message>
      <source>k-ary randomized response (grid)|over the cells (plain ε, no metric, for comparison)</source>
      <translation>réponse aléatoire k-aire (grille)|sur les cellules (ε simple, sans métrique, pour comparaison)</translation>
    </message>
    <message>
      <source>k-ary randomized response (grid)</source>
      <translation>réponse aléatoire k-aire (grille)</translation>
    </message>
    <message>
      <source>over the cells (plain ε, no metric, for comparison)</source>
      <translation>sur les cellules (ε simple, sans métrique, pour comparaison)</translation>
    </message>
    <message>
      <source>discretised planar Laplace (grid)|discretised planar Laplace on grid cells (Alvim et al.; reports are cell centres)</source>
      <translation>Laplace planaire discrétisé (grille)|Laplace planaire discrétisé sur les cellules de la grille (Alvim et al. ; les rapports sont des centres de cellules)</translation>
    </message>
    <message>
      <source>discretised planar Laplace (grid)</source>
      <translation>Laplace planaire discrétisé (grille)</translation>
    </message>
    <message>
      <source>discretised planar Laplace on grid cells (Alvim et al.; reports are cell centres)</source>
      <translation>Laplace planaire discrétisé sur les cellules de la grille (Alvim et al. ; les rapports sont des centres de cellules)</translation>
    </message>
    <message>
      <source>planar Laplace|planar Laplace, continuous (radius ~ Gamma(2, 1/ε), uniform direction), each point moved along the geodesic on the WGS84 ellipsoid</source>
      <translation>Laplace planaire|Laplace planaire, continu (rayon ~ Gamma(2, 1/ε), direction uniforme), chaque point déplacé le long de la géodésique sur l'ellipsoïde WGS84</translation>
    </message>
    <message>
      <source>planar Laplace</source>
      <translation>Laplace planaire</translation>
    </message>
    <message>
      <source>planar Laplace, continuous (radius ~ Gamma(2, 1/ε), uniform direction), each point moved along the geodesic on the WGS84 ellipsoid</source>
      <translation>Laplace planaire, continu (rayon ~ Gamma(2, 1/ε), direction uniforme), chaque point déplacé le long de la géodésique sur l'ellipsoïde WGS84</translation>
    </message>
    <message>
      <source>Epsilon (ε per metre)</source>
      <translation>Epsilon (ε par mètre)</translation>
    </message>
    <message>
      <source>the privacy loss of this release per metre of distance, &gt; 0</source>
      <translation>la perte de confidentialité de cette publication par mètre de distance, &gt; 0</translation>
    </message>
    <message>
      <source>Privacy level L</source>
      <translation>Niveau de confidentialité L</translation>
    </message>
    <message>
      <source>with a radius r: ε = L/r per metre; empty: L = ln 4 ≈ 1.386 (Andrés et al.)</source>
      <translation>avec un rayon r : ε = L/r par mètre ; vide : L = ln 4 ≈ 1,386 (Andrés et al.)</translation>
    </message>
    <message>
      <source>Radius r (metres)</source>
      <translation>Rayon r (mètres)</translation>
    </message>
    <message>
      <source>empty: use Epsilon per metre</source>
      <translation>vide : utiliser Epsilon par mètre</translation>
    </message>
    <message>
      <source>Cell size in metres (grid mechanisms)</source>
      <translation>Taille de cellule en mètres (mécanismes sur grille)</translation>
    </message>
    <message>
      <source>Grid extent, public (grid mechanisms)</source>
      <translation>Emprise publique de la grille (sur grille)</translation>
    </message>
    <message>
      <source>Boundary rule (grid mechanisms)</source>
      <translation>Règle de bord (mécanismes sur grille)</translation>
    </message>
    <message>
      <source>remap to the nearest cell|a report falling outside the grid is moved to the nearest cell (exactly ε·d-private)</source>
      <translation>ramener à la cellule la plus proche|un rapport tombant hors de la grille est déplacé vers la cellule la plus proche (exactement ε·d-privé)</translation>
    </message>
    <message>
      <source>remap to the nearest cell</source>
      <translation>ramener à la cellule la plus proche</translation>
    </message>
    <message>
      <source>a report falling outside the grid is moved to the nearest cell (exactly ε·d-private)</source>
      <translation>un rapport tombant hors de la grille est déplacé vers la cellule la plus proche (exactement ε·d-privé)</translation>
    </message>
    <message>
      <source>renormalise (costs 2ε)|the mechanism is renormalised over the grid as Alvim et al. §IV, which only guarantees 2ε·d (the report and the ledger count 2ε)</source>
      <translation>renormaliser (coûte 2ε)|le mécanisme est renormalisé sur la grille comme dans Alvim et al. §IV, ce qui ne garantit que 2ε·d (le rapport et le registre comptent 2ε)</translation>
    </message>
    <message>
      <source>renormalise (costs 2ε)</source>
      <translation>renormaliser (coûte 2ε)</translation>
    </message>
    <message>
      <source>the mechanism is renormalised over the grid as Alvim et al. §IV, which only guarantees 2ε·d (the report and the ledger count 2ε)</source>
      <translation>le mécanisme est renormalisé sur la grille comme dans Alvim et al. §IV, ce qui ne garantit que 2ε·d (le rapport et le registre comptent 2ε)</translation>
    </message>
    <message>
      <source>Study area to remap reports into</source>
      <translation>Zone d'étude où ramener les rapports</translation>
    </message>
    <message>
      <source>planar Laplace only</source>
      <translation>Laplace planaire uniquement</translation>
    </message>
    <message>
      <source>Allow most points outside</source>
      <translation>Autoriser la plupart des points hors zone</translation>
    </message>
    <message>
      <source>accept a run where more than half the points fall outside the grid or study area</source>
      <translation>accepter une exécution où plus de la moitié des points tombent hors de la grille ou de la zone d'étude</translation>
    </message>
    <message>
      <source>User id field</source>
      <translation>Champ d'identifiant utilisateur</translation>
    </message>
    <message>
      <source>empty: each point is protected on its own</source>
      <translation>vide : chaque point est protégé séparément</translation>
    </message>
    <message>
      <source>Maximum points per user (m)</source>
      <translation>Nombre maximal de points par utilisateur (m)</translation>
    </message>
    <message>
      <source>with a user field; the cost is m·ε</source>
      <translation>avec un champ utilisateur ; le coût est m·ε</translation>
    </message>
    <message>
      <source>Users above the maximum</source>
      <translation>Utilisateurs au-delà du maximum</translation>
    </message>
    <message>
      <source>refuse the run|naming a user above the maximum</source>
      <translation>refuser l'exécution|en nommant un utilisateur au-delà du maximum</translation>
    </message>
    <message>
      <source>refuse the run</source>
      <translation>refuser l'exécution</translation>
    </message>
    <message>
      <source>naming a user above the maximum</source>
      <translation>en nommant un utilisateur au-delà du maximum</translation>
    </message>
    <message>
      <source>sample m points|keep a uniformly random m of that user's points</source>
      <translation>échantillonner m points|garder m points de cet utilisateur tirés uniformément au hasard</translation>
    </message>
    <message>
      <source>sample m points</source>
      <translation>échantillonner m points</translation>
    </message>
    <message>
      <source>keep a uniformly random m of that user's points</source>
      <translation>garder m points de cet utilisateur tirés uniformément au hasard</translation>
    </message>
    <message>
      <source>Fields to copy to the output</source>
      <translation>Champs à copier dans la sortie</translation>
    </message>
    <message>
      <source>Perturbed points</source>
      <translation>Points perturbés</translation>
    </message>
    <message>
      <source>Displacement lines (data owner only)</source>
      <translation>Déplacements (détenteur seul)</translation>
    </message>
    <message>
      <source>Estimate distribution from perturbed points</source>
      <translation>Estimer la distribution à partir de points perturbés</translation>
    </message>
    <message>
      <source>Mechanism used to perturb</source>
      <translation>Mécanisme utilisé pour perturber</translation>
    </message>
    <message>
      <source>the mechanism the points were perturbed with</source>
      <translation>le mécanisme avec lequel les points ont été perturbés</translation>
    </message>
    <message>
      <source>Epsilon of the perturbation</source>
      <translation>Epsilon de la perturbation</translation>
    </message>
    <message>
      <source>the ε the points were perturbed with (nothing is spent)</source>
      <translation>l'ε avec lequel les points ont été perturbés (rien n'est dépensé)</translation>
    </message>
    <message>
      <source>Cell size in metres</source>
      <translation>Taille de cellule en mètres</translation>
    </message>
    <message>
      <source>Grid extent</source>
      <translation>Emprise de la grille</translation>
    </message>
    <message>
      <source>the one used to perturb; empty for planar Laplace: the reports' extent</source>
      <translation>celle utilisée pour perturber ; vide pour le Laplace planaire : l'emprise des rapports</translation>
    </message>
    <message>
      <source>Boundary rule of the mechanism</source>
      <translation>Règle de bord du mécanisme</translation>
    </message>
    <message>
      <source>Allow most reports outside</source>
      <translation>Autoriser la plupart des rapports hors zone</translation>
    </message>
    <message>
      <source>accept more than half the reports outside the grid</source>
      <translation>accepter plus de la moitié des rapports hors de la grille</translation>
    </message>
    <message>
      <source>Maximum EM iterations</source>
      <translation>Nombre maximal d'itérations EM</translation>
    </message>
    <message>
      <source>Tolerance (L1 change of the estimate)</source>
      <translation>Tolérance (variation L1 de l'estimation)</translation>
    </message>
    <message>
      <source>Report</source>
      <translation>Rapport</translation>
    </message>
    <message>
      <source>Estimated distribution</source>
      <translation>Distribution estimée</translation>
    </message>
    <message>
      <source>Voronoi tower tessellation</source>
      <translation>Pavage de Voronoï des antennes</translation>
    </message>
    <message>
      <source>Tessellation</source>
      <translation>Pavage</translation>
    </message>
    <message>
      <source>voronoi</source>
      <translation>voronoï</translation>
    </message>
    <message>
      <source>thiessen</source>
      <translation>thiessen</translation>
    </message>
    <message>
      <source>tower</source>
      <translation>antenne</translation>
    </message>
    <message>
      <source>antenna</source>
      <translation>antenne relais</translation>
    </message>
    <message>
      <source>cell</source>
      <translation>cellule</translation>
    </message>
    <message>
      <source>CDR</source>
      <translation>CDR</translation>
    </message>
    <message>
      <source>Towers</source>
      <translation>Antennes</translation>
    </message>
    <message>
      <source>Tower id field</source>
      <translation>Champ d'identifiant d'antenne</translation>
    </message>
    <message>
      <source>default: the feature id</source>
      <translation>par défaut : l'identifiant d'entité</translation>
    </message>
    <message>
      <source>Study area</source>
      <translation>Zone d'étude</translation>
    </message>
    <message>
      <source>default: the buffered convex hull of the points</source>
      <translation>par défaut : l'enveloppe convexe des points avec un tampon</translation>
    </message>
    <message>
      <source>Buffer (metres)</source>
      <translation>Tampon (mètres)</translation>
    </message>
    <message>
      <source>around the convex hull of the points, when no study area is given</source>
      <translation>autour de l'enveloppe convexe des points, en l'absence de zone d'étude</translation>
    </message>
    <message>
      <source>Merge towers closer than (metres)</source>
      <translation>Fusionner les antennes plus proches que (mètres)</translation>
    </message>
    <message>
      <source>0 = identical positions only</source>
      <translation>0 = positions identiques seulement</translation>
    </message>
    <message>
      <source>Tower cells</source>
      <translation>Cellules des antennes</translation>
    </message>
    <message>
      <source>Tower to cell table</source>
      <translation>Table antenne → cellule</translation>
    </message>
    <message>
      <source>Data-driven tessellation</source>
      <translation>Pavage guidé par les données</translation>
    </message>
    <message>
      <source>grid</source>
      <translation>grille</translation>
    </message>
    <message>
      <source>cells</source>
      <translation>cellules</translation>
    </message>
    <message>
      <source>Andrienko</source>
      <translation>Andrienko</translation>
    </message>
    <message>
      <source>Sample points (public or historical)</source>
      <translation>Points d'échantillon (publics ou historiques)</translation>
    </message>
    <message>
      <source>Maximum radius R (metres)</source>
      <translation>Rayon maximal R (mètres)</translation>
    </message>
    <message>
      <source>Minimum radius r (metres)</source>
      <translation>Rayon minimal r (mètres)</translation>
    </message>
    <message>
      <source>Minimum points N to subdivide a group</source>
      <translation>Nombre minimal de points N pour subdiviser un groupe</translation>
    </message>
    <message>
      <source>Data-driven cells</source>
      <translation>Cellules guidées par les données</translation>
    </message>
    <message>
      <source>Minimum bipartite cover</source>
      <translation>Couverture bipartite minimale</translation>
    </message>
    <message>
      <source>cover</source>
      <translation>couverture</translation>
    </message>
    <message>
      <source>overlap</source>
      <translation>chevauchement</translation>
    </message>
    <message>
      <source>bipartite</source>
      <translation>bipartite</translation>
    </message>
    <message>
      <source>matching</source>
      <translation>couplage</translation>
    </message>
    <message>
      <source>census</source>
      <translation>recensement</translation>
    </message>
    <message>
      <source>IRIS</source>
      <translation>IRIS</translation>
    </message>
    <message>
      <source>Partition A (e.g. tower cells)</source>
      <translation>Partition A (p. ex. cellules des antennes)</translation>
    </message>
    <message>
      <source>Id field of A</source>
      <translation>Champ d'identifiant de A</translation>
    </message>
    <message>
      <source>Partition B (e.g. IRIS cells)</source>
      <translation>Partition B (p. ex. mailles IRIS)</translation>
    </message>
    <message>
      <source>Id field of B</source>
      <translation>Champ d'identifiant de B</translation>
    </message>
    <message>
      <source>Minimum overlap area (m²)</source>
      <translation>Surface minimale de chevauchement (m²)</translation>
    </message>
    <message>
      <source>smaller overlaps are slivers</source>
      <translation>les chevauchements plus petits sont des éclats</translation>
    </message>
    <message>
      <source>Minimum overlap fraction</source>
      <translation>Fraction minimale de chevauchement</translation>
    </message>
    <message>
      <source>of the smaller cell, in [0, 1)</source>
      <translation>de la plus petite cellule, dans [0, 1)</translation>
    </message>
    <message>
      <source>Minimum cover</source>
      <translation>Couverture minimale</translation>
    </message>
    <message>
      <source>Overlap table (Formula 1 weights)</source>
      <translation>Table des chevauchements (poids de la formule 1)</translation>
    </message>
    <message>
      <source>Generate synthetic mobility data</source>
      <translation>Générer des données de mobilité synthétiques</translation>
    </message>
    <message>
      <source>Data</source>
      <translation>Données</translation>
    </message>
    <message>
      <source>Towers (points)</source>
      <translation>Antennes (points)</translation>
    </message>
    <message>
      <source>Tower id field (default: feature id)</source>
      <translation>Champ d'id. d'antenne (défaut : id. d'entité)</translation>
    </message>
    <message>
      <source>Census zones (polygons)</source>
      <translation>Zones de recensement (polygones)</translation>
    </message>
    <message>
      <source>Population field</source>
      <translation>Champ de population</translation>
    </message>
    <message>
      <source>Number of users</source>
      <translation>Nombre d'utilisateurs</translation>
    </message>
    <message>
      <source>Days</source>
      <translation>Jours</translation>
    </message>
    <message>
      <source>Start date (UTC)</source>
      <translation>Date de début (UTC)</translation>
    </message>
    <message>
      <source>Phone activity</source>
      <translation>Activité téléphonique</translation>
    </message>
    <message>
      <source>13.55 visits per user and week (§4.1)</source>
      <translation>13,55 visites par utilisateur et par semaine (§4.1)</translation>
    </message>
    <message>
      <source>13.55 visits per user and week</source>
      <translation>13,55 visites par utilisateur et par semaine</translation>
    </message>
    <message>
      <source>≈68.9 visits per user and week (K/N, §5.4.1)</source>
      <translation>≈68,9 visites par utilisateur et par semaine (K/N, §5.4.1)</translation>
    </message>
    <message>
      <source>≈68.9 visits per user and week</source>
      <translation>≈68,9 visites par utilisateur et par semaine</translation>
    </message>
    <message>
      <source>≈7.6 visits per user and week (mean IRIS count 91, Fig. 2b)</source>
      <translation>≈7,6 visites par utilisateur et par semaine (comptage IRIS moyen 91, fig. 2b)</translation>
    </message>
    <message>
      <source>≈7.6 visits per user and week</source>
      <translation>≈7,6 visites par utilisateur et par semaine</translation>
    </message>
    <message>
      <source>Vehicles with GPS trajectories</source>
      <translation>Véhicules avec trajectoires GPS</translation>
    </message>
    <message>
      <source>0 = none</source>
      <translation>0 = aucun</translation>
    </message>
    <message>
      <source>Check-in users (0 = none)</source>
      <translation>Utilisateurs de check-ins (0 = aucun)</translation>
    </message>
    <message>
      <source>Venues</source>
      <translation>Lieux</translation>
    </message>
    <message>
      <source>Seed (empty = random)</source>
      <translation>Graine (vide = aléatoire)</translation>
    </message>
    <message>
      <source>Call data records</source>
      <translation>Enregistrements d'appels (CDR)</translation>
    </message>
    <message>
      <source>GPS trajectory points</source>
      <translation>Points de trajectoires GPS</translation>
    </message>
    <message>
      <source>Check-ins</source>
      <translation>Check-ins</translation>
    </message>
    <message>
      <source>CDR visit statistics (for the data owner)</source>
      <translation>Statistiques de visites des CDR (pour le détenteur des données)</translation>
    </message>
    <message>
      <source>Events (user, tower, time)</source>
      <translation>Événements (utilisateur, antenne, heure)</translation>
    </message>
    <message>
      <source>User field</source>
      <translation>Champ utilisateur</translation>
    </message>
    <message>
      <source>the unit of privacy; empty: a field named user_id, userid, user, uid, …</source>
      <translation>l'unité de confidentialité ; vide : un champ nommé user_id, userid, user, uid, …</translation>
    </message>
    <message>
      <source>Tower field</source>
      <translation>Champ d'antenne</translation>
    </message>
    <message>
      <source>Time field</source>
      <translation>Champ d'horodatage</translation>
    </message>
    <message>
      <source>Start of the period (UTC)</source>
      <translation>Début de la période (UTC)</translation>
    </message>
    <message>
      <source>Slot length (minutes)</source>
      <translation>Durée d'un créneau (minutes)</translation>
    </message>
    <message>
      <source>Number of slots</source>
      <translation>Nombre de créneaux</translation>
    </message>
    <message>
      <source>Candidate ℓ values</source>
      <translation>Valeurs candidates de ℓ</translation>
    </message>
    <message>
      <source>Visits per user distribution</source>
      <translation>Distribution des visites par utilisateur</translation>
    </message>
    <message>
      <source>Visits per slot</source>
      <translation>Visites par créneau</translation>
    </message>
    <message>
      <source>Aggregate flows with noise</source>
      <translation>Agréger des flux avec bruit</translation>
    </message>
    <message>
      <source>Flows</source>
      <translation>Flux</translation>
    </message>
    <message>
      <source>Trajectories</source>
      <translation>Trajectoires</translation>
    </message>
    <message>
      <source>points, or lines with time as M</source>
      <translation>points, ou lignes avec le temps en M</translation>
    </message>
    <message>
      <source>Vehicle field</source>
      <translation>Champ véhicule</translation>
    </message>
    <message>
      <source>the unit of privacy; empty: a field named vehicle_id, vehicleid, vehicle, vid, …</source>
      <translation>l'unité de confidentialité ; vide : un champ nommé vehicle_id, vehicleid, vehicle, vid, …</translation>
    </message>
    <message>
      <source>Trajectory (trip) field</source>
      <translation>Champ de trajectoire (trajet)</translation>
    </message>
    <message>
      <source>required for points; lines carry time as M</source>
      <translation>obligatoire pour des points ; les lignes portent le temps en M</translation>
    </message>
    <message>
      <source>Tessellation (cells)</source>
      <translation>Pavage (cellules)</translation>
    </message>
    <message>
      <source>Cell id field</source>
      <translation>Champ d'identifiant de cellule</translation>
    </message>
    <message>
      <source>The territory has holes</source>
      <translation>Le territoire a des trous</translation>
    </message>
    <message>
      <source>accept holes between cells</source>
      <translation>accepter des trous entre les cellules</translation>
    </message>
    <message>
      <source>Start of the time interval τ</source>
      <translation>Début de l'intervalle de temps τ</translation>
    </message>
    <message>
      <source>End of the time interval τ</source>
      <translation>Fin de l'intervalle de temps τ</translation>
    </message>
    <message>
      <source>Method</source>
      <translation>Méthode</translation>
    </message>
    <message>
      <source>balanced noise|noise within ±b, b independent of the data ((ε, δ), Alg. 5; protects one move, not a vehicle)</source>
      <translation>bruit équilibré|bruit dans ±b, b indépendant des données ((ε, δ), alg. 5 ; protège un déplacement, pas un véhicule)</translation>
    </message>
    <message>
      <source>balanced noise</source>
      <translation>bruit équilibré</translation>
    </message>
    <message>
      <source>noise within ±b, b independent of the data ((ε, δ), Alg. 5; protects one move, not a vehicle)</source>
      <translation>bruit dans ±b, b indépendant des données ((ε, δ), alg. 5 ; protège un déplacement, pas un véhicule)</translation>
    </message>
    <message>
      <source>bounded noise|noise within ±count (thesis Alg. 4; NOT differentially private)</source>
      <translation>bruit borné|bruit dans ±comptage (alg. 4 de la thèse ; PAS différentiellement privé)</translation>
    </message>
    <message>
      <source>bounded noise</source>
      <translation>bruit borné</translation>
    </message>
    <message>
      <source>noise within ±count (thesis Alg. 4; NOT differentially private)</source>
      <translation>bruit dans ±comptage (alg. 4 de la thèse ; PAS différentiellement privé)</translation>
    </message>
    <message>
      <source>trusted curator|a trusted curator bounds each vehicle and adds noise once (ε-DP per vehicle; the default)</source>
      <translation>curateur de confiance|un curateur de confiance borne chaque véhicule et ajoute le bruit une fois (ε-DP par véhicule ; par défaut)</translation>
    </message>
    <message>
      <source>trusted curator</source>
      <translation>curateur de confiance</translation>
    </message>
    <message>
      <source>a trusted curator bounds each vehicle and adds noise once (ε-DP per vehicle; the default)</source>
      <translation>un curateur de confiance borne chaque véhicule et ajoute le bruit une fois (ε-DP par véhicule ; par défaut)</translation>
    </message>
    <message>
      <source>universal noise|Laplace on every count (thesis Alg. 3; protects one move, not a vehicle)</source>
      <translation>bruit universel|Laplace sur chaque comptage (alg. 3 de la thèse ; protège un déplacement, pas un véhicule)</translation>
    </message>
    <message>
      <source>universal noise</source>
      <translation>bruit universel</translation>
    </message>
    <message>
      <source>Laplace on every count (thesis Alg. 3; protects one move, not a vehicle)</source>
      <translation>Laplace sur chaque comptage (alg. 3 de la thèse ; protège un déplacement, pas un véhicule)</translation>
    </message>
    <message>
      <source>Sensitivity (per-vehicle methods)</source>
      <translation>Sensibilité (méthodes par véhicule)</translation>
    </message>
    <message>
      <source>Move-based (Δ = 1; unit: one move)</source>
      <translation>Par déplacement (Δ = 1 ; unité : un déplacement)</translation>
    </message>
    <message>
      <source>Move-based</source>
      <translation>Par déplacement</translation>
    </message>
    <message>
      <source>Trajectory-based, thesis Eq. 4.1 (from each vehicle's own data; NOT differentially private)</source>
      <translation>Par trajectoire, éq. 4.1 de la thèse (à partir des propres données de chaque véhicule ; PAS différentiellement privé)</translation>
    </message>
    <message>
      <source>Trajectory-based</source>
      <translation>Par trajectoire</translation>
    </message>
    <message>
      <source>Noise</source>
      <translation>Bruit</translation>
    </message>
    <message>
      <source>Laplace (continuous, the thesis)</source>
      <translation>Laplace (continu, la thèse)</translation>
    </message>
    <message>
      <source>Discrete Laplace (integer counts)</source>
      <translation>Laplace discret (comptages entiers)</translation>
    </message>
    <message>
      <source>Discrete Laplace</source>
      <translation>Laplace discret</translation>
    </message>
    <message>
      <source>Central: moves kept per vehicle (m)</source>
      <translation>Central : déplacements conservés par véhicule (m)</translation>
    </message>
    <message>
      <source>Central: bounding rule</source>
      <translation>Central : règle de bornage</translation>
    </message>
    <message>
      <source>≤ m distinct moves, each ≤ k times (vehicles per link)</source>
      <translation>≤ m déplacements distincts, chacun ≤ k fois (véhicules par lien)</translation>
    </message>
    <message>
      <source>≤ m distinct moves</source>
      <translation>≤ m déplacements distincts</translation>
    </message>
    <message>
      <source>≤ m moves per vehicle, repetitions counted (traffic volumes)</source>
      <translation>≤ m déplacements par véhicule, répétitions comptées (volumes de trafic)</translation>
    </message>
    <message>
      <source>≤ m moves per vehicle</source>
      <translation>≤ m déplacements par véhicule</translation>
    </message>
    <message>
      <source>Times each move counts (k)</source>
      <translation>Nombre de fois que compte chaque déplacement (k)</translation>
    </message>
    <message>
      <source>central mode, distinct rule</source>
      <translation>mode central, règle distincte</translation>
    </message>
    <message>
      <source>Sketch (per-vehicle methods)</source>
      <translation>Sketch (méthodes par véhicule)</translation>
    </message>
    <message>
      <source>AGMS</source>
      <translation>AGMS</translation>
    </message>
    <message>
      <source>Count Sketch</source>
      <translation>Count Sketch</translation>
    </message>
    <message>
      <source>Count-Min (nodes clip negative values to 0)</source>
      <translation>Count-Min (les nœuds ramènent les valeurs négatives à 0)</translation>
    </message>
    <message>
      <source>Count-Min</source>
      <translation>Count-Min</translation>
    </message>
    <message>
      <source>None</source>
      <translation>Aucun</translation>
    </message>
    <message>
      <source>Sketch width (counters per row)</source>
      <translation>Largeur du sketch (compteurs par ligne)</translation>
    </message>
    <message>
      <source>Sketch depth (rows; 1 for AGMS)</source>
      <translation>Profondeur du sketch (lignes ; 1 pour AGMS)</translation>
    </message>
    <message>
      <source>Sketch hash seed</source>
      <translation>Graine de hachage du sketch</translation>
    </message>
    <message>
      <source>shared by the vehicles and the coordinator</source>
      <translation>partagée par les véhicules et le coordinateur</translation>
    </message>
    <message>
      <source>Coordinator with sketches</source>
      <translation>Coordinateur avec sketches</translation>
    </message>
    <message>
      <source>Sum of per-node estimates (thesis §4.3)</source>
      <translation>Somme des estimations par nœud (thèse §4.3)</translation>
    </message>
    <message>
      <source>Sum of per-node estimates</source>
      <translation>Somme des estimations par nœud</translation>
    </message>
    <message>
      <source>Estimate from the sum of the sketches</source>
      <translation>Estimation à partir de la somme des sketches</translation>
    </message>
    <message>
      <source>in [0, 1); balanced noise only</source>
      <translation>dans [0, 1) ; bruit équilibré seulement</translation>
    </message>
    <message>
      <source>Metric CRS for computing</source>
      <translation>SCR métrique de calcul</translation>
    </message>
    <message>
      <source>empty: chosen from the public layers</source>
      <translation>vide : choisi d'après les couches publiques</translation>
    </message>
    <message>
      <source>Flow per zone</source>
      <translation>Flux par zone</translation>
    </message>
    <message>
      <source>True flows (internal)</source>
      <translation>Flux réels (interne)</translation>
    </message>
    <message>
      <source>raw data, not for publication</source>
      <translation>données brutes, pas pour publication</translation>
    </message>
    <message>
      <source>Flow network measures and mobility borders</source>
      <translation>Mesures de réseau des flux et frontières de mobilité</translation>
    </message>
    <message>
      <source>Origin field</source>
      <translation>Champ d'origine</translation>
    </message>
    <message>
      <source>Destination field</source>
      <translation>Champ de destination</translation>
    </message>
    <message>
      <source>Flow field</source>
      <translation>Champ de flux</translation>
    </message>
    <message>
      <source>Zones</source>
      <translation>Zones</translation>
    </message>
    <message>
      <source>Zone id field</source>
      <translation>Champ d'identifiant de zone</translation>
    </message>
    <message>
      <source>Betweenness pivots (0 = exact)</source>
      <translation>Pivots de l'intermédiarité (0 = exacte)</translation>
    </message>
    <message>
      <source>Seed of the pivots and of Louvain</source>
      <translation>Graine des pivots et de Louvain</translation>
    </message>
    <message>
      <source>Zone measures</source>
      <translation>Mesures par zone</translation>
    </message>
    <message>
      <source>Link measures</source>
      <translation>Mesures par lien</translation>
    </message>
    <message>
      <source>Mobility borders</source>
      <translation>Frontières de mobilité</translation>
    </message>
    <message>
      <source>Compare original and private flows</source>
      <translation>Comparer flux originaux et flux privés</translation>
    </message>
    <message>
      <source>Original flows</source>
      <translation>Flux originaux</translation>
    </message>
    <message>
      <source>Private flows</source>
      <translation>Flux privés</translation>
    </message>
    <message>
      <source>Comparison table</source>
      <translation>Table de comparaison</translation>
    </message>
    <message>
      <source>OD flows of trips</source>
      <translation>Flux OD des trajets</translation>
    </message>
    <message>
      <source>Origin–destination</source>
      <translation>Origine–destination</translation>
    </message>
    <message>
      <source>Trips</source>
      <translation>Trajets</translation>
    </message>
    <message>
      <source>lines, GPS points with a trip id, or a table of origin/destination coordinates</source>
      <translation>lignes, points GPS avec un identifiant de trajet, ou table de coordonnées d'origine/destination</translation>
    </message>
    <message>
      <source>…or bounded trips (directory)</source>
      <translation>…ou trajets bornés (répertoire)</translation>
    </message>
    <message>
      <source>written by scripts/spark-bound trips (see the help)</source>
      <translation>écrit par scripts/spark-bound trips (voir l'aide)</translation>
    </message>
    <message>
      <source>Trip id field (points)</source>
      <translation>Champ d'identifiant de trajet (points)</translation>
    </message>
    <message>
      <source>Time field (points)</source>
      <translation>Champ d'horodatage (points)</translation>
    </message>
    <message>
      <source>Start time field (lines, table)</source>
      <translation>Champ d'heure de début (lignes, table)</translation>
    </message>
    <message>
      <source>End time field (lines, table)</source>
      <translation>Champ d'heure de fin (lignes, table)</translation>
    </message>
    <message>
      <source>Origin x field (table)</source>
      <translation>Champ x d'origine (table)</translation>
    </message>
    <message>
      <source>Origin y field (table)</source>
      <translation>Champ y d'origine (table)</translation>
    </message>
    <message>
      <source>Destination x field (table)</source>
      <translation>Champ x de destination (table)</translation>
    </message>
    <message>
      <source>Destination y field (table)</source>
      <translation>Champ y de destination (table)</translation>
    </message>
    <message>
      <source>CRS of the coordinate fields (table)</source>
      <translation>SCR des champs de coordonnées (table)</translation>
    </message>
    <message>
      <source>Zones (public polygons)</source>
      <translation>Zones (polygones publics)</translation>
    </message>
    <message>
      <source>Start of the time window (UTC)</source>
      <translation>Début de la fenêtre temporelle (UTC)</translation>
    </message>
    <message>
      <source>End of the time window (UTC)</source>
      <translation>Fin de la fenêtre temporelle (UTC)</translation>
    </message>
    <message>
      <source>Maximum trips per user (m, public)</source>
      <translation>Nombre maximal de trajets par utilisateur (m, public)</translation>
    </message>
    <message>
      <source>automatic: the public rule picks (see the help; the report says why)</source>
      <translation>automatique : la règle publique choisit (voir l'aide ; le rapport dit pourquoi)</translation>
    </message>
    <message>
      <source>automatic</source>
      <translation>automatique</translation>
    </message>
    <message>
      <source>people per pair: each user once, on their main pair; shrunk</source>
      <translation>personnes par paire : chaque utilisateur une fois, sur sa paire principale ; rétréci</translation>
    </message>
    <message>
      <source>people per pair</source>
      <translation>personnes par paire</translation>
    </message>
    <message>
      <source>trips per pair: ≤ m trips per user, plain noise (the former method)</source>
      <translation>trajets par paire : ≤ m trajets par utilisateur, bruit simple (l'ancienne méthode)</translation>
    </message>
    <message>
      <source>trips per pair</source>
      <translation>trajets par paire</translation>
    </message>
    <message>
      <source>Public population</source>
      <translation>Population publique</translation>
    </message>
    <message>
      <source>for the automatic method; 0 = unknown</source>
      <translation>pour la méthode automatique ; 0 = inconnue</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>inconnue</translation>
    </message>
    <message>
      <source>Publish (people per pair)</source>
      <translation>Publier (personnes par paire)</translation>
    </message>
    <message>
      <source>people per pair, as counted</source>
      <translation>personnes par paire, telles que comptées</translation>
    </message>
    <message>
      <source>trips per pair: people × a noisy trip scale (trips per person)</source>
      <translation>trajets par paire : personnes × une échelle de trajets bruitée (trajets par personne)</translation>
    </message>
    <message>
      <source>Directed people per pair</source>
      <translation>Personnes par paire orientée</translation>
    </message>
    <message>
      <source>count the main ordered pair (A→B and B→A apart)</source>
      <translation>compter la paire principale orientée (A→B et B→A séparément)</translation>
    </message>
    <message>
      <source>Share of ε for the trip scale</source>
      <translation>Part de ε pour l'échelle de trajets</translation>
    </message>
    <message>
      <source>Public regions: square size (m)</source>
      <translation>Régions publiques : taille des carrés (m)</translation>
    </message>
    <message>
      <source>people per pair; 0 = off</source>
      <translation>personnes par paire ; 0 = désactivé</translation>
    </message>
    <message>
      <source>off</source>
      <translation>désactivé</translation>
    </message>
    <message>
      <source>discrete Laplace: integer noise, ε-DP</source>
      <translation>Laplace discret : bruit entier, ε-DP</translation>
    </message>
    <message>
      <source>discrete Gaussian: integer noise, (ε, δ)-DP, needs δ &gt; 0</source>
      <translation>gaussien discret : bruit entier, (ε, δ)-DP, exige δ &gt; 0</translation>
    </message>
    <message>
      <source>discrete Gaussian</source>
      <translation>gaussien discret</translation>
    </message>
    <message>
      <source>Share of ε for the noisy total</source>
      <translation>Part de ε pour le total bruité</translation>
    </message>
    <message>
      <source>0 = no rescaling</source>
      <translation>0 = pas de remise à l'échelle</translation>
    </message>
    <message>
      <source>Cap M of trips per user in the total</source>
      <translation>Plafond M de trajets par utilisateur dans le total</translation>
    </message>
    <message>
      <source>trips per user counted in the noisy total (≥ m)</source>
      <translation>trajets par utilisateur comptés dans le total bruité (≥ m)</translation>
    </message>
    <message>
      <source>in [0, 1); Gaussian noise only</source>
      <translation>dans [0, 1) ; bruit gaussien uniquement</translation>
    </message>
    <message>
      <source>OD table</source>
      <translation>Table OD</translation>
    </message>
    <message>
      <source>OD flow lines</source>
      <translation>Lignes de flux OD</translation>
    </message>
    <message>
      <source>Region flow lines</source>
      <translation>Lignes de flux entre régions</translation>
    </message>
    <message>
      <source>public regions only</source>
      <translation>régions publiques seulement</translation>
    </message>
    <message>
      <source>Private mobility report</source>
      <translation>Rapport de mobilité privé</translation>
    </message>
    <message>
      <source>Weight: visits per zone and time window</source>
      <translation>Poids : visites par zone et fenêtre de temps</translation>
    </message>
    <message>
      <source>0 = leave out</source>
      <translation>0 = omettre</translation>
    </message>
    <message>
      <source>Weight: OD flows</source>
      <translation>Poids : flux OD</translation>
    </message>
    <message>
      <source>Weight: trips over time</source>
      <translation>Poids : trajets dans le temps</translation>
    </message>
    <message>
      <source>weekday × hour of the start, UTC; 0 = leave out</source>
      <translation>jour de la semaine × heure de départ, UTC ; 0 = omettre</translation>
    </message>
    <message>
      <source>Weight: trips per day</source>
      <translation>Poids : trajets par jour</translation>
    </message>
    <message>
      <source>UTC date of the start; 0 = leave out</source>
      <translation>date UTC du départ ; 0 = omettre</translation>
    </message>
    <message>
      <source>Weight: trip length</source>
      <translation>Poids : longueur des trajets</translation>
    </message>
    <message>
      <source>km; 0 = leave out</source>
      <translation>km ; 0 = omettre</translation>
    </message>
    <message>
      <source>Weight: travel time</source>
      <translation>Poids : durée des trajets</translation>
    </message>
    <message>
      <source>min; 0 = leave out</source>
      <translation>min ; 0 = omettre</translation>
    </message>
    <message>
      <source>Weight: trips per user</source>
      <translation>Poids : trajets par utilisateur</translation>
    </message>
    <message>
      <source>Weight: radius of gyration</source>
      <translation>Poids : rayon de giration</translation>
    </message>
    <message>
      <source>Weight: zones per user</source>
      <translation>Poids : zones par utilisateur</translation>
    </message>
    <message>
      <source>Weight: mobility entropy</source>
      <translation>Poids : entropie de mobilité</translation>
    </message>
    <message>
      <source>normalised; 0 = leave out</source>
      <translation>normalisée ; 0 = omettre</translation>
    </message>
    <message>
      <source>Weight: time between consecutive trips</source>
      <translation>Poids : temps entre trajets consécutifs</translation>
    </message>
    <message>
      <source>h; 0 = leave out</source>
      <translation>h ; 0 = omettre</translation>
    </message>
    <message>
      <source>Time windows (UTC hours)</source>
      <translation>Fenêtres de temps (heures UTC)</translation>
    </message>
    <message>
      <source>hour boundaries from 0 to 24</source>
      <translation>bornes horaires de 0 à 24</translation>
    </message>
    <message>
      <source>Trip length bins (km)</source>
      <translation>Classes de longueur de trajet (km)</translation>
    </message>
    <message>
      <source>bin edges; the last bin is open</source>
      <translation>bornes des classes ; la dernière classe est ouverte</translation>
    </message>
    <message>
      <source>Travel time bins (min)</source>
      <translation>Classes de durée de trajet (min)</translation>
    </message>
    <message>
      <source>Radius of gyration bins (km)</source>
      <translation>Classes de rayon de giration (km)</translation>
    </message>
    <message>
      <source>Time between trips bins (h)</source>
      <translation>Classes de temps entre trajets (h)</translation>
    </message>
    <message>
      <source>Trips per user: last bin (open)</source>
      <translation>Trajets par utilisateur : dernière classe (ouverte)</translation>
    </message>
    <message>
      <source>OD method</source>
      <translation>Méthode OD</translation>
    </message>
    <message>
      <source>Visits method</source>
      <translation>Méthode des visites</translation>
    </message>
    <message>
      <source>automatic: the public rule picks (shrunk)</source>
      <translation>automatique : la règle publique choisit (rétréci)</translation>
    </message>
    <message>
      <source>plain noise|trip ends of the sampled trips with noise (the former method)</source>
      <translation>bruit simple|extrémités des trajets échantillonnés avec bruit (l'ancienne méthode)</translation>
    </message>
    <message>
      <source>plain noise</source>
      <translation>bruit simple</translation>
    </message>
    <message>
      <source>trip ends of the sampled trips with noise (the former method)</source>
      <translation>extrémités des trajets échantillonnés avec bruit (l'ancienne méthode)</translation>
    </message>
    <message>
      <source>shrunk to a model|trip ends of the sampled trips, noise, then shrunk and scaled to all trips (up to M per user) by the trip scale</source>
      <translation>rétréci vers un modèle|extrémités des trajets échantillonnés, bruit, puis rétrécies et mises à l'échelle de tous les trajets (jusqu'à M par utilisateur) par l'échelle de trajets</translation>
    </message>
    <message>
      <source>shrunk to a model</source>
      <translation>rétréci vers un modèle</translation>
    </message>
    <message>
      <source>trip ends of the sampled trips, noise, then shrunk and scaled to all trips (up to M per user) by the trip scale</source>
      <translation>extrémités des trajets échantillonnés, bruit, puis rétrécies et mises à l'échelle de tous les trajets (jusqu'à M par utilisateur) par l'échelle de trajets</translation>
    </message>
    <message>
      <source>Cap M of trips per user</source>
      <translation>Plafond M de trajets par utilisateur</translation>
    </message>
    <message>
      <source>in the trip scale (≥ m)</source>
      <translation>dans l'échelle de trajets (≥ m)</translation>
    </message>
    <message>
      <source>Statistics (JSON, public)</source>
      <translation>Statistiques (JSON, publiques)</translation>
    </message>
    <message>
      <source>Raw-data statistics (internal)</source>
      <translation>Statistiques des données brutes (interne)</translation>
    </message>
    <message>
      <source>JSON; do not publish</source>
      <translation>JSON ; ne pas publier</translation>
    </message>
    <message>
      <source>Visits per zone</source>
      <translation>Visites par zone</translation>
    </message>
    <message>
      <source>Synthetic trips</source>
      <translation>Trajets synthétiques</translation>
    </message>
    <message>
      <source>synthetic</source>
      <translation>synthétique</translation>
    </message>
    <message>
      <source>synthesis</source>
      <translation>synthèse</translation>
    </message>
    <message>
      <source>generative</source>
      <translation>génératif</translation>
    </message>
    <message>
      <source>trips</source>
      <translation>trajets</translation>
    </message>
    <message>
      <source>dataset</source>
      <translation>jeu de données</translation>
    </message>
    <message>
      <source>Cap M of trips per person (≥ m)</source>
      <translation>Plafond M de trajets par personne (≥ m)</translation>
    </message>
    <message>
      <source>Number of synthetic trips</source>
      <translation>Nombre de trajets synthétiques</translation>
    </message>
    <message>
      <source>0 = the noisy total</source>
      <translation>0 = le total bruité</translation>
    </message>
    <message>
      <source>Public weighting points</source>
      <translation>Points de pondération publics</translation>
    </message>
    <message>
      <source>population, buildings</source>
      <translation>population, bâtiments</translation>
    </message>
    <message>
      <source>Weight field</source>
      <translation>Champ de poids</translation>
    </message>
    <message>
      <source>of the weighting points; empty = 1 each</source>
      <translation>des points de pondération ; vide = 1 chacun</translation>
    </message>
    <message>
      <source>Sanitize spatio-temporal density</source>
      <translation>Assainir une densité spatio-temporelle</translation>
    </message>
    <message>
      <source>Density</source>
      <translation>Densité</translation>
    </message>
    <message>
      <source>call detail records</source>
      <translation>enregistrements détaillés d'appels</translation>
    </message>
    <message>
      <source>density</source>
      <translation>densité</translation>
    </message>
    <message>
      <source>laplace</source>
      <translation>laplace</translation>
    </message>
    <message>
      <source>gaussian</source>
      <translation>gaussien</translation>
    </message>
    <message>
      <source>EFPA</source>
      <translation>EFPA</translation>
    </message>
    <message>
      <source>Acs</source>
      <translation>Acs</translation>
    </message>
    <message>
      <source>Castelluccia</source>
      <translation>Castelluccia</translation>
    </message>
    <message>
      <source>…or bounded counts (directory)</source>
      <translation>…ou comptages bornés (répertoire)</translation>
    </message>
    <message>
      <source>written by the Spark bounding script (see the help)</source>
      <translation>écrits par le script de bornage Spark (voir l'aide)</translation>
    </message>
    <message>
      <source>Towers or tower cells</source>
      <translation>Antennes ou cellules des antennes</translation>
    </message>
    <message>
      <source>points or polygons</source>
      <translation>points ou polygones</translation>
    </message>
    <message>
      <source>Tower id field (as in the events)</source>
      <translation>Champ d'identifiant d'antenne (comme dans les événements)</translation>
    </message>
    <message>
      <source>Census cells</source>
      <translation>Mailles de recensement</translation>
    </message>
    <message>
      <source>Census cell id field</source>
      <translation>Champ d'identifiant de maille de recensement</translation>
    </message>
    <message>
      <source>Maximum visits kept per user (ℓ)</source>
      <translation>Nombre maximal de visites conservées par utilisateur (ℓ)</translation>
    </message>
    <message>
      <source>EFPA|the same with Laplace noise, ε-DP</source>
      <translation>EFPA|la même avec un bruit de Laplace, ε-DP</translation>
    </message>
    <message>
      <source>the same with Laplace noise, ε-DP</source>
      <translation>la même avec un bruit de Laplace, ε-DP</translation>
    </message>
    <message>
      <source>EFPA, Gaussian|clustering + Fourier (DCT) perturbation with Gaussian noise, (ε, δ)-DP</source>
      <translation>EFPA, gaussien|regroupement + perturbation de Fourier (DCT) avec bruit gaussien, (ε, δ)-DP</translation>
    </message>
    <message>
      <source>EFPA, Gaussian</source>
      <translation>EFPA, gaussien</translation>
    </message>
    <message>
      <source>clustering + Fourier (DCT) perturbation with Gaussian noise, (ε, δ)-DP</source>
      <translation>regroupement + perturbation de Fourier (DCT) avec bruit gaussien, (ε, δ)-DP</translation>
    </message>
    <message>
      <source>LPA|the paper's baseline: Laplace noise on every count of the cover, ε-DP</source>
      <translation>LPA|la référence de l'article : bruit de Laplace sur chaque comptage de la couverture, ε-DP</translation>
    </message>
    <message>
      <source>LPA</source>
      <translation>LPA</translation>
    </message>
    <message>
      <source>the paper's baseline: Laplace noise on every count of the cover, ε-DP</source>
      <translation>la référence de l'article : bruit de Laplace sur chaque comptage de la couverture, ε-DP</translation>
    </message>
    <message>
      <source>LPA direct|Laplace noise directly on every census count, ε-DP</source>
      <translation>LPA direct|bruit de Laplace directement sur chaque comptage de recensement, ε-DP</translation>
    </message>
    <message>
      <source>LPA direct</source>
      <translation>LPA direct</translation>
    </message>
    <message>
      <source>Laplace noise directly on every census count, ε-DP</source>
      <translation>bruit de Laplace directement sur chaque comptage de recensement, ε-DP</translation>
    </message>
    <message>
      <source>distinct people per tower|distinct people per tower and slot, Laplace noise on blocks of hours pooled over like days, low-rank denoising, ε-DP (default)</source>
      <translation>personnes distinctes par antenne|personnes distinctes par antenne et créneau, bruit de Laplace sur des tranches d'heures regroupées sur les jours semblables, débruitage de rang faible, ε-DP (par défaut)</translation>
    </message>
    <message>
      <source>distinct people per tower</source>
      <translation>personnes distinctes par antenne</translation>
    </message>
    <message>
      <source>distinct people per tower and slot, Laplace noise on blocks of hours pooled over like days, low-rank denoising, ε-DP (default)</source>
      <translation>personnes distinctes par antenne et créneau, bruit de Laplace sur des tranches d'heures regroupées sur les jours semblables, débruitage de rang faible, ε-DP (par défaut)</translation>
    </message>
    <message>
      <source>Improved scaling and night smoothing</source>
      <translation>Mise à l'échelle améliorée et lissage nocturne</translation>
    </message>
    <message>
      <source>§5.4 of Acs &amp; Castelluccia</source>
      <translation>§5.4 d'Acs et Castelluccia</translation>
    </message>
    <message>
      <source>Gaussian calibration</source>
      <translation>Calibrage gaussien</translation>
    </message>
    <message>
      <source>analytic σ (tightest)|the smallest σ the discrete Gaussian's proven bound allows (default)</source>
      <translation>σ analytique (le plus serré)|le plus petit σ que permet la borne prouvée du gaussien discret (par défaut)</translation>
    </message>
    <message>
      <source>analytic σ (tightest)</source>
      <translation>σ analytique (le plus serré)</translation>
    </message>
    <message>
      <source>the smallest σ the discrete Gaussian's proven bound allows (default)</source>
      <translation>le plus petit σ que permet la borne prouvée du gaussien discret (par défaut)</translation>
    </message>
    <message>
      <source>classic (the paper)|σ = √2·Δ₂·√ln(4/δ)/ε, valid for ε/4 &lt; 1 here</source>
      <translation>classique (l'article)|σ = √2·Δ₂·√ln(4/δ)/ε, valable ici pour ε/4 &lt; 1</translation>
    </message>
    <message>
      <source>classic (the paper)</source>
      <translation>classique (l'article)</translation>
    </message>
    <message>
      <source>σ = √2·Δ₂·√ln(4/δ)/ε, valid for ε/4 &lt; 1 here</source>
      <translation>σ = √2·Δ₂·√ln(4/δ)/ε, valable ici pour ε/4 &lt; 1</translation>
    </message>
    <message>
      <source>Evaluate against the true density</source>
      <translation>Évaluer par rapport à la vraie densité</translation>
    </message>
    <message>
      <source>adds an evaluation (MRE, correlation, EMD) to the internal report</source>
      <translation>ajoute une évaluation (MRE, corrélation, EMD) au rapport interne</translation>
    </message>
    <message>
      <source>in [0, 1); efpa_g only; keep it below 1/(number of users)</source>
      <translation>dans [0, 1) ; efpa_g seulement ; le garder sous 1/(nombre d'utilisateurs)</translation>
    </message>
    <message>
      <source>Private density (long form)</source>
      <translation>Densité privée (format long)</translation>
    </message>
    <message>
      <source>Private density (one field per slot)</source>
      <translation>Densité privée (un champ par créneau)</translation>
    </message>
    <message>
      <source>Cover cells with their cluster</source>
      <translation>Cellules de la couverture avec leur groupe</translation>
    </message>
    <message>
      <source>True density (NOT private)</source>
      <translation>Vraie densité (PAS privée)</translation>
    </message>
    <message>
      <source>for the data owner only</source>
      <translation>pour le détenteur des données uniquement</translation>
    </message>
    <message>
      <source>Publish per-timestamp histograms</source>
      <translation>Publier des histogrammes par instant</translation>
    </message>
    <message>
      <source>Chen</source>
      <translation>Chen</translation>
    </message>
    <message>
      <source>histogram</source>
      <translation>histogramme</translation>
    </message>
    <message>
      <source>aggregated mobility</source>
      <translation>mobilité agrégée</translation>
    </message>
    <message>
      <source>sparse vector</source>
      <translation>vecteur épars (sparse vector)</translation>
    </message>
    <message>
      <source>Observations</source>
      <translation>Observations</translation>
    </message>
    <message>
      <source>user, time, and a cell id or a point</source>
      <translation>utilisateur, heure, et un identifiant de cellule ou un point</translation>
    </message>
    <message>
      <source>empty: locate the point geometry in the cells</source>
      <translation>vide : localiser la géométrie ponctuelle dans les cellules</translation>
    </message>
    <message>
      <source>Cells (polygons; the public frame)</source>
      <translation>Cellules (polygones ; le repère public)</translation>
    </message>
    <message>
      <source>Cell id field (empty: feature id)</source>
      <translation>Champ d'id. de cellule (vide : id. d'entité)</translation>
    </message>
    <message>
      <source>Start (UTC)</source>
      <translation>Début (UTC)</translation>
    </message>
    <message>
      <source>Number of timestamps</source>
      <translation>Nombre d'instants</translation>
    </message>
    <message>
      <source>automatic|threshold on a few people per cell, static hybrid on many (a noisy size, 5 % of ε, decides)</source>
      <translation>automatique|seuil sur quelques personnes par cellule, hybride statique sur beaucoup (une taille bruitée, 5 % de ε, décide)</translation>
    </message>
    <message>
      <source>threshold on a few people per cell, static hybrid on many (a noisy size, 5 % of ε, decides)</source>
      <translation>seuil sur quelques personnes par cellule, hybride statique sur beaucoup (une taille bruitée, 5 % de ε, décide)</translation>
    </message>
    <message>
      <source>direct perturbation (Alg. 1): every timestamp, ε/S each</source>
      <translation>perturbation directe (alg. 1) : chaque instant, ε/S chacun</translation>
    </message>
    <message>
      <source>direct perturbation</source>
      <translation>perturbation directe</translation>
    </message>
    <message>
      <source>dynamic hybrid (Alg. 5): split predicted from past days</source>
      <translation>hybride dynamique (alg. 5) : partage prédit d'après les jours passés</translation>
    </message>
    <message>
      <source>dynamic hybrid</source>
      <translation>hybride dynamique</translation>
    </message>
    <message>
      <source>static hybrid (Alg. 4): private day/night split, direct by day</source>
      <translation>hybride statique (alg. 4) : partage jour/nuit privé, direct le jour</translation>
    </message>
    <message>
      <source>static hybrid</source>
      <translation>hybride statique</translation>
    </message>
    <message>
      <source>threshold perturbation (Alg. 2, sparse vector technique)</source>
      <translation>perturbation à seuil (alg. 2, technique du vecteur épars)</translation>
    </message>
    <message>
      <source>threshold perturbation</source>
      <translation>perturbation à seuil</translation>
    </message>
    <message>
      <source>Consistency post-processing</source>
      <translation>Post-traitement de cohérence</translation>
    </message>
    <message>
      <source>non-negative integers, noisy totals kept</source>
      <translation>entiers non négatifs, totaux bruités conservés</translation>
    </message>
    <message>
      <source>Past days used by dynamic hybrid</source>
      <translation>Jours passés utilisés par l'hybride dynamique</translation>
    </message>
    <message>
      <source>Past days' accounting (dynamic hybrid)</source>
      <translation>Comptabilisation des jours passés (hybride dynamique)</translation>
    </message>
    <message>
      <source>parallel (removed)|removed (under-charged ε): refused, use sequential</source>
      <translation>parallel (supprimée)|supprimée (sous-imputait ε) : refusée, utilisez sequential</translation>
    </message>
    <message>
      <source>parallel (removed)</source>
      <translation>parallel (supprimée)</translation>
    </message>
    <message>
      <source>removed (under-charged ε): refused, use sequential</source>
      <translation>supprimée (sous-imputait ε) : refusée, utilisez sequential</translation>
    </message>
    <message>
      <source>sequential (safe)|past days are charged to this release</source>
      <translation>séquentielle (sûre)|les jours passés sont imputés à cette publication</translation>
    </message>
    <message>
      <source>sequential (safe)</source>
      <translation>séquentielle (sûre)</translation>
    </message>
    <message>
      <source>past days are charged to this release</source>
      <translation>les jours passés sont imputés à cette publication</translation>
    </message>
    <message>
      <source>discrete Laplace|integer noise</source>
      <translation>Laplace discret|bruit entier</translation>
    </message>
    <message>
      <source>integer noise</source>
      <translation>bruit entier</translation>
    </message>
    <message>
      <source>Laplace (the paper)|the paper's continuous Laplace</source>
      <translation>Laplace (l'article)|le Laplace continu de l'article</translation>
    </message>
    <message>
      <source>Laplace (the paper)</source>
      <translation>Laplace (l'article)</translation>
    </message>
    <message>
      <source>the paper's continuous Laplace</source>
      <translation>le Laplace continu de l'article</translation>
    </message>
    <message>
      <source>Cutoff c (threshold methods)</source>
      <translation>Seuil de coupure c (méthodes à seuil)</translation>
    </message>
    <message>
      <source>Threshold T</source>
      <translation>Seuil T</translation>
    </message>
    <message>
      <source>users moved above the noise level</source>
      <translation>utilisateurs déplacés au-dessus du niveau de bruit</translation>
    </message>
    <message>
      <source>Comparison share α</source>
      <translation>Part de comparaison α</translation>
    </message>
    <message>
      <source>Paper's threshold noise</source>
      <translation>Bruit de seuil de l'article</translation>
    </message>
    <message>
      <source>spends 2ε₁ + ε₂</source>
      <translation>dépense 2ε₁ + ε₂</translation>
    </message>
    <message>
      <source>Division share of ε (hybrids)</source>
      <translation>Part de ε pour la division (hybrides)</translation>
    </message>
    <message>
      <source>Log base α of Eq. 7</source>
      <translation>Base α du logarithme de l'éq. 7</translation>
    </message>
    <message>
      <source>Division utility</source>
      <translation>Utilité de division</translation>
    </message>
    <message>
      <source>Eq. 7 (the paper)|sensitivity S·log_α S</source>
      <translation>Éq. 7 (l'article)|sensibilité S·log_α S</translation>
    </message>
    <message>
      <source>Eq. 7 (the paper)</source>
      <translation>Éq. 7 (l'article)</translation>
    </message>
    <message>
      <source>sensitivity S·log_α S</source>
      <translation>sensibilité S·log_α S</translation>
    </message>
    <message>
      <source>mean minus dispersion|log_α(L)·(aveDis − simVar), sensitivity 6·log_α S</source>
      <translation>moyenne moins dispersion|log_α(L)·(aveDis − simVar), sensibilité 6·log_α S</translation>
    </message>
    <message>
      <source>mean minus dispersion</source>
      <translation>moyenne moins dispersion</translation>
    </message>
    <message>
      <source>log_α(L)·(aveDis − simVar), sensitivity 6·log_α S</source>
      <translation>log_α(L)·(aveDis − simVar), sensibilité 6·log_α S</translation>
    </message>
    <message>
      <source>Private counts (long form)</source>
      <translation>Comptages privés (format long)</translation>
    </message>
    <message>
      <source>Day interval (hybrid methods)</source>
      <translation>Intervalle de jours (méthodes hybrides)</translation>
    </message>
    <message>
      <source>Compare mobility reports</source>
      <translation>Comparer des rapports de mobilité</translation>
    </message>
    <message>
      <source>Evaluation</source>
      <translation>Évaluation</translation>
    </message>
    <message>
      <source>First report (statistics JSON)</source>
      <translation>Premier rapport (JSON de statistiques)</translation>
    </message>
    <message>
      <source>Second report (statistics JSON)</source>
      <translation>Second rapport (JSON de statistiques)</translation>
    </message>
    <message>
      <source>Similarity measures</source>
      <translation>Mesures de similarité</translation>
    </message>
    <message>
      <source>Compare densities (MRE, correlation, EMD)</source>
      <translation>Comparer des densités (MRE, corrélation, EMD)</translation>
    </message>
    <message>
      <source>True density (long form)</source>
      <translation>Vraie densité (format long)</translation>
    </message>
    <message>
      <source>shared by both layers</source>
      <translation>communs aux deux couches</translation>
    </message>
    <message>
      <source>Slot field</source>
      <translation>Champ de créneau</translation>
    </message>
    <message>
      <source>Count field of the true layer</source>
      <translation>Champ de comptage de la couche réelle</translation>
    </message>
    <message>
      <source>Count field of the private layer</source>
      <translation>Champ de comptage de la couche privée</translation>
    </message>
    <message>
      <source>Slots for EMD (0 = none)</source>
      <translation>Créneaux pour l'EMD (0 = aucun)</translation>
    </message>
    <message>
      <source>Cells to plot</source>
      <translation>Cellules à tracer</translation>
    </message>
    <message>
      <source>comma-separated ids; default: the three busiest</source>
      <translation>identifiants séparés par des virgules ; par défaut : les trois plus fréquentées</translation>
    </message>
    <message>
      <source>Per-cell MRE and correlation</source>
      <translation>MRE et corrélation par cellule</translation>
    </message>
    <message>
      <source>Trajectory recovery attack (audit)</source>
      <translation>Attaque de reconstruction de trajectoires (audit)</translation>
    </message>
    <message>
      <source>attack</source>
      <translation>attaque</translation>
    </message>
    <message>
      <source>audit</source>
      <translation>audit</translation>
    </message>
    <message>
      <source>Xu</source>
      <translation>Xu</translation>
    </message>
    <message>
      <source>trajectory recovery</source>
      <translation>reconstruction de trajectoires</translation>
    </message>
    <message>
      <source>uniqueness</source>
      <translation>unicité</translation>
    </message>
    <message>
      <source>Counts (long form)</source>
      <translation>Comptages (format long)</translation>
    </message>
    <message>
      <source>one row per cell and slot: cell id, slot, count</source>
      <translation>une ligne par cellule et créneau : identifiant de cellule, créneau, comptage</translation>
    </message>
    <message>
      <source>Cell id field of the counts (empty: cell_id)</source>
      <translation>Champ d'identifiant de cellule des comptages (vide : cell_id)</translation>
    </message>
    <message>
      <source>Slot field (empty: slot)</source>
      <translation>Champ de créneau (vide : slot)</translation>
    </message>
    <message>
      <source>Count field (empty: count)</source>
      <translation>Champ de comptage (vide : count)</translation>
    </message>
    <message>
      <source>Slot start field (empty: slot_start)</source>
      <translation>Champ de début de créneau (vide : slot_start)</translation>
    </message>
    <message>
      <source>Slot end field (empty: slot_end)</source>
      <translation>Champ de fin de créneau (vide : slot_end)</translation>
    </message>
    <message>
      <source>True trajectories (for scoring)</source>
      <translation>Vraies trajectoires (pour l'évaluation)</translation>
    </message>
    <message>
      <source>Night start (UTC hour)</source>
      <translation>Début de nuit (heure UTC)</translation>
    </message>
    <message>
      <source>Night end (UTC hour)</source>
      <translation>Fin de nuit (heure UTC)</translation>
    </message>
    <message>
      <source>Top-k cells for uniqueness</source>
      <translation>Top-k des cellules pour l'unicité</translation>
    </message>
    <message>
      <source>Day step</source>
      <translation>Pas en jours</translation>
    </message>
    <message>
      <source>stay in place|predict no move (stronger where people stop after each trip)</source>
      <translation>rester sur place|ne prédire aucun déplacement (plus fort quand les gens s'arrêtent après chaque trajet)</translation>
    </message>
    <message>
      <source>stay in place</source>
      <translation>rester sur place</translation>
    </message>
    <message>
      <source>predict no move (stronger where people stop after each trip)</source>
      <translation>ne prédire aucun déplacement (plus fort quand les gens s'arrêtent après chaque trajet)</translation>
    </message>
    <message>
      <source>velocity (Xu et al.)|continue with the last velocity</source>
      <translation>vitesse (Xu et al.)|continuer avec la dernière vitesse</translation>
    </message>
    <message>
      <source>velocity (Xu et al.)</source>
      <translation>vitesse (Xu et al.)</translation>
    </message>
    <message>
      <source>continue with the last velocity</source>
      <translation>continuer avec la dernière vitesse</translation>
    </message>
    <message>
      <source>Seed of the post-processing</source>
      <translation>Graine du post-traitement</translation>
    </message>
    <message>
      <source>empty: secure randomness</source>
      <translation>vide : aléa sûr</translation>
    </message>
    <message>
      <source>Recovered trajectories</source>
      <translation>Trajectoires reconstruites</translation>
    </message>
    <message>
      <source>Accuracy per true user</source>
      <translation>Précision par utilisateur réel</translation>
    </message>
    <message>
      <source>Mean recovery accuracy</source>
      <translation>Précision moyenne de reconstruction</translation>
    </message>
    <message>
      <source>Uniqueness by top-k cells</source>
      <translation>Unicité par top-k des cellules</translation>
    </message>
    <message>
      <source>Declare a population</source>
      <translation>Déclarer une population</translation>
    </message>
    <message>
      <source>ledger</source>
      <translation>registre</translation>
    </message>
    <message>
      <source>budget</source>
      <translation>budget</translation>
    </message>
    <message>
      <source>population</source>
      <translation>population</translation>
    </message>
    <message>
      <source>policy</source>
      <translation>politique</translation>
    </message>
    <message>
      <source>per person</source>
      <translation>par personne</translation>
    </message>
    <message>
      <source>week</source>
      <translation>semaine</translation>
    </message>
    <message>
      <source>month</source>
      <translation>mois</translation>
    </message>
    <message>
      <source>Population</source>
      <translation>Population</translation>
    </message>
    <message>
      <source>its name in the ledger</source>
      <translation>son nom dans le registre</translation>
    </message>
    <message>
      <source>Total ε per person</source>
      <translation>ε total par personne</translation>
    </message>
    <message>
      <source>over the horizon, &gt; 0</source>
      <translation>sur l'horizon, &gt; 0</translation>
    </message>
    <message>
      <source>Total δ per person</source>
      <translation>δ total par personne</translation>
    </message>
    <message>
      <source>in [0, 1)</source>
      <translation>dans [0, 1)</translation>
    </message>
    <message>
      <source>Horizon</source>
      <translation>Horizon</translation>
    </message>
    <message>
      <source>the period the total covers, e.g. per year 2026</source>
      <translation>la période que couvre le total, p. ex. par an 2026</translation>
    </message>
    <message>
      <source>ε per calendar week</source>
      <translation>ε par semaine civile</translation>
    </message>
    <message>
      <source>0 = no cap</source>
      <translation>0 = aucun plafond</translation>
    </message>
    <message>
      <source>ε per calendar month</source>
      <translation>ε par mois civil</translation>
    </message>
    <message>
      <source>Policy written in the ledger</source>
      <translation>Politique écrite dans le registre</translation>
    </message>
    <message>
      <source>Privacy budget</source>
      <translation>Budget de confidentialité</translation>
    </message>
    <message>
      <source>Cell id field of the counts</source>
      <translation>Champ de cellule des comptages</translation>
    </message>
    <message>
      <source>Slot start field</source>
      <translation>Champ de début de créneau</translation>
    </message>
    <message>
      <source>Slot end field</source>
      <translation>Champ de fin de créneau</translation>
    </message>
    <message>
      <source>{label} (empty: {default})</source>
      <translation>{label} (vide : {default})</translation>
    </message>
    <message>
      <source>the method {method} has no cover cells or clusters: no diagnostics layer was written</source>
      <translation>la méthode {method} n'a ni cellules de couverture ni groupes : aucune couche de diagnostic n'a été écrite</translation>
    </message>
    <message>
      <source>the true density layer is NOT private: keep it internal</source>
      <translation>la couche de vraie densité n'est PAS privée : gardez-la interne</translation>
    </message>
    <message>
      <source>The dataset '{dataset}' is new in the ledger {path} and its people are in no population of it: give its total budget in “{field}” (under Advanced parameters) on first use, or the name of a declared population in “{population}”</source>
      <translation>Le jeu de données '{dataset}' est nouveau dans le registre {path} et ses personnes ne sont dans aucune de ses populations : donnez son budget total dans « {field} » (sous Paramètres avancés) à la première utilisation, ou le nom d'une population déclarée dans « {population} »</translation>
    </message>
    <message>
      <source>Cancel came after the release was charged ({cost}): the outputs were written completely, since the budget is spent.</source>
      <translation>L'annulation est arrivée après l'imputation de la publication ({cost}) : les sorties ont été écrites entièrement, puisque le budget est dépensé.</translation>
    </message>
    <message>
      <source>{label} is empty or degenerate ({text}): give xmin, xmax, ymin, ymax with xmin &lt; xmax and ymin &lt; ymax.</source>
      <translation>{label} est vide ou dégénérée ({text}) : donnez xmin, xmax, ymin, ymax avec xmin &lt; xmax et ymin &lt; ymax.</translation>
    </message>
    <message>
      <source>{origin} is declared in {crs} (metres) but its coordinates ({extent}) look like longitude/latitude: read in {crs} they lie outside its area of use. Set the layer's CRS to the one its coordinates are in (e.g. EPSG:4326 for longitude/latitude).</source>
      <translation>{origin} est déclarée en {crs} (mètres) mais ses coordonnées ({extent}) ressemblent à des longitudes/latitudes : lues en {crs}, elles sont hors de son domaine d'usage. Donnez à la couche le SCR de ses coordonnées (p. ex. EPSG:4326 pour des longitudes/latitudes).</translation>
    </message>
    <message>
      <source>choose a date (UTC)</source>
      <translation>choisir une date (UTC)</translation>
    </message>
    <message>
      <source>Could not store the style in {uri}: {message}</source>
      <translation>Impossible d'enregistrer le style dans {uri} : {message}</translation>
    </message>
    <message>
      <source>{value} has no valid CRS; set one first.</source>
      <translation>{value} n'a pas de SCR valide ; définissez-en un d'abord.</translation>
    </message>
    <message>
      <source>The input layer</source>
      <translation>La couche en entrée</translation>
    </message>
    <message>
      <source>{origin} is {value}, {what}: choose a projected CRS in metres that keeps distances (e.g. the UTM zone or national grid of the area).</source>
      <translation>{origin} est {value}, {what} : choisissez un SCR projeté en mètres qui conserve les distances (p. ex. la zone UTM ou le système national de la région).</translation>
    </message>
    <message>
      <source>not a valid CRS</source>
      <translation>un SCR non valide</translation>
    </message>
    <message>
      <source>{value} is not in metres and has no extent to centre a metric frame on (it is empty). Give a non-empty public layer or extent, or a projected CRS in metres.</source>
      <translation>{value} n'est pas en mètres et n'a pas d'emprise sur laquelle centrer un repère métrique (elle est vide). Donnez une couche ou une emprise publique non vide, ou un SCR projeté en mètres.</translation>
    </message>
    <message>
      <source>The public input</source>
      <translation>L'entrée publique</translation>
    </message>
    <message>
      <source>the centre of {origin} cannot be converted to longitude/latitude: {exc}</source>
      <translation>le centre de {origin} ne peut pas être converti en longitude/latitude : {exc}</translation>
    </message>
    <message>
      <source>the centre of {origin} ({lon:.6g}, {lat:.6g}) is not a longitude/latitude: is the layer's CRS set correctly?</source>
      <translation>le centre de {origin} ({lon:.6g}, {lat:.6g}) n'est pas une longitude/latitude : le SCR de la couche est-il correct ?</translation>
    </message>
    <message>
      <source>a feature has no usable geometry (NULL, empty or with coordinates that are not finite numbers)</source>
      <translation>une entité n'a pas de géométrie utilisable (NULL, vide ou avec des coordonnées qui ne sont pas des nombres finis)</translation>
    </message>
    <message>
      <source>a geometry in {source} cannot be converted to {crs}: {exc}</source>
      <translation>une géométrie en {source} ne peut pas être convertie en {crs} : {exc}</translation>
    </message>
    <message>
      <source>{label} gives no CRS and no public layer or metric CRS is set to read it in: write it as xmin,xmax,ymin,ymax [EPSG:n].</source>
      <translation>{label} ne donne pas de SCR et aucune couche publique ni aucun SCR métrique n'est défini pour la lire : écrivez-la xmin,xmax,ymin,ymax [EPSG:n].</translation>
    </message>
    <message>
      <source>{label} is in {value}, not in metres, and no public input fixes a metric frame (a frame derived from private data would reveal where it lies). Set one of: {value2}.</source>
      <translation>{label} est en {value}, pas en mètres, et aucune entrée publique ne fixe de repère métrique (un repère tiré des données privées révélerait où elles se trouvent). Définissez l'un de : {value2}.</translation>
    </message>
    <message>
      <source>no valid CRS</source>
      <translation>aucun SCR valide</translation>
    </message>
    <message>
      <source>a projected CRS in metres for the input</source>
      <translation>un SCR projeté en mètres pour l'entrée</translation>
    </message>
    <message>
      <source>No public input to choose a metric frame from: set one of {items}.</source>
      <translation>Aucune entrée publique pour choisir un repère métrique : définissez l'un de : {items}.</translation>
    </message>
    <message>
      <source>feature {feature} cannot be converted to {crs}: {exc}</source>
      <translation>l'entité {feature} ne peut pas être convertie en {crs} : {exc}</translation>
    </message>
    <message>
      <source>{label} ({extent}) is stated in {crs}, which is in degrees, but lies outside longitude/latitude range: state the extent's CRS (xmin,xmax,ymin,ymax [EPSG:n]).</source>
      <translation>{label} ({extent}) est donnée en {crs}, qui est en degrés, mais sort des plages de longitude/latitude : indiquez le SCR de l'emprise (xmin,xmax,ymin,ymax [EPSG:n]).</translation>
    </message>
    <message>
      <source>{label} cannot be converted to {crs}: {exc}</source>
      <translation>{label} ne peut pas être convertie en {crs} : {exc}</translation>
    </message>
    <message>
      <source>Full help: methods, every parameter, option values</source>
      <translation>Aide complète : méthodes, chaque paramètre, valeurs des options</translation>
    </message>
    <message>
      <source>Option values</source>
      <translation>Valeurs des options</translation>
    </message>
    <message>
      <source>Scripts, models and &lt;code&gt;qgis_process&lt;/code&gt; give these options by value, not by position:</source>
      <translation>Les scripts, les modèles et &lt;code&gt;qgis_process&lt;/code&gt; donnent ces options par valeur, pas par position :</translation>
    </message>
    <message>
      <source>advanced, </source>
      <translation>avancé, </translation>
    </message>
    <message>
      <source>optional</source>
      <translation>facultatif</translation>
    </message>
    <message>
      <source>required</source>
      <translation>obligatoire</translation>
    </message>
    <message>
      <source>Mobility DP algorithm {id} ({group}).</source>
      <translation>Algorithme Mobility DP {id} ({group}).</translation>
    </message>
    <message>
      <source>Parameters</source>
      <translation>Paramètres</translation>
    </message>
    <message>
      <source>name</source>
      <translation>nom</translation>
    </message>
    <message>
      <source>label</source>
      <translation>libellé</translation>
    </message>
    <message>
      <source>description</source>
      <translation>description</translation>
    </message>
    <message>
      <source>type</source>
      <translation>type</translation>
    </message>
    <message>
      <source>default</source>
      <translation>défaut</translation>
    </message>
    <message>
      <source>Outputs</source>
      <translation>Sorties</translation>
    </message>
    <message>
      <source>user</source>
      <translation>utilisateur</translation>
    </message>
    <message>
      <source>vehicle</source>
      <translation>véhicule</translation>
    </message>
    <message>
      <source>{label}</source>
      <translation>{label}</translation>
    </message>
    <message>
      <source>the unit of privacy; empty: a field named {names}, …</source>
      <translation>l'unité de confidentialité ; vide : un champ nommé {names}, …</translation>
    </message>
    <message>
      <source>{label}: the input has no field '{chosen}'</source>
      <translation>{label} : l'entrée n'a pas de champ « {chosen} »</translation>
    </message>
    <message>
      <source>Choose the field that identifies one {kind} ({label}): none of the fields ({items}) is named like a {kind} id ({items2}).</source>
      <translation>Choisissez le champ qui identifie un {kind} ({label}) : aucun des champs ({items}) n'est nommé comme un identifiant de {kind} ({items2}).</translation>
    </message>
    <message>
      <source>{kind} field: '{guessed}' (chosen by its name)</source>
      <translation>Champ {kind} : « {guessed} » (choisi d'après son nom)</translation>
    </message>
    <message>
      <source>charged to dataset '{dataset}' in the ledger {path}</source>
      <translation>imputé au jeu de données « {dataset} » dans le registre {path}</translation>
    </message>
    <message>
      <source>no ledger given</source>
      <translation>aucun registre donné</translation>
    </message>
    <message>
      <source>Privacy cost of this release: {cost}; {where}.</source>
      <translation>Coût de confidentialité de cette publication : {cost} ; {where}.</translation>
    </message>
    <message>
      <source>ε per metre</source>
      <translation>ε par mètre</translation>
    </message>
    <message>
      <source>individual</source>
      <translation>individu</translation>
    </message>
    <message>
      <source>trajectory</source>
      <translation>trajectoire</translation>
    </message>
    <message>
      <source>move</source>
      <translation>déplacement</translation>
    </message>
    <message>
      <source>visit</source>
      <translation>visite</translation>
    </message>
    <message>
      <source>reported point</source>
      <translation>point déclaré</translation>
    </message>
    <message>
      <source>ε = {epsilon}, δ = {delta} ({unit}, unit of privacy: {who})</source>
      <translation>ε = {epsilon}, δ = {delta} ({unit}, unité de confidentialité : {who})</translation>
    </message>
    <message>
      <source>ε = {epsilon}, δ = {delta} ({unit})</source>
      <translation>ε = {epsilon}, δ = {delta} ({unit})</translation>
    </message>
    <message>
      <source> and charged to dataset '{dataset}' in the ledger {path}</source>
      <translation> et imputé au jeu de données « {dataset} » dans le registre {path}</translation>
    </message>
    <message>
      <source> (no ledger was given)</source>
      <translation> (aucun registre n'a été donné)</translation>
    </message>
    <message>
      <source> Outputs written: {outputs}.</source>
      <translation> Sorties écrites : {outputs}.</translation>
    </message>
    <message>
      <source> No output was written.</source>
      <translation> Aucune sortie n'a été écrite.</translation>
    </message>
    <message>
      <source>Noise had been drawn when the run stopped: {cost} was spent{where}.</source>
      <translation>Du bruit avait été tiré quand l'exécution s'est arrêtée : {cost} a été dépensé{where}.</translation>
    </message>
    <message>
      <source>Nothing was published and nothing was charged to the privacy ledger (no noise had been drawn; its reservation was cancelled).</source>
      <translation>Rien n'a été publié et rien n'a été imputé au registre de confidentialité (aucun bruit n'avait été tiré ; sa réservation a été annulée).</translation>
    </message>
    <message>
      <source>Nothing was published and nothing was charged to the privacy ledger.</source>
      <translation>Rien n'a été publié et rien n'a été imputé au registre de confidentialité.</translation>
    </message>
    <message>
      <source>Nothing was published (no ledger was given).</source>
      <translation>Rien n'a été publié (aucun registre n'a été donné).</translation>
    </message>
    <message>
      <source>Cancelled by the user.</source>
      <translation>Annulé par l'utilisateur.</translation>
    </message>
    <message>
      <source>“{}” is empty (no feature)</source>
      <translation>« {} » est vide (aucune entité)</translation>
    </message>
    <message>
      <source>{label}: the layer '{layer}' holds {value} ({displayString}); it must hold {items}.</source>
      <translation>{label} : la couche « {layer} » contient {value} ({displayString}) ; elle doit contenir {items}.</translation>
    </message>
    <message>
      <source>no geometries</source>
      <translation>aucune géométrie</translation>
    </message>
    <message>
      <source>{label}: the layer '{layer}' has no field '{name}'. Its fields: {listed}.</source>
      <translation>{label} : la couche « {layer} » n'a pas de champ « {name} ». Ses champs : {listed}.</translation>
    </message>
    <message>
      <source>{label}: field '{name}' of the layer '{layer}' holds {value} values, not numbers. Its numeric fields: {listed}. (A CSV file read without column types has text columns: give a .csvt file or a GeoPackage.)</source>
      <translation>{label} : le champ « {name} » de la couche « {layer} » contient des valeurs {value}, pas des nombres. Ses champs numériques : {listed}. (Un fichier CSV lu sans types de colonnes a des colonnes texte : donnez un fichier .csvt ou un GeoPackage.)</translation>
    </message>
    <message>
      <source>{label}: field '{name}' of the layer '{layer}' holds {typeName} values, not dates or times.</source>
      <translation>{label} : le champ « {name} » de la couche « {layer} » contient des valeurs {typeName}, pas des dates ni des heures.</translation>
    </message>
    <message>
      <source>{label}: {value} is not a finite number.</source>
      <translation>{label} : {value} n'est pas un nombre fini.</translation>
    </message>
    <message>
      <source>{label}: {number:g} is too large for a whole number (at most {INT32}).</source>
      <translation>{label} : {number:g} est trop grand pour un nombre entier (au plus {INT32}).</translation>
    </message>
    <message>
      <source>{label}: {number:g} is out of range (at most {MAX_MAGNITUDE:g} in size).</source>
      <translation>{label} : {number:g} est hors limites (au plus {MAX_MAGNITUDE:g} en valeur absolue).</translation>
    </message>
    <message>
      <source>Privacy ledger (*.json)</source>
      <translation>Registre de confidentialité (*.json)</translation>
    </message>
    <message>
      <source>All files (*)</source>
      <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
      <source>Choose an existing ledger or a new file name</source>
      <translation>Choisir un registre existant ou un nouveau nom de fichier</translation>
    </message>
    <message>
      <source>[optional]</source>
      <translation>[optionnel]</translation>
    </message>
    <message>
      <source>[Not selected]</source>
      <translation>[Non sélectionné]</translation>
    </message>
    <message>
      <source>not set</source>
      <translation>non défini</translation>
    </message>
    <message>
      <source>Yes</source>
      <translation>Oui</translation>
    </message>
    <message>
      <source>No</source>
      <translation>Non</translation>
    </message>
    <message>
      <source>the layer has a user field '{field}' but none was given: each point is protected on its own, not each user (give the user id field and the maximum points per user for a per-user guarantee)</source>
      <translation>la couche a un champ utilisateur « {field} » mais aucun n'a été donné : chaque point est protégé seul, pas chaque utilisateur (donnez le champ d'identifiant utilisateur et le nombre maximal de points par utilisateur pour une garantie par utilisateur)</translation>
    </message>
    <message>
      <source>Population '{name}' in the ledger {path}: {policy}</source>
      <translation>Population '{name}' dans le registre {path} : {policy}</translation>
    </message>
    <message>
      <source>(it replaced: {old})</source>
      <translation>(elle remplace : {old})</translation>
    </message>
    <message>
      <source>ε = {cap} per calendar week</source>
      <translation>ε = {cap} par semaine civile</translation>
    </message>
    <message>
      <source>ε = {cap} per calendar month</source>
      <translation>ε = {cap} par mois civil</translation>
    </message>
    <message>
      <source>ε = {epsilon}, δ = {delta} per person {horizon}</source>
      <translation>ε = {epsilon}, δ = {delta} par personne {horizon}</translation>
    </message>
    <message>
      <source>Partition {label}</source>
      <translation>Partition {label}</translation>
    </message>
    <message>
      <source>Id field of {value}</source>
      <translation>Champ d'identifiant de {value}</translation>
    </message>
    <message>
      <source>none of the {} flows exceeds the simultaneous 95 % margin of error (± {:g}): they may be noise alone (see the report)</source>
      <translation>aucun des {} flux ne dépasse la marge d'erreur simultanée à 95 % (± {:g}) : ils peuvent n'être que du bruit (voir le rapport)</translation>
    </message>
    <message>
      <source>not a 95 % interval: the margin of the noisy count before shrinkage × the sampling scale; it ignores the shrinkage and the scale's noise</source>
      <translation>pas un intervalle à 95 % : la marge du comptage bruité avant rétrécissement × l'échelle d'échantillonnage ; elle ignore le rétrécissement et le bruit de l'échelle</translation>
    </message>
    <message>
      <source>95 % margin of error of the noisy count</source>
      <translation>marge d'erreur à 95 % du comptage bruité</translation>
    </message>
    <message>
      <source>no pair of two regions has a 95 % interval above 0</source>
      <translation>aucune paire de deux régions n'a d'intervalle à 95 % au-dessus de 0</translation>
    </message>
    <message>
      <source>the end of the time window must be after its start</source>
      <translation>la fin de la fenêtre temporelle doit suivre son début</translation>
    </message>
    <message>
      <source>bounded trips of a Spark job</source>
      <translation>trajets bornés d'un traitement Spark</translation>
    </message>
    <message>
      <source>Mobility DP privacy budget</source>
      <translation>Budget de confidentialité Mobility DP</translation>
    </message>
    <message>
      <source>Open ledger…</source>
      <translation>Ouvrir un registre…</translation>
    </message>
    <message>
      <source>Close ledger</source>
      <translation>Fermer le registre</translation>
    </message>
    <message>
      <source>Rows are coloured when less than this share of the budget remains</source>
      <translation>Les lignes sont colorées quand il reste moins que cette part du budget</translation>
    </message>
    <message>
      <source>Warn below</source>
      <translation>Avertir sous</translation>
    </message>
    <message>
      <source>Open privacy ledgers</source>
      <translation>Ouvrir des registres de confidentialité</translation>
    </message>
    <message>
      <source>Privacy ledgers (*.json)</source>
      <translation>Registres de confidentialité (*.json)</translation>
    </message>
    <message>
      <source>no such file yet (a release creates it)</source>
      <translation>ce fichier n'existe pas encore (une publication le crée)</translation>
    </message>
    <message>
      <source>{n} population(s) below the warning level</source>
      <translation>{n} population(s) sous le seuil d'avertissement</translation>
    </message>
    <message>
      <source>{n} dataset(s) below the warning level</source>
      <translation>{n} jeu(x) de données sous le seuil d'avertissement</translation>
    </message>
    <message>
      <source>Dataset / release</source>
      <translation>Jeu de données / publication</translation>
    </message>
    <message>
      <source>ε spent</source>
      <translation>ε dépensé</translation>
    </message>
    <message>
      <source>ε remaining</source>
      <translation>ε restant</translation>
    </message>
    <message>
      <source>ε budget</source>
      <translation>Budget ε</translation>
    </message>
    <message>
      <source>Period</source>
      <translation>Période</translation>
    </message>
    <message>
      <source>δ spent</source>
      <translation>δ dépensé</translation>
    </message>
    <message>
      <source>δ remaining</source>
      <translation>δ restant</translation>
    </message>
    <message>
      <source>δ budget</source>
      <translation>Budget δ</translation>
    </message>
    <message>
      <source>Unit of privacy</source>
      <translation>Unité de confidentialité</translation>
    </message>
    <message>
      <source>Status / outputs</source>
      <translation>État / sorties</translation>
    </message>
    <message>
      <source>spent</source>
      <translation>dépensé</translation>
    </message>
    <message>
      <source>reserved</source>
      <translation>réservé</translation>
    </message>
    <message>
      <source>{n} temporary output(s)</source>
      <translation>{n} sortie(s) temporaire(s)</translation>
    </message>
    <message>
      <source>{unit} per {who}</source>
      <translation>{unit} par {who}</translation>
    </message>
    <message>
      <source>Population {name}</source>
      <translation>Population {name}</translation>
    </message>
    <message>
      <source>policy: {total} over {horizon}</source>
      <translation>politique : {total} sur {horizon}</translation>
    </message>
    <message>
      <source>policy: {total} in total</source>
      <translation>politique : {total} au total</translation>
    </message>
    <message>
      <source>ε {cap} per week</source>
      <translation>ε {cap} par semaine</translation>
    </message>
    <message>
      <source>ε {cap} per month</source>
      <translation>ε {cap} par mois</translation>
    </message>
    <message>
      <source>at most {caps}</source>
      <translation>au plus {caps}</translation>
    </message>
    <message>
      <source>{n} dataset(s)</source>
      <translation>{n} jeu(x) de données</translation>
    </message>
    <message>
      <source>Cap per week</source>
      <translation>Plafond par semaine</translation>
    </message>
    <message>
      <source>Cap per month</source>
      <translation>Plafond par mois</translation>
    </message>
    <message>
      <source>{label} (current)</source>
      <translation>{label} (en cours)</translation>
    </message>
    <message>
      <source>Less than {share} of the cap remains in {label}: ε {left} of {cap}</source>
      <translation>Il reste moins de {share} du plafond en {label} : ε {left} sur {cap}</translation>
    </message>
    <message>
      <source>{n} release(s)</source>
      <translation>{n} publication(s)</translation>
    </message>
    <message>
      <source>Less than {share} of the budget remains: ε {left} of {budget} ({unit})</source>
      <translation>Il reste moins de {share} du budget : ε {left} sur {budget} ({unit})</translation>
    </message>
    <message>
      <source>, δ {left} of {budget}</source>
      <translation>, δ {left} sur {budget}</translation>
    </message>
    <message>
      <source>Utility</source>
      <translation>Utilité</translation>
    </message>
    <message>
      <source>Similarity</source>
      <translation>Similarité</translation>
    </message>
    <message>
      <source>Correlation per measure</source>
      <translation>Corrélation par mesure</translation>
    </message>
    <message>
      <source>Scatter plots and distributions</source>
      <translation>Nuages de points et distributions</translation>
    </message>
    <message>
      <source>Graph</source>
      <translation>Graphe</translation>
    </message>
    <message>
      <source>Visits per user (one per slot, before ℓ)</source>
      <translation>Visites par utilisateur (une par créneau, avant ℓ)</translation>
    </message>
    <message>
      <source>Choosing ℓ</source>
      <translation>Choisir ℓ</translation>
    </message>
    <message>
      <source>Generated data</source>
      <translation>Données générées</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>Résultat</translation>
    </message>
    <message>
      <source>Graph and cover</source>
      <translation>Graphe et couverture</translation>
    </message>
    <message>
      <source>Warning: {warning}</source>
      <translation>Avertissement : {warning}</translation>
    </message>
    <message>
      <source>{heading} (internal)</source>
      <translation>{heading} (interne)</translation>
    </message>
    <message>
      <source>No noise is added and no differential-privacy guarantee is claimed.</source>
      <translation>Aucun bruit n'est ajouté et aucune garantie de confidentialité différentielle n'est revendiquée.</translation>
    </message>
    <message>
      <source>Period of this release: the day it ran.</source>
      <translation>Période de cette publication : le jour de son exécution.</translation>
    </message>
    <message>
      <source>mechanism</source>
      <translation>mécanisme</translation>
    </message>
    <message>
      <source>sensitivity</source>
      <translation>sensibilité</translation>
    </message>
    <message>
      <source>protects</source>
      <translation>protège</translation>
    </message>
    <message>
      <source>note</source>
      <translation>remarque</translation>
    </message>
    <message>
      <source>Charged to the population {population}: at most ε = {epsilon}, δ = {delta} per person {horizon}{caps}.</source>
      <translation>Imputé à la population {population} : au plus ε = {epsilon}, δ = {delta} par personne {horizon}{caps}.</translation>
    </message>
    <message>
      <source>Period of this release: the dates of its data (in the privacy ledger, not published).</source>
      <translation>Période de cette publication : les dates de ses données (dans le registre de confidentialité, non publiées).</translation>
    </message>
    <message>
      <source>total (sequential composition)</source>
      <translation>total (composition séquentielle)</translation>
    </message>
    <message>
      <source>parameter</source>
      <translation>paramètre</translation>
    </message>
    <message>
      <source>value</source>
      <translation>valeur</translation>
    </message>
    <message>
      <source>its time window</source>
      <translation>sa fenêtre temporelle</translation>
    </message>
    <message>
      <source>the dates of its data</source>
      <translation>les dates de ses données</translation>
    </message>
    <message>
      <source>Internal report: contains facts computed from the raw data. For the data owner only; do not publish it with the release.</source>
      <translation>Rapport interne : contient des faits calculés à partir des données brutes. Pour le détenteur des données uniquement ; ne le publiez pas avec les données publiées.</translation>
    </message>
    <message>
      <source>; at most ε = {cap} per calendar {period}</source>
      <translation> ; au plus ε = {cap} par {period} civil(e)</translation>
    </message>
    <message>
      <source>Period of this release: {first} to {last} ({source}).</source>
      <translation>Période de cette publication : du {first} au {last} ({source}).</translation>
    </message>
    <message>
      <source>, the privacy loss measured in {unit} (a loss of ε·d between inputs d metres apart)</source>
      <translation>, la perte de confidentialité étant mesurée en {unit} (une perte de ε·d entre des entrées distantes de d mètres)</translation>
    </message>
    <message>
      <source>Privacy guarantee</source>
      <translation>Garantie de confidentialité</translation>
    </message>
    <message>
      <source>Unit of privacy:</source>
      <translation>Unité de confidentialité :</translation>
    </message>
    <message>
      <source>Privacy</source>
      <translation>Confidentialité</translation>
    </message>
    <message>
      <source>Reproducible: not for publication. This run used a fixed seed, so anyone with the seed can recompute (and subtract) the noise.</source>
      <translation>Reproductible : pas pour publication. Cette exécution a utilisé une graine fixe, donc quiconque connaît la graine peut recalculer (et soustraire) le bruit.</translation>
    </message>
    <message>
      <source>Algorithm {algorithm}, run {time}.</source>
      <translation>Algorithme {algorithm}, exécuté le {time}.</translation>
    </message>
    <message>
      <source>This release satisfies (ε = {epsilon}, δ = {delta})-differential privacy for that unit{per}. The cost below is computed from the mechanisms that actually ran.</source>
      <translation>Cette publication satisfait la confidentialité différentielle (ε = {epsilon}, δ = {delta}) pour cette unité{per}. Le coût ci-dessous est calculé à partir des mécanismes effectivement exécutés.</translation>
    </message>
    <message>
      <source>Charged to the privacy ledger as dataset {dataset}.</source>
      <translation>Imputé au registre de confidentialité comme jeu de données {dataset}.</translation>
    </message>
    <message>
      <source>Input (raw data facts)</source>
      <translation>Entrée (faits sur les données brutes)</translation>
    </message>
    <message>
      <source>Utility against the true density</source>
      <translation>Utilité par rapport à la vraie densité</translation>
    </message>
    <message>
      <source>Pipeline</source>
      <translation>Chaîne de traitement</translation>
    </message>
    <message>
      <source>Released density</source>
      <translation>Densité publiée</translation>
    </message>
    <message>
      <source>What the guarantee means</source>
      <translation>Ce que signifie la garantie</translation>
    </message>
    <message>
      <source>Raw data</source>
      <translation>Données brutes</translation>
    </message>
    <message>
      <source>Generalisation of the trajectories</source>
      <translation>Généralisation des trajectoires</translation>
    </message>
    <message>
      <source>Utility against the true flows</source>
      <translation>Utilité par rapport aux vrais flux</translation>
    </message>
    <message>
      <source>Noise and aggregation</source>
      <translation>Bruit et agrégation</translation>
    </message>
    <message>
      <source>Release</source>
      <translation>Publication</translation>
    </message>
    <message>
      <source>Raw data and utility</source>
      <translation>Données brutes et utilité</translation>
    </message>
    <message>
      <source>Visits per zone and time window</source>
      <translation>Visites par zone et fenêtre de temps</translation>
    </message>
    <message>
      <source>OD flows</source>
      <translation>Flux OD</translation>
    </message>
    <message>
      <source>Trips over time (weekday × hour of the start, UTC)</source>
      <translation>Trajets dans le temps (jour de la semaine × heure de départ, UTC)</translation>
    </message>
    <message>
      <source>Trips per day (UTC date of the start)</source>
      <translation>Trajets par jour (date UTC du départ)</translation>
    </message>
    <message>
      <source>Trip length (km)</source>
      <translation>Longueur des trajets (km)</translation>
    </message>
    <message>
      <source>Travel time (min)</source>
      <translation>Durée des trajets (min)</translation>
    </message>
    <message>
      <source>Trips per user</source>
      <translation>Trajets par utilisateur</translation>
    </message>
    <message>
      <source>Radius of gyration (km)</source>
      <translation>Rayon de giration (km)</translation>
    </message>
    <message>
      <source>Zones per user</source>
      <translation>Zones par utilisateur</translation>
    </message>
    <message>
      <source>Mobility entropy (normalised)</source>
      <translation>Entropie de mobilité (normalisée)</translation>
    </message>
    <message>
      <source>Time between consecutive trips (h)</source>
      <translation>Temps entre trajets consécutifs (h)</translation>
    </message>
    <message>
      <source>Noise and margin of error</source>
      <translation>Bruit et marge d'erreur</translation>
    </message>
    <message>
      <source>Flows above noise</source>
      <translation>Flux au-dessus du bruit</translation>
    </message>
    <message>
      <source>Flows between public regions</source>
      <translation>Flux entre régions publiques</translation>
    </message>
    <message>
      <source>Input</source>
      <translation>Entrée</translation>
    </message>
    <message>
      <source>Trip scale and what is counted</source>
      <translation>Échelle de trajets et ce qui est compté</translation>
    </message>
    <message>
      <source>The model's parts and their cost</source>
      <translation>Les parties du modèle et leur coût</translation>
    </message>
    <message>
      <source>The released model (noisy totals, choices of the public rule)</source>
      <translation>Le modèle publié (totaux bruités, choix de la règle publique)</translation>
    </message>
    <message>
      <source>What the synthetic trips are good for</source>
      <translation>À quoi servent les trajets synthétiques</translation>
    </message>
    <message>
      <source>Synthetic against the raw trips (JS: Jensen–Shannon divergence, base 2)</source>
      <translation>Synthétiques par rapport aux trajets bruts (JS : divergence de Jensen–Shannon, base 2)</translation>
    </message>
    <message>
      <source>what is counted</source>
      <translation>ce qui est compté</translation>
    </message>
    <message>
      <source>published as</source>
      <translation>publié en</translation>
    </message>
    <message>
      <source>directed pairs</source>
      <translation>paires orientées</translation>
    </message>
    <message>
      <source>noise</source>
      <translation>bruit</translation>
    </message>
    <message>
      <source>zones</source>
      <translation>zones</translation>
    </message>
    <message>
      <source>scaled by the noisy trip total</source>
      <translation>mis à l'échelle par le total bruité des trajets</translation>
    </message>
    <message>
      <source>ε of the people per pair</source>
      <translation>ε des personnes par paire</translation>
    </message>
    <message>
      <source>ε of the OD counts</source>
      <translation>ε des comptages OD</translation>
    </message>
    <message>
      <source>δ</source>
      <translation>δ</translation>
    </message>
    <message>
      <source>trips kept per person (m)</source>
      <translation>trajets gardés par personne (m)</translation>
    </message>
    <message>
      <source>margin of error of one value (95 %)</source>
      <translation>marge d'erreur d'une valeur (95 %)</translation>
    </message>
    <message>
      <source>margin no noise of any pair exceeds (95 %)</source>
      <translation>marge qu'aucun bruit de paire ne dépasse (95 %)</translation>
    </message>
    <message>
      <source>share of pairs with no one (fitted prior)</source>
      <translation>part des paires sans personne (loi a priori ajustée)</translation>
    </message>
    <message>
      <source>values released</source>
      <translation>valeurs publiées</translation>
    </message>
    <message>
      <source>people (noisy)</source>
      <translation>personnes (bruité)</translation>
    </message>
    <message>
      <source>trips (noisy)</source>
      <translation>trajets (bruité)</translation>
    </message>
    <message>
      <source>trips per person (noisy)</source>
      <translation>trajets par personne (bruité)</translation>
    </message>
    <message>
      <source>trips counted per person in the total</source>
      <translation>trajets comptés par personne dans le total</translation>
    </message>
    <message>
      <source>trips kept by sampling (noisy)</source>
      <translation>trajets gardés par l'échantillonnage (bruité)</translation>
    </message>
    <message>
      <source>trips beyond the sampling (noisy)</source>
      <translation>trajets au-delà de l'échantillonnage (bruité)</translation>
    </message>
    <message>
      <source>scale of the kept trips to all trips</source>
      <translation>rapport de tous les trajets aux trajets gardés</translation>
    </message>
    <message>
      <source>why these methods</source>
      <translation>pourquoi ces méthodes</translation>
    </message>
    <message>
      <source>visits method</source>
      <translation>méthode des visites</translation>
    </message>
    <message>
      <source>ε for the trip scale</source>
      <translation>ε pour l'échelle de trajets</translation>
    </message>
    <message>
      <source>trips per person: interval (99 %)</source>
      <translation>trajets par personne : intervalle (99 %)</translation>
    </message>
    <message>
      <source>scale of the kept trips to all trips: interval (99 %)</source>
      <translation>rapport de tous les trajets aux trajets gardés : intervalle (99 %)</translation>
    </message>
    <message>
      <source>margin of error of each noisy trip total (95 %)</source>
      <translation>marge d'erreur de chaque total bruité de trajets (95 %)</translation>
    </message>
    <message>
      <source>level of the interval of each noisy count</source>
      <translation>niveau de l'intervalle de chaque comptage bruité</translation>
    </message>
    <message>
      <source>half-width of the interval of each noisy count</source>
      <translation>demi-largeur de l'intervalle de chaque comptage bruité</translation>
    </message>
    <message>
      <source>trip scale paid from the share of</source>
      <translation>échelle de trajets payée sur la part de</translation>
    </message>
    <message>
      <source>ε</source>
      <translation>ε</translation>
    </message>
    <message>
      <source>noise mechanism</source>
      <translation>mécanisme de bruit</translation>
    </message>
    <message>
      <source>trips per person the model counts (M)</source>
      <translation>trajets par personne comptés par le modèle (M)</translation>
    </message>
    <message>
      <source>share of ε for the trip scale</source>
      <translation>part de ε pour l'échelle des trajets</translation>
    </message>
    <message>
      <source>share of ε for the public regions</source>
      <translation>part de ε pour les régions publiques</translation>
    </message>
    <message>
      <source>share of ε for the trip total</source>
      <translation>part de ε pour le total des trajets</translation>
    </message>
    <message>
      <source>cells one person is counted in at most</source>
      <translation>cellules où une personne est comptée au plus</translation>
    </message>
    <message>
      <source>largest change of one person's count</source>
      <translation>plus grand changement du comptage d'une personne</translation>
    </message>
    <message>
      <source>rounded to whole numbers</source>
      <translation>arrondi à l'entier</translation>
    </message>
    <message>
      <source>negative values set to 0</source>
      <translation>valeurs négatives mises à 0</translation>
    </message>
    <message>
      <source>cut-off (timestamps kept per user)</source>
      <translation>seuil de coupe (instants gardés par utilisateur)</translation>
    </message>
    <message>
      <source>threshold</source>
      <translation>seuil</translation>
    </message>
    <message>
      <source>share of ε for the comparison</source>
      <translation>part de ε pour la comparaison</translation>
    </message>
    <message>
      <source>noise as in the paper</source>
      <translation>bruit comme dans l'article</translation>
    </message>
    <message>
      <source>share of ε for the division</source>
      <translation>part de ε pour la division</translation>
    </message>
    <message>
      <source>α</source>
      <translation>α</translation>
    </message>
    <message>
      <source>utility measure</source>
      <translation>mesure d'utilité</translation>
    </message>
    <message>
      <source>composition</source>
      <translation>composition</translation>
    </message>
    <message>
      <source>random seed</source>
      <translation>graine aléatoire</translation>
    </message>
    <message>
      <source>people per cell and slot</source>
      <translation>personnes par cellule et créneau</translation>
    </message>
    <message>
      <source>moves between cells</source>
      <translation>déplacements entre cellules</translation>
    </message>
    <message>
      <source>Central mode kept {share:.1%} of the moves in τ (at most m per vehicle): the flows count these moves only.</source>
      <translation>Le mode central a gardé {share:.1%} des déplacements dans τ (au plus m par véhicule) : les flux ne comptent que ces déplacements.</translation>
    </message>
    <message>
      <source>Central mode kept {share:.1%} of the moves in τ (at most m per vehicle): the flows count these moves only; a larger m keeps more, at more noise per vehicle.</source>
      <translation>Le mode central a gardé {share:.1%} des déplacements dans τ (au plus m par véhicule) : les flux ne comptent que ces déplacements ; un m plus grand en garde davantage, avec plus de bruit par véhicule.</translation>
    </message>
    <message>
      <source>Scheme chosen by the automatic rule: {scheme} (about {per_cell:.3g} users per cell and timestamp from a noisy total of {total:,.0f} ± {margin:,.0f} user-timestamps, beside a noise standard deviation of {std:.3g} per directly perturbed cell; the static hybrid from {ratio:g} standard deviations).</source>
      <translation>Schéma choisi par la règle automatique : {scheme} (environ {per_cell:.3g} utilisateurs par cellule et par instant d'après un total bruité de {total:,.0f} ± {margin:,.0f} utilisateurs-instants, à côté d'un écart-type du bruit de {std:.3g} par cellule perturbée directement ; l'hybride statique à partir de {ratio:g} écarts-types).</translation>
    </message>
    <message>
      <source>seed</source>
      <translation>germe</translation>
    </message>
    <message>
      <source>all {n} {noun}(s) lie outside the study area (the nearest is {km:.3g} km away): check that each layer's CRS is set correctly and that the layers cover the same place</source>
      <translation>les {n} {noun}(s) sont tous hors de la zone d'étude (le plus proche est à {km:.3g} km) : vérifiez que le SCR de chaque couche est correct et que les couches couvrent le même lieu</translation>
    </message>
    <message>
      <source>{n} {noun}(s) lie outside the study area</source>
      <translation>{n} {noun}(s) hors de la zone d'étude</translation>
    </message>
    <message>
      <source>{n} {noun}(s) were dropped: their Voronoi cell does not meet the study area</source>
      <translation>{n} {noun}(s) écarté(e)s : leur cellule de Voronoï ne rencontre pas la zone d'étude</translation>
    </message>
    <message>
      <source>{n} {noun}(s) share their site with another (duplicate coordinates or closer than the merge distance)</source>
      <translation>{n} {noun}(s) partagent leur site avec un(e) autre (coordonnées en double ou plus proches que la distance de fusion)</translation>
    </message>
    <message>
      <source>{name} must be a positive finite number, got {value}</source>
      <translation>{name} doit être un nombre positif fini ; reçu {value}</translation>
    </message>
    <message>
      <source>{name} must be in [0, 1), got {value}</source>
      <translation>{name} doit être dans [0, 1) ; reçu {value}</translation>
    </message>
    <message>
      <source>ε = {epsilon:g}, δ = {delta:g} ({unit})</source>
      <translation>ε = {epsilon:g}, δ = {delta:g} ({unit})</translation>
    </message>
    <message>
      <source>ε = {epsilon:g}, δ = {delta:g} ({unit}, unit of privacy: {who})</source>
      <translation>ε = {epsilon:g}, δ = {delta:g} ({unit}, unité de confidentialité : {who})</translation>
    </message>
    <message>
      <source>dataset '{dataset}' keeps its budget in {budget}; this release spends {spends}. A cost in one unit cannot be charged against a budget in another: use a separate dataset id (and budget) for it. No noise was drawn.</source>
      <translation>le jeu de données « {dataset} » tient son budget en {budget} ; cette publication dépense {spends}. Un coût dans une unité ne peut pas être imputé à un budget dans une autre : utilisez pour elle un identifiant de jeu de données (et un budget) distinct. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>dataset '{dataset}' has a total budget of ε={epsilon:g}, δ={delta:g} in the ledger; the run gave ε={given_epsilon:g}, δ={given_delta:g}. A budget cannot be changed once spending has started.</source>
      <translation>le jeu de données « {dataset} » a un budget total de ε={epsilon:g}, δ={delta:g} dans le registre ; l'exécution a donné ε={given_epsilon:g}, δ={given_delta:g}. Un budget ne peut plus être modifié une fois les dépenses commencées.</translation>
    </message>
    <message>
      <source>privacy budget exceeded for dataset '{dataset}': spent ε={spent_epsilon:g}, δ={spent_delta:g} of ε={total_epsilon:g}, δ={total_delta:g} ({unit}); this release needs ε={epsilon:g}, δ={delta:g}. No noise was drawn.</source>
      <translation>budget de confidentialité dépassé pour le jeu de données « {dataset} » : ε={spent_epsilon:g}, δ={spent_delta:g} dépensés sur ε={total_epsilon:g}, δ={total_delta:g} ({unit}) ; cette publication demande ε={epsilon:g}, δ={delta:g}. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>give a release's user ids or the sketch of them, not both</source>
      <translation>donnez les identifiants des usagers d'une publication ou leur esquisse, pas les deux</translation>
    </message>
    <message>
      <source>dataset '{dataset}' is charged to population '{population}' in the ledger {path}: it cannot move to '{named}' (its people have spent there). No noise was drawn.</source>
      <translation>le jeu de données '{dataset}' est imputé à la population '{population}' dans le registre {path} : il ne peut pas passer à '{named}' (ses personnes y ont dépensé). Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>the people of dataset '{dataset}' overlap partly with population(s) {found} (estimated share of its people): set the population in the ledger (POPULATION_ID) to the population it belongs to, or to a new name for a population of its own. No noise was drawn.</source>
      <translation>les personnes du jeu de données '{dataset}' recouvrent en partie la ou les population(s) {found} (part estimée de ses personnes) : indiquez dans la population du registre (POPULATION_ID) la population à laquelle il appartient, ou un nouveau nom pour une population à part. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>privacy budget exceeded for population '{population}': its people have spent ε={spent_epsilon:g}, δ={spent_delta:g} of ε={total_epsilon:g}, δ={total_delta:g} {horizon}; this release needs ε={epsilon:g}, δ={delta:g}. No noise was drawn.</source>
      <translation>budget de confidentialité dépassé pour la population « {population} » : ses personnes ont dépensé ε={spent_epsilon:g}, δ={spent_delta:g} sur ε={total_epsilon:g}, δ={total_delta:g} {horizon} ; cette publication demande ε={epsilon:g}, δ={delta:g}. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>population '{population}' has spent ε={spent_epsilon:g}, δ={spent_delta:g} under its policy (ε={epsilon:g}, δ={delta:g} {horizon}; {caps}): once spending has started its policy can only be tightened (a smaller total, the same horizon, the same caps or smaller ones). Declare a new population for a new horizon.</source>
      <translation>la population '{population}' a dépensé ε={spent_epsilon:g}, δ={spent_delta:g} sous sa politique (ε={epsilon:g}, δ={delta:g} {horizon} ; {caps}) : une fois les dépenses commencées, sa politique ne peut qu'être resserrée (un total plus petit, le même horizon, les mêmes plafonds ou de plus petits). Déclarez une nouvelle population pour un nouvel horizon.</translation>
    </message>
    <message>
      <source>privacy cap per {period} exceeded for population '{population}' in {label}: spent ε={spent:g} of ε={cap:g}; this release needs ε={epsilon:g}. No noise was drawn.</source>
      <translation>plafond de confidentialité par {period} dépassé pour la population « {population} » en {label} : ε={spent:g} dépensé sur ε={cap:g} ; cette publication demande ε={epsilon:g}. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>the sketch of the people was made with hashing scheme {scheme}, {ledger} compares sketches of scheme {expected}: run the Spark job again with --ledger {ledger}. No noise was drawn.</source>
      <translation>l'esquisse des personnes a été faite avec le schéma de hachage {scheme}, {ledger} compare des esquisses du schéma {expected} : relancez la tâche Spark avec --ledger {ledger}. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>the sketch of the people was computed with another key than that of {ledger}: run the Spark job again with --ledger {ledger}. No noise was drawn.</source>
      <translation>l'esquisse des personnes a été calculée avec une autre clé que celle de {ledger} : relancez la tâche Spark avec --ledger {ledger}. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>the sketch of the people keeps {k} values, not the {expected} {ledger} compares: run the Spark job again. No noise was drawn.</source>
      <translation>l'esquisse des personnes garde {k} valeurs, et non les {expected} que compare {ledger} : relancez la tâche Spark. Aucun bruit n'a été tiré.</translation>
    </message>
    <message>
      <source>events</source>
      <translation>événements</translation>
    </message>
    <message>
      <source>points</source>
      <translation>points</translation>
    </message>
    <message>
      <source>observations</source>
      <translation>observations</translation>
    </message>
    <message>
      <source>{missing} of {n} {what} have no {kind} id (the {kind} field{named} is empty): each must belong to a {kind}</source>
      <translation>{missing} des {n} {what} n'ont pas d'identifiant {kind} (le champ {kind}{named} est vide) : chaque ligne doit appartenir à un {kind}</translation>
    </message>
    <message>
      <source>every one of the {n} {what} has its own {kind} ({distinct} distinct values in the {kind} field{named}): that field does not identify a {kind} (is it a feature id?), so a guarantee for one {kind} would protect one event only. Choose the field that identifies the {kind}.</source>
      <translation>chacun des {n} {what} a son propre {kind} ({distinct} valeurs distinctes dans le champ {kind}{named}) : ce champ n'identifie pas un {kind} (est-ce un identifiant d'entité ?), et une garantie pour un {kind} ne protégerait qu'un seul événement. Choisissez le champ qui identifie le {kind}.</translation>
    </message>
    <message>
      <source>unknown unit of privacy '{value}': one of {units}</source>
      <translation>unité de confidentialité « {value} » inconnue : l'une de {units}</translation>
    </message>
    <message>
      <source>{missing} of {n} records have no user id</source>
      <translation>{missing} des {n} enregistrements n'ont pas d'identifiant utilisateur</translation>
    </message>
    <message>
      <source>&lt;p&gt;{k} of {n} flows exceed the simultaneous 95 % margin ± {h:g}{unit} (the bound that the noise of all pairs stays below with probability 95 %): only these are drawn as flow lines (those between two zones).&lt;/p&gt;</source>
      <translation>&lt;p&gt;{k} des {n} flux dépassent la marge simultanée à 95 % ± {h:g}{unit} (la borne sous laquelle le bruit de toutes les paires reste avec une probabilité de 95 %) : seuls ceux-ci sont dessinés en lignes de flux (ceux entre deux zones).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;{counted}: {k} of {n} pairs of two regions have a 95 % interval above 0 (drawn as region flow lines). Their intervals are computed exactly from the public noise law and cover the true count at 95 % whatever it is; with no flow at all, about 2.5 % of the pairs would still pass. ε of the regions: {eps:g}.&lt;/p&gt;</source>
      <translation>&lt;p&gt;{counted} : {k} des {n} paires de deux régions ont un intervalle à 95 % au-dessus de 0 (dessinées en lignes de flux entre régions). Leurs intervalles sont calculés exactement à partir de la loi publique du bruit et couvrent le vrai compte à 95 % quel qu'il soit ; sans aucun flux, environ 2,5 % des paires passeraient encore. ε des régions : {eps:g}.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;No pair can be told apart from noise at these zones and this ε: the flow map is empty by design, and the largest values of the OD table (up to {top:.4g}) are within what the noise of {n} released values reaches, not the largest flows. Coarser zones (fewer pairs, each holding more) or a larger ε show flows above noise.&lt;/p&gt;</source>
      <translation>&lt;p&gt;Aucune paire ne se distingue du bruit avec ces zones et cet ε : la carte des flux est vide par construction, et les plus grandes valeurs de la table OD (jusqu'à {top:.4g}) restent dans ce qu'atteint le bruit de {n} valeurs publiées, ce ne sont pas les plus grands flux. Des zones plus grossières (moins de paires, chacune en contenant davantage) ou un ε plus grand font apparaître des flux au-dessus du bruit.&lt;/p&gt;</translation>
    </message>
    <message>
      <source> people</source>
      <translation> personnes</translation>
    </message>
    <message>
      <source>origin</source>
      <translation>origine</translation>
    </message>
    <message>
      <source>destination</source>
      <translation>destination</translation>
    </message>
    <message>
      <source>flow</source>
      <translation>flux</translation>
    </message>
    <message>
      <source>95 % interval</source>
      <translation>intervalle à 95 %</translation>
    </message>
    <message>
      <source>Public regions need the method people_shrunk (the method here is {method})</source>
      <translation>Les régions publiques demandent la méthode people_shrunk (la méthode ici est {method})</translation>
    </message>
    <message>
      <source>Public regions need the trips: the bounded trips of a Spark job hold no region pairs (set the region size to 0)</source>
      <translation>Les régions publiques ont besoin des trajets : les trajets bornés d'un traitement Spark ne contiennent pas de paires de régions (mettez la taille des régions à 0)</translation>
    </message>
    <message>
      <source>The trip scale is below its own noise (noisy users {users:.0f}, noisy trips {trips:.0f}): trips per person are unknown, taken as {kappa:.3g} within [{lo:.3g}, {hi:.3g}]; every total it multiplies may be off by more than 2×.</source>
      <translation>L'échelle des trajets est sous son propre bruit (utilisateurs bruités {users:.0f}, trajets bruités {trips:.0f}) : les trajets par personne sont inconnus, pris égaux à {kappa:.3g} dans [{lo:.3g}, {hi:.3g}] ; chaque total qu'elle multiplie peut être faux de plus d'un facteur 2.</translation>
    </message>
    <message>
      <source>The trip scale ({kappa:.3g} trips per person, 99 % interval {lo:.3g}–{hi:.3g}) may be off by more than 2×, and so may every total it multiplies.</source>
      <translation>L'échelle des trajets ({kappa:.3g} trajets par personne, intervalle à 99 % {lo:.3g}–{hi:.3g}) peut être fausse de plus d'un facteur 2, de même que chaque total qu'elle multiplie.</translation>
    </message>
    <message>
      <source>The released {what} sum to {released:,.0f}, but their unclipped noisy counts put the total at {lo:,.0f}–{hi:,.0f} (95 %): the released total may be off by more than 2× (clipping at 0 adds the noise of empty cells, shrinkage removes flows the noise hides).</source>
      <translation>Les {what} publiés totalisent {released:,.0f}, mais leurs comptages bruités non tronqués placent le total à {lo:,.0f}–{hi:,.0f} (95 %) : le total publié peut être faux de plus d'un facteur 2 (la troncature à 0 ajoute le bruit des cellules vides, le rétrécissement retire les flux que le bruit cache).</translation>
    </message>
    <message>
      <source>The model's noisy total of {total:,.0f} trips has a 95 % interval of {low:,.0f}–{high:,.0f}: the number of trips may be off by more than 2×.</source>
      <translation>Le total bruité du modèle, {total:,.0f} trajets, a un intervalle à 95 % de {low:,.0f}–{high:,.0f} : le nombre de trajets peut être faux de plus d'un facteur 2.</translation>
    </message>
    <message>
      <source>Start hours</source>
      <translation>Heures de départ</translation>
    </message>
    <message>
      <source>Travel times</source>
      <translation>Durées de trajet</translation>
    </message>
    <message>
      <source>{label}: too few trips for finer counts above the noise; pooled into periods of {width:g} {unit} and shrunk {shrunk:.0%} towards the uniform law (100 %: uniform).</source>
      <translation>{label} : trop peu de trajets pour des comptages plus fins au-dessus du bruit ; regroupés en périodes de {width:g} {unit} et rapprochés à {shrunk:.0%} de la loi uniforme (100 % : uniforme).</translation>
    </message>
    <message>
      <source>Good for: tools and models that need a trips dataset; the shape of trip length, start time, travel time and trips per person; trips per zone and hour on coarse zones; each person's pattern. Not for: OD flows between census zones (use OD flows of trips), small areas, rare trips, exact counts.</source>
      <translation>Utile pour : les outils et modèles qui ont besoin d'un jeu de données de trajets ; la forme de la longueur des trajets, de l'heure de départ, de la durée et des trajets par personne ; les trajets par zone et par heure sur des zones grossières ; le schéma de chaque personne. Inutile pour : les flux OD entre zones de recensement (utilisez Flux OD des trajets), les petites zones, les trajets rares, les comptages exacts.</translation>
    </message>
    <message>
      <source>the privacy ledger file is required</source>
      <translation>le fichier du registre de confidentialité est requis</translation>
    </message>
    <message>
      <source>the cells layer has no polygon</source>
      <translation>la couche des cellules n'a aucun polygone</translation>
    </message>
    <message>
      <source>the time field is required</source>
      <translation>le champ d'heure est requis</translation>
    </message>
    <message>
      <source>the observations layer is empty</source>
      <translation>la couche des observations est vide</translation>
    </message>
    <message>
      <source>the start of the period is required (ISO 8601, e.g. 2007-09-10T00:00:00)</source>
      <translation>le début de la période est requis (ISO 8601, p. ex. 2007-09-10T00:00:00)</translation>
    </message>
    <message>
      <source>the tower and time fields are required</source>
      <translation>les champs d'antenne et d'heure sont requis</translation>
    </message>
    <message>
      <source>field(s) {join_absent} not found in the events layer; available: {join_names}</source>
      <translation>champ(s) {join_absent} introuvable(s) dans la couche des événements ; disponibles : {join_names}</translation>
    </message>
    <message>
      <source>the events layer is required</source>
      <translation>la couche des événements est requise</translation>
    </message>
    <message>
      <source>the events layer is empty</source>
      <translation>la couche des événements est vide</translation>
    </message>
    <message>
      <source>none of the {n_rows} rows has a user (field '{fields_0}')</source>
      <translation>aucune des {n_rows} lignes n'a d'utilisateur (champ '{fields_0}')</translation>
    </message>
    <message>
      <source>no value of the time field '{fields_2}' could be read as a time in the {n_rows} rows with a user (date-time, ISO 8601 text or epoch seconds expected)</source>
      <translation>aucune valeur du champ d'heure '{fields_2}' n'a pu être lue comme une heure dans les {n_rows} lignes ayant un utilisateur (date-heure, texte ISO 8601 ou secondes epoch attendus)</translation>
    </message>
    <message>
      <source>{events_dropped_reason} of {n_rows} events ({v_100_events_dropped_reaso} %) have {what} and were dropped</source>
      <translation>{events_dropped_reason} des {n_rows} événements ({v_100_events_dropped_reaso} %) ont {what} et ont été écartés</translation>
    </message>
    <message>
      <source>give either the events layer or a bounded-counts directory (exactly one)</source>
      <translation>donnez soit la couche des événements, soit un dossier de comptages bornés (exactement un des deux)</translation>
    </message>
    <message>
      <source>a Mercator projection, whose distances grow with latitude</source>
      <translation>une projection de Mercator, dont les distances croissent avec la latitude</translation>
    </message>
    <message>
      <source>not a projected CRS in metres</source>
      <translation>pas un SCR projeté en mètres</translation>
    </message>
    <message>
      <source>the {name} layer has no polygons</source>
      <translation>la couche {name} n'a aucun polygone</translation>
    </message>
    <message>
      <source>id field '{id_field_or_feature_id}' of the {name} layer</source>
      <translation>champ d'identifiant '{id_field_or_feature_id}' de la couche {name}</translation>
    </message>
    <message>
      <source>not a 'NAME: description' line: {line_strip_60}</source>
      <translation>pas une ligne 'NOM : description' : {line_strip_60}</translation>
    </message>
    <message>
      <source>{algorithm_id}.html: text before &lt;!-- short --&gt;</source>
      <translation>{algorithm_id}.html : texte avant &lt;!-- short --&gt;</translation>
    </message>
    <message>
      <source>{algorithm_id}.html: include outside the short or long section</source>
      <translation>{algorithm_id}.html : inclusion hors de la section courte ou longue</translation>
    </message>
    <message>
      <source>{algorithm_id}.html has no &lt;!-- short --&gt; section</source>
      <translation>{algorithm_id}.html n'a pas de section &lt;!-- short --&gt;</translation>
    </message>
    <message>
      <source>a {kind} layer has no stable identity (every copy would get a fresh privacy budget): give the dataset id (DATASET_ID) under which the ledger charges this data</source>
      <translation>une couche {kind} n'a pas d'identité stable (chaque copie recevrait un nouveau budget de confidentialité) : donnez l'identifiant de jeu de données (DATASET_ID) sous lequel le registre impute ces données</translation>
    </message>
    <message>
      <source>a release ran without handing its cost to charge.check_spent()</source>
      <translation>une publication a tourné sans remettre son coût à charge.check_spent()</translation>
    </message>
    <message>
      <source>two options of {name} have the same label</source>
      <translation>deux options de {name} ont le même libellé</translation>
    </message>
    <message>
      <source>default {default} of {name} is not one of {values}</source>
      <translation>la valeur par défaut {default} de {name} n'est pas l'une de {values}</translation>
    </message>
    <message>
      <source>the count field '{field_name}' is not in the input layer</source>
      <translation>le champ de comptage '{field_name}' n'est pas dans la couche en entrée</translation>
    </message>
    <message>
      <source>the count field '{field_name}' is not numeric</source>
      <translation>le champ de comptage '{field_name}' n'est pas numérique</translation>
    </message>
    <message>
      <source>the count field '{field_name}' cannot be copied to the output: it holds the true counts</source>
      <translation>le champ de comptage '{field_name}' ne peut pas être copié dans la sortie : il contient les vrais comptages</translation>
    </message>
    <message>
      <source>the noisy count field needs a name</source>
      <translation>le champ du comptage bruité a besoin d'un nom</translation>
    </message>
    <message>
      <source>a copied field is already named '{out_name}'</source>
      <translation>un champ copié s'appelle déjà '{out_name}'</translation>
    </message>
    <message>
      <source>candidate ℓ values must be comma-separated integers</source>
      <translation>les valeurs candidates de ℓ doivent être des entiers séparés par des virgules</translation>
    </message>
    <message>
      <source>give at least one candidate ℓ ≥ 1</source>
      <translation>donnez au moins une valeur candidate de ℓ ≥ 1</translation>
    </message>
    <message>
      <source>{v} event(s) not used: {k_replace}</source>
      <translation>{v} événement(s) non utilisé(s) : {k_replace}</translation>
    </message>
    <message>
      <source>the tower layer must hold points (antenna positions); for tower cells (polygons) use their tower points</source>
      <translation>la couche des antennes doit contenir des points (positions des antennes) ; pour des cellules d'antennes (polygones), utilisez leurs points d'antenne</translation>
    </message>
    <message>
      <source>the population field '{pop_field}' is not in the census layer</source>
      <translation>le champ de population '{pop_field}' n'est pas dans la couche de recensement</translation>
    </message>
    <message>
      <source>the tower id field '{id_field}' is not in the tower layer</source>
      <translation>le champ d'identifiant d'antenne '{id_field}' n'est pas dans la couche des antennes</translation>
    </message>
    <message>
      <source>census zone {f_id} has an invalid population ({f_pop_field})</source>
      <translation>la zone de recensement {f_id} a une population invalide ({f_pop_field})</translation>
    </message>
    <message>
      <source>the census layer has no polygon</source>
      <translation>la couche de recensement n'a aucun polygone</translation>
    </message>
    <message>
      <source>the tower layer has no point</source>
      <translation>la couche des antennes n'a aucun point</translation>
    </message>
    <message>
      <source>a bounded-counts table holds one visit per user and slot (the efpa_g pre-sampling): the visits method counts every distinct tower of a slot and needs the events layer; choose efpa_g, efpa or lpa for a bounded-counts table</source>
      <translation>une table de comptages bornés contient une visite par utilisateur et créneau (le pré-échantillonnage d'efpa_g) : la méthode des visites compte chaque antenne distincte d'un créneau et demande la couche des événements ; choisissez efpa_g, efpa ou lpa pour une table de comptages bornés</translation>
    </message>
    <message>
      <source>field(s) {join_missing} not found in the {name} layer</source>
      <translation>champ(s) {join_missing} introuvable(s) dans la couche {name}</translation>
    </message>
    <message>
      <source>the {name} layer has a feature without a numeric slot or count</source>
      <translation>la couche {name} a une entité sans numéro de créneau ou comptage numérique</translation>
    </message>
    <message>
      <source>the {name} layer is empty</source>
      <translation>la couche {name} est vide</translation>
    </message>
    <message>
      <source>the {name} layer has negative slot numbers</source>
      <translation>la couche {name} a des numéros de créneau négatifs</translation>
    </message>
    <message>
      <source>{len_absent} cell(s) of the true layer are not in the private layer (e.g. {absent_0})</source>
      <translation>{len_absent} cellule(s) de la couche vraie ne sont pas dans la couche privée (p. ex. {absent_0})</translation>
    </message>
    <message>
      <source>both layers must hold a count for every cell and slot</source>
      <translation>les deux couches doivent contenir un comptage pour chaque cellule et créneau</translation>
    </message>
    <message>
      <source>{unusable} of the {len_geoms} cells of the true layer have no usable geometry (NULL, empty or with non-finite coordinates)</source>
      <translation>{unusable} des {len_geoms} cellules de la couche vraie n'ont pas de géométrie utilisable (NULL, vide ou à coordonnées non finies)</translation>
    </message>
    <message>
      <source>cannot read the report {path}: {exc}</source>
      <translation>impossible de lire le rapport {path} : {exc}</translation>
    </message>
    <message>
      <source>the counts layer has no field {join_missing}; available: {join_source_fields_names}</source>
      <translation>la couche des comptages n'a pas de champ {join_missing} ; disponibles : {join_source_fields_names}</translation>
    </message>
    <message>
      <source>every row of the counts needs a slot number ≥ 0</source>
      <translation>chaque ligne des comptages demande un numéro de créneau ≥ 0</translation>
    </message>
    <message>
      <source>{len_unknown} cell ids of the counts are not in the cells layer (e.g. '{sorted_unknown_0}'): are these the counts' cells?</source>
      <translation>{len_unknown} identifiants de cellule des comptages ne sont pas dans la couche des cellules (p. ex. '{sorted_unknown_0}') : s'agit-il bien des cellules des comptages ?</translation>
    </message>
    <message>
      <source>the counts layer is empty</source>
      <translation>la couche des comptages est vide</translation>
    </message>
    <message>
      <source>scoring needs the slot start and end fields of the counts</source>
      <translation>le score demande les champs de début et de fin de créneau des comptages</translation>
    </message>
    <message>
      <source>none of the {facts_rows} true observations falls in a cell during the counts' slots</source>
      <translation>aucune des {facts_rows} vraies observations ne tombe dans une cellule pendant les créneaux des comptages</translation>
    </message>
    <message>
      <source>the cell id field '{id_field}' is not in the tessellation</source>
      <translation>le champ d'identifiant de cellule '{id_field}' n'est pas dans le pavage</translation>
    </message>
    <message>
      <source>cell {missing_0} of the tessellation has no geometry</source>
      <translation>la cellule {missing_0} du pavage n'a pas de géométrie</translation>
    </message>
    <message>
      <source>the {what} field '{names_key}' is not in the trajectory layer</source>
      <translation>le champ {what} '{names_key}' n'est pas dans la couche des trajectoires</translation>
    </message>
    <message>
      <source>the vehicle and trajectory fields are both '{names_vehicle_key}': each trip would count as its own vehicle; choose the field that identifies the vehicle</source>
      <translation>les champs de véhicule et de trajectoire sont tous deux '{names_vehicle_key}' : chaque trajet compterait comme son propre véhicule ; choisissez le champ qui identifie le véhicule</translation>
    </message>
    <message>
      <source>trajectory lines need the time of each vertex as M values</source>
      <translation>les lignes de trajectoire demandent l'heure de chaque sommet en valeurs M</translation>
    </message>
    <message>
      <source>trajectory points need a time field (Time field is required for points; only lines carry their times as M values)</source>
      <translation>les points de trajectoire demandent un champ d'heure (le champ d'heure est requis pour des points ; seules les lignes portent leurs heures en valeurs M)</translation>
    </message>
    <message>
      <source>the trajectory layer has no points</source>
      <translation>la couche des trajectoires n'a aucun point</translation>
    </message>
    <message>
      <source>the {what} field '{value}' is not in layer {source_sourceName}</source>
      <translation>le champ {what} '{value}' n'est pas dans la couche {source_sourceName}</translation>
    </message>
    <message>
      <source>zone id</source>
      <translation>identifiant de zone</translation>
    </message>
    <message>
      <source>zone {f_id} has no id</source>
      <translation>la zone {f_id} n'a pas d'identifiant</translation>
    </message>
    <message>
      <source>the zone layer is empty</source>
      <translation>la couche des zones est vide</translation>
    </message>
    <message>
      <source>the zone ids are not unique</source>
      <translation>les identifiants de zone ne sont pas uniques</translation>
    </message>
    <message>
      <source>flow feature {f_id} has no flow value</source>
      <translation>l'entité de flux {f_id} n'a pas de valeur de flux</translation>
    </message>
    <message>
      <source>flow feature {f_id} refers to zone '{z}', which is not in the zone layer</source>
      <translation>l'entité de flux {f_id} renvoie à la zone '{z}', qui n'est pas dans la couche des zones</translation>
    </message>
    <message>
      <source>the flow from '{o}' to '{d}' appears twice</source>
      <translation>le flux de '{o}' vers '{d}' apparaît deux fois</translation>
    </message>
    <message>
      <source>the flow layer {source_sourceName} is empty</source>
      <translation>la couche de flux {source_sourceName} est vide</translation>
    </message>
    <message>
      <source>lower95–upper95: a 95 % interval of {od_get_counted_trips_per}</source>
      <translation>lower95–upper95 : un intervalle à 95 % de {od_get_counted_trips_per}</translation>
    </message>
    <message>
      <source>{label}: '{text}' is not a comma-separated list of numbers</source>
      <translation>{label} : '{text}' n'est pas une liste de nombres séparés par des virgules</translation>
    </message>
    <message>
      <source>the weight field '{field}' is not in the weighting points</source>
      <translation>le champ de poids '{field}' n'est pas dans les points de pondération</translation>
    </message>
    <message>
      <source>the weighting points layer has no points</source>
      <translation>la couche des points de pondération n'a aucun point</translation>
    </message>
    <message>
      <source>the {what} field '{value}' is not in the trips layer</source>
      <translation>le champ {what} '{value}' n'est pas dans la couche des trajets</translation>
    </message>
    <message>
      <source>a {what} field is required for this layout of trips</source>
      <translation>un champ {what} est requis pour cette disposition des trajets</translation>
    </message>
    <message>
      <source>the zone id field '{id_field}' is not in the zones layer</source>
      <translation>le champ d'identifiant de zone '{id_field}' n'est pas dans la couche des zones</translation>
    </message>
    <message>
      <source>{empty} of {len_polys} zones have no geometry</source>
      <translation>{empty} des {len_polys} zones n'ont pas de géométrie</translation>
    </message>
    <message>
      <source>the zones layer has no polygons</source>
      <translation>la couche des zones n'a aucun polygone</translation>
    </message>
    <message>
      <source>the trips layer has geometries but no CRS (a CSV whose WKT column was read as the geometry?): set the layer's CRS, or give the four coordinate fields (origin and destination x and y) and their CRS to read the trips as a table</source>
      <translation>la couche des trajets a des géométries mais pas de SCR (un CSV dont la colonne WKT a été lue comme géométrie ?) : définissez le SCR de la couche, ou donnez les quatre champs de coordonnées (x et y d'origine et de destination) et leur SCR pour lire les trajets comme une table</translation>
    </message>
    <message>
      <source>trip id</source>
      <translation>identifiant de trajet</translation>
    </message>
    <message>
      <source>give the CRS of the coordinate fields</source>
      <translation>donnez le SCR des champs de coordonnées</translation>
    </message>
    <message>
      <source>give either the trips layer or a bounded-trips directory (exactly one)</source>
      <translation>donnez soit la couche des trajets, soit un dossier de trajets bornés (exactement un des deux)</translation>
    </message>
    <message>
      <source>none of the {n_read} trips lies in the time window; {untimed} trips have no time (choose the time fields)</source>
      <translation>aucun des {n_read} trajets ne se trouve dans la fenêtre temporelle ; {untimed} trajets n'ont pas d'heure (choisissez les champs d'heure)</translation>
    </message>
    <message>
      <source>none of the {n_read} trips lies in the time window</source>
      <translation>aucun des {n_read} trajets ne se trouve dans la fenêtre temporelle</translation>
    </message>
    <message>
      <source>all {n_window} trips in the window start or end outside every zone (check the layers' CRSs)</source>
      <translation>les {n_window} trajets de la fenêtre commencent ou finissent tous hors de toute zone (vérifiez les SCR des couches)</translation>
    </message>
    <message>
      <source>{n_out} of {n_window} trips ({v_100_n_out_n_window} %) start or end outside every zone and were dropped</source>
      <translation>{n_out} des {n_window} trajets ({v_100_n_out_n_window} %) commencent ou finissent hors de toute zone et ont été écartés</translation>
    </message>
    <message>
      <source>the vectorised transform gives ({fx_i}, {fy_i}) where QGIS gives ({p_x}, {p_y})</source>
      <translation>la transformation vectorisée donne ({fx_i}, {fy_i}) là où QGIS donne ({p_x}, {p_y})</translation>
    </message>
    <message>
      <source>the input layer has no point geometries</source>
      <translation>la couche en entrée n'a aucune géométrie de point</translation>
    </message>
    <message>
      <source>the grid</source>
      <translation>la grille</translation>
    </message>
    <message>
      <source>feature {f_id} is a multipoint with {parts} parts: split multipart features into single points first (Vector geometry &gt; Multipart to singleparts); each point is then perturbed and counted on its own</source>
      <translation>l'entité {f_id} est un multipoint à {parts} parties : séparez d'abord les entités multiparties en points simples (Géométrie vectorielle &gt; De morceaux multiples à morceaux uniques) ; chaque point est alors perturbé et compté séparément</translation>
    </message>
    <message>
      <source>cell size must be a positive number of metres, got {cell}</source>
      <translation>la taille de cellule doit être un nombre positif de mètres, reçu {cell}</translation>
    </message>
    <message>
      <source>the grid mechanisms need a grid extent: give the public area the grid covers (xmin,xmax,ymin,ymax [EPSG:n], or a layer's extent); it is never taken from the points, whose bounding box is private</source>
      <translation>les mécanismes de grille demandent une emprise de grille : donnez la zone publique que couvre la grille (xmin,xmax,ymin,ymax [EPSG:n], ou l'emprise d'une couche) ; elle n'est jamais tirée des points, dont l'emprise est privée</translation>
    </message>
    <message>
      <source>a study area applies to planar Laplace only; grid mechanisms use the grid extent</source>
      <translation>une zone d'étude ne s'applique qu'au Laplace planaire ; les mécanismes de grille utilisent l'emprise de la grille</translation>
    </message>
    <message>
      <source>the user id field '{user_field}' is not in the input layer</source>
      <translation>le champ d'identifiant d'utilisateur '{user_field}' n'est pas dans la couche en entrée</translation>
    </message>
    <message>
      <source>a user id field needs the maximum number of points per user (MAX_POINTS_PER_USER): the cost m·ε is fixed before looking at the data</source>
      <translation>un champ d'identifiant d'utilisateur demande le nombre maximal de points par utilisateur (MAX_POINTS_PER_USER) : le coût m·ε est fixé avant de regarder les données</translation>
    </message>
    <message>
      <source>the maximum number of points per user needs a user id field</source>
      <translation>le nombre maximal de points par utilisateur demande un champ d'identifiant d'utilisateur</translation>
    </message>
    <message>
      <source>the user id field '{user_field}' cannot be copied to the output: it defines the unit of privacy and would link the reports of one user</source>
      <translation>le champ d'identifiant d'utilisateur '{user_field}' ne peut pas être copié dans la sortie : il définit l'unité de confidentialité et relierait les rapports d'un même utilisateur</translation>
    </message>
    <message>
      <source>fields to copy not in the input layer: {join_missing}</source>
      <translation>champs à copier absents de la couche en entrée : {join_missing}</translation>
    </message>
    <message>
      <source>{n_null} point feature(s) without geometry were skipped</source>
      <translation>{n_null} entité(s) ponctuelle(s) sans géométrie ignorée(s)</translation>
    </message>
    <message>
      <source>the study area layer has no polygon</source>
      <translation>la couche de la zone d'étude n'a aucun polygone</translation>
    </message>
    <message>
      <source>{n_repaired} invalid study area polygon(s) were repaired</source>
      <translation>{n_repaired} polygone(s) invalide(s) de zone d'étude réparé(s)</translation>
    </message>
    <message>
      <source>tower id field '{id_field}'</source>
      <translation>champ d'identifiant d'antenne '{id_field}'</translation>
    </message>
    <message>
      <source>{n_null} tower feature(s) without geometry were skipped</source>
      <translation>{n_null} entité(s) d'antenne sans géométrie ignorée(s)</translation>
    </message>
    <message>
      <source>the release spent {spent_describe} but planned {planned_describe}: nothing was published (a defect: please report it)</source>
      <translation>la publication a dépensé {spent_describe} mais en avait prévu {planned_describe} : rien n'a été publié (un défaut : merci de le signaler)</translation>
    </message>
    <message>
      <source>an output was placed before the release's cost was checked</source>
      <translation>une sortie a été placée avant la vérification du coût de la publication</translation>
    </message>
    <message>
      <source>the release finished without a checked cost</source>
      <translation>la publication s'est terminée sans coût vérifié</translation>
    </message>
    <message>
      <source> and charged to dataset '{dataset_id}' in the ledger {path}</source>
      <translation> et imputé au jeu de données « {dataset_id} » dans le registre {path}</translation>
    </message>
    <message>
      <source>a privacy cost cannot mix {what}s ({and_join_distinct}): their losses do not add up</source>
      <translation>un coût de confidentialité ne peut pas mélanger des {what}s ({and_join_distinct}) : leurs pertes ne s'additionnent pas</translation>
    </message>
    <message>
      <source>unit of privacy</source>
      <translation>unité de confidentialité</translation>
    </message>
    <message>
      <source>an empty data source has no dataset id</source>
      <translation>une source de données vide n'a pas d'identifiant de jeu de données</translation>
    </message>
    <message>
      <source>the data source '{redacted_text}' is not a file this run can find, so it has no stable dataset id: give the dataset id (DATASET_ID) under which the ledger charges it</source>
      <translation>la source de données '{redacted_text}' n'est pas un fichier que cette exécution peut trouver : elle n'a donc pas d'identifiant de jeu de données stable ; donnez l'identifiant de jeu de données (DATASET_ID) sous lequel le registre l'impute</translation>
    </message>
    <message>
      <source>the ledger holds two datasets, '{redacted_old}' and another, that are now the one dataset '{new}' but have different total budgets ({kept_budget} and {ds_budget}): merge them by hand (keeping the smaller budget) before charging it again</source>
      <translation>le registre contient deux jeux de données, '{redacted_old}' et un autre, qui ne forment plus qu'un seul jeu '{new}' mais ont des budgets totaux différents ({kept_budget} et {ds_budget}) : fusionnez-les à la main (en gardant le plus petit budget) avant de l'imputer à nouveau</translation>
    </message>
    <message>
      <source>a dataset id is required to use the privacy ledger</source>
      <translation>un identifiant de jeu de données est nécessaire pour utiliser le registre de confidentialité</translation>
    </message>
    <message>
      <source>dataset '{dataset_id}' is new in the ledger {path}: give its total privacy budget (epsilon, delta) on first use</source>
      <translation>le jeu de données '{dataset_id}' est nouveau dans le registre {path} : donnez son budget total de confidentialité (epsilon, delta) à la première utilisation</translation>
    </message>
    <message>
      <source>a population needs a name</source>
      <translation>une population a besoin d'un nom</translation>
    </message>
    <message>
      <source>ledger entry {entry_id} vanished from {path}</source>
      <translation>l'entrée {entry_id} du registre a disparu de {path}</translation>
    </message>
    <message>
      <source>the privacy ledger {path} cannot be written ({exc_strerror_or_exc}): choose a ledger file in a directory you can write to.</source>
      <translation>le registre de confidentialité {path} ne peut pas être écrit ({exc_strerror_or_exc}) : choisissez un fichier de registre dans un dossier où vous pouvez écrire.</translation>
    </message>
    <message>
      <source>privacy ledger {path} is unreadable: {exc}</source>
      <translation>le registre de confidentialité {path} est illisible : {exc}</translation>
    </message>
    <message>
      <source>{path} is not a Mobility DP privacy ledger</source>
      <translation>{path} n'est pas un registre de confidentialité Mobility DP</translation>
    </message>
    <message>
      <source>the warning share must be in [0, 1], got {warn_share}</source>
      <translation>la part d'alerte doit être dans [0, 1], reçu {warn_share}</translation>
    </message>
    <message>
      <source>a cap period is 'week' or 'month', not {period}</source>
      <translation>une période de plafond est 'week' ou 'month', pas {period}</translation>
    </message>
    <message>
      <source>a cap per {period} needs a positive, finite ε</source>
      <translation>un plafond par {period} demande un ε positif et fini</translation>
    </message>
    <message>
      <source>population '{pid}' is new in the ledger: give its policy (total privacy budget) on first use</source>
      <translation>la population '{pid}' est nouvelle dans le registre : donnez sa politique (budget total de confidentialité) à la première utilisation</translation>
    </message>
    <message>
      <source>this ledger reservation was already committed or cancelled</source>
      <translation>cette réservation du registre a déjà été validée ou annulée</translation>
    </message>
    <message>
      <source>release spent {unit} but reserved {unit2}</source>
      <translation>la publication a dépensé {unit} mais réservé {unit2}</translation>
    </message>
    <message>
      <source>release spent ε={epsilon}, δ={delta}, more than the ε={epsilon2}, δ={delta2} it reserved</source>
      <translation>la publication a dépensé ε={epsilon}, δ={delta}, plus que les ε={epsilon2}, δ={delta2} qu'elle avait réservés</translation>
    </message>
    <message>
      <source>a ledger reservation was neither committed nor cancelled</source>
      <translation>une réservation du registre n'a été ni validée ni annulée</translation>
    </message>
    <message>
      <source>the {what} has duplicate values: {shown}; {len_repeated} ids are duplicated. Each feature needs its own id: fix the layer or choose another id field.</source>
      <translation>valeurs en double dans le {what} : {shown} ; {len_repeated} identifiants sont en double. Chaque entité a besoin de son propre identifiant : corrigez la couche ou choisissez un autre champ d'identifiant.</translation>
    </message>
    <message>
      <source>cells per individual and maximum change must be integers ≥ 1</source>
      <translation>les cellules par individu et la variation maximale doivent être des entiers ≥ 1</translation>
    </message>
    <message>
      <source>there are no counts to release (the layer is empty)</source>
      <translation>il n'y a aucun comptage à publier (la couche est vide)</translation>
    </message>
    <message>
      <source>{int_np_isfinite_x_sum} count(s) are missing (NULL) or not finite</source>
      <translation>{int_np_isfinite_x_sum} comptage(s) manquant(s) (NULL) ou non fini(s)</translation>
    </message>
    <message>
      <source>counts must be integers; the count field holds fractional values</source>
      <translation>les comptages doivent être entiers ; le champ de comptage contient des valeurs fractionnaires</translation>
    </message>
    <message>
      <source>counts must be non-negative</source>
      <translation>les comptages doivent être positifs ou nuls</translation>
    </message>
    <message>
      <source>unknown mechanism {mechanism}; choose one of {join_MECHANISMS}</source>
      <translation>mécanisme {mechanism} inconnu ; choisissez parmi {join_MECHANISMS}</translation>
    </message>
    <message>
      <source>the Gaussian mechanism needs delta &gt; 0</source>
      <translation>le mécanisme gaussien demande delta &gt; 0</translation>
    </message>
    <message>
      <source>unknown activity preset {activity}; choose one of {join_PRESETS} or give a number</source>
      <translation>préréglage d'activité {activity} inconnu ; choisissez parmi {join_PRESETS} ou donnez un nombre</translation>
    </message>
    <message>
      <source>activity dispersion sigma must be positive, got {sigma}</source>
      <translation>la dispersion d'activité sigma doit être positive, reçu {sigma}</translation>
    </message>
    <message>
      <source>a mean of {target} visits per user over {n_hours} hours is too low: every user present in the data has at least one visit</source>
      <translation>une moyenne de {target} visites par utilisateur sur {n_hours} heures est trop basse : chaque utilisateur présent dans les données a au moins une visite</translation>
    </message>
    <message>
      <source>mean visits per user must be in (0, {v_0_9_n_hours}) for {n_hours} hours, got {target}</source>
      <translation>le nombre moyen de visites par utilisateur doit être dans (0, {v_0_9_n_hours}) pour {n_hours} heures, reçu {target}</translation>
    </message>
    <message>
      <source>need n_users ≥ 1, n_venues ≥ 1 and mean_checkins ≥ 1</source>
      <translation>il faut n_users ≥ 1, n_venues ≥ 1 et mean_checkins ≥ 1</translation>
    </message>
    <message>
      <source>the number of users and of days must be at least 1</source>
      <translation>le nombre d'utilisateurs et de jours doit valoir au moins 1</translation>
    </message>
    <message>
      <source>the synthetic week must start at a midnight (00:00 UTC): the hourly schedules count hours of the day from it</source>
      <translation>la semaine synthétique doit commencer à minuit (00:00 UTC) : les emplois du temps horaires comptent les heures du jour à partir de là</translation>
    </message>
    <message>
      <source>need one id per {what}</source>
      <translation>il faut un identifiant par {what}</translation>
    </message>
    <message>
      <source>census id field '{census_field}'</source>
      <translation>champ d'identifiant de recensement '{census_field}'</translation>
    </message>
    <message>
      <source>give either tower positions or tower cells</source>
      <translation>donnez soit les positions des antennes, soit les cellules des antennes</translation>
    </message>
    <message>
      <source>tower id field '{tower_field}'</source>
      <translation>champ d'identifiant d'antenne '{tower_field}'</translation>
    </message>
    <message>
      <source>need one tower id per tower point</source>
      <translation>il faut un identifiant d'antenne par point d'antenne</translation>
    </message>
    <message>
      <source>tower cells</source>
      <translation>cellules d'antennes</translation>
    </message>
    <message>
      <source>no event falls at a known tower within the period: {drops_text_int_bounded_n}. Check the start, slot length and number of slots, and the tower id fields</source>
      <translation>aucun événement ne tombe sur une antenne connue dans la période : {drops_text_int_bounded_n}. Vérifiez le début, la durée des créneaux, le nombre de créneaux et les champs d'identifiant d'antenne</translation>
    </message>
    <message>
      <source>the RSSE fraction must be in (0, 1], got {fraction}</source>
      <translation>la fraction RSSE doit être dans (0, 1], reçu {fraction}</translation>
    </message>
    <message>
      <source>centroids must be ({n}, 2) and areas ({n},), got {shape}, {shape2}</source>
      <translation>les centroïdes doivent être de forme ({n}, 2) et les aires ({n},), reçu {shape}, {shape2}</translation>
    </message>
    <message>
      <source>there are no cells to cluster</source>
      <translation>il n'y a aucune cellule à regrouper</translation>
    </message>
    <message>
      <source>cell centroids and totals must be finite and areas positive</source>
      <translation>les centroïdes et totaux des cellules doivent être finis et les aires positives</translation>
    </message>
    <message>
      <source>unknown noise {noise}; use 'gaussian' or 'laplace'</source>
      <translation>bruit {noise} inconnu ; utilisez 'gaussian' ou 'laplace'</translation>
    </message>
    <message>
      <source>per-series calls must all use the same epsilon and delta</source>
      <translation>les appels par série doivent tous utiliser les mêmes epsilon et delta</translation>
    </message>
    <message>
      <source>series must be a non-empty 2-D array (one row per series)</source>
      <translation>les séries doivent former un tableau 2-D non vide (une ligne par série)</translation>
    </message>
    <message>
      <source>efpa_g adds Gaussian noise and needs δ &gt; 0</source>
      <translation>efpa_g ajoute un bruit gaussien et demande δ &gt; 0</translation>
    </message>
    <message>
      <source>the improved scaling needs the one-visit-per-user histogram and the number of visits</source>
      <translation>la mise à l'échelle améliorée demande l'histogramme à une visite par utilisateur et le nombre de visites</translation>
    </message>
    <message>
      <source>counts must be (towers={n_t}) × (slots ≥ 1), got shape {shape}</source>
      <translation>les comptages doivent être de forme (antennes={n_t}) × (créneaux ≥ 1), reçu la forme {shape}</translation>
    </message>
    <message>
      <source>counts must be finite and non-negative</source>
      <translation>les comptages doivent être finis et positifs ou nuls</translation>
    </message>
    <message>
      <source>{name} centroids must be ({n}, 2) and areas ({n},), got {shape} and {shape2}</source>
      <translation>les centroïdes de {name} doivent être de forme ({n}, 2) et les aires ({n},), reçu {shape} et {shape2}</translation>
    </message>
    <message>
      <source>the one-visit histogram must have one bin per tower ({n_t}), got shape {np_shape_self_one_visit_}</source>
      <translation>l'histogramme à une visite doit avoir une classe par antenne ({n_t}), reçu la forme {np_shape_self_one_visit_}</translation>
    </message>
    <message>
      <source>slot_hours must hold {n_slots} finite values</source>
      <translation>slot_hours doit contenir {n_slots} valeurs finies</translation>
    </message>
    <message>
      <source>the counts were not pre-sampled (ℓ = none): a DP release needs a finite ℓ</source>
      <translation>les comptages n'ont pas été pré-échantillonnés (ℓ = aucun) : une publication DP demande un ℓ fini</translation>
    </message>
    <message>
      <source>δ = {delta} is not below 1/N = {v_1_0_data_n_users} (N = {n_users} users): a δ that large may expose a user</source>
      <translation>δ = {delta} n'est pas inférieur à 1/N = {v_1_0_data_n_users} (N = {n_users} utilisateurs) : un δ aussi grand peut exposer un utilisateur</translation>
    </message>
    <message>
      <source>the matrix must have at least one row and one column</source>
      <translation>la matrice doit avoir au moins une ligne et une colonne</translation>
    </message>
    <message>
      <source>a matrix is needed</source>
      <translation>une matrice est nécessaire</translation>
    </message>
    <message>
      <source>the noise standard deviation must be positive, got {sigma}</source>
      <translation>l'écart type du bruit doit être positif, reçu {sigma}</translation>
    </message>
    <message>
      <source>unknown density method {method}; choose one of {join_METHODS}</source>
      <translation>méthode de densité {method} inconnue ; choisissez parmi {join_METHODS}</translation>
    </message>
    <message>
      <source>the one-visit histogram must be a non-empty 1-D array</source>
      <translation>l'histogramme à une visite doit être un tableau 1-D non vide</translation>
    </message>
    <message>
      <source>the one-visit histogram must hold non-negative integers</source>
      <translation>l'histogramme à une visite doit contenir des entiers positifs ou nuls</translation>
    </message>
    <message>
      <source>the total number of visits K must be a non-negative integer, got {slot_visits}</source>
      <translation>le nombre total de visites K doit être un entier positif ou nul, reçu {slot_visits}</translation>
    </message>
    <message>
      <source>cell(s) {join_unknown} to plot are not in the layers</source>
      <translation>les cellules {join_unknown} à tracer ne sont pas dans les couches</translation>
    </message>
    <message>
      <source>Formula 1 weights must be finite and non-negative</source>
      <translation>les poids de la formule 1 doivent être finis et positifs ou nuls</translation>
    </message>
    <message>
      <source>the census cells overlapping tower cell #{worst} hold {row_sums_worst} of its area (more than 1): the census layer is not a partition (overlapping polygons)</source>
      <translation>les cellules de recensement qui chevauchent la cellule d'antenne n° {worst} en couvrent {row_sums_worst} de l'aire (plus de 1) : la couche de recensement n'est pas une partition (polygones qui se chevauchent)</translation>
    </message>
    <message>
      <source>cover masks must have shapes ({n_t},) and ({n_l},), got {shape} and {shape2}</source>
      <translation>les masques de couverture doivent avoir les formes ({n_t},) et ({n_l},), reçu {shape} et {shape2}</translation>
    </message>
    <message>
      <source>the cover leaves an overlap of a tower cell and a census cell uncovered: it is not a vertex cover of the overlap graph</source>
      <translation>la couverture laisse non couvert un chevauchement d'une cellule d'antenne et d'une cellule de recensement : ce n'est pas une couverture par sommets du graphe des chevauchements</translation>
    </message>
    <message>
      <source>ℓ (maximum visits per user) must be a positive integer, got {ell}</source>
      <translation>ℓ (nombre maximal de visites par utilisateur) doit être un entier positif, reçu {ell}</translation>
    </message>
    <message>
      <source>at least one cluster is needed</source>
      <translation>il faut au moins un groupe</translation>
    </message>
    <message>
      <source>slot_hours must have one entry per slot ({x_shape_1}), got shape {shape}</source>
      <translation>slot_hours doit avoir une entrée par créneau ({x_shape_1}), reçu la forme {shape}</translation>
    </message>
    <message>
      <source>at least one slot is needed</source>
      <translation>il faut au moins un créneau</translation>
    </message>
    <message>
      <source>the Formula 1 weights have {self_weights_shape_0} tower rows, the visit counts {n_towers}</source>
      <translation>les poids de la formule 1 ont {self_weights_shape_0} lignes d'antennes, les comptages de visites {n_towers}</translation>
    </message>
    <message>
      <source>the visits method needs the visit shares (bound_visits or visits_from_events compute them)</source>
      <translation>la méthode des visites demande les parts de visites (bound_visits ou visits_from_events les calculent)</translation>
    </message>
    <message>
      <source>at least one tower and one slot are needed</source>
      <translation>il faut au moins une antenne et un créneau</translation>
    </message>
    <message>
      <source>no event falls at a known tower within the period: {drops_text_int_visits_n_}. Check the start, slot length and number of slots, and the tower id fields</source>
      <translation>aucun événement ne tombe sur une antenne connue dans la période : {drops_text_int_visits_n_}. Vérifiez le début, la durée des créneaux, le nombre de créneaux et les champs d'identifiant d'antenne</translation>
    </message>
    <message>
      <source>the visit bound B must be a positive integer, got {bound}</source>
      <translation>la borne de visites B doit être un entier positif, reçu {bound}</translation>
    </message>
    <message>
      <source>the visit bound B must be an integer ≥ ℓ = {ell}, got {b}</source>
      <translation>la borne de visites B doit être un entier ≥ ℓ = {ell}, reçu {b}</translation>
    </message>
    <message>
      <source>tessellation</source>
      <translation>pavage</translation>
    </message>
    <message>
      <source>the tessellation is not a partition: {len_big} gap(s) between cells (largest {max_big} m²); if the territory itself has holes, allow them</source>
      <translation>le pavage n'est pas une partition : {len_big} trou(s) entre les cellules (le plus grand {max_big} m²) ; si le territoire lui-même a des trous, autorisez-les</translation>
    </message>
    <message>
      <source>the maximum moves per vehicle and count per move must be integers ≥ 1</source>
      <translation>le nombre maximal de déplacements par véhicule et le comptage par déplacement doivent être des entiers ≥ 1</translation>
    </message>
    <message>
      <source>unknown bounding {bounding}; choose one of {BOUNDINGS}</source>
      <translation>bornage {bounding} inconnu ; choisissez parmi {BOUNDINGS}</translation>
    </message>
    <message>
      <source>unknown noise {noise}; choose one of {NOISES}</source>
      <translation>bruit {noise} inconnu ; choisissez parmi {NOISES}</translation>
    </message>
    <message>
      <source>need two arrays of the same length (at least 2 values)</source>
      <translation>il faut deux tableaux de même longueur (au moins 2 valeurs)</translation>
    </message>
    <message>
      <source>both partitions must label the same cells</source>
      <translation>les deux partitions doivent étiqueter les mêmes cellules</translation>
    </message>
    <message>
      <source>unknown method {method}; choose one of {MODES}</source>
      <translation>méthode {method} inconnue ; choisissez parmi {MODES}</translation>
    </message>
    <message>
      <source>unknown aggregation {aggregation}; choose one of {AGGREGATIONS}</source>
      <translation>agrégation {aggregation} inconnue ; choisissez parmi {AGGREGATIONS}</translation>
    </message>
    <message>
      <source>sketches compress the nodes' messages; the central mode has none</source>
      <translation>les esquisses compriment les messages des nœuds ; le mode central n'en a pas</translation>
    </message>
    <message>
      <source>the central mode needs the maximum number of moves per vehicle</source>
      <translation>le mode central demande le nombre maximal de déplacements par véhicule</translation>
    </message>
    <message>
      <source>discrete Laplace noise</source>
      <translation>bruit de Laplace discret</translation>
    </message>
    <message>
      <source>{int_np_isfinite_values_s} point(s) have no {name}</source>
      <translation>{int_np_isfinite_values_s} point(s) sans {name}</translation>
    </message>
    <message>
      <source>some points have no {name}</source>
      <translation>certains points n'ont pas de {name}</translation>
    </message>
    <message>
      <source>{name} must be numbers</source>
      <translation>{name} doit contenir des nombres</translation>
    </message>
    <message>
      <source>{int_np_isfinite_arr_sum} point(s) have no valid {name}</source>
      <translation>{int_np_isfinite_arr_sum} point(s) sans {name} valide</translation>
    </message>
    <message>
      <source>none of the {n} trajectory points lies in a cell of the tessellation: check that the points and the cells cover the same area</source>
      <translation>aucun des {n} points de trajectoire ne se trouve dans une cellule du pavage : vérifiez que les points et les cellules couvrent la même zone</translation>
    </message>
    <message>
      <source>vehicle, trajectory, time, x and y must have one value per point</source>
      <translation>véhicule, trajectoire, heure, x et y doivent avoir une valeur par point</translation>
    </message>
    <message>
      <source>there are no trajectory points</source>
      <translation>il n'y a aucun point de trajectoire</translation>
    </message>
    <message>
      <source>{n} vehicles, 0 moves: {exc}</source>
      <translation>{n} véhicules, 0 déplacement : {exc}</translation>
    </message>
    <message>
      <source>the time interval must have start &lt;= end, got {interval}</source>
      <translation>l'intervalle de temps doit avoir début &lt;= fin, reçu {interval}</translation>
    </message>
    <message>
      <source>unknown noise method {method}; choose one of {METHODS}</source>
      <translation>méthode de bruit {method} inconnue ; choisissez parmi {METHODS}</translation>
    </message>
    <message>
      <source>unknown sensitivity {sensitivity}; choose one of {SENSITIVITIES}</source>
      <translation>sensibilité {sensitivity} inconnue ; choisissez parmi {SENSITIVITIES}</translation>
    </message>
    <message>
      <source>BalancedNoise needs delta &gt; 0</source>
      <translation>BalancedNoise demande delta &gt; 0</translation>
    </message>
    <message>
      <source>{method} discrete noise</source>
      <translation>bruit discret {method}</translation>
    </message>
    <message>
      <source>there are no vehicles with moves</source>
      <translation>il n'y a aucun véhicule avec des déplacements</translation>
    </message>
    <message>
      <source>expected one flow per move of M ({size}), got {size2}</source>
      <translation>un flux attendu par déplacement de M ({size}), reçu {size2}</translation>
    </message>
    <message>
      <source>flows must be finite numbers</source>
      <translation>les flux doivent être des nombres finis</translation>
    </message>
    <message>
      <source>need one community label per cell</source>
      <translation>il faut une étiquette de communauté par cellule</translation>
    </message>
    <message>
      <source>this method is not differentially private (its privacy loss is unbounded): it cannot be charged to a privacy ledger</source>
      <translation>cette méthode n'est pas différentiellement privée (sa perte de confidentialité n'est pas bornée) : elle ne peut pas être imputée à un registre de confidentialité</translation>
    </message>
    <message>
      <source>unknown sketch {kind}; choose one of {KINDS}</source>
      <translation>esquisse {kind} inconnue ; choisissez parmi {KINDS}</translation>
    </message>
    <message>
      <source>sketch width and depth must be at least 1</source>
      <translation>la largeur et la profondeur de l'esquisse doivent valoir au moins 1</translation>
    </message>
    <message>
      <source>an AGMS sketch has one row of counters (depth 1)</source>
      <translation>une esquisse AGMS a une seule ligne de compteurs (profondeur 1)</translation>
    </message>
    <message>
      <source>the sketch seed must be a non-negative integer</source>
      <translation>la graine de l'esquisse doit être un entier positif ou nul</translation>
    </message>
    <message>
      <source>AGMS has no buckets; its signs come from _agms_sign_blocks</source>
      <translation>AGMS n'a pas de seaux ; ses signes viennent de _agms_sign_blocks</translation>
    </message>
    <message>
      <source>expected {size} counters, got {rows_shape_1}</source>
      <translation>{size} compteurs attendus, reçu {rows_shape_1}</translation>
    </message>
    <message>
      <source>{n_vehicles} vehicles, 0 moves: no trajectory goes from one cell to an adjacent one ({st_get_points_outside_ce} of {st_get_points_0} points outside the cells, {st_get_single_cell_traje} trajectories that never leave one cell, {st_get_moves_outside_int} moves outside the time interval); a release would be pure noise</source>
      <translation>{n_vehicles} véhicules, 0 déplacement : aucune trajectoire ne va d'une cellule à une cellule adjacente ({st_get_points_outside_ce} points sur {st_get_points_0} hors des cellules, {st_get_single_cell_traje} trajectoires qui ne quittent jamais une cellule, {st_get_moves_outside_int} déplacements hors de l'intervalle de temps) ; une publication ne serait que du bruit</translation>
    </message>
    <message>
      <source>{int_pos_0_sum} move(s) join cells that are not adjacent</source>
      <translation>{int_pos_0_sum} déplacement(s) joignent des cellules non adjacentes</translation>
    </message>
    <message>
      <source>unknown mechanism {mechanism}; use one of {PERTURB_MECHANISMS}</source>
      <translation>mécanisme {mechanism} inconnu ; utilisez l'un de {PERTURB_MECHANISMS}</translation>
    </message>
    <message>
      <source>there are no reported points</source>
      <translation>il n'y a aucun point rapporté</translation>
    </message>
    <message>
      <source>geodesic displacement of lon/lat points needs the pyproj package (Debian: apt install python3-pyproj; pip install pyproj)</source>
      <translation>le déplacement géodésique de points en longitude/latitude demande le paquet pyproj (Debian : apt install python3-pyproj ; pip install pyproj)</translation>
    </message>
    <message>
      <source>point coordinates must be finite</source>
      <translation>les coordonnées des points doivent être finies</translation>
    </message>
    <message>
      <source>{bad_lat} points have a latitude outside [-90, 90] and {bad_lon} a longitude outside [-540, 540] degrees: is the layer's CRS really geographic (degrees)?</source>
      <translation>{bad_lat} points ont une latitude hors de [-90, 90] et {bad_lon} une longitude hors de [-540, 540] degrés : le SCR de la couche est-il vraiment géographique (en degrés) ?</translation>
    </message>
    <message>
      <source>a grid needs at least 2 cells, got {nx} × {ny}</source>
      <translation>une grille demande au moins 2 cellules, reçu {nx} × {ny}</translation>
    </message>
    <message>
      <source>grid extent is empty</source>
      <translation>l'emprise de la grille est vide</translation>
    </message>
    <message>
      <source>{cell} m cells over {xmax_xmin} × {ymax_ymin} m make {fx} × {fy} cells (at most {MAX_GRID_CELLS}): use larger cells or a smaller extent</source>
      <translation>des cellules de {cell} m sur {xmax_xmin} × {ymax_ymin} m font {fx} × {fy} cellules (au plus {MAX_GRID_CELLS}) : utilisez des cellules plus grandes ou une emprise plus petite</translation>
    </message>
    <message>
      <source>unknown grid mechanism {mechanism}; use one of {sorted_KERNELS}</source>
      <translation>mécanisme de grille {mechanism} inconnu ; utilisez l'un de {sorted_KERNELS}</translation>
    </message>
    <message>
      <source>boundary must be one of {BOUNDARIES}, got {boundary}</source>
      <translation>boundary doit être l'un de {BOUNDARIES}, reçu {boundary}</translation>
    </message>
    <message>
      <source>the noise (ε·cell = {eps_cell}) is too wide for a {ny} × {nx} grid: use larger cells, a smaller grid or a larger ε</source>
      <translation>le bruit (ε·cellule = {eps_cell}) est trop large pour une grille de {ny} × {nx} : utilisez des cellules plus grandes, une grille plus petite ou un ε plus grand</translation>
    </message>
    <message>
      <source>unknown grid mechanism {mechanism}; use one of {MECHANISMS}</source>
      <translation>mécanisme de grille {mechanism} inconnu ; utilisez l'un de {MECHANISMS}</translation>
    </message>
    <message>
      <source>a dense channel of {size} cells is too large; use forward/backward</source>
      <translation>un canal dense de {size} cellules est trop grand ; utilisez forward/backward</translation>
    </message>
    <message>
      <source>report cells must be in [0, {size})</source>
      <translation>les cellules rapportées doivent être dans [0, {size})</translation>
    </message>
    <message>
      <source>need one count per grid cell ({size})</source>
      <translation>il faut un comptage par cellule de la grille ({size})</translation>
    </message>
    <message>
      <source>IBU needs non-negative report counts with at least one report</source>
      <translation>IBU demande des comptages de rapports positifs ou nuls, avec au moins un rapport</translation>
    </message>
    <message>
      <source>iterations must be at least 1</source>
      <translation>le nombre d'itérations doit valoir au moins 1</translation>
    </message>
    <message>
      <source>ε·cell = {a} is too small for the {mechanism} grid sampler (at least {MIN_B_math_sqrt_2}): use larger cells or ε</source>
      <translation>ε·cellule = {a} est trop petit pour l'échantillonneur de grille {mechanism} (au moins {MIN_B_math_sqrt_2}) : utilisez des cellules plus grandes ou un ε plus grand</translation>
    </message>
    <message>
      <source>lattice offset beyond 2^31 cells</source>
      <translation>décalage de réseau au-delà de 2^31 cellules</translation>
    </message>
    <message>
      <source>the study area</source>
      <translation>la zone d'étude</translation>
    </message>
    <message>
      <source>a radius quantile needs p in [0, 1)</source>
      <translation>un quantile de rayon demande p dans [0, 1)</translation>
    </message>
    <message>
      <source>privacy level must be a positive number, got {level}</source>
      <translation>le niveau de confidentialité doit être un nombre positif, reçu {level}</translation>
    </message>
    <message>
      <source>radius must be a positive number of metres, got {radius}</source>
      <translation>le rayon doit être un nombre positif de mètres, reçu {radius}</translation>
    </message>
    <message>
      <source>the study area must be a non-empty polygon</source>
      <translation>la zone d'étude doit être un polygone non vide</translation>
    </message>
    <message>
      <source>ε = {epsilon} per metre displaces a point by {v_2_0_epsilon} m on average, below the {GRANULARITY_M_100} cm the reports are rounded to: they would publish the true points. Use ε ≤ {MAX_EPSILON_PER_METRE} per metre (typical values: 0.001 to 0.1, e.g. ln 4 / 200 m ≈ 0.007)</source>
      <translation>ε = {epsilon} par mètre déplace un point de {v_2_0_epsilon} m en moyenne, moins que les {GRANULARITY_M_100} cm auxquels les rapports sont arrondis : ils publieraient les vrais points. Utilisez ε ≤ {MAX_EPSILON_PER_METRE} par mètre (valeurs usuelles : 0,001 à 0,1, p. ex. ln 4 / 200 m ≈ 0,007)</translation>
    </message>
    <message>
      <source>geo-indistinguishability is pure: delta must be 0</source>
      <translation>la géo-indistinguabilité est pure : delta doit valoir 0</translation>
    </message>
    <message>
      <source>points must be an array of shape (n, 2)</source>
      <translation>les points doivent former un tableau de forme (n, 2)</translation>
    </message>
    <message>
      <source>the {mechanism} mechanism works on a grid in metres; only planar Laplace takes longitude/latitude</source>
      <translation>le mécanisme {mechanism} travaille sur une grille en mètres ; seul le Laplace planaire accepte la longitude/latitude</translation>
    </message>
    <message>
      <source>the {mechanism} mechanism needs a grid</source>
      <translation>le mécanisme {mechanism} demande une grille</translation>
    </message>
    <message>
      <source>{outside} of {total} points ({v_100_0_outside_total} %) lie outside {where}; {hint}. Refused: more than half the points; check the extent, the CRS and the study area, or allow points outside explicitly.</source>
      <translation>{outside} points sur {total} ({v_100_0_outside_total} %) se trouvent hors de {where} ; {hint}. Refusé : plus de la moitié des points ; vérifiez l'emprise, le SCR et la zone d'étude, ou autorisez explicitement les points hors zone.</translation>
    </message>
    <message>
      <source>{outside} of {total} points ({v_100_0_outside_total} %) lie outside {where}. Refused: more than half the points; check the extent, the CRS and the study area, or allow points outside explicitly.</source>
      <translation>{outside} points sur {total} ({v_100_0_outside_total} %) se trouvent hors de {where}. Refusé : plus de la moitié des points ; vérifiez l'emprise, le SCR et la zone d'étude, ou autorisez explicitement les points hors zone.</translation>
    </message>
    <message>
      <source>{outside} of {total} points ({v_100_0_outside_total} %) lie outside {where}; {hint}</source>
      <translation>{outside} points sur {total} ({v_100_0_outside_total} %) se trouvent hors de {where} ; {hint}</translation>
    </message>
    <message>
      <source>{outside} of {total} points ({v_100_0_outside_total} %) lie outside {where}</source>
      <translation>{outside} points sur {total} ({v_100_0_outside_total} %) se trouvent hors de {where}</translation>
    </message>
    <message>
      <source>the maximum number of points per user must be an integer ≥ 1, got {m}</source>
      <translation>le nombre maximal de points par utilisateur doit être un entier ≥ 1, reçu {m}</translation>
    </message>
    <message>
      <source>there are no points to perturb</source>
      <translation>il n'y a aucun point à perturber</translation>
    </message>
    <message>
      <source>excess must be one of {EXCESS_RULES}, got {excess}</source>
      <translation>excess doit être l'un de {EXCESS_RULES}, reçu {excess}</translation>
    </message>
    <message>
      <source>a maximum number of points per user needs user ids</source>
      <translation>un nombre maximal de points par utilisateur demande des identifiants d'utilisateur</translation>
    </message>
    <message>
      <source>with user ids, give the maximum number of points per user (m): the cost m·ε is fixed before looking at the data</source>
      <translation>avec des identifiants d'utilisateur, donnez le nombre maximal de points par utilisateur (m) : le coût m·ε est fixé avant de regarder les données</translation>
    </message>
    <message>
      <source>need one user id per point</source>
      <translation>il faut un identifiant d'utilisateur par point</translation>
    </message>
    <message>
      <source>user '{names_worst}' has {counts_worst} points and {size} user(s) have more than the maximum of {m} points per user: raise the maximum (the cost grows to m·ε) or sample users down to it</source>
      <translation>l'utilisateur '{names_worst}' a {counts_worst} points et {size} utilisateur(s) ont plus que le maximum de {m} points par utilisateur : relevez le maximum (le coût passe à m·ε) ou sous-échantillonnez les utilisateurs jusqu'à ce maximum</translation>
    </message>
    <message>
      <source>target expected distance must be a positive number of metres, got {target}</source>
      <translation>la distance attendue visée doit être un nombre positif de mètres, reçu {target}</translation>
    </message>
    <message>
      <source>no ε of {mechanism} gives an expected distance of {target} m on this grid</source>
      <translation>aucun ε de {mechanism} ne donne une distance attendue de {target} m sur cette grille</translation>
    </message>
    <message>
      <source>the transport problem failed: {message}</source>
      <translation>le problème de transport a échoué : {message}</translation>
    </message>
    <message>
      <source>{name} needs one value per grid cell ({size}), got {size2}</source>
      <translation>{name} demande une valeur par cellule de la grille ({size}), reçu {size2}</translation>
    </message>
    <message>
      <source>{name} must be non-negative with a positive sum</source>
      <translation>{name} doit être positif ou nul avec une somme positive</translation>
    </message>
    <message>
      <source>layer {name} has no polygons</source>
      <translation>la couche {name} n'a aucun polygone</translation>
    </message>
    <message>
      <source>min_overlap_m2 must be a non-negative number, got {min_overlap_m2}</source>
      <translation>min_overlap_m2 doit être un nombre positif ou nul, reçu {min_overlap_m2}</translation>
    </message>
    <message>
      <source>min_overlap_fraction must be in [0, 1), got {min_overlap_fraction}</source>
      <translation>min_overlap_fraction doit être dans [0, 1), reçu {min_overlap_fraction}</translation>
    </message>
    <message>
      <source>no polygon of {name_a} overlaps a polygon of {name_b}: the layers cover different places (check that each layer's CRS is set correctly)</source>
      <translation>aucun polygone de {name_a} ne chevauche un polygone de {name_b} : les couches couvrent des lieux différents (vérifiez que le SCR de chaque couche est correctement défini)</translation>
    </message>
    <message>
      <source>maximum_bipartite_matching returned a non-maximum matching</source>
      <translation>maximum_bipartite_matching a renvoyé un couplage non maximal</translation>
    </message>
    <message>
      <source>counts_a must have shape ({w_shape_0},) or ({w_shape_0}, T), got {shape}</source>
      <translation>counts_a doit avoir la forme ({w_shape_0},) ou ({w_shape_0}, T), reçu {shape}</translation>
    </message>
    <message>
      <source>sample points</source>
      <translation>points de l'échantillon</translation>
    </message>
    <message>
      <source>radii must satisfy 0 &lt; minimum radius &lt;= maximum radius, got r={min_radius}, R={max_radius}</source>
      <translation>les rayons doivent vérifier 0 &lt; rayon minimal &lt;= rayon maximal, reçu r={min_radius}, R={max_radius}</translation>
    </message>
    <message>
      <source>minimum number of points to subdivide must be an integer &gt;= 2, got {min_points}</source>
      <translation>le nombre minimal de points pour subdiviser doit être un entier &gt;= 2, reçu {min_points}</translation>
    </message>
    <message>
      <source>sample point</source>
      <translation>point de l'échantillon</translation>
    </message>
    <message>
      <source>the cell seeds are centroids of the sample points: unless the sample is public or historical, the cells disclose where its points lie</source>
      <translation>les germes des cellules sont les centroïdes des points de l'échantillon : à moins que l'échantillon soit public ou historique, les cellules révèlent où se trouvent ses points</translation>
    </message>
    <message>
      <source>towers must be a non-empty (n, 2) array of coordinates</source>
      <translation>les antennes doivent former un tableau (n, 2) non vide de coordonnées</translation>
    </message>
    <message>
      <source>need at least one census polygon, with one population each</source>
      <translation>il faut au moins un polygone de recensement, avec une population chacun</translation>
    </message>
    <message>
      <source>census population must be non-negative with a positive total</source>
      <translation>la population de recensement doit être positive ou nulle, avec un total positif</translation>
    </message>
    <message>
      <source>one id per tower and per zone is required</source>
      <translation>un identifiant par antenne et par zone est requis</translation>
    </message>
    <message>
      <source>census polygon {z} is empty</source>
      <translation>le polygone de recensement {z} est vide</translation>
    </message>
    <message>
      <source>{name} is missing (null geometry)</source>
      <translation>{name} est manquant (géométrie nulle)</translation>
    </message>
    <message>
      <source>{name} is empty</source>
      <translation>{name} est vide</translation>
    </message>
    <message>
      <source>{name} must be a polygon, got {geom_type}</source>
      <translation>{name} doit être un polygone, reçu {geom_type}</translation>
    </message>
    <message>
      <source>{name} has no area after repair</source>
      <translation>{name} n'a pas d'aire après réparation</translation>
    </message>
    <message>
      <source>{name} has no area</source>
      <translation>{name} n'a pas d'aire</translation>
    </message>
    <message>
      <source>no {what}: the point layer is empty</source>
      <translation>aucun(e) {what} : la couche de points est vide</translation>
    </message>
    <message>
      <source>{what} must be an (n, 2) array of x, y coordinates, got {shape}</source>
      <translation>{what} doit être un tableau (n, 2) de coordonnées x, y, reçu {shape}</translation>
    </message>
    <message>
      <source>{what} have non-finite coordinates</source>
      <translation>{what} ont des coordonnées non finies</translation>
    </message>
    <message>
      <source>buffer distance must be a non-negative number, got {buffer_m}</source>
      <translation>la distance de tampon doit être un nombre positif ou nul, reçu {buffer_m}</translation>
    </message>
    <message>
      <source>the points' convex hull has no area (fewer than 3 distinct points or all collinear): give a buffer distance &gt; 0 or a study area</source>
      <translation>l'enveloppe convexe des points n'a pas d'aire (moins de 3 points distincts, ou tous alignés) : donnez une distance de tampon &gt; 0 ou une zone d'étude</translation>
    </message>
    <message>
      <source>Voronoi region of a site is unbounded despite the guard points</source>
      <translation>la région de Voronoï d'un site est non bornée malgré les points de garde</translation>
    </message>
    <message>
      <source>merge distance must be a non-negative number, got {merge_distance}</source>
      <translation>la distance de fusion doit être un nombre positif ou nul, reçu {merge_distance}</translation>
    </message>
    <message>
      <source>the study area polygon was invalid and has been repaired</source>
      <translation>le polygone de la zone d'étude était invalide et a été réparé</translation>
    </message>
    <message>
      <source>{len_missing} of {len_polygons} polygons of the {what} layer have no geometry (NULL or empty), e.g. '{missing_0}': remove or fix them</source>
      <translation>{len_missing} polygones sur {len_polygons} de la couche {what} n'ont pas de géométrie (NULL ou vide), p. ex. '{missing_0}' : supprimez-les ou corrigez-les</translation>
    </message>
    <message>
      <source>the {what} layer has {has}: zones must be at least {minimum} (over a single zone every count is the total: release a noisy total instead)</source>
      <translation>la couche {what} a {has} : il faut au moins {minimum} zones (sur une seule zone, chaque comptage est le total : publiez plutôt un total bruité)</translation>
    </message>
    <message>
      <source>the {what} layer is not a partition: {n_pairs} pair{s_if_n_pairs_1_else} of its polygons overlap, on areas adding up to {share_share} of the layer's area (largest: '{names_i_worst}' and '{names_j_worst}', {shared_worst} m²). A person or trip in an overlap would be counted twice (beyond what the noise covers): make the layer a partition (e.g. QGIS's Union, then Dissolve the duplicated parts) and run again</source>
      <translation>la couche {what} n'est pas une partition : {n_pairs} paire{s_if_n_pairs_1_else} de ses polygones se chevauchent, sur des surfaces totalisant {share_share} de l'aire de la couche (la plus grande : '{names_i_worst}' et '{names_j_worst}', {shared_worst} m²). Une personne ou un trajet dans un chevauchement serait compté deux fois (au-delà de ce que couvre le bruit) : faites de la couche une partition (p. ex. Union de QGIS, puis Regrouper les parties en double) et relancez</translation>
    </message>
    <message>
      <source>polygon '{names_k}' of the {what} layer lies inside other polygons of the layer: remove the duplicate</source>
      <translation>le polygone '{names_k}' de la couche {what} se trouve à l'intérieur d'autres polygones de la couche : supprimez le doublon</translation>
    </message>
    <message>
      <source>user, cell and time must be 1-D arrays of the same length</source>
      <translation>utilisateur, cellule et heure doivent être des tableaux 1-D de même longueur</translation>
    </message>
    <message>
      <source>trajectory linking transport problem failed: {message}</source>
      <translation>le problème de transport de liaison des trajectoires a échoué : {message}</translation>
    </message>
    <message>
      <source>counts must be (slots, cells) and centroids (cells, 2)</source>
      <translation>les comptages doivent être de forme (créneaux, cellules) et les centroïdes (cellules, 2)</translation>
    </message>
    <message>
      <source>the attack needs non-negative integer counts (apply the consistency post-processing to noisy counts first)</source>
      <translation>l'attaque demande des comptages entiers positifs ou nuls (appliquez d'abord le post-traitement de cohérence aux comptages bruités)</translation>
    </message>
    <message>
      <source>day_model must be one of {DAY_MODELS}, got {day_model}</source>
      <translation>day_model doit être l'un de {DAY_MODELS}, reçu {day_model}</translation>
    </message>
    <message>
      <source>night must hold one flag per timestamp ({n_slots})</source>
      <translation>night doit contenir un indicateur par instant ({n_slots})</translation>
    </message>
    <message>
      <source>true and recovered trajectories need the same number of timestamps</source>
      <translation>les trajectoires vraies et reconstituées doivent avoir le même nombre d'instants</translation>
    </message>
    <message>
      <source>top_k must be at least 1, got {top_k}</source>
      <translation>top_k doit valoir au moins 1, reçu {top_k}</translation>
    </message>
    <message>
      <source>no observed location: uniqueness is undefined</source>
      <translation>aucune position observée : l'unicité n'est pas définie</translation>
    </message>
    <message>
      <source>the true trajectories must cover the same {rec_shape_1} timestamps</source>
      <translation>les vraies trajectoires doivent couvrir les mêmes {rec_shape_1} instants</translation>
    </message>
    <message>
      <source>counts must be a non-empty (slots, cells) array, got shape {shape}</source>
      <translation>les comptages doivent former un tableau (créneaux, cellules) non vide, reçu la forme {shape}</translation>
    </message>
    <message>
      <source>true counts must be integers</source>
      <translation>les vrais comptages doivent être entiers</translation>
    </message>
    <message>
      <source>true counts must be non-negative</source>
      <translation>les vrais comptages doivent être positifs ou nuls</translation>
    </message>
    <message>
      <source>noise must be one of {NOISES}, got {noise}</source>
      <translation>noise doit être l'un de {NOISES}, reçu {noise}</translation>
    </message>
    <message>
      <source>noisy counts must be finite numbers</source>
      <translation>les comptages bruités doivent être des nombres finis</translation>
    </message>
    <message>
      <source>noisy counts must be a 1-D histogram or a 2-D (slot, cell) array</source>
      <translation>les comptages bruités doivent former un histogramme 1-D ou un tableau 2-D (créneau, cellule)</translation>
    </message>
    <message>
      <source>past days' accounting 'parallel' was removed: it charged ε while the past days' divisions also spent ε each on the same people (true cost (H+1)·ε), assuming past days' users disjoint from today's, which mobility data never are. Use 'sequential' (the past days' divisions share the division share of ε).</source>
      <translation>la comptabilité 'parallel' des jours passés a été supprimée : elle imputait ε alors que les divisions des jours passés dépensaient aussi ε chacune sur les mêmes personnes (coût réel (H+1)·ε), en supposant les utilisateurs des jours passés disjoints de ceux du jour, ce que les données de mobilité ne sont jamais. Utilisez 'sequential' (les divisions des jours passés se partagent la part de ε de la division).</translation>
    </message>
    <message>
      <source>composition must be one of {COMPOSITIONS}, got {composition}</source>
      <translation>composition doit être l'un de {COMPOSITIONS}, reçu {composition}</translation>
    </message>
    <message>
      <source>the log base α of Eq. 7 must be &gt; 1, got {alpha}</source>
      <translation>la base α du logarithme de l'éq. 7 doit être &gt; 1, reçu {alpha}</translation>
    </message>
    <message>
      <source>utility must be one of {UTILITIES}, got {utility}</source>
      <translation>utility doit être l'un de {UTILITIES}, reçu {utility}</translation>
    </message>
    <message>
      <source>division_share must be in (0, 1), got {division_share}</source>
      <translation>division_share doit être dans (0, 1), reçu {division_share}</translation>
    </message>
    <message>
      <source>history must be (days, {c_shape_0}, {c_shape_1}) counts of at least one past day, got shape {shape}</source>
      <translation>l'historique doit être de forme (jours, {c_shape_0}, {c_shape_1}) : les comptages d'au moins un jour passé, reçu la forme {shape}</translation>
    </message>
    <message>
      <source>The released total ({released_total} user-timestamps) is within 2× of what this method can release on noise alone ({noise}: 95 % of releases with nobody in any cell stay below it): it may be off by more than 2×; fewer timestamps or cells, a larger ε or the threshold method release less noise.</source>
      <translation>Le total publié ({released_total} utilisateurs-instants) est à moins de 2× de ce que cette méthode peut publier avec le bruit seul ({noise} : 95 % des publications sans personne dans aucune cellule restent en dessous) : il peut être faux de plus de 2× ; moins d'instants ou de cellules, un ε plus grand ou la méthode à seuil publient moins de bruit.</translation>
    </message>
    <message>
      <source>none of the {facts_rows} observations lies in a cell during the {n_slots} timestamps from {iso_utc_self_start} ({facts_outside_every_cell} outside every cell)</source>
      <translation>aucune des {facts_rows} observations ne se trouve dans une cellule pendant les {n_slots} instants à partir de {iso_utc_self_start} ({facts_outside_every_cell} hors de toute cellule)</translation>
    </message>
    <message>
      <source>dynamic hybrid needs observations on each of the {past} past days before the start; {len_empty_days} of them have none (set the number of past days to the days the input covers)</source>
      <translation>l'hybride dynamique demande des observations pour chacun des {past} jours passés avant le début ; {len_empty_days} d'entre eux n'en ont aucune (réglez le nombre de jours passés sur les jours que couvre l'entrée)</translation>
    </message>
    <message>
      <source>every cell</source>
      <translation>toute cellule</translation>
    </message>
    <message>
      <source>method must be one of {METHODS}, got {method}</source>
      <translation>method doit être l'un de {METHODS}, reçu {method}</translation>
    </message>
    <message>
      <source>true and private counts differ in shape: {shape} vs {shape2}</source>
      <translation>les comptages vrais et privés diffèrent de forme : {shape} contre {shape2}</translation>
    </message>
    <message>
      <source>past days are used by dynamic_hybrid only, not by auto</source>
      <translation>les jours passés ne servent qu'à dynamic_hybrid, pas à auto</translation>
    </message>
    <message>
      <source>dynamic hybrid perturbation needs at least one past day of counts</source>
      <translation>la perturbation hybride dynamique demande au moins un jour passé de comptages</translation>
    </message>
    <message>
      <source>past days are used by dynamic_hybrid only, not by {method}</source>
      <translation>les jours passés ne servent qu'à dynamic_hybrid, pas à {method}</translation>
    </message>
    <message>
      <source>direct perturbation takes no {sorted_set_params_noise}</source>
      <translation>la perturbation directe ne prend pas de {sorted_set_params_noise}</translation>
    </message>
    <message>
      <source>the cutoff c must be at least 1, got {cutoff}</source>
      <translation>le seuil c doit valoir au moins 1, reçu {cutoff}</translation>
    </message>
    <message>
      <source>comparison_share must be in (0, 1), got {comparison_share}</source>
      <translation>comparison_share doit être dans (0, 1), reçu {comparison_share}</translation>
    </message>
    <message>
      <source>user, tower and time must be 1-D arrays of the same length</source>
      <translation>utilisateur, antenne et heure doivent être des tableaux 1-D de même longueur</translation>
    </message>
    <message>
      <source>tower must hold integer tower indices, got dtype {dtype}</source>
      <translation>tower doit contenir des indices entiers d'antennes, reçu le type {dtype}</translation>
    </message>
    <message>
      <source>n_towers and n_slots must be at least 1</source>
      <translation>n_towers et n_slots doivent valoir au moins 1</translation>
    </message>
    <message>
      <source>ell (visits kept per user) must be an integer ≥ 1, got {ell}</source>
      <translation>ell (visites gardées par utilisateur) doit être un entier ≥ 1, reçu {ell}</translation>
    </message>
    <message>
      <source>slot length must be a positive number of seconds, got {slot_seconds}</source>
      <translation>la durée d'un créneau doit être un nombre positif de secondes, reçu {slot_seconds}</translation>
    </message>
    <message>
      <source>no valid event in the period: nothing to summarise</source>
      <translation>aucun événement valide dans la période : rien à résumer</translation>
    </message>
    <message>
      <source>more than 2³¹ distinct values: too many to encode</source>
      <translation>plus de 2³¹ valeurs distinctes : trop pour être encodées</translation>
    </message>
    <message>
      <source>the number of slots must be between 1 and 32767, got {n_slots}</source>
      <translation>le nombre de créneaux doit être compris entre 1 et 32767, reçu {n_slots}</translation>
    </message>
    <message>
      <source>no tower id to match the events against</source>
      <translation>aucun identifiant d'antenne auquel rapporter les événements</translation>
    </message>
    <message>
      <source>user, tower and time batches must have the same length</source>
      <translation>les lots d'utilisateurs, d'antennes et d'heures doivent avoir la même longueur</translation>
    </message>
    <message>
      <source>unknown engine {engine}: use one of {join_ENGINES}</source>
      <translation>moteur {engine} inconnu : utilisez l'un de {join_ENGINES}</translation>
    </message>
    <message>
      <source>DuckDB is not installed (it is optional; scripts/setup installs it in the test environments)</source>
      <translation>DuckDB n'est pas installé (il est facultatif ; scripts/setup l'installe dans les environnements de test)</translation>
    </message>
    <message>
      <source>GDAL ≥ 3.6 with its Python bindings is not available</source>
      <translation>GDAL ≥ 3.6 avec ses liaisons Python n'est pas disponible</translation>
    </message>
    <message>
      <source>the pure-Python engine reads CSV only; install GDAL or DuckDB to read {os_path_basename_path}</source>
      <translation>le moteur en Python pur ne lit que le CSV ; installez GDAL ou DuckDB pour lire {os_path_basename_path}</translation>
    </message>
    <message>
      <source>events file {path} does not exist</source>
      <translation>le fichier d'événements {path} n'existe pas</translation>
    </message>
    <message>
      <source>{path} is empty</source>
      <translation>{path} est vide</translation>
    </message>
    <message>
      <source>field(s) {join_missing} not found in {os_path_basename_path}; available: {join_header}</source>
      <translation>champ(s) {join_missing} introuvable(s) dans {os_path_basename_path} ; disponibles : {join_header}</translation>
    </message>
    <message>
      <source>too many users × slots × towers to pack in 64 bits</source>
      <translation>trop d'utilisateurs × créneaux × antennes pour tenir sur 64 bits</translation>
    </message>
    <message>
      <source>field(s) {join_missing} not found in {what}; available: {join_available}</source>
      <translation>champ(s) {join_missing} introuvable(s) dans {what} ; disponibles : {join_available}</translation>
    </message>
    <message>
      <source>GDAL cannot open {path}: {exc}</source>
      <translation>GDAL ne peut pas ouvrir {path} : {exc}</translation>
    </message>
    <message>
      <source>GDAL cannot open {path}</source>
      <translation>GDAL ne peut pas ouvrir {path}</translation>
    </message>
    <message>
      <source>layer {layer_name} not found in {path}</source>
      <translation>couche {layer_name} introuvable dans {path}</translation>
    </message>
    <message>
      <source>DuckDB cannot read {path}: {exc}</source>
      <translation>DuckDB ne peut pas lire {path} : {exc}</translation>
    </message>
    <message>
      <source>DuckDB reads .csv and .parquet files, not {os_path_basename_path}</source>
      <translation>DuckDB lit les fichiers .csv et .parquet, pas {os_path_basename_path}</translation>
    </message>
    <message>
      <source>ell, slots and slot minutes must be positive</source>
      <translation>ell, les créneaux et les minutes par créneau doivent être positifs</translation>
    </message>
    <message>
      <source>{out} exists: give a new output directory</source>
      <translation>{out} existe : donnez un nouveau dossier de sortie</translation>
    </message>
    <message>
      <source>field(s) {join_missing} not found in {path}; available: {join_df_columns}</source>
      <translation>champ(s) {join_missing} introuvable(s) dans {path} ; disponibles : {join_df_columns}</translation>
    </message>
    <message>
      <source>GDAL cannot open the zones file {path}</source>
      <translation>GDAL ne peut pas ouvrir le fichier des zones {path}</translation>
    </message>
    <message>
      <source>zone {f_GetFID} has no geometry</source>
      <translation>la zone {f_GetFID} n'a pas de géométrie</translation>
    </message>
    <message>
      <source>--frame-crs {frame_crs} is not a projected CRS in metres (nor Mercator): give the UTM zone or national grid of the area</source>
      <translation>--frame-crs {frame_crs} n'est pas un SCR projeté en mètres (ni Mercator) : donnez la zone UTM ou le système national de la région</translation>
    </message>
    <message>
      <source>the maximum number of trips per user must be ≥ 1</source>
      <translation>le nombre maximal de trajets par utilisateur doit être ≥ 1</translation>
    </message>
    <message>
      <source>{directory} is incomplete (no _SUCCESS marker): the Spark job did not finish; run scripts/spark-bound again</source>
      <translation>{directory} est incomplet (pas de marqueur _SUCCESS) : la tâche Spark ne s'est pas terminée ; relancez scripts/spark-bound</translation>
    </message>
    <message>
      <source>expected one {pattern} file in {directory}, found {len_parts}</source>
      <translation>un fichier {pattern} attendu dans {directory}, trouvé {len_parts}</translation>
    </message>
    <message>
      <source>the bounded table {table} does not record the dataset id of its events ('{os_path_basename_events}' cannot be found from here): give the dataset id (DATASET_ID) under which the ledger charges these events</source>
      <translation>la table bornée {table} n'enregistre pas l'identifiant de jeu de données de ses événements ('{os_path_basename_events}' est introuvable d'ici) : donnez l'identifiant de jeu de données (DATASET_ID) sous lequel le registre impute ces événements</translation>
    </message>
    <message>
      <source>{path} is not a bounded-counts directory written by scripts/spark-bound (no parameters_json/ in it)</source>
      <translation>{path} n'est pas un dossier de comptages bornés écrit par scripts/spark-bound (il ne contient pas parameters_json/)</translation>
    </message>
    <message>
      <source>the parameter record of {root} must be one line, found {len_lines}</source>
      <translation>l'enregistrement des paramètres de {root} doit tenir sur une ligne, trouvé {len_lines}</translation>
    </message>
    <message>
      <source>{root}: unknown table format {record_get_format} (expected {FORMAT})</source>
      <translation>{root} : format de table {record_get_format} inconnu (attendu {FORMAT})</translation>
    </message>
    <message>
      <source>{root}: the tower list does not match its SHA-256</source>
      <translation>{root} : la liste des antennes ne correspond pas à son SHA-256</translation>
    </message>
    <message>
      <source>{root}: unexpected count columns {header}</source>
      <translation>{root} : colonnes de comptage inattendues {header}</translation>
    </message>
    <message>
      <source>{root}: a count row lies outside the table's towers or slots</source>
      <translation>{root} : une ligne de comptage se trouve hors des antennes ou des créneaux de la table</translation>
    </message>
    <message>
      <source>{root}: one_visit_hist has {size} bins for {n_towers} towers</source>
      <translation>{root} : one_visit_hist a {size} classes pour {n_towers} antennes</translation>
    </message>
    <message>
      <source>the bounded-counts table was made with other parameters: {join_diff}. Run scripts/spark-bound again with these parameters, or set them to the table's.</source>
      <translation>la table de comptages bornés a été faite avec d'autres paramètres : {join_diff}. Relancez scripts/spark-bound avec ces paramètres, ou réglez-les sur ceux de la table.</translation>
    </message>
    <message>
      <source>{len_unknown} of the {len_ids} towers of the bounded-counts table, holding {v_100_share} % of its visits, are not towers of this release (e.g. {join_ids_k_for_k_in_unkn}): check the tower layer and id field, or run scripts/spark-bound with --towers</source>
      <translation>{len_unknown} des {len_ids} antennes de la table de comptages bornés, qui portent {v_100_share} % de ses visites, ne sont pas des antennes de cette publication (p. ex. {join_ids_k_for_k_in_unkn}) : vérifiez la couche des antennes et le champ d'identifiant, ou relancez scripts/spark-bound avec --towers</translation>
    </message>
    <message>
      <source>{len_unknown} tower(s) of the bounded-counts table are not in the tower layer or lie outside the census cells; their {v_100_share} % of the bounded visits are not used (scripts/spark-bound --towers with the towers inside the area drops them before the bounding instead)</source>
      <translation>{len_unknown} antenne(s) de la table de comptages bornés ne sont pas dans la couche des antennes ou se trouvent hors des cellules de recensement ; leurs {v_100_share} % des visites bornées ne sont pas utilisés (scripts/spark-bound --towers avec les antennes de la zone les écarte plutôt avant le bornage)</translation>
    </message>
    <message>
      <source>cannot read {value} as a time (epoch seconds or ISO 8601)</source>
      <translation>impossible de lire {value} comme une heure (secondes epoch ou ISO 8601)</translation>
    </message>
    <message>
      <source>the trips layer has no points</source>
      <translation>la couche des trajets n'a aucun point</translation>
    </message>
    <message>
      <source>{missing} of {size} fixes have no trip id</source>
      <translation>{missing} points GPS sur {size} n'ont pas d'identifiant de trajet</translation>
    </message>
    <message>
      <source>the trips layer has no trips</source>
      <translation>la couche des trajets n'a aucun trajet</translation>
    </message>
    <message>
      <source>{bad_coords} rows of the trips table have missing or non-numeric coordinates</source>
      <translation>{bad_coords} lignes de la table des trajets ont des coordonnées manquantes ou non numériques</translation>
    </message>
    <message>
      <source>big-endian WKB geometries are not read on the fast path</source>
      <translation>les géométries WKB gros-boutistes ne sont pas lues par la voie rapide</translation>
    </message>
    <message>
      <source>geometries other than simple points or lines are not read on the fast path</source>
      <translation>les géométries autres que de simples points ou lignes ne sont pas lues par la voie rapide</translation>
    </message>
    <message>
      <source>unknown trips layout {layout}</source>
      <translation>disposition de trajets {layout} inconnue</translation>
    </message>
    <message>
      <source>{root} is not a finished bounded-trips directory of scripts/spark-bound trips (no bounded-trips.json: the job did not run or did not finish)</source>
      <translation>{root} n'est pas un dossier de trajets bornés terminé de scripts/spark-bound trips (pas de bounded-trips.json : la tâche n'a pas tourné ou ne s'est pas terminée)</translation>
    </message>
    <message>
      <source>{root}: unknown table format {record_get_format} (expected {FORMAT}; run scripts/spark-bound trips again)</source>
      <translation>{root} : format de table {record_get_format} inconnu (attendu {FORMAT} ; relancez scripts/spark-bound trips)</translation>
    </message>
    <message>
      <source>{root}: the zone list does not match its SHA-256</source>
      <translation>{root} : la liste des zones ne correspond pas à son SHA-256</translation>
    </message>
    <message>
      <source>{root}/{name}: a row lies outside the table's {n} zones</source>
      <translation>{root}/{name} : une ligne se trouve hors des {n} zones de la table</translation>
    </message>
    <message>
      <source>the bounded trips were made for other zones ({len_ids} zones in the table, {len_wanted} here; e.g. {join_missing_3} differ, or the zone ids repeat): use the zones layer and id field given to scripts/spark-bound (--zones, --zone-id-field)</source>
      <translation>les trajets bornés ont été faits pour d'autres zones ({len_ids} zones dans la table, {len_wanted} ici ; p. ex. {join_missing_3} diffèrent, ou les identifiants de zone se répètent) : utilisez la couche des zones et le champ d'identifiant donnés à scripts/spark-bound (--zones, --zone-id-field)</translation>
    </message>
    <message>
      <source>{root}/trips_per_user.csv: trips per user must be ≥ 1</source>
      <translation>{root}/trips_per_user.csv : le nombre de trajets par utilisateur doit être ≥ 1</translation>
    </message>
    <message>
      <source>{root}/{REPORT_TABLE}: '{name}' bin {flat} is not in the record's statistics and bins</source>
      <translation>{root}/{REPORT_TABLE} : la classe {flat} de '{name}' n'est pas dans les statistiques et classes de l'enregistrement</translation>
    </message>
    <message>
      <source>{root}/{VISITS_TABLE}: a row lies outside the table's {n} zones × {raw_shape_1} windows</source>
      <translation>{root}/{VISITS_TABLE} : une ligne se trouve hors des {n} zones × {raw_shape_1} fenêtres de la table</translation>
    </message>
    <message>
      <source>the bounded trips were made with other parameters: {join_diff}. Run scripts/spark-bound trips again with these parameters, or set them to the table's.</source>
      <translation>les trajets bornés ont été faits avec d'autres paramètres : {join_diff}. Relancez scripts/spark-bound trips avec ces paramètres, ou réglez-les sur ceux de la table.</translation>
    </message>
    <message>
      <source>no zones to locate points in</source>
      <translation>aucune zone dans laquelle situer les points</translation>
    </message>
    <message>
      <source>the discrete Gaussian needs 0 &lt; sigma &lt; 2^40 grid units, got {sigma}</source>
      <translation>le gaussien discret demande 0 &lt; sigma &lt; 2^40 unités de grille, reçu {sigma}</translation>
    </message>
    <message>
      <source>epsilon={epsilon} is too large for the discrete Gaussian on {size} value(s) with delta={delta}: the sampler's proven floating-point error would cost delta={spent_on_sampler}, more than a tenth of delta. Use a smaller epsilon, a larger delta or the discrete Laplace mechanism.</source>
      <translation>epsilon={epsilon} est trop grand pour le gaussien discret sur {size} valeur(s) avec delta={delta} : l'erreur en virgule flottante prouvée de l'échantillonneur coûterait delta={spent_on_sampler}, plus d'un dixième de delta. Utilisez un epsilon plus petit, un delta plus grand ou le mécanisme de Laplace discret.</translation>
    </message>
    <message>
      <source>the noise is too large for the discrete Gaussian sampler (sigma = {units} grid units ≥ 2^40)</source>
      <translation>le bruit est trop grand pour l'échantillonneur gaussien discret (sigma = {units} unités de grille ≥ 2^40)</translation>
    </message>
    <message>
      <source>a geometric rate must be positive and finite, got {rate}</source>
      <translation>un taux géométrique doit être positif et fini, reçu {rate}</translation>
    </message>
    <message>
      <source>a term's factors must be positive finite numbers</source>
      <translation>les facteurs d'un terme doivent être des nombres positifs finis</translation>
    </message>
    <message>
      <source>counts must be one integer in [1, 2^53] per outcome</source>
      <translation>les comptages doivent être un entier de [1, 2^53] par issue</translation>
    </message>
    <message>
      <source>a Bernoulli probability e^-gamma takes no multiplicity</source>
      <translation>une probabilité de Bernoulli e^-gamma ne prend pas de multiplicité</translation>
    </message>
    <message>
      <source>the exponential mechanism needs a non-empty 1-D array of utilities</source>
      <translation>le mécanisme exponentiel demande un tableau 1-D non vide d'utilités</translation>
    </message>
    <message>
      <source>utilities must be finite</source>
      <translation>les utilités doivent être finies</translation>
    </message>
    <message>
      <source>the classic Gaussian calibration is valid for epsilon &lt; 1 only; use the analytic calibration</source>
      <translation>la calibration gaussienne classique ne vaut que pour epsilon &lt; 1 ; utilisez la calibration analytique</translation>
    </message>
    <message>
      <source>max_size={size} is smaller than the {size2} values given</source>
      <translation>max_size={size} est plus petit que les {size2} valeurs données</translation>
    </message>
    <message>
      <source>values must be finite and below 2^52 times the granularity {grid}</source>
      <translation>les valeurs doivent être finies et inférieures à 2^52 fois la granularité {grid}</translation>
    </message>
    <message>
      <source>unknown Gaussian calibration {calibration}</source>
      <translation>calibration gaussienne {calibration} inconnue</translation>
    </message>
    <message>
      <source>epsilon={epsilon} for sensitivity {sensitivity} is too small for discrete Laplace noise (scale above 10^12): raise epsilon or its share</source>
      <translation>epsilon={epsilon} pour la sensibilité {sensitivity} est trop petit pour un bruit de Laplace discret (échelle au-delà de 10^12) : augmentez epsilon ou sa part</translation>
    </message>
    <message>
      <source>discrete Laplace needs integer values, got dtype {dtype}</source>
      <translation>Laplace discret demande des valeurs entières, reçu le type {dtype}</translation>
    </message>
    <message>
      <source>discrete Laplace needs integer values</source>
      <translation>Laplace discret demande des valeurs entières</translation>
    </message>
    <message>
      <source>discrete Laplace needs an integer sensitivity, got {sensitivity}</source>
      <translation>Laplace discret demande une sensibilité entière, reçu {sensitivity}</translation>
    </message>
    <message>
      <source>{name} must be a positive finite number, got {sensitivity}</source>
      <translation>{name} doit être un nombre positif fini, reçu {sensitivity}</translation>
    </message>
    <message>
      <source>epsilon={epsilon} is too large for {what}: above epsilon={limit} its probability of changing the output falls below 2^-32, which double-precision sampling cannot represent faithfully (the output would be the true value in practice). Use a smaller epsilon.</source>
      <translation>epsilon={epsilon} est trop grand pour {what} : au-delà de epsilon={limit}, sa probabilité de changer la sortie passe sous 2^-32, ce que l'échantillonnage en double précision ne peut pas représenter fidèlement (la sortie serait en pratique la vraie valeur). Utilisez un epsilon plus petit.</translation>
    </message>
    <message>
      <source>k-ary randomized response needs an integer k &gt;= 2, got {k}</source>
      <translation>la réponse aléatoire à k modalités demande un entier k &gt;= 2, reçu {k}</translation>
    </message>
    <message>
      <source>k-ary randomized response with k={k}</source>
      <translation>réponse aléatoire à k modalités avec k={k}</translation>
    </message>
    <message>
      <source>k-RR values must be integers in [0, {k})</source>
      <translation>les valeurs k-RR doivent être des entiers de [0, {k})</translation>
    </message>
    <message>
      <source>the public bound must be a positive finite number, got {bound}</source>
      <translation>la borne publique doit être un nombre positif fini, reçu {bound}</translation>
    </message>
    <message>
      <source>the public bound {b_units_delta1} is too large for epsilon={epsilon}: floating-point safety (Mironov 2012) would cost more than 1 % of epsilon; give a smaller bound on the true values</source>
      <translation>la borne publique {b_units_delta1} est trop grande pour epsilon={epsilon} : la sûreté en virgule flottante (Mironov 2012) coûterait plus de 1 % d'epsilon ; donnez une borne plus petite sur les vraies valeurs</translation>
    </message>
    <message>
      <source>the public bound {b_units_delta1} must lie between one noise scale ({lam_delta1}) and 2^46 noise scales ({v_2_0_46_lam_delta1}) for the snapping mechanism (Mironov 2012)</source>
      <translation>la borne publique {b_units_delta1} doit se situer entre une échelle de bruit ({lam_delta1}) et 2^46 échelles de bruit ({v_2_0_46_lam_delta1}) pour le mécanisme d'arrondi (Mironov 2012)</translation>
    </message>
    <message>
      <source>the output granularity must be a positive number, got {granularity}</source>
      <translation>la granularité de sortie doit être un nombre positif, reçu {granularity}</translation>
    </message>
    <message>
      <source>queries must be a 1-D array</source>
      <translation>les requêtes doivent former un tableau 1-D</translation>
    </message>
    <message>
      <source>cutoff must be at least 1, got {cutoff}</source>
      <translation>cutoff doit valoir au moins 1, reçu {cutoff}</translation>
    </message>
    <message>
      <source>threshold_share must be in (0, 1)</source>
      <translation>threshold_share doit être dans (0, 1)</translation>
    </message>
    <message>
      <source>{name} is not a Mobility DP report document (JSON from the private mobility report)</source>
      <translation>{name} n'est pas un document de rapport Mobility DP (JSON du rapport de mobilité privé)</translation>
    </message>
    <message>
      <source>the two reports use different zones; they cannot be compared</source>
      <translation>les deux rapports utilisent des zones différentes ; ils ne peuvent pas être comparés</translation>
    </message>
    <message>
      <source>the two reports have no statistic in common</source>
      <translation>les deux rapports n'ont aucune statistique en commun</translation>
    </message>
    <message>
      <source>{name}: the reports use different bins ({shape} vs {shape2})</source>
      <translation>{name} : les rapports utilisent des classes différentes ({shape} contre {shape2})</translation>
    </message>
    <message>
      <source>the share of ε for the noisy total must be in [0, 1), got {share}</source>
      <translation>la part de ε pour le total bruité doit être dans [0, 1), reçu {share}</translation>
    </message>
    <message>
      <source>the cap for the noisy total ({cap}) must be ≥ the trips kept per user ({m})</source>
      <translation>le plafond du total bruité ({cap}) doit être ≥ au nombre de trajets gardés par utilisateur ({m})</translation>
    </message>
    <message>
      <source>user, origin and destination must have one value per trip</source>
      <translation>utilisateur, origine et destination doivent avoir une valeur par trajet</translation>
    </message>
    <message>
      <source>origin and destination zones must be indices in [0, n_zones)</source>
      <translation>les zones d'origine et de destination doivent être des indices de [0, n_zones)</translation>
    </message>
    <message>
      <source>the bounded trips keep ≤ {max_trips} trips per user, the release m = {max_trips2}</source>
      <translation>les trajets bornés gardent ≤ {max_trips} trajets par utilisateur, la publication m = {max_trips2}</translation>
    </message>
    <message>
      <source>unknown noise {noise}; choose one of {join_NOISES}</source>
      <translation>bruit {noise} inconnu ; choisissez parmi {join_NOISES}</translation>
    </message>
    <message>
      <source>Gaussian noise needs delta &gt; 0</source>
      <translation>le bruit gaussien demande delta &gt; 0</translation>
    </message>
    <message>
      <source>n_summed must be ≥ 1</source>
      <translation>n_summed doit être ≥ 1</translation>
    </message>
    <message>
      <source>unknown noise {noise}</source>
      <translation>bruit {noise} inconnu</translation>
    </message>
    <message>
      <source>the noise (sensitivity {sensitivity} at ε = {epsilon}) is too wide for an exact margin of error: lower the per-user bound or raise ε</source>
      <translation>le bruit (sensibilité {sensitivity} à ε = {epsilon}) est trop large pour une marge d'erreur exacte : abaissez la borne par utilisateur ou augmentez ε</translation>
    </message>
    <message>
      <source>main pairs need a generator or a key to break ties</source>
      <translation>les paires principales demandent un générateur ou une clé pour départager les égalités</translation>
    </message>
    <message>
      <source>publish must be '{PEOPLE}' or '{TRIPS}', got {publish}</source>
      <translation>publish doit valoir '{PEOPLE}' ou '{TRIPS}', reçu {publish}</translation>
    </message>
    <message>
      <source>the share of ε for the trip scale must be in (0, 1), got {share}</source>
      <translation>la part de ε pour l'échelle de trajets doit être dans (0, 1), reçu {share}</translation>
    </message>
    <message>
      <source>people per pair (sensitivity 1; use the method 'trips' at this ε)</source>
      <translation>personnes par paire (sensibilité 1 ; utilisez la méthode 'trips' à cet ε)</translation>
    </message>
    <message>
      <source>public regions need undirected people per pair</source>
      <translation>les régions publiques demandent des personnes par paire non orientées</translation>
    </message>
    <message>
      <source>a share of ε for regions needs one region per zone</source>
      <translation>une part de ε pour les régions demande une région par zone</translation>
    </message>
    <message>
      <source>the share of ε for the regions must be in (0, 1), got {share}</source>
      <translation>la part de ε pour les régions doit être dans (0, 1), reçu {share}</translation>
    </message>
    <message>
      <source>people per {what} pair (sensitivity 1)</source>
      <translation>personnes par paire {what} (sensibilité 1)</translation>
    </message>
    <message>
      <source>one region index ≥ 0 per zone is needed ({n_zones} zones)</source>
      <translation>il faut un indice de région ≥ 0 par zone ({n_zones} zones)</translation>
    </message>
    <message>
      <source>the noise of the zone pairs summed over a region pair is too wide for an exact margin of error: raise ε or use larger zones</source>
      <translation>le bruit des paires de zones sommé sur une paire de régions est trop large pour une marge d'erreur exacte : augmentez ε ou utilisez des zones plus grandes</translation>
    </message>
    <message>
      <source>unknown statistic {k}; choose among {join_STATISTICS}</source>
      <translation>statistique {k} inconnue ; choisissez parmi {join_STATISTICS}</translation>
    </message>
    <message>
      <source>the weight of {k} must be a positive number, got {w}</source>
      <translation>le poids de {k} doit être un nombre positif, reçu {w}</translation>
    </message>
    <message>
      <source>choose at least one statistic with a positive weight</source>
      <translation>choisissez au moins une statistique de poids positif</translation>
    </message>
    <message>
      <source>the automatic choice of methods needs the number of zones</source>
      <translation>le choix automatique des méthodes demande le nombre de zones</translation>
    </message>
    <message>
      <source>people per pair (sensitivity 1; use the OD method 'trips')</source>
      <translation>personnes par paire (sensibilité 1 ; utilisez la méthode OD 'trips')</translation>
    </message>
    <message>
      <source>one origin and one destination zone per trip are needed</source>
      <translation>il faut une zone d'origine et une zone de destination par trajet</translation>
    </message>
    <message>
      <source>no trips to report on</source>
      <translation>aucun trajet sur lequel faire un rapport</translation>
    </message>
    <message>
      <source>unknown prior family {family}</source>
      <translation>famille d'a priori {family} inconnue</translation>
    </message>
    <message>
      <source>the noise ratio alpha must be in [0, 1), got {alpha}</source>
      <translation>le rapport de bruit alpha doit être dans [0, 1), reçu {alpha}</translation>
    </message>
    <message>
      <source>bins '{name}' need at least two increasing finite edges</source>
      <translation>les classes '{name}' demandent au moins deux bornes finies croissantes</translation>
    </message>
    <message>
      <source>time windows must run from hour 0 to hour 24</source>
      <translation>les fenêtres temporelles doivent aller de l'heure 0 à l'heure 24</translation>
    </message>
    <message>
      <source>trips per user and entropy need at least one bin</source>
      <translation>les trajets par utilisateur et l'entropie demandent au moins une classe</translation>
    </message>
    <message>
      <source>trips per user and entropy take at most {MAX_BINS} bins (got {int_self_trips_per_user_} and {int_self_entropy_bins}): each bin is released with noise</source>
      <translation>les trajets par utilisateur et l'entropie prennent au plus {MAX_BINS} classes (reçu {int_self_trips_per_user_} et {int_self_entropy_bins}) : chaque classe est publiée avec du bruit</translation>
    </message>
    <message>
      <source>the time window must end after its start and span ≤ 10 years</source>
      <translation>la fenêtre temporelle doit finir après son début et couvrir ≤ 10 ans</translation>
    </message>
    <message>
      <source>trips per day needs the time window (start and end): its dates are the public bins</source>
      <translation>les trajets par jour demandent la fenêtre temporelle (début et fin) : ses dates sont les classes publiques</translation>
    </message>
    <message>
      <source>time between trips needs at least 2 trips per user (m ≥ 2)</source>
      <translation>le temps entre trajets demande au moins 2 trajets par utilisateur (m ≥ 2)</translation>
    </message>
    <message>
      <source>unknown statistic {name}; choose among {join_STATISTICS}</source>
      <translation>statistique {name} inconnue ; choisissez parmi {join_STATISTICS}</translation>
    </message>
    <message>
      <source>{TITLES_name} needs trip times: {int_timeless_sum} of the {size} trips have no start or end time</source>
      <translation>{TITLES_name} demande les heures des trajets : {int_timeless_sum} des {size} trajets n'ont pas d'heure de début ou de fin</translation>
    </message>
    <message>
      <source>the rule needs at least one zone</source>
      <translation>la règle demande au moins une zone</translation>
    </message>
    <message>
      <source>the public population must be a positive number, got {population}</source>
      <translation>la population publique doit être un nombre positif, reçu {population}</translation>
    </message>
    <message>
      <source>unknown OD method {od_method}; choose one of {join_OD_METHODS}</source>
      <translation>méthode OD {od_method} inconnue ; choisissez parmi {join_OD_METHODS}</translation>
    </message>
    <message>
      <source>unknown visits method {visits_method}; choose one of {join_VISITS_METHODS}</source>
      <translation>méthode de visites {visits_method} inconnue ; choisissez parmi {join_VISITS_METHODS}</translation>
    </message>
    <message>
      <source>the bounded trips keep ≤ {max_trips} trips per user, the release m = {m}</source>
      <translation>les trajets bornés gardent ≤ {max_trips} trajets par utilisateur, la publication m = {m}</translation>
    </message>
    <message>
      <source>{TITLES_name} is not in the bounded trips ({why}): set its weight to 0, or run scripts/spark-bound trips again (see its --help)</source>
      <translation>{TITLES_name} n'est pas dans les trajets bornés ({why}) : mettez son poids à 0, ou relancez scripts/spark-bound trips (voir son --help)</translation>
    </message>
    <message>
      <source>{TITLES_name}: the bounded trips were made with other bins ({field} = {bins_record_tables_repor} in the table, {bins_record_bins_field} here): use the table's bins, or run scripts/spark-bound trips again with these</source>
      <translation>{TITLES_name} : les trajets bornés ont été faits avec d'autres classes ({field} = {bins_record_tables_repor} dans la table, {bins_record_bins_field} ici) : utilisez les classes de la table, ou relancez scripts/spark-bound trips avec celles-ci</translation>
    </message>
    <message>
      <source>{TITLES_name}: the bounded trips hold {size} counts, the bins here make {size2}</source>
      <translation>{TITLES_name} : les trajets bornés contiennent {size} comptages, les classes d'ici en font {size2}</translation>
    </message>
    <message>
      <source>trips: '{name}' has {size} values for {n} trips</source>
      <translation>trajets : '{name}' a {size} valeurs pour {n} trajets</translation>
    </message>
    <message>
      <source>trips: user codes must be non-negative</source>
      <translation>trajets : les codes d'utilisateur doivent être positifs ou nuls</translation>
    </message>
    <message>
      <source>zoned trips: {n} trips but {size} origin and {size2} destination zones</source>
      <translation>trajets zonés : {n} trajets mais {size} zones d'origine et {size2} zones de destination</translation>
    </message>
    <message>
      <source>zoned trips: zone indices must lie in [0, n_zones)</source>
      <translation>trajets zonés : les indices de zone doivent être dans [0, n_zones)</translation>
    </message>
    <message>
      <source>trips: user, trip, time and coordinates must have the same length</source>
      <translation>trajets : utilisateur, trajet, heure et coordonnées doivent avoir la même longueur</translation>
    </message>
    <message>
      <source>no GPS fixes to build trips from</source>
      <translation>aucun point GPS à partir duquel construire des trajets</translation>
    </message>
    <message>
      <source>{missing} of {size} fixes have no readable time</source>
      <translation>{missing} points GPS sur {size} n'ont pas d'heure lisible</translation>
    </message>
    <message>
      <source>the maximum number of trips per user must be an integer ≥ 1, got {m}</source>
      <translation>le nombre maximal de trajets par utilisateur doit être un entier ≥ 1, reçu {m}</translation>
    </message>
    <message>
      <source>the cap M of the trip scale ({cap}) must be ≥ m ({m})</source>
      <translation>le plafond M de l'échelle de trajets ({cap}) doit être ≥ m ({m})</translation>
    </message>
    <message>
      <source>trips up to m = {m} and between m and M = {cap} per user</source>
      <translation>trajets jusqu'à m = {m} et entre m et M = {cap} par utilisateur</translation>
    </message>
    <message>
      <source>trips up to M = {cap} per user</source>
      <translation>trajets jusqu'à M = {cap} par utilisateur</translation>
    </message>
    <message>
      <source>trip tables: '{name}' is {shape}, not {n} × {n}</source>
      <translation>tables de trajets : '{name}' est de forme {shape}, pas {n} × {n}</translation>
    </message>
    <message>
      <source>trip tables: no user has 0 trips</source>
      <translation>tables de trajets : aucun utilisateur n'a 0 trajet</translation>
    </message>
    <message>
      <source>these trip tables hold no people per main pair</source>
      <translation>ces tables de trajets ne contiennent pas de personnes par paire principale</translation>
    </message>
    <message>
      <source>no trips to synthesise from</source>
      <translation>aucun trajet à partir duquel synthétiser</translation>
    </message>
    <message>
      <source>synthetic trips need trip times; {bad} of {n} trips have none (choose the time fields)</source>
      <translation>les trajets synthétiques demandent les heures des trajets ; {bad} des {n} trajets n'en ont pas (choisissez les champs d'heure)</translation>
    </message>
    <message>
      <source>the number of synthetic trips must be ≥ 1, got {n_trips}</source>
      <translation>le nombre de trajets synthétiques doit être ≥ 1, reçu {n_trips}</translation>
    </message>
    <message>
      <source>the zones differ from the zones the model was fitted on</source>
      <translation>les zones diffèrent de celles sur lesquelles le modèle a été ajusté</translation>
    </message>
    <message>
      <source>the cap M of trips per person must lie in [m, {MAX_CAP}] (m = {m}), got {cap}</source>
      <translation>le plafond M de trajets par personne doit être dans [m, {MAX_CAP}] (m = {m}), reçu {cap}</translation>
    </message>
    <message>
      <source>anchor weights must be finite and ≥ 0, one per point</source>
      <translation>les poids d'ancrage doivent être finis et ≥ 0, un par point</translation>
    </message>
    <message>
      <source>none of the {len_xy} weighting points lies in a zone with a positive weight (check the layers' CRSs and the weight field)</source>
      <translation>aucun des {len_xy} points de pondération ne se trouve dans une zone de poids positif (vérifiez les SCR des couches et le champ de poids)</translation>
    </message>
    <message>
      <source>{empty} zones have no area: synthetic points cannot be placed in them</source>
      <translation>{empty} zones n'ont pas d'aire : aucun point synthétique ne peut y être placé</translation>
    </message>
    <message>
      <source>synthetic trips need the public time window (start and end): their dates are drawn inside it</source>
      <translation>les trajets synthétiques demandent la fenêtre temporelle publique (début et fin) : leurs dates sont tirées à l'intérieur</translation>
    </message>
    <message>
      <source>the time window must end after it starts</source>
      <translation>la fenêtre temporelle doit finir après son début</translation>
    </message>
    <message>
      <source>the time window must span ≤ 10 years</source>
      <translation>la fenêtre temporelle doit couvrir ≤ 10 ans</translation>
    </message>
    <message>
      <source>{len_polygons} zone polygons for {n_zones} zones</source>
      <translation>{len_polygons} polygones de zone pour {n_zones} zones</translation>
    </message>
    <message>
      <source>seed must be a non-negative integer, got {seed}</source>
      <translation>la graine doit être un entier positif ou nul, reçu {seed}</translation>
    </message>
    <message>
      <source>the number of items kept per user must be an integer ≥ 1, got {max_items}</source>
      <translation>le nombre d'éléments gardés par utilisateur doit être un entier ≥ 1, reçu {max_items}</translation>
    </message>
    <message>
      <source>SipHash needs a 16-byte key</source>
      <translation>SipHash demande une clé de 16 octets</translation>
    </message>
    <message>
      <source>true and private counts must be 2-D arrays of the same shape (cells × slots), got {shape} and {shape2}</source>
      <translation>les comptages vrais et privés doivent être des tableaux 2-D de même forme (cellules × créneaux), reçu {shape} et {shape2}</translation>
    </message>
    <message>
      <source>counts must be finite</source>
      <translation>les comptages doivent être finis</translation>
    </message>
    <message>
      <source>EMD transport problem failed: {message}</source>
      <translation>le problème de transport de l'EMD a échoué : {message}</translation>
    </message>
    <message>
      <source>centroids must have shape ({x_shape_0}, 2), got {shape}</source>
      <translation>les centroïdes doivent avoir la forme ({x_shape_0}, 2), reçu {shape}</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;OD method&lt;/b&gt;: as in OD flows of trips (below); people per pair are published as trips per ordered pair (people × the trips per person of the trip scale, an unordered pair split evenly between its directions). &lt;b&gt;Visits method&lt;/b&gt;: &lt;i&gt;shrunk&lt;/i&gt; (default) counts the trip ends of the sampled trips (each user ≤ m trips, sensitivity 2m), adds the noise, then shrinks each zone's total over the time windows towards the mean of the zones by the share of the noise in their spread, and each zone's split over the windows towards the split of all zones (Fay–Herriot, no privacy cost) and scales them by the trip scale to estimate the visits of all trips up to M per user; &lt;i&gt;plain&lt;/i&gt; publishes the noisy counts of the sampled trips. The &lt;b&gt;trip scale&lt;/b&gt; (users, trips up to m and up to the &lt;b&gt;cap M&lt;/b&gt; per user, one noisy release) takes the &lt;b&gt;share of ε for the trip scale&lt;/b&gt; when either method uses it; the statistics share the rest. The OD flow lines' interval (lower95, upper95) holds each value and the scale's noise: it covers people × the true trips per person (or the sampled trips × the true sampling scale) at 95 %. The shrunk visits' margin (moe95) is that of the noisy count times the scale: it describes the noise, not the error of a shrunk value, whose coverage is not guaranteed; the field moe95_note of the visits layer says so.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Méthode OD&lt;/b&gt; : comme dans Flux OD des trajets (ci-dessous) ; les personnes par paire sont publiées comme trajets par paire ordonnée (personnes × les trajets par personne de l'échelle de trajets, une paire non ordonnée étant répartie à parts égales entre ses sens). &lt;b&gt;Méthode des visites&lt;/b&gt; : &lt;i&gt;shrunk&lt;/i&gt; (par défaut) compte les extrémités des trajets échantillonnés (chaque utilisateur ≤ m trajets, sensibilité 2m), ajoute le bruit, puis rétrécit le total de chaque zone sur les fenêtres horaires vers la moyenne des zones selon la part du bruit dans leur dispersion, et la répartition de chaque zone entre les fenêtres vers celle de toutes les zones (Fay–Herriot, sans coût de confidentialité) et les multiplie par l'échelle de trajets pour estimer les visites de tous les trajets jusqu'à M par utilisateur ; &lt;i&gt;plain&lt;/i&gt; publie les comptages bruités des trajets échantillonnés. L'&lt;b&gt;échelle de trajets&lt;/b&gt; (utilisateurs, trajets jusqu'à m et jusqu'au &lt;b&gt;plafond M&lt;/b&gt; par utilisateur, une publication bruitée) prend la &lt;b&gt;part de ε pour l'échelle de trajets&lt;/b&gt; lorsqu'une des méthodes l'utilise ; les statistiques se partagent le reste. L'intervalle des lignes de flux OD (lower95, upper95) contient chaque valeur et le bruit de l'échelle : il couvre les personnes × les vrais trajets par personne (ou les trajets échantillonnés × la vraie échelle d'échantillonnage) à 95 %. La marge des visites rétrécies (moe95) est celle du comptage bruité multipliée par l'échelle : elle décrit le bruit, pas l'erreur d'une valeur rétrécie, dont la couverture n'est pas garantie ; le champ moe95_note de la couche des visites le dit.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>a release ran without handing its cost to charge.released()</source>
      <translation type="obsolete">une publication a tourné sans remettre son coût à charge.released()</translation>
    </message>
    <message>
      <source>field(s) {join_missing} not found in {events}; available: {join_df_columns}</source>
      <translation type="obsolete">champ(s) {join_missing} introuvable(s) dans {events} ; disponibles : {join_df_columns}</translation>
    </message>
    <message>
      <source>field(s) {join_missing} not found in {trips}; available: {join_df_columns}</source>
      <translation type="obsolete">champ(s) {join_missing} introuvable(s) dans {trips} ; disponibles : {join_df_columns}</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Privacy ledger&lt;/b&gt;: optional JSON file that records what every release spent on a dataset and refuses a release that would exceed the dataset's total budget, before any noise is drawn. Its "…" button accepts a new file name: the ledger is created by the first release. &lt;b&gt;Dataset id&lt;/b&gt; names the dataset in the ledger (default: the normalised path of the input file, the same whichever layer name or reader is used). &lt;b&gt;Total budget ε / δ&lt;/b&gt; are required the first time a dataset appears in the ledger and fixed afterwards; the budget keeps the unit of the release (ε, or ε per metre for geo-indistinguishability) and a release in another unit is refused.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Registre de confidentialité&lt;/b&gt; : fichier JSON facultatif qui enregistre ce que chaque publication a dépensé sur un jeu de données et refuse, avant tout tirage de bruit, une publication qui dépasserait le budget total du jeu de données. Son bouton « … » accepte un nouveau nom de fichier : le registre est créé par la première publication. L'&lt;b&gt;identifiant du jeu de données&lt;/b&gt; nomme le jeu de données dans le registre (par défaut : le chemin normalisé du fichier en entrée, le même quel que soit le nom de couche ou le lecteur utilisé). Les &lt;b&gt;budgets totaux ε / δ&lt;/b&gt; sont obligatoires la première fois qu'un jeu de données apparaît dans le registre, puis fixés ; le budget garde l'unité de la publication (ε, ou ε par mètre pour la géo-indistinguabilité) et une publication dans une autre unité est refusée.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>JSON file, created if missing</source>
      <translation type="obsolete">fichier JSON, créé s'il n'existe pas</translation>
    </message>
    <message>
      <source>The dataset '{dataset}' is new in the ledger {path}: give its total budget in “{field}” (under Advanced parameters) on first use</source>
      <translation type="obsolete">Le jeu de données « {dataset} » est nouveau dans le registre {path} : donnez son budget total dans « {field} » (sous Paramètres avancés) à la première utilisation</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt;: direct perturbation, threshold perturbation, static hybrid or dynamic hybrid (values below). Counts get discrete Laplace noise by default (the paper's continuous Laplace is an option). Threshold perturbation is the sparse vector technique: as printed in the paper it spends 2ε₁ + ε₂ (its comparisons cost twice what the paper says); by default the comparison noise is rescaled so the release spends exactly ε, and &lt;b&gt;Paper's threshold noise&lt;/b&gt; keeps the paper's noise and charges what it actually spends. The comparison is made on the distance above the expected noise level of the last published histogram; &lt;b&gt;threshold&lt;/b&gt; T is the change beyond it that triggers a fresh histogram, at most &lt;b&gt;cutoff&lt;/b&gt; c fresh histograms; &lt;b&gt;comparison share&lt;/b&gt; α is ε₁/ε.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Méthode&lt;/b&gt; : perturbation directe, perturbation à seuil, hybride statique ou hybride dynamique (valeurs ci-dessous). Les comptages reçoivent par défaut un bruit de Laplace discret (le Laplace continu de l'article est une option). La perturbation à seuil est la technique du vecteur épars : telle qu'imprimée dans l'article elle dépense 2ε₁ + ε₂ (ses comparaisons coûtent deux fois ce que dit l'article) ; par défaut le bruit de comparaison est remis à l'échelle pour que la publication dépense exactement ε, et &lt;b&gt;Bruit de seuil de l'article&lt;/b&gt; garde le bruit de l'article et impute ce qu'il dépense réellement. La comparaison porte sur l'écart au-dessus du niveau de bruit attendu du dernier histogramme publié ; le &lt;b&gt;seuil&lt;/b&gt; T est la variation au-delà de laquelle un nouvel histogramme est produit, au plus &lt;b&gt;c&lt;/b&gt; (seuil de coupure) nouveaux histogrammes ; la &lt;b&gt;part de comparaison&lt;/b&gt; α vaut ε₁/ε.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>empty: cell_id (empty: cell_id)</source>
      <translation type="obsolete">vide : cell_id (vide : cell_id)</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Partition A&lt;/b&gt; and &lt;b&gt;partition B&lt;/b&gt;: polygon layers, each in any CRS (both are read into one metric frame from A: its CRS if in metres, else a local azimuthal projection; the outputs are in A's CRS). Layers that do not overlap at all (often a wrong CRS) are refused. Each should cover the area without overlaps; overlapping polygons within a layer, or gaps between the layers, are reported as warnings because the result is then not the paper's cover. Invalid polygons are repaired and reported; features without geometry are refused.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Partition A&lt;/b&gt; et &lt;b&gt;partition B&lt;/b&gt; : couches de polygones, chacune dans n'importe quel SCR (les deux sont lues dans un repère métrique unique tiré de A : son SCR s'il est en mètres, sinon une projection azimutale locale ; les sorties sont dans le SCR de A). Les couches qui ne se chevauchent pas du tout (souvent un mauvais SCR) sont refusées. Chacune devrait couvrir la zone sans chevauchements ; des polygones qui se chevauchent dans une couche, ou des trous entre les couches, sont signalés par des avertissements car le résultat n'est alors pas la couverture de l'article. Les polygones invalides sont réparés et signalés ; les entités sans géométrie sont refusées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>BalancedNoise: noise within ±b, b independent of the data ((ε, δ), Alg. 5; protects one move, not a vehicle)</source>
      <translation type="obsolete">BalancedNoise : bruit dans ±b, b indépendant des données ((ε, δ), alg. 5 ; protège un déplacement, pas un véhicule)</translation>
    </message>
    <message>
      <source>balanced noise|noise within ±b, b independent of the data ((ε, δ), Alg. 5)</source>
      <translation type="obsolete">bruit équilibré|bruit dans ±b, b indépendant des données ((ε, δ), alg. 5)</translation>
    </message>
    <message>
      <source>noise within ±b, b independent of the data ((ε, δ), Alg. 5)</source>
      <translation type="obsolete">bruit dans ±b, b indépendant des données ((ε, δ), alg. 5)</translation>
    </message>
    <message>
      <source>Central: a trusted curator bounds each vehicle and adds noise once (ε-DP per vehicle; the default)</source>
      <translation type="obsolete">Central : un curateur de confiance borne chaque véhicule et ajoute le bruit une fois (ε-DP par véhicule ; par défaut)</translation>
    </message>
    <message>
      <source>UniversalNoise: Laplace on every count (thesis Alg. 3; protects one move, not a vehicle)</source>
      <translation type="obsolete">UniversalNoise : Laplace sur chaque comptage (alg. 3 de la thèse ; protège un déplacement, pas un véhicule)</translation>
    </message>
    <message>
      <source>trusted curator|a trusted curator bounds each vehicle and adds noise once (ε-DP per vehicle)</source>
      <translation type="obsolete">curateur de confiance|un curateur de confiance borne chaque véhicule et ajoute le bruit une fois (ε-DP par véhicule)</translation>
    </message>
    <message>
      <source>a trusted curator bounds each vehicle and adds noise once (ε-DP per vehicle)</source>
      <translation type="obsolete">un curateur de confiance borne chaque véhicule et ajoute le bruit une fois (ε-DP par véhicule)</translation>
    </message>
    <message>
      <source>universal noise|Laplace on every count (thesis Alg. 3)</source>
      <translation type="obsolete">bruit universel|Laplace sur chaque comptage (alg. 3 de la thèse)</translation>
    </message>
    <message>
      <source>Laplace on every count (thesis Alg. 3)</source>
      <translation type="obsolete">Laplace sur chaque comptage (alg. 3 de la thèse)</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Method&lt;/b&gt; (value stored in models and scripts in brackets): &lt;i&gt;UniversalNoise&lt;/i&gt; [&lt;code&gt;universal&lt;/code&gt;] adds Laplace noise of scale Δ/ε to every count; &lt;i&gt;BalancedNoise&lt;/i&gt; [&lt;code&gt;balanced&lt;/code&gt;] truncates it to ±b with b = (Δ/ε)·ln((e^ε+1)/δ), which does not depend on the data: (ε, δ)-DP; &lt;i&gt;BoundedNoise&lt;/i&gt; [&lt;code&gt;bounded&lt;/code&gt;] truncates it to ±(true count): a zero stays zero, so it shows which moves every vehicle made — NOT differentially private, offered only to compare with the thesis; &lt;i&gt;Central&lt;/i&gt; [&lt;code&gt;central&lt;/code&gt;]: a trusted curator bounds what each vehicle contributes and adds noise once to the total: ε-DP for a whole vehicle, far less noise than per-vehicle noise at the same ε.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Méthode&lt;/b&gt; (valeur stockée dans les modèles et les scripts entre crochets) : &lt;i&gt;UniversalNoise&lt;/i&gt; [&lt;code&gt;universal&lt;/code&gt;] ajoute un bruit de Laplace d'échelle Δ/ε à chaque comptage ; &lt;i&gt;BalancedNoise&lt;/i&gt; [&lt;code&gt;balanced&lt;/code&gt;] le tronque à ±b avec b = (Δ/ε)·ln((e^ε+1)/δ), qui ne dépend pas des données : (ε, δ)-DP ; &lt;i&gt;BoundedNoise&lt;/i&gt; [&lt;code&gt;bounded&lt;/code&gt;] le tronque à ±(vrai comptage) : un zéro reste zéro, ce qui montre quels déplacements chaque véhicule a faits — PAS différentiellement privé, proposé uniquement pour comparer avec la thèse ; &lt;i&gt;Central&lt;/i&gt; [&lt;code&gt;central&lt;/code&gt;] : un curateur de confiance borne la contribution de chaque véhicule et ajoute le bruit une seule fois au total : ε-DP pour un véhicule entier, bien moins de bruit que le bruit par véhicule au même ε.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Start (a midnight, ISO 8601, UTC)</source>
      <translation type="obsolete">Début (un minuit, ISO 8601, UTC)</translation>
    </message>
    <message>
      <source>BalancedNoise: noise within ±b, b independent of the data ((ε, δ), Alg. 5)</source>
      <translation type="obsolete">BalancedNoise : bruit dans ±b, b indépendant des données ((ε, δ), alg. 5)</translation>
    </message>
    <message>
      <source>BalancedNoise</source>
      <translation type="obsolete">BalancedNoise</translation>
    </message>
    <message>
      <source>BoundedNoise: noise within ±count (thesis Alg. 4; NOT differentially private)</source>
      <translation type="obsolete">BoundedNoise : bruit dans ±comptage (alg. 4 de la thèse ; PAS différentiellement privé)</translation>
    </message>
    <message>
      <source>BoundedNoise</source>
      <translation type="obsolete">BoundedNoise</translation>
    </message>
    <message>
      <source>Central: a trusted curator bounds each vehicle and adds noise once (ε-DP per vehicle)</source>
      <translation type="obsolete">Central : un curateur de confiance borne chaque véhicule et ajoute le bruit une fois (ε-DP par véhicule)</translation>
    </message>
    <message>
      <source>Central</source>
      <translation type="obsolete">Central</translation>
    </message>
    <message>
      <source>UniversalNoise: Laplace on every count (thesis Alg. 3)</source>
      <translation type="obsolete">UniversalNoise : Laplace sur chaque comptage (alg. 3 de la thèse)</translation>
    </message>
    <message>
      <source>UniversalNoise</source>
      <translation type="obsolete">UniversalNoise</translation>
    </message>
    <message>
      <source>in [0, 1); BalancedNoise only</source>
      <translation type="obsolete">dans [0, 1) ; BalancedNoise uniquement</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Start&lt;/b&gt; / &lt;b&gt;end&lt;/b&gt; (optional): the time window; only trips that start and end inside it count (trips without times are then dropped).&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Début&lt;/b&gt; / &lt;b&gt;fin&lt;/b&gt; (facultatifs) : la fenêtre de temps ; seuls comptent les trajets qui commencent et finissent dedans (les trajets sans horaires sont alors écartés).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Start of the time window</source>
      <translation type="obsolete">Début de la fenêtre de temps</translation>
    </message>
    <message>
      <source>End of the time window</source>
      <translation type="obsolete">Fin de la fenêtre de temps</translation>
    </message>
    <message>
      <source>Directed people per pair (main ordered pair)</source>
      <translation type="obsolete">Personnes par paire principale orientée</translation>
    </message>
    <message>
      <source>EFPA_G|clustering + Fourier (DCT) perturbation with Gaussian noise, (ε, δ)-DP</source>
      <translation type="obsolete">EFPA_G|regroupement + perturbation de Fourier (DCT) avec bruit gaussien, (ε, δ)-DP</translation>
    </message>
    <message>
      <source>EFPA_G</source>
      <translation type="obsolete">EFPA_G</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Publish&lt;/b&gt; (people per pair): &lt;i&gt;trips&lt;/i&gt; (default) scales people per pair by the trips per person of a noisy total (&lt;b&gt;share of ε for the trip scale&lt;/b&gt;, users and their trips up to the &lt;b&gt;cap M&lt;/b&gt;); &lt;i&gt;people&lt;/i&gt; publishes people per pair. &lt;b&gt;Directed&lt;/b&gt; counts each user on their main &lt;i&gt;ordered&lt;/i&gt; pair (default: unordered, split evenly between the two directions). The interval of each value (lower95, upper95) is the 95 % confidence interval of the people count from the noise law (it covers every true count at 95 %), times the trip scale: it ignores the scale's noise and the trips off the main pairs. Flow lines are drawn where the noisy people count exceeds the simultaneous 95 % margin over all pairs. At census zones (about a thousand zones, a few thousand users) a pair holds about one person, less than the noise of a million values reaches: at ε = 1 no pair passes and the map is empty by design (the report says so); on a 1 km grid the same default draws the busiest pairs.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Publier&lt;/b&gt; (personnes par paire) : &lt;i&gt;trips&lt;/i&gt; (par défaut) multiplie les personnes par paire par les trajets par personne d'un total bruité (&lt;b&gt;part de ε pour l'échelle de trajets&lt;/b&gt;, utilisateurs et leurs trajets jusqu'au &lt;b&gt;plafond M&lt;/b&gt;) ; &lt;i&gt;people&lt;/i&gt; publie les personnes par paire. &lt;b&gt;Orientées&lt;/b&gt; compte chaque utilisateur sur sa paire &lt;i&gt;ordonnée&lt;/i&gt; principale (par défaut : non ordonnée, répartie à parts égales entre les deux sens). L'intervalle de chaque valeur (lower95, upper95) est l'intervalle de confiance à 95 % du comptage de personnes d'après la loi du bruit (il couvre chaque vrai comptage à 95 %), multiplié par l'échelle de trajets : il ignore le bruit de l'échelle et les trajets hors des paires principales. Les lignes de flux sont dessinées là où le comptage bruité de personnes dépasse la marge simultanée à 95 % sur toutes les paires. Sur des zones de recensement (environ un millier de zones, quelques milliers d'utilisateurs), une paire contient environ une personne, moins que ce qu'atteint le bruit d'un million de valeurs : à ε = 1 aucune paire ne passe et la carte est vide par construction (le rapport le dit) ; sur une grille de 1 km, le même réglage par défaut dessine les paires les plus fréquentées.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Public regions&lt;/b&gt; (people per pair; 0 = off): squares of this size (metres, in the metric frame) group the zones whose centroid they hold; 20 % of the people's ε then counts the same users per pair of regions, and the region flows are made consistent with the zone pairs by least squares. The optional output &lt;b&gt;region flow lines&lt;/b&gt; draws the pairs of two regions whose 95 % interval excludes 0 (intervals simulated from the public noise law; they cover the true count at 95 %): at census zones, where no zone pair stands out of the noise, the regions show where people go. The zone values then get 80 % of the people's ε.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Régions publiques&lt;/b&gt; (personnes par paire ; 0 = désactivé) : des carrés de cette taille (mètres, dans le repère métrique) regroupent les zones dont ils contiennent le centroïde ; 20 % du ε des personnes compte alors les mêmes utilisateurs par paire de régions, et les flux entre régions sont rendus cohérents avec les paires de zones par moindres carrés. La sortie facultative &lt;b&gt;lignes de flux entre régions&lt;/b&gt; dessine les paires de deux régions dont l'intervalle à 95 % exclut 0 (intervalles simulés à partir de la loi publique du bruit ; ils couvrent le vrai compte à 95 %) : aux zones de recensement, où aucune paire de zones ne sort du bruit, les régions montrent où vont les gens. Les valeurs des zones reçoivent alors 80 % du ε des personnes.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Share of ε for the noisy total&lt;/b&gt; (0 = off): sampling drops the trips of users above m. With a share s &amp;gt; 0, the fraction s of ε releases two noisy totals (the sampled trips, and the extra trips up to the &lt;b&gt;cap M per user&lt;/b&gt; ≥ m) and the flows are scaled by their ratio to estimate the trips up to M per user; the rest of ε goes to the OD matrix. Costs are computed and shown. The scaling multiplies the noise too: it corrects the level of large flows and of totals, but on a sparse matrix (many zones, few trips) it raises the error of the typical pair (see the peer benchmark in &lt;code&gt;benchmarks/peer_dpmr.py&lt;/code&gt;).&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Part de ε pour le total bruité&lt;/b&gt; (0 = désactivé) : l'échantillonnage écarte les trajets des utilisateurs au-delà de m. Avec une part s &amp;gt; 0, la fraction s de ε publie deux totaux bruités (les trajets échantillonnés, et les trajets supplémentaires jusqu'au &lt;b&gt;plafond M par utilisateur&lt;/b&gt; ≥ m) et les flux sont multipliés par leur rapport pour estimer les trajets jusqu'à M par utilisateur ; le reste de ε va à la matrice OD. Les coûts sont calculés et affichés. La mise à l'échelle multiplie aussi le bruit : elle corrige le niveau des grands flux et des totaux, mais sur une matrice éparse (beaucoup de zones, peu de trajets) elle augmente l'erreur de la paire typique (voir le banc d'essai comparatif dans &lt;code&gt;benchmarks/peer_dpmr.py&lt;/code&gt;).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;OD method&lt;/b&gt;: as in OD flows of trips (below); people per pair are published as trips per ordered pair (people × the trips per person of the trip scale, an unordered pair split evenly between its directions). &lt;b&gt;Visits method&lt;/b&gt;: &lt;i&gt;shrunk&lt;/i&gt; (default) counts the trip ends of the sampled trips (each user ≤ m trips, sensitivity 2m), adds the noise, then shrinks the noisy counts towards the mean of the zones by the share of the noise in their spread (Fay–Herriot, no privacy cost) and scales them by the trip scale to estimate the visits of all trips up to M per user; &lt;i&gt;plain&lt;/i&gt; publishes the noisy counts of the sampled trips. The &lt;b&gt;trip scale&lt;/b&gt; (users, trips up to m and up to the &lt;b&gt;cap M&lt;/b&gt; per user, one noisy release) takes the &lt;b&gt;share of ε for the trip scale&lt;/b&gt; when either method uses it; the statistics share the rest. The margins of shrunk or scaled values are those of the noisy counts times the scale: they describe the noise (and ignore the scale's own noise), not the error of a shrunk value, whose coverage is not guaranteed.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Méthode OD&lt;/b&gt; : comme dans Flux OD des trajets (ci-dessous) ; les personnes par paire sont publiées comme trajets par paire ordonnée (personnes × les trajets par personne de l'échelle de trajets, une paire non ordonnée étant répartie à parts égales entre ses sens). &lt;b&gt;Méthode des visites&lt;/b&gt; : &lt;i&gt;shrunk&lt;/i&gt; (par défaut) compte les extrémités des trajets échantillonnés (chaque utilisateur ≤ m trajets, sensibilité 2m), ajoute le bruit, puis rétrécit les comptages bruités vers la moyenne des zones selon la part du bruit dans leur dispersion (Fay–Herriot, sans coût de confidentialité) et les multiplie par l'échelle de trajets pour estimer les visites de tous les trajets jusqu'à M par utilisateur ; &lt;i&gt;plain&lt;/i&gt; publie les comptages bruités des trajets échantillonnés. L'&lt;b&gt;échelle de trajets&lt;/b&gt; (utilisateurs, trajets jusqu'à m et jusqu'au &lt;b&gt;plafond M&lt;/b&gt; par utilisateur, une publication bruitée) prend la &lt;b&gt;part de ε pour l'échelle de trajets&lt;/b&gt; lorsqu'une des méthodes l'utilise ; les statistiques se partagent le reste. Les marges des valeurs rétrécies ou mises à l'échelle sont celles des comptages bruités multipliées par l'échelle : elles décrivent le bruit (et ignorent le bruit propre de l'échelle), pas l'erreur d'une valeur rétrécie, dont la couverture n'est pas garantie.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;{counted}: {k} of {n} pairs of two regions have a 95 % interval above 0 (drawn as region flow lines). Their intervals are simulated from the public noise law ({draws} draws) and cover the true count at 95 % whatever it is; with no flow at all, about 2.5 % of the pairs would still pass. ε of the regions: {eps:g}.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;{counted} : {k} des {n} paires de deux régions ont un intervalle à 95 % au-dessus de 0 (dessinées en lignes de flux entre régions). Leurs intervalles sont simulés à partir de la loi publique du bruit ({draws} tirages) et couvrent le vrai compte à 95 % quel qu'il soit ; sans aucun flux, environ 2,5 % des paires passeraient encore. ε des régions : {eps:g}.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;From bounded trips the report holds only what the tables count: &lt;b&gt;OD flows&lt;/b&gt; (both methods) and &lt;b&gt;trips per user&lt;/b&gt;. Every other statistic (visits per zone and time window, trips over time and per day, trip length, travel time, radius of gyration, zones per user, mobility entropy, time between trips) needs the trips themselves: set its weight to 0 (the run is refused otherwise, before anything is read or charged).&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;À partir de trajets bornés, le rapport ne contient que ce que les tables comptent : les &lt;b&gt;flux OD&lt;/b&gt; (les deux méthodes) et les &lt;b&gt;trajets par utilisateur&lt;/b&gt;. Toutes les autres statistiques (visites par zone et fenêtre temporelle, trajets dans le temps et par jour, longueur des trajets, durée de trajet, rayon de giration, zones par utilisateur, entropie de mobilité, temps entre trajets) ont besoin des trajets eux-mêmes : mettez leur poids à 0 (sinon l'exécution est refusée, avant toute lecture et toute imputation).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;The synthetic people are then drawn from the model: each gets a home point and a point at the other end of their main pair (uniform inside the zones, or drawn from the optional public &lt;b&gt;weighting points&lt;/b&gt;), trips that alternate between them, other trips, start and end times inside the time window and a synthetic user id. Where most of the released consecutive trips follow each other, each person's trips are drawn as a chain of stops: every trip starts at the point where their previous trip ended, and their days run from home in time order. The output is a line layer (one line per trip) whose rows are shuffled; it plays in the Temporal Controller (start → end).&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;Les personnes synthétiques sont ensuite tirées du modèle : chacune reçoit un point de domicile et un point à l'autre extrémité de sa paire principale (uniformes dans les zones, ou tirés des &lt;b&gt;points de pondération&lt;/b&gt; publics facultatifs), des trajets qui alternent entre eux, d'autres trajets, des heures de début et de fin dans la fenêtre de temps et un identifiant d'utilisateur synthétique. Là où la plupart des trajets consécutifs publiés s'enchaînent, les trajets de chaque personne sont tirés comme une chaîne d'arrêts : chaque trajet part du point où son trajet précédent s'est arrêté, et ses journées partent du domicile dans l'ordre du temps. La sortie est une couche de lignes (une ligne par trajet) dont les lignes de table sont mélangées ; elle se joue dans le contrôleur temporel (début → fin).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;visits&lt;/b&gt; (default): every person keeps at most k of their distinct (tower, slot) visits, chosen at random: k = 1 below ε = 0.5 and k = ℓ from there (a public rule: with little budget one visit per person carries the least noise; with more, keeping more visits removes the bias described below). The tower × slot matrix of these visits gets discrete Laplace noise (k = 1: one person changes one entry by 1, so δ is not spent) or discrete Gaussian noise (k &amp;gt; 1: one person changes at most k entries by 1, L2 sensitivity √k). The noisy matrix is denoised by optimal singular-value shrinkage (Gavish &amp;amp; Donoho 2017): a week of counts follows a few common daily rhythms, and singular values below the largest a noise-only matrix reaches are dropped, so noise alone gives zeros, not invented structure. 5 % of ε pays for a noisy count of all visits (each person's capped at B = the number of slots, at least ℓ; L1 sensitivity B), whose ratio to the noisy kept visits scales the result back up; Formula 1 maps the towers to the census cells. That scaling assumes the cap removes the same share of visits everywhere: with k = 1 each person's one visit stands for all of theirs, so people with many visits weigh less than they should where they gather (on the synthetic benchmark this bias alone is a mean relative error of 0.07). No margin of error is published (the shrinkage is biased towards the common rhythms). It needs the events layer (not a bounded-counts table). Measured on synthetic weeks (benchmarks/density.py, ℓ = 30): with 2 million people its mean relative error is 0.67×, 0.54× and 0.48× EFPA_G's at ε = 0.1, 0.3 and 1; with 250,000 people it is about equal to EFPA_G's at ε = 0.3, better at ε = 1 (0.4–0.8×) but clearly worse at ε = 0.1 (1.8×), where EFPA_G's spatial clusters pool the sparse counts: for a small population at a small ε choose efpa_g.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;visits&lt;/b&gt; (par défaut) : chaque personne garde au plus k de ses visites (antenne, créneau) distinctes, tirées au hasard : k = 1 sous ε = 0,5 et k = ℓ à partir de là (une règle publique : avec peu de budget, une visite par personne porte le moins de bruit ; avec plus, garder plus de visites supprime le biais décrit plus bas). La matrice antenne × créneau de ces visites reçoit un bruit de Laplace discret (k = 1 : une personne modifie une entrée de 1, donc δ n'est pas dépensé) ou un bruit gaussien discret (k &amp;gt; 1 : une personne modifie au plus k entrées de 1, sensibilité L2 √k). La matrice bruitée est débruitée par un rétrécissement optimal des valeurs singulières (Gavish &amp;amp; Donoho 2017) : une semaine de comptages suit quelques rythmes quotidiens communs, et les valeurs singulières inférieures à la plus grande qu'atteint une matrice de bruit pur sont supprimées, si bien que du bruit seul donne des zéros, pas une structure inventée. 5 % de ε paient un comptage bruité de toutes les visites (celles de chaque personne plafonnées à B = le nombre de créneaux, au moins ℓ ; sensibilité L1 B), dont le rapport aux visites conservées bruitées remet le résultat à l'échelle ; la formule 1 transpose les antennes vers les mailles de recensement. Cette mise à l'échelle suppose que le plafond retire partout la même part des visites : avec k = 1, la visite unique de chaque personne représente toutes les siennes, si bien que les personnes ayant beaucoup de visites pèsent moins qu'elles ne devraient là où elles se rassemblent (sur le banc d'essai synthétique, ce biais seul représente une erreur relative moyenne de 0,07). Aucune marge d'erreur n'est publiée (le rétrécissement est biaisé vers les rythmes communs). Elle exige la couche d'événements (pas une table de comptages bornés). Mesuré sur des semaines synthétiques (benchmarks/density.py, ℓ = 30) : avec 2 millions de personnes son erreur relative moyenne vaut 0,67×, 0,54× et 0,48× celle d'EFPA_G à ε = 0,1, 0,3 et 1 ; avec 250 000 personnes elle est à peu près égale à celle d'EFPA_G à ε = 0,3, meilleure à ε = 1 (0,4–0,8×) mais nettement moins bonne à ε = 0,1 (1,8×), où les groupes spatiaux d'EFPA_G mettent en commun les comptages épars : pour une petite population à petit ε, choisissez efpa_g.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Delta&lt;/b&gt;: default 2·10⁻⁶ as in the paper; keep it below 1/(number of users). efpa_g spends it, and visits when it keeps more than one visit per person (ε ≥ 0.5); lpa, lpa_direct and efpa spend no δ.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Delta&lt;/b&gt; : 2·10⁻⁶ par défaut comme dans l'article ; le garder sous 1/(nombre d'utilisateurs). efpa_g le dépense, ainsi que visits lorsqu'elle garde plus d'une visite par personne (ε ≥ 0,5) ; lpa, lpa_direct et efpa ne dépensent aucun δ.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>distinct people per tower|distinct people per tower and slot, Gaussian noise on every tower × slot count, low-rank denoising, (ε, δ)-DP (default)</source>
      <translation type="obsolete">personnes distinctes par antenne|personnes distinctes par antenne et créneau, bruit gaussien sur chaque comptage antenne × créneau, débruitage de rang faible, (ε, δ)-DP (par défaut)</translation>
    </message>
    <message>
      <source>distinct people per tower and slot, Gaussian noise on every tower × slot count, low-rank denoising, (ε, δ)-DP (default)</source>
      <translation type="obsolete">personnes distinctes par antenne et créneau, bruit gaussien sur chaque comptage antenne × créneau, débruitage de rang faible, (ε, δ)-DP (par défaut)</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;OD method&lt;/b&gt;: as in OD flows of trips (below); people per pair are published as trips per ordered pair (people × the trips per person of the trip scale, an unordered pair split evenly between its directions). &lt;b&gt;Visits method&lt;/b&gt;: &lt;i&gt;shrunk&lt;/i&gt; (default) counts the trip ends of the sampled trips (each user ≤ m trips, sensitivity 2m), adds the noise, then shrinks the noisy counts towards a law fitted on them (empirical Bayes, no privacy cost) and scales them by the trip scale to estimate the visits of all trips up to M per user; &lt;i&gt;plain&lt;/i&gt; publishes the noisy counts of the sampled trips. The &lt;b&gt;trip scale&lt;/b&gt; (users, trips up to m and up to the &lt;b&gt;cap M&lt;/b&gt; per user, one noisy release) takes the &lt;b&gt;share of ε for the trip scale&lt;/b&gt; when either method uses it; the statistics share the rest. The margins of shrunk or scaled values are those of the noisy counts times the scale: they describe the noise (and ignore the scale's own noise), not the error of a shrunk value, whose coverage is not guaranteed.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Méthode OD&lt;/b&gt; : comme dans Flux OD des trajets (ci-dessous) ; les personnes par paire sont publiées comme trajets par paire ordonnée (personnes × les trajets par personne de l'échelle de trajets, une paire non ordonnée étant répartie à parts égales entre ses sens). &lt;b&gt;Méthode des visites&lt;/b&gt; : &lt;i&gt;shrunk&lt;/i&gt; (par défaut) compte les extrémités des trajets échantillonnés (chaque utilisateur ≤ m trajets, sensibilité 2m), ajoute le bruit, puis rétrécit les comptages bruités vers une loi ajustée sur eux (Bayes empirique, sans coût de confidentialité) et les multiplie par l'échelle de trajets pour estimer les visites de tous les trajets jusqu'à M par utilisateur ; &lt;i&gt;plain&lt;/i&gt; publie les comptages bruités des trajets échantillonnés. L'&lt;b&gt;échelle de trajets&lt;/b&gt; (utilisateurs, trajets jusqu'à m et jusqu'au &lt;b&gt;plafond M&lt;/b&gt; par utilisateur, une publication bruitée) prend la &lt;b&gt;part de ε pour l'échelle de trajets&lt;/b&gt; lorsqu'une des méthodes l'utilise ; les statistiques se partagent le reste. Les marges des valeurs rétrécies ou mises à l'échelle sont celles des comptages bruités multipliées par l'échelle : elles décrivent le bruit (et ignorent le bruit propre de l'échelle), pas l'erreur d'une valeur rétrécie, dont la couverture n'est pas garantie.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;A trips layer that analysts can load into any tool, drawn from a generative model fitted under differential privacy for each user. The model has parts, each a histogram in which one person's contribution is bounded by public parameters, released once with noise calibrated to that bound and a fixed share of ε: people by their number of trips in the window (capped at M) and the share of those on their &lt;i&gt;main pair&lt;/i&gt; (their most frequent pair of zones); each person's main pair, oriented from its home end (each person counted once), with the number of people per home zone and per main-end zone and the distance between home and main end (used where the pairs are sparse: many more pairs of zones than people); where their other trips start and end (at home, at the main end, or elsewhere, and which zones elsewhere; each person's weights sum to 1); the straight distance of the other trips (500 m bands), the detour (length / distance), the weekday and hour of the start (by trip class where the data are large enough for the noise), and the travel time (by distance class where large enough). The report lists every part with its ε and sensitivity.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;Une couche de trajets que les analystes peuvent charger dans n'importe quel outil, tirée d'un modèle génératif ajusté sous confidentialité différentielle pour chaque utilisateur. Le modèle a des parties, chacune un histogramme dans lequel la contribution d'une personne est bornée par des paramètres publics, publié une fois avec un bruit calibré sur cette borne et une part fixe de ε : les personnes selon leur nombre de trajets dans la fenêtre (plafonné à M) et la part de ceux-ci sur leur &lt;i&gt;paire principale&lt;/i&gt; (leur paire de zones la plus fréquente) ; la paire principale de chaque personne, orientée depuis son extrémité domicile (chaque personne comptée une fois), avec le nombre de personnes par zone de domicile et par zone d'extrémité principale et la distance entre domicile et extrémité principale (utilisée là où les paires sont éparses : bien plus de paires de zones que de personnes) ; où leurs autres trajets commencent et finissent (au domicile, à l'extrémité principale, ou ailleurs, et dans quelles zones ailleurs ; les poids de chaque personne somment à 1) ; la distance en ligne droite des autres trajets (bandes de 500 m), le détour (longueur / distance), le jour de la semaine et l'heure de départ (par classe de trajet là où les données sont assez grandes pour le bruit), et la durée du trajet (par classe de distance là où c'est assez grand). Le rapport liste chaque partie avec son ε et sa sensibilité.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;The synthetic people are then drawn from the model: each gets a home point and a point at the other end of their main pair (uniform inside the zones, or drawn from the optional public &lt;b&gt;weighting points&lt;/b&gt;), trips that alternate between them, other trips, start and end times inside the time window and a synthetic user id. The output is a line layer (one line per trip) whose rows are shuffled; it plays in the Temporal Controller (start → end).&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;Les personnes synthétiques sont ensuite tirées du modèle : chacune reçoit un point de domicile et un point à l'autre extrémité de sa paire principale (uniformes dans les zones, ou tirés des &lt;b&gt;points de pondération&lt;/b&gt; publics facultatifs), des trajets qui alternent entre eux, d'autres trajets, des heures de début et de fin dans la fenêtre de temps et un identifiant d'utilisateur synthétique. La sortie est une couche de lignes (une ligne par trajet) dont les lignes de table sont mélangées ; elle se joue dans le contrôleur temporel (début → fin).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Use them&lt;/b&gt; to develop and test models and tools (traffic assignment, accessibility, trajectory tools), for the shape of trip length, start time, travel time and trips per person, for where trips start by zone and hour on coarse zones (a 1 km grid or coarser), and for each person's pattern (a person's trips concentrate on their home–main pair), which no aggregate keeps.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Utilisez-les&lt;/b&gt; pour développer et tester des modèles et des outils (affectation de trafic, accessibilité, outils de trajectoires), pour la forme de la longueur des trajets, de l'heure de départ, de la durée et des trajets par personne, pour l'endroit où les trajets commencent par zone et par heure sur des zones grossières (une grille de 1 km ou plus grossière), et pour le schéma de chaque personne (les trajets d'une personne se concentrent sur sa paire domicile–principale), qu'aucun agrégat ne conserve.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Do not use them&lt;/b&gt; for OD flows between census zones (a used pair holds about one person, and a few thousand synthetic people spread over a million pairs: the flows are noise) — use &lt;i&gt;OD flows of trips&lt;/i&gt; (people per pair) for that; nor for small areas, rare trips, exact counts or anything about a particular person. Every figure computed from them carries the noise of the model on top of the sampling of the draw; direct releases of a statistic are more accurate for that statistic. Multi-stop trajectories are not modelled (a trip has one origin and one destination), nor the order of a person's trips in a day.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Ne les utilisez pas&lt;/b&gt; pour des flux OD entre zones de recensement (une paire utilisée contient environ une personne, et quelques milliers de personnes synthétiques réparties sur un million de paires : les flux sont du bruit) — utilisez pour cela &lt;i&gt;Flux OD des trajets&lt;/i&gt; (personnes par paire) ; ni pour de petites zones, des trajets rares, des comptages exacts ou quoi que ce soit concernant une personne particulière. Chaque chiffre calculé à partir d'eux porte le bruit du modèle en plus de l'échantillonnage du tirage ; les publications directes d'une statistique sont plus précises pour cette statistique. Les trajectoires à plusieurs arrêts ne sont pas modélisées (un trajet a une origine et une destination), ni l'ordre des trajets d'une personne dans une journée.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Maximum change of one count by one individual (c)</source>
      <translation type="obsolete">Modification maximale d'un comptage par un individu (c)</translation>
    </message>
    <message>
      <source>Fields to copy to the output (never the count field)</source>
      <translation type="obsolete">Champs à copier dans la sortie (jamais le champ de comptage)</translation>
    </message>
    <message>
      <source>Epsilon (ε): privacy loss of this release, &gt; 0</source>
      <translation type="obsolete">Epsilon (ε) : perte de confidentialité de cette publication, &gt; 0</translation>
    </message>
    <message>
      <source>Delta (δ) in [0, 1): used by the Gaussian mechanisms only</source>
      <translation type="obsolete">Delta (δ) dans [0, 1) : utilisé par les mécanismes gaussiens uniquement</translation>
    </message>
    <message>
      <source>Seed (empty = secure randomness; a seeded run is not for publication)</source>
      <translation type="obsolete">Graine (vide = aléa sûr ; une exécution avec graine n'est pas publiable)</translation>
    </message>
    <message>
      <source>Privacy ledger (JSON file, created if missing)</source>
      <translation type="obsolete">Registre de confidentialité (fichier JSON, créé s'il n'existe pas)</translation>
    </message>
    <message>
      <source>Dataset id in the ledger (default: the input file's path)</source>
      <translation type="obsolete">Identifiant du jeu de données dans le registre (par défaut : le chemin du fichier en entrée)</translation>
    </message>
    <message>
      <source>Total budget ε of the dataset (required on first ledger use)</source>
      <translation type="obsolete">Budget total ε du jeu de données (obligatoire à la première utilisation du registre)</translation>
    </message>
    <message>
      <source>Internal report (raw-data facts: do not publish)</source>
      <translation type="obsolete">Rapport interne (faits sur les données brutes : ne pas publier)</translation>
    </message>
    <message>
      <source>k-ary randomized response over the cells (plain ε, no metric, for comparison)</source>
      <translation type="obsolete">réponse aléatoire k-aire sur les cellules (ε simple, sans métrique, pour comparaison)</translation>
    </message>
    <message>
      <source>Privacy level L (with a radius r: ε = L/r per metre)</source>
      <translation type="obsolete">Niveau de confidentialité L (avec un rayon r : ε = L/r par mètre)</translation>
    </message>
    <message>
      <source>Radius r in metres (empty: use Epsilon per metre)</source>
      <translation type="obsolete">Rayon r en mètres (vide : utiliser Epsilon par mètre)</translation>
    </message>
    <message>
      <source>Study area: remap reports into it (planar Laplace)</source>
      <translation type="obsolete">Zone d'étude : y ramener les rapports (Laplace planaire)</translation>
    </message>
    <message>
      <source>Allow more than half the points outside the grid or study area</source>
      <translation type="obsolete">Autoriser plus de la moitié des points hors de la grille ou de la zone d'étude</translation>
    </message>
    <message>
      <source>User id field (empty: each point protected on its own)</source>
      <translation type="obsolete">Champ d'identifiant utilisateur (vide : chaque point protégé séparément)</translation>
    </message>
    <message>
      <source>Maximum points per user m (with a user field; cost m·ε)</source>
      <translation type="obsolete">Nombre maximal de points par utilisateur m (avec un champ utilisateur ; coût m·ε)</translation>
    </message>
    <message>
      <source>refuse the run, naming a user above the maximum</source>
      <translation type="obsolete">refuser l'exécution, en nommant un utilisateur au-delà du maximum</translation>
    </message>
    <message>
      <source>Mechanism the points were perturbed with</source>
      <translation type="obsolete">Mécanisme avec lequel les points ont été perturbés</translation>
    </message>
    <message>
      <source>Epsilon the points were perturbed with (nothing is spent)</source>
      <translation type="obsolete">Epsilon avec lequel les points ont été perturbés (rien n'est dépensé)</translation>
    </message>
    <message>
      <source>Grid extent (the one used to perturb; empty for planar Laplace: the reports' extent)</source>
      <translation type="obsolete">Emprise de la grille (celle utilisée pour perturber ; vide pour le Laplace planaire : l'emprise des rapports)</translation>
    </message>
    <message>
      <source>Allow more than half the reports outside the grid</source>
      <translation type="obsolete">Autoriser plus de la moitié des rapports hors de la grille</translation>
    </message>
    <message>
      <source>Tower id field (optional; default: feature id)</source>
      <translation type="obsolete">Champ d'identifiant d'antenne (facultatif ; par défaut : identifiant d'entité)</translation>
    </message>
    <message>
      <source>Study area (optional; default: buffered convex hull of the points)</source>
      <translation type="obsolete">Zone d'étude (facultative ; par défaut : enveloppe convexe des points avec un tampon)</translation>
    </message>
    <message>
      <source>Buffer around the convex hull when no study area is given (metres)</source>
      <translation type="obsolete">Tampon autour de l'enveloppe convexe en l'absence de zone d'étude (mètres)</translation>
    </message>
    <message>
      <source>Merge towers closer than (metres; 0 = identical positions only)</source>
      <translation type="obsolete">Fusionner les antennes plus proches que (mètres ; 0 = positions identiques seulement)</translation>
    </message>
    <message>
      <source>Id field of A (optional; default: feature id)</source>
      <translation type="obsolete">Champ d'identifiant de A (facultatif ; par défaut : identifiant d'entité)</translation>
    </message>
    <message>
      <source>Id field of B (optional; default: feature id)</source>
      <translation type="obsolete">Champ d'identifiant de B (facultatif ; par défaut : identifiant d'entité)</translation>
    </message>
    <message>
      <source>Minimum overlap area (m²; smaller overlaps are slivers)</source>
      <translation type="obsolete">Surface minimale de chevauchement (m² ; les chevauchements plus petits sont des éclats)</translation>
    </message>
    <message>
      <source>Minimum overlap fraction of the smaller cell, in [0, 1)</source>
      <translation type="obsolete">Fraction minimale de chevauchement de la plus petite cellule, dans [0, 1)</translation>
    </message>
    <message>
      <source>Vehicles with GPS trajectories (0 = none)</source>
      <translation type="obsolete">Véhicules avec trajectoires GPS (0 = aucun)</translation>
    </message>
    <message>
      <source>User field (the unit of privacy) (empty: a field named user_id, userid, user, uid, …)</source>
      <translation type="obsolete">Champ utilisateur (l'unité de confidentialité) (vide : un champ nommé user_id, userid, user, uid, …)</translation>
    </message>
    <message>
      <source>Start of the period (ISO 8601, UTC)</source>
      <translation type="obsolete">Début de la période (ISO 8601, UTC)</translation>
    </message>
    <message>
      <source>Trajectory points (or lines with time as M)</source>
      <translation type="obsolete">Points de trajectoires (ou lignes avec le temps en M)</translation>
    </message>
    <message>
      <source>Vehicle field (the unit of privacy) (empty: a field named vehicle_id, vehicleid, vehicle, vid, …)</source>
      <translation type="obsolete">Champ véhicule (l'unité de confidentialité) (vide : un champ nommé vehicle_id, vehicleid, vehicle, vid, …)</translation>
    </message>
    <message>
      <source>Time field (required for points; lines carry time as M)</source>
      <translation type="obsolete">Champ d'horodatage (obligatoire pour des points ; les lignes portent le temps en M)</translation>
    </message>
    <message>
      <source>The territory has holes (accept holes between cells)</source>
      <translation type="obsolete">Le territoire a des trous (accepter des trous entre les cellules)</translation>
    </message>
    <message>
      <source>Central, distinct rule: times each move counts (k)</source>
      <translation type="obsolete">Central, règle distincte : nombre de fois que compte chaque déplacement (k)</translation>
    </message>
    <message>
      <source>Sketch hash seed (shared by vehicles and coordinator)</source>
      <translation type="obsolete">Graine de hachage du sketch (partagée par les véhicules et le coordinateur)</translation>
    </message>
    <message>
      <source>Delta (δ) in [0, 1): BalancedNoise only</source>
      <translation type="obsolete">Delta (δ) dans [0, 1) : BalancedNoise uniquement</translation>
    </message>
    <message>
      <source>Metric CRS for computing (empty: from the public layers)</source>
      <translation type="obsolete">SCR métrique de calcul (vide : déduit des couches publiques)</translation>
    </message>
    <message>
      <source>True flows (internal: raw data, not for publication)</source>
      <translation type="obsolete">Flux réels (interne : données brutes, pas pour publication)</translation>
    </message>
    <message>
      <source>Random seed of the pivots and of Louvain</source>
      <translation type="obsolete">Graine aléatoire des pivots et de Louvain</translation>
    </message>
    <message>
      <source>Trips (lines, GPS points with a trip id, or a table of origin/destination coordinates)</source>
      <translation type="obsolete">Trajets (lignes, points GPS avec un identifiant de trajet, ou table de coordonnées d'origine/destination)</translation>
    </message>
    <message>
      <source>Public population for the automatic method (0 = unknown)</source>
      <translation type="obsolete">Population publique pour la méthode automatique (0 = inconnue)</translation>
    </message>
    <message>
      <source>Share of ε for the trip scale (people per pair)</source>
      <translation type="obsolete">Part de ε pour l'échelle de trajets (personnes par paire)</translation>
    </message>
    <message>
      <source>Share of ε for the noisy total (0 = no rescaling)</source>
      <translation type="obsolete">Part de ε pour le total bruité (0 = pas de remise à l'échelle)</translation>
    </message>
    <message>
      <source>Cap M of trips per user counted in the noisy total (≥ m)</source>
      <translation type="obsolete">Plafond M de trajets par utilisateur comptés dans le total bruité (≥ m)</translation>
    </message>
    <message>
      <source>Delta (δ) in [0, 1): Gaussian noise only</source>
      <translation type="obsolete">Delta (δ) dans [0, 1) : bruit gaussien uniquement</translation>
    </message>
    <message>
      <source>Weight: Visits per zone and time window (0 = leave out)</source>
      <translation type="obsolete">Poids : visites par zone et fenêtre de temps (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: OD flows (0 = leave out)</source>
      <translation type="obsolete">Poids : flux OD (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Trips over time (weekday × hour of the start, UTC) (0 = leave out)</source>
      <translation type="obsolete">Poids : trajets dans le temps (jour de la semaine × heure de départ, UTC) (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Trips per day (UTC date of the start) (0 = leave out)</source>
      <translation type="obsolete">Poids : trajets par jour (date UTC du départ) (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Trip length (km) (0 = leave out)</source>
      <translation type="obsolete">Poids : longueur des trajets (km) (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Travel time (min) (0 = leave out)</source>
      <translation type="obsolete">Poids : durée des trajets (min) (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Trips per user (0 = leave out)</source>
      <translation type="obsolete">Poids : trajets par utilisateur (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Radius of gyration (km) (0 = leave out)</source>
      <translation type="obsolete">Poids : rayon de giration (km) (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Zones per user (0 = leave out)</source>
      <translation type="obsolete">Poids : zones par utilisateur (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Mobility entropy (normalised) (0 = leave out)</source>
      <translation type="obsolete">Poids : entropie de mobilité (normalisée) (0 = omettre)</translation>
    </message>
    <message>
      <source>Weight: Time between consecutive trips (h) (0 = leave out)</source>
      <translation type="obsolete">Poids : temps entre trajets consécutifs (h) (0 = omettre)</translation>
    </message>
    <message>
      <source>Time windows: hour boundaries from 0 to 24 (UTC)</source>
      <translation type="obsolete">Fenêtres de temps : bornes horaires de 0 à 24 (UTC)</translation>
    </message>
    <message>
      <source>Trip length bin edges (km; last bin open)</source>
      <translation type="obsolete">Bornes des classes de longueur de trajet (km ; dernière classe ouverte)</translation>
    </message>
    <message>
      <source>Travel time bin edges (min; last bin open)</source>
      <translation type="obsolete">Bornes des classes de durée de trajet (min ; dernière classe ouverte)</translation>
    </message>
    <message>
      <source>Radius of gyration bin edges (km; last bin open)</source>
      <translation type="obsolete">Bornes des classes de rayon de giration (km ; dernière classe ouverte)</translation>
    </message>
    <message>
      <source>Time between trips bin edges (h; last bin open)</source>
      <translation type="obsolete">Bornes des classes de temps entre trajets (h ; dernière classe ouverte)</translation>
    </message>
    <message>
      <source>Cap M of trips per user in the trip scale (≥ m)</source>
      <translation type="obsolete">Plafond M de trajets par utilisateur dans l'échelle de trajets (≥ m)</translation>
    </message>
    <message>
      <source>Statistics of the raw data (JSON, INTERNAL: do not publish)</source>
      <translation type="obsolete">Statistiques des données brutes (JSON, INTERNE : ne pas publier)</translation>
    </message>
    <message>
      <source>Number of synthetic trips (0 = the noisy total)</source>
      <translation type="obsolete">Nombre de trajets synthétiques (0 = le total bruité)</translation>
    </message>
    <message>
      <source>Public weighting points (population, buildings; optional)</source>
      <translation type="obsolete">Points de pondération publics (population, bâtiments ; facultatif)</translation>
    </message>
    <message>
      <source>Weight field of the weighting points (empty = 1 each)</source>
      <translation type="obsolete">Champ de poids des points de pondération (vide = 1 chacun)</translation>
    </message>
    <message>
      <source>…or bounded counts from scripts/spark-bound (directory)</source>
      <translation type="obsolete">…ou comptages bornés issus de scripts/spark-bound (répertoire)</translation>
    </message>
    <message>
      <source>Towers (points) or tower cells (polygons)</source>
      <translation type="obsolete">Antennes (points) ou cellules des antennes (polygones)</translation>
    </message>
    <message>
      <source>Improved scaling and night smoothing (§5.4)</source>
      <translation type="obsolete">Mise à l'échelle améliorée et lissage nocturne (§5.4)</translation>
    </message>
    <message>
      <source>the paper's σ = √2·Δ₂·√ln(4/δ)/ε, valid for ε/4 &lt; 1 here</source>
      <translation type="obsolete">le σ de l'article = √2·Δ₂·√ln(4/δ)/ε, valable ici pour ε/4 &lt; 1</translation>
    </message>
    <message>
      <source>Add an evaluation against the true density to the internal report</source>
      <translation type="obsolete">Ajouter au rapport interne une évaluation par rapport à la vraie densité</translation>
    </message>
    <message>
      <source>Delta (δ) in [0, 1): efpa_g only; keep it below 1/(number of users)</source>
      <translation type="obsolete">Delta (δ) dans [0, 1) : efpa_g seulement ; le garder sous 1/(nombre d'utilisateurs)</translation>
    </message>
    <message>
      <source>True density (NOT private: data owner only)</source>
      <translation type="obsolete">Vraie densité (PAS privée : détenteur des données uniquement)</translation>
    </message>
    <message>
      <source>Observations (user, time, cell or point)</source>
      <translation type="obsolete">Observations (utilisateur, heure, cellule ou point)</translation>
    </message>
    <message>
      <source>Cell id field (empty: locate the point geometry in the cells)</source>
      <translation type="obsolete">Champ d'identifiant de cellule (vide : localiser la géométrie ponctuelle dans les cellules)</translation>
    </message>
    <message>
      <source>Start (ISO 8601, UTC)</source>
      <translation type="obsolete">Début (ISO 8601, UTC)</translation>
    </message>
    <message>
      <source>Consistency post-processing (non-negative integers)</source>
      <translation type="obsolete">Post-traitement de cohérence (entiers non négatifs)</translation>
    </message>
    <message>
      <source>charged to this release (safe)</source>
      <translation type="obsolete">imputés à cette publication (sûr)</translation>
    </message>
    <message>
      <source>the paper's Laplace</source>
      <translation type="obsolete">le Laplace de l'article</translation>
    </message>
    <message>
      <source>Threshold T (users moved above the noise level)</source>
      <translation type="obsolete">Seuil T (utilisateurs déplacés au-dessus du niveau de bruit)</translation>
    </message>
    <message>
      <source>Paper's threshold noise (spends 2ε₁ + ε₂)</source>
      <translation type="obsolete">Bruit de seuil de l'article (dépense 2ε₁ + ε₂)</translation>
    </message>
    <message>
      <source>the paper's Eq. 7 (sensitivity S·log_α S)</source>
      <translation type="obsolete">l'éq. 7 de l'article (sensibilité S·log_α S)</translation>
    </message>
    <message>
      <source>Cells to plot (comma-separated ids; default: the three busiest)</source>
      <translation type="obsolete">Cellules à tracer (identifiants séparés par des virgules ; par défaut : les trois plus fréquentées)</translation>
    </message>
    <message>
      <source>Counts (long form: cell id, slot, count)</source>
      <translation type="obsolete">Comptages (format long : identifiant de cellule, créneau, comptage)</translation>
    </message>
    <message>
      <source>Xu et al.: continue with the last velocity</source>
      <translation type="obsolete">Xu et al. : continuer avec la dernière vitesse</translation>
    </message>
    <message>
      <source>Seed of the post-processing (empty: secure randomness)</source>
      <translation type="obsolete">Graine du post-traitement (vide : aléa sûr)</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Publish&lt;/b&gt; (people per pair): &lt;i&gt;trips&lt;/i&gt; (default) scales people per pair by the trips per person of a noisy total (&lt;b&gt;share of ε for the trip scale&lt;/b&gt;, users and their trips up to the &lt;b&gt;cap M&lt;/b&gt;); &lt;i&gt;people&lt;/i&gt; publishes people per pair. &lt;b&gt;Directed&lt;/b&gt; counts each user on their main &lt;i&gt;ordered&lt;/i&gt; pair (default: unordered, split evenly between the two directions). The interval of each value (lower95, upper95) is the 95 % confidence interval of the people count from the noise law (it covers every true count at 95 %), times the trip scale: it ignores the scale's noise and the trips off the main pairs. Flow lines are drawn where the noisy people count exceeds the simultaneous 95 % margin over all pairs.&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Publier&lt;/b&gt; (personnes par paire) : &lt;i&gt;trips&lt;/i&gt; (par défaut) multiplie les personnes par paire par les trajets par personne d'un total bruité (&lt;b&gt;part de ε pour l'échelle de trajets&lt;/b&gt;, utilisateurs et leurs trajets jusqu'au &lt;b&gt;plafond M&lt;/b&gt;) ; &lt;i&gt;people&lt;/i&gt; publie les personnes par paire. &lt;b&gt;Orientées&lt;/b&gt; compte chaque utilisateur sur sa paire &lt;i&gt;ordonnée&lt;/i&gt; principale (par défaut : non ordonnée, répartie à parts égales entre les deux sens). L'intervalle de chaque valeur (lower95, upper95) est l'intervalle de confiance à 95 % du comptage de personnes d'après la loi du bruit (il couvre chaque vrai comptage à 95 %), multiplié par l'échelle de trajets : il ignore le bruit de l'échelle et les trajets hors des paires principales. Les lignes de flux sont dessinées là où le comptage bruité de personnes dépasse la marge simultanée à 95 % sur toutes les paires.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Largest released flows</source>
      <translation type="obsolete">Plus grands flux publiés</translation>
    </message>
    <message>
      <source>&lt;p&gt;&lt;b&gt;Hybrid methods&lt;/b&gt;: a share of ε (&lt;b&gt;division share&lt;/b&gt;) chooses the day/night split with the exponential mechanism (Eq. 7–9, log base &lt;b&gt;α&lt;/b&gt;). The paper's sensitivity 2·log_α S of Eq. 7 is wrong; the utility's range S·log_α S is used instead, which makes the choice nearly uniform at small ε; the &lt;b&gt;division utility&lt;/b&gt; "mean_minus_dispersion" (sensitivity 6·log_α S) is informative. Dynamic hybrid learns the split on the &lt;b&gt;past days&lt;/b&gt; before Start (the same clock times, 24 hours earlier each) and predicts today's by linear regression; &lt;b&gt;composition&lt;/b&gt; "sequential" (default) charges the past days' divisions to this release; "parallel" is the paper's assumption that the past days' users are disjoint from today's (their divisions are then not charged here; the report says so).&lt;/p&gt;</source>
      <translation type="obsolete">&lt;p&gt;&lt;b&gt;Méthodes hybrides&lt;/b&gt; : une part de ε (&lt;b&gt;part pour la division&lt;/b&gt;) choisit le partage jour/nuit par le mécanisme exponentiel (éq. 7–9, base du logarithme &lt;b&gt;α&lt;/b&gt;). La sensibilité 2·log_α S de l'éq. 7 de l'article est fausse ; on utilise à la place l'étendue de l'utilité S·log_α S, ce qui rend le choix presque uniforme à petit ε ; l'&lt;b&gt;utilité de division&lt;/b&gt; « mean_minus_dispersion » (sensibilité 6·log_α S) est informative. L'hybride dynamique apprend le partage sur les &lt;b&gt;jours passés&lt;/b&gt; avant le début (aux mêmes heures, 24 heures plus tôt chaque fois) et prédit celui du jour par régression linéaire ; la &lt;b&gt;composition&lt;/b&gt; « sequential » (par défaut) impute les divisions des jours passés à cette publication ; « parallel » est l'hypothèse de l'article selon laquelle les utilisateurs des jours passés sont disjoints de ceux du jour (leurs divisions ne sont alors pas imputées ici ; le rapport le dit).&lt;/p&gt;</translation>
    </message>
    <message>
      <source>the paper's assumption: past days' users are disjoint from today's</source>
      <translation type="obsolete">l'hypothèse de l'article : les utilisateurs des jours passés sont disjoints de ceux du jour</translation>
    </message>
    <message>
      <source>Cancelled by the user before the release: nothing was released and nothing was charged to the privacy ledger.</source>
      <translation type="obsolete">Annulé par l'utilisateur avant la publication : rien n'a été publié et rien n'a été imputé au registre de confidentialité.</translation>
    </message>
    <message>
      <source>Cancelled while the outputs were written: the partial outputs were removed, so nothing was published (no ledger was given).</source>
      <translation type="obsolete">Annulé pendant l'écriture des sorties : les sorties partielles ont été supprimées, donc rien n'a été publié (aucun registre n'était donné).</translation>
    </message>
    <message>
      <source>Cancelled after the release was charged to the privacy ledger: {cost} was spent on dataset '{dataset}' in {path}. The partial outputs were removed, but the budget stays spent.</source>
      <translation type="obsolete">Annulé après l'imputation de la publication au registre de confidentialité : {cost} a été dépensé sur le jeu de données « {dataset} » dans {path}. Les sorties partielles ont été supprimées, mais le budget reste dépensé.</translation>
    </message>
  </context>
</TS>
