#!/usr/bin/env node
// Runs a compiled image classifier on a PNG in Node, with the package's published entries only:
//   npx cgc compile model.onnx --format bytecode -o model.mlirbc
//   node examples/node/classify.mjs model.mlirbc photo.png [--save-input input.bin]
// prints the top-5 classes as `cgc run model.mlirbc --input input.bin` does for the same input.
import { readFile, writeFile } from 'node:fs/promises';
import { installDawn } from 'dxcgc-web/node';
import { loadProgram, requestDevice, tensorBytes } from 'dxcgc-web/runtime';
import { imageTensor, top5 } from '../classifier/classify.js';
import { decodePng } from './png.mjs';

const [programFile, imageFile, ...rest] = process.argv.slice(2);
if (!programFile || !imageFile) {
  console.error('usage: node classify.mjs PROGRAM.mlirbc IMAGE.png [--save-input FILE.bin]');
  process.exit(2);
}
const saveAt = rest.indexOf('--save-input');

try {
  await installDawn(); // Dawn (the `webgpu` package) as navigator.gpu
  const device = await requestDevice();
  const program = await loadProgram(device, new Uint8Array(await readFile(programFile)), { fileName: programFile });
  const { width, height, rgba } = decodePng(new Uint8Array(await readFile(imageFile)));
  const input = imageTensor(rgba, width, height, program.inputTypes[0]);
  if (saveAt >= 0) await writeFile(rest[saveAt + 1], tensorBytes(input));
  const start = performance.now();
  const { outputs } = await program.run([input]);
  console.log(`${outputs[0].type.shape.join('x')} ${outputs[0].type.element} in ${(performance.now() - start).toFixed(1)} ms`);
  console.log(top5(outputs[0]));
  program.destroy();
  device.destroy();
} catch (e) {
  // Every refusal of the engine is a CgcError with a message that says what is wrong.
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
}
