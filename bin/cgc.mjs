#!/usr/bin/env node
// `cgc` command: runs the TypeScript CLI through tsx's loader, so no build step is needed.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register();
const main = fileURLToPath(new URL('../src/cli/cgc.ts', import.meta.url));
await import(main);
