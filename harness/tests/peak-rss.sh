#!/bin/sh
# peak-rss.sh COMMAND...: run COMMAND (standard input passed on) and print,
# on standard error, its own peak resident memory (VmHWM of that process,
# not of its children: the adapters are processes of their own), its wall
# time and its exit status: how a whole `uritest run` is measured.
exec 3<&0 # sh gives a background job /dev/null as input: pass ours on by fd 3
"$@" <&3 3<&- &
pid=$!
hwm=0
while kill -0 "$pid" 2>/dev/null; do
  h=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null)
  [ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
  sleep 0.2
done
st=0
wait "$pid" || st=$?
echo "peak-rss: ${hwm} kB (VmHWM of $1), exit $st" >&2
exit "$st"
