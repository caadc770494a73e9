#!/usr/bin/env bash
# Regenerates src/compiler/import/onnx/onnx-proto.js — static protobuf decoders for ONNX's messages —
# from the schema embedded in onnx-schema.ts. Static code needs no eval, which a strict
# Content-Security-Policy forbids in the page and its workers. Needs the npm registry once
# (protobufjs-cli, installed into a temporary folder).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node -e "const s=require('fs').readFileSync('src/compiler/import/onnx/onnx-schema.ts','utf8'); require('fs').writeFileSync('$tmp/onnx.proto', s.match(/export const ONNX_PROTO = \`([\s\S]*?)\`;/)[1]);"
npm install --prefix "$tmp" --no-audit --no-fund --silent protobufjs-cli@1 "protobufjs@$(node -p "require('protobufjs/package.json').version")"
"$tmp/node_modules/.bin/pbjs" -t static-module -w es6 --keep-case --no-encode --no-verify --no-convert --no-delimited --no-typeurl --no-service --no-comments --no-beautify \
  -o "$tmp/onnx-proto.js" "$tmp/onnx.proto"
out=src/compiler/import/onnx/onnx-proto.js
{
  echo "// GENERATED from onnx-schema.ts (ONNX's onnx.proto) by protobufjs-cli 1.x, decoders only — regenerate with"
  echo "// scripts/generate-onnx-proto.sh. Static code: no eval or new Function, so imports run under a strict"
  echo "// Content-Security-Policy (script-src 'self') in the page and its workers."
  sed -e 's|^import \* as \$protobuf from "protobufjs/minimal";|import $protobuf from "protobufjs/minimal.js";|' "$tmp/onnx-proto.js"
} > "$out"
echo "wrote $out"
