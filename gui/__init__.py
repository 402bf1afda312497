"""Desktop-only parts of the plugin (never loaded by qgis_process): the privacy-budget panel."""
