#!/usr/bin/env bats
# Exclusion filters and listings (issue 18 item 5): --exclude-tag,
# --exclude-file, --exclude-group, --exclude-id; uritest list
# tags|files|groups|sections|ops with counts, text and JSON.
load helper

# the number of results of a run on the harness's test vectors
count() {
  run --separate-stderr "$UT" run --vectors "$V" --adapter-cmd "$FAKE --whatwg --spec whatwg" --output /dev/null --format json "$@"
  printf '%s' "$output" | pyjson 'len(d["results"])'
}

@test "--exclude-*: each leaves out what matches; an exclusion wins over a selection" {
  all=$(count)
  [ "$all" = 34 ]
  [ "$(count --exclude-tag basic)" = 27 ]
  [ "$(count --exclude-tag 'b*' --exclude-tag ip)" = 27 ]
  [ "$(count --exclude-id 'h.basic.*')" = 27 ]
  [ "$(count --exclude-file markers.json)" = 29 ]
  [ "$(count --exclude-group match --exclude-group 'impl*')" = 30 ]
  [ "$(count --exclude-group 0 --file basic.json)" = 4 ]
  [ "$(count --tag basic --exclude-id h.basic.full)" = 6 ]
  [ "$(count --file basic.json --exclude-tag ip)" = 10 ]
}

@test "--exclude-* that leaves nothing: exit 2 naming the filters" {
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --output /dev/null --exclude-file 'basic.json'
  [ "$status" -eq 2 ]
  [[ $stderr == *"none passes the filters --exclude-file basic.json"* ]]
}

@test "list tags, files, groups, ops, sections: counts, in text and JSON keyed by what was listed" {
  run "$UT" list tags --vectors "$V" --format json
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | pyjson 'd')" = "{'tags': {'basic': 7, 'ip': 1}}" ]
  run "$UT" list tags --vectors "$V"
  [ "$output" = "7 basic
1 ip" ]
  run "$UT" list ops --vectors "$V" --format json
  [ "$(printf '%s' "$output" | pyjson 'd')" = "{'ops': {'equivalent': 2, 'iri-to-uri': 2, 'match': 2, 'normalize': 2, 'parse': 24, 'resolve': 2}}" ]
  run "$UT" list files --vectors "$V/basic.json" --vectors "$V/markers.json" --format json
  [ "$(printf '%s' "$output" | pyjson 'd')" = "{'files': {'$V/basic.json': 11, '$V/markers.json': 5}}" ]
  run "$UT" list groups --vectors "$V/basic.json" --format json
  [ "$(printf '%s' "$output" | pyjson 'd')" = "{'groups': {'implementation-defined': 2, 'match': 2, 'parse': 7}}" ]
  run "$UT" list sections --vectors "$V/basic.json" --format json
  [ "$(printf '%s' "$output" | pyjson 'd')" = "{'sections': {'rfc3986:3.1': 2, 'rfc3986:3.2.2': 7, 'rfc3986:7.4': 2}}" ]
}

@test "list: every tag, op and section it lists selects that many vectors in a run" {
  for kind in tags ops sections; do
    opt=--${kind%s}
    while read -r n name; do
      [ "$(count "$opt" "${name#rfc3986:}")" = "$n" ] || { echo "$opt $name: list says $n"; false; }
    done < <("$UT" list "$kind" --vectors "$V")
  done
}

@test "list: the default vectors, usage errors" {
  run "$UT" list tags
  [ "$status" -eq 0 ]
  [[ $output == *" optional"* ]]
  run "$UT" list colours
  [ "$status" -eq 2 ]
  run "$UT" list
  [ "$status" -eq 2 ]
  run "$UT" list tags --format xml
  [ "$status" -eq 2 ]
  run "$UT" list tags --vectors "$BATS_TEST_TMPDIR/nope"
  [ "$status" -eq 2 ]
}
