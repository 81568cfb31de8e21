/*
 * ops.h: the fuzz targets' operations, the one list of them.
 *
 * The first octet of an input chooses one: its low four bits modulo the
 * number of rows below, so the ASCII digits '0'..'9' name the rows in
 * order (the seeds are written that way).  FUZZ_OP(ID, NAME, DIFF): ID
 * names the row in C (FUZZ_OP_ID), NAME is the op of the reference
 * target's findings (fuzz/targets/reference.c), DIFF the protocol op the
 * differential targets (fuzz/targets/diff.c) run for it.  Python reads
 * this file (fuzz/ops.py: triage decodes an input with it, fuzz/seeds.py
 * writes the op octets), so a row is added here and nowhere else; keep
 * one row a line, in this form.
 */
FUZZ_OP(PARSE, "parse", "parse")
FUZZ_OP(NORMALIZE, "normalize", "normalize")
FUZZ_OP(NORMALIZE_SCHEME, "normalize-scheme", "parse")
FUZZ_OP(RESOLVE, "resolve", "resolve")
FUZZ_OP(RESOLVE_NON_STRICT, "resolve-non-strict", "resolve")
FUZZ_OP(REMOVE_DOT_SEGMENTS, "remove-dot-segments", "parse")
FUZZ_OP(START_RULES, "start-rules", "parse")
FUZZ_OP(IRI, "iri", "parse")
FUZZ_OP(PCT, "pct", "parse")
FUZZ_OP(MATCH, "match", "parse")
