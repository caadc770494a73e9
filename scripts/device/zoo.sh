#!/usr/bin/env bash
# The model zoo of docs/models.md on the GPU machine: `zoo.sh export` exports the architectures of
# export_zoo.py with onnxruntime's outputs on seeded inputs (into $ZOO, default /tmp/zoo); `zoo.sh
# check` runs each on WebGPU here and compares (check-zoo.ts). Prepare with scripts/device/prepare.sh.
set -u
ZOO=${ZOO:-/tmp/zoo}
case "${1:-all}" in
  export) timeout ${ZOO_EXPORT_S:-560} python3 scripts/device/export_zoo.py "$ZOO" 2>&1 | grep -v Warning | tee "$OUT/zoo-export.txt" ;;
  check) timeout ${ZOO_CHECK_S:-560} node .bench/check-zoo.mjs "$ZOO" --json "$OUT/zoo.json" 2>&1 | grep -v XDG | tee "$OUT/zoo.txt" ;;
  *) bash "$0" export; bash "$0" check ;;
esac
