# tests/failure-rate.awk: reads "FILE<TAB>CLASS" lines, one per request an
# adapter was sent (UNSUPPORTED left out), and prints "FILE BAD/TOTAL" for
# each vector file on which CRASH, TIMEOUT and PROTOCOL_ERROR together reach
# 0.5% of the requests (an adapter turns its library's failures into
# results).  tests/baselines.sh fails an adapter for any line printed.
{
  total[$1]++
  if ($2 == "CRASH" || $2 == "TIMEOUT" || $2 == "PROTOCOL_ERROR")
    bad[$1]++
}
END {
  for (f in total)
    if (bad[f] * 200 >= total[f] && bad[f] > 0)
      printf "%s %d/%d\n", f, bad[f], total[f]
}
