"""fuzz/: the fuzz targets, their tools and the triage package (fuzz/triage/)."""
