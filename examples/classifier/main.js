// The page example: loads a compiled program (model.mlirbc beside the page, or one you pick), then
// classifies a picked image or webcam frames in a loop, showing the frame time. Uses only the
// package's runtime entry.
import { loadProgram, requestDevice } from 'dxcgc-web/runtime';
import { imageTensor, top5 } from './classify.js';

const $ = (id) => document.getElementById(id);
const status = (text, error = false) => { $('status').textContent = text; $('status').classList.toggle('error', error); };

let device;
let program;
let looping = false;

async function load(bytes, name) {
  device ??= await requestDevice(); // says in words when this browser has no WebGPU
  program?.destroy();
  program = undefined;
  program = await loadProgram(device, bytes, { fileName: name });
  const [, , h, w] = program.inputTypes[0].shape;
  $('frame').width = w;
  $('frame').height = h;
  status(`${name}: input ${program.inputTypes[0].shape.join('×')}, ${program.dispatchCount} dispatches per run. Pick an image or start the webcam.`);
}

/** Draws `source` at the input's size and runs the program on it; returns the milliseconds the run took. */
async function classify(source) {
  const canvas = $('frame');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const start = performance.now();
  const { outputs } = await program.run([imageTensor(data, canvas.width, canvas.height, program.inputTypes[0])]);
  const ms = performance.now() - start;
  $('result').textContent = `${top5(outputs[0])}\n${ms.toFixed(1)} ms`;
  return ms;
}

async function guarded(task) {
  try {
    await task();
  } catch (e) {
    looping = false;
    status(e instanceof Error ? e.message : String(e), true);
  }
}

$('program').addEventListener('change', () => guarded(async () => {
  const file = $('program').files[0];
  if (file) await load(new Uint8Array(await file.arrayBuffer()), file.name);
}));

$('image').addEventListener('change', () => guarded(async () => {
  const file = $('image').files[0];
  if (!file || !program) return;
  const bitmap = await createImageBitmap(file, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  await classify(bitmap);
  status(`${file.name}: classified.`);
}));

$('webcam').addEventListener('click', () => guarded(async () => {
  if (looping) {
    looping = false;
    return;
  }
  if (!program) throw new Error('load a program first');
  const video = $('video');
  video.srcObject ??= await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 } });
  await video.play();
  looping = true;
  $('webcam').textContent = 'Stop webcam';
  let frames = 0;
  let total = 0;
  while (looping) {
    const start = performance.now();
    await classify(video);
    total += performance.now() - start;
    frames++;
    status(`webcam: frame ${frames}, ${(total / frames).toFixed(1)} ms per frame (draw + run + read back)`);
    await new Promise((r) => requestAnimationFrame(r));
  }
  $('webcam').textContent = 'Start webcam';
}));

// model.mlirbc beside the page, when there is one.
guarded(async () => {
  const response = await fetch('./model.mlirbc');
  if (!response.ok) {
    status('Pick a compiled program (.mlirbc).');
    return;
  }
  await load(new Uint8Array(await response.arrayBuffer()), 'model.mlirbc');
});
