'use strict';
// reports/browser/tap.js: the TAP lines of the browser checks (check.js,
// site.js): ok(cond, name, detail) numbers each check, a failure's detail
// as comment lines; end() prints the plan and the counts and returns the
// exit status.
let n = 0;
let failed = 0;
function ok(cond, name, detail) {
  n++;
  if (cond) {
    console.log(`ok ${n} - ${name}`);
  } else {
    failed++;
    console.log(`not ok ${n} - ${name}`);
    if (detail !== undefined) console.log(`  # ${String(detail).replace(/\n/g, '\n  # ')}`);
  }
}
function end(label) {
  console.log(`1..${n}`);
  console.log(`# ${label ? label + ': ' : ''}${n - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
// A check that could not run at all (an exception): one failure more.
function crashed(what, e) {
  ok(false, what, e && e.stack || e);
  return end();
}
module.exports = { ok, end, crashed };
