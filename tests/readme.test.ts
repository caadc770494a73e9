// Every shell command in README's code blocks runs, or is listed here with the reason it is not.
// Commands run in an empty folder holding `public/` (the repository's demo models) and `model.onnx`
// (the tiny CNN), with `npx cgc` as this checkout's `bin/cgc.mjs`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const repo = resolve(__dirname, '..');

/** Commands README shows that this test does not run, and why. */
const NOT_RUN: Record<string, string> = {
  'npm run setup && npm start': 'a server that runs until stopped: `.ci/run` runs the setup, and the e2e suite starts the app with the same Vite command',
  'npm test': 'the suite this test is part of',
  'npm install dxcgc-web': 'needs the published package: e2e/package.spec.ts installs the packed tarball the same way and runs the examples against it',
};

/** The commands of README's ```sh blocks, comments removed. */
function readmeCommands(): string[] {
  const text = readFileSync(join(repo, 'README.md'), 'utf8');
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n'))
    .map((line) => line.replace(/\s+#\s.*$/, '').trim()).filter((line) => line !== '');
}

const work = mkdtempSync(join(tmpdir(), 'cgc-readme-'));
symlinkSync(join(repo, 'public'), join(work, 'public'));
copyFileSync(join(repo, 'public/models/tiny-cnn.onnx'), join(work, 'model.onnx'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("README's shell commands", () => {
  const commands = readmeCommands();

  test('there are some, and every command listed as not run is still in README', () => {
    expect(commands.length).toBeGreaterThan(5);
    for (const skipped of Object.keys(NOT_RUN)) expect(commands).toContain(skipped);
  });

  test.each(commands.filter((c) => !(c in NOT_RUN)))('%s', (command) => {
    expect(command).toMatch(/^npx cgc /);
    const args = command.slice('npx cgc '.length).split(/\s+/);
    const r = spawnSync(process.execPath, [join(repo, 'bin/cgc.mjs'), ...args], { cwd: work, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, `${command}\n${r.stdout}\n${r.stderr}`).toBe(0);
  }, 150_000);
});
