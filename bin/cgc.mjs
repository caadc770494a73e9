#!/usr/bin/env node
// The `cgc` command. An installed package runs the built CLI (lib/cli.js, plain JavaScript); a
// source checkout, which has src/, runs the TypeScript through tsx's loader so that no build step
// comes between an edit and a run.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../src/cli/cgc.ts', import.meta.url));
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source);
} else {
  await import(new URL('../lib/cli.js', import.meta.url).href);
}
