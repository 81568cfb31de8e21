#!/usr/bin/env bats
# An adapter's entry point (adapters/PROTOCOL.md, "entry"): the parse
# vectors outside what its parser accepts are UNSUPPORTED, not failures;
# entry.json has one input of each shape.
load helper

# classes ARGS...: "id=CLASS ..." of a run of entry.json with ARGS
classes() {
  "$UT" run --vectors "$DATA/entry.json" --output "$(OUT)" --format json --no-progress "$@" 2>/dev/null |
    pyjson "' '.join('%s=%s' % (r['id'][3:], r['class']) for r in sorted(d['results'], key=lambda r: r['id']))"
}

@test "entry URI: relative references are UNSUPPORTED; URIs, fragments and rejected inputs judged" {
  run classes --adapter-cmd "$FAKE --entry URI"
  [ "$output" = "bad=PASS frag=PASS netpath=UNSUPPORTED origin=UNSUPPORTED rel=UNSUPPORTED rule-abs=UNSUPPORTED rule-rel=UNSUPPORTED star=UNSUPPORTED uri=PASS" ]
  [ "$(pylines "$(OUT)" "[x['why'] for x in r if x.get('id') == 'en.rel'][0]")" = "outside the adapter's entry: not a URI (RFC 3986 4.3)" ]
}

@test "entry absolute-URI: a fragment is outside too; a vector of that start rule is in" {
  run classes --adapter-cmd "$FAKE --entry absolute-URI"
  [ "$output" = "bad=PASS frag=UNSUPPORTED netpath=UNSUPPORTED origin=UNSUPPORTED rel=UNSUPPORTED rule-abs=PASS rule-rel=UNSUPPORTED star=UNSUPPORTED uri=PASS" ]
}

@test "entry request-target: origin-form and * are in, a network-path reference and a fragment are not" {
  run classes --adapter-cmd "$FAKE --entry request-target"
  [ "$output" = "bad=PASS frag=UNSUPPORTED netpath=UNSUPPORTED origin=PASS rel=UNSUPPORTED rule-abs=UNSUPPORTED rule-rel=UNSUPPORTED star=PASS uri=PASS" ]
}

@test "entry URI-reference, or none: every parse vector is judged" {
  run classes --adapter-cmd "$FAKE"
  [[ $output != *UNSUPPORTED* ]]
  run classes --adapter-cmd "$FAKE --entry URI-reference"
  [[ $output != *UNSUPPORTED* ]]
}

@test "entry in adapter.json; the hello's wins; an unknown entry is exit 2 or a hello refused" {
  fake_root
  mkdir -p "$R/adapters/narrow"
  printf '{"name": "narrow", "spec": "rfc3986", "entry": "URI", "command": ["/usr/bin/python3", "%s", "--name", "narrow"]}\n' "$FAKE" > "$R/adapters/narrow/adapter.json"
  run classes --adapter narrow
  [[ $output == *"rel=UNSUPPORTED"* && $output == *"origin=UNSUPPORTED"* ]]
  printf '{"name": "narrow", "spec": "rfc3986", "entry": "URI", "command": ["/usr/bin/python3", "%s", "--name", "narrow", "--entry", "request-target"]}\n' "$FAKE" > "$R/adapters/narrow/adapter.json"
  run classes --adapter narrow
  [[ $output == *"origin=PASS"* ]]
  printf '{"name": "narrow", "spec": "rfc3986", "entry": "url", "command": ["/bin/true"]}\n' > "$R/adapters/narrow/adapter.json"
  run --separate-stderr "$UT" run --adapter narrow --vectors "$DATA/entry.json" --output "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *'"entry" must be "URI-reference", "URI", "absolute-URI" or "request-target"'* ]]
  run --separate-stderr "$UT" run --adapter-cmd "$FAKE --entry url" --vectors "$DATA/entry.json" --output "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"hello line's \"entry\" is not"* ]]
}
