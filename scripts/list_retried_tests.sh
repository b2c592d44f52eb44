#!/usr/bin/env bash
# Lists the tests of a CTest log (run with --repeat until-pass:N) that failed at least once and
# then passed on a retry: the flaky tests that the retries would otherwise hide.
#   scripts/list_retried_tests.sh build/ctest.log
set -euo pipefail
log=${1:?usage: list_retried_tests.sh CTEST_LOG}
# Each attempt is a line "12/1406 Test  #12: Name ......   Passed    1.02 sec" (or ***Failed,
# ***Timeout, ***Exception); a retry prints the same line without the count.
awk '
  match($0, /Test +#[0-9]+: [^ ]+ /) {
    name = substr($0, RSTART, RLENGTH); sub(/^Test +#[0-9]+: /, "", name); sub(/ $/, "", name)
    if ($0 ~ /\*\*\*(Failed|Timeout|Exception)/) failed[name] = 1
    else if ($0 ~ / Passed /) passed[name] = 1
  }
  END {
    n = 0
    for (name in failed) if (name in passed) retried[++n] = name
    if (n == 0) { print "retries: no test needed one"; exit }
    print "retries: these tests failed and then passed on a retry (flaky, to be fixed):"
    for (i = 1; i <= n; ++i) print "  " retried[i]
  }' "$log"
