// A compiled program through the library API: written, read back and loaded without the compiler,
// it computes exactly what compiling its model for the device computes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomTensor } from '../reference/random';
import { openDevice } from '../runtime/device';
import { type Model, type ProgramFile, gpuProfile, loadProgramOn, openModel, readProgram, tensorBytes, writeProgram } from '.';
import { DEFAULT_GPU_PROFILE } from '../webgpu-target/limits';

const CNN = join(__dirname, '../../public/models/tiny-cnn.onnx');
const tinyCnn = (): Model => openModel(readFileSync(CNN), { fileName: 'tiny-cnn.onnx' });

describe('compiled programs (library API)', () => {
  it('refuse to be read as a model', () => {
    const model = tinyCnn();
    const bytes = writeProgram(model.compile().output, { profile: DEFAULT_GPU_PROFILE, constants: model.constants });
    expect(() => openModel(bytes, { fileName: 'p.mlirbc' })).toThrow('p.mlirbc is a compiled program (CGC Output IR), not a model: read it with readProgram and load it with loadProgramOn');
  });

  it('compute exactly what compiling the model computes (tiny ONNX CNN)', async () => {
    const model = tinyCnn();
    const { device } = await openDevice();
    try {
      const program: ProgramFile = readProgram(writeProgram(model.compile().output, { profile: DEFAULT_GPU_PROFILE, constants: model.constants }));
      const shipped = await loadProgramOn(device, program, () => undefined);
      const compiled = await model.compile({ gpu: gpuProfile(device) }).load(device);
      const inputs = shipped.inputTypes.map((t, i) => randomTensor(t, 7 + i));
      const a = (await shipped.run(inputs)).outputs;
      const b = (await compiled.run(inputs)).outputs;
      expect(a.map((t) => Array.from(tensorBytes(t)))).toEqual(b.map((t) => Array.from(tensorBytes(t))));
      shipped.destroy();
      compiled.destroy();
    } finally {
      device.destroy();
    }
  });
});
