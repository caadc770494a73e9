// torchvision architectures exported to ONNX (random weights) for tests: scripts/export-models.py
// writes them to .cache/models with Debian's python3-torch. Under CI a missing exporter is an error.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const MODEL_DIR = join(__dirname, '../../../.cache/models');
const PYTHON = '/usr/bin/python3';

function torchAvailable(): boolean {
  try {
    execFileSync(PYTHON, ['-c', 'import torch, torchvision, onnx'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Paths of the named models, exporting the missing ones; undefined when they cannot be had here. */
export function ensureModels(names: readonly string[]): Map<string, string> | undefined {
  const missing = names.filter((n) => !existsSync(join(MODEL_DIR, `${n}.onnx`)));
  if (missing.length) {
    if (!torchAvailable()) {
      if (process.env.CI) throw new Error('python3-torch, python3-torchvision and python3-onnx are needed to export test models (scripts/setup.sh installs them)');
      return undefined;
    }
    execFileSync(PYTHON, [join(__dirname, '../../../scripts/export-models.py'), MODEL_DIR, ...missing], { stdio: 'inherit', timeout: 600_000 });
  }
  return new Map(names.map((n) => [n, join(MODEL_DIR, `${n}.onnx`)]));
}
