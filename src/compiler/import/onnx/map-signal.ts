// ONNX signal ops. DFT (opset 17: axis an attribute; 20: an input, default −2) and STFT →
// cgc_op.dft / cgc_op.stft. HannWindow, HammingWindow, BlackmanWindow and MelWeightMatrix take only
// sizes and frequencies, which static shapes need as constants anyway: they fold to constants here.
import type { ElementType } from '../../../ir/types';
import type { MapperTable, NodeCtx, Produced } from './context';
import { fromNumbers } from './host';
import { elementOf } from './tensor-proto';

const outputType = (n: NodeCtx): ElementType => elementOf(n.attrInt('output_datatype', 1), `${n.where} attribute 'output_datatype'`);

/** A generalized cosine window Σ_k (−1)^k a_k cos(2πkn / N'), N' = size (periodic) or size − 1 (symmetric). */
function cosineWindow(coefficients: readonly number[]) {
  return (n: NodeCtx): Produced[] => {
    const size = n.constScalar(0, 'size');
    if (!Number.isInteger(size) || size < 0) n.fail(`input 'size' is ${size}; expected a whole number ≥ 0`);
    const span = n.attrInt('periodic', 1) ? size : size - 1;
    const values = Array.from({ length: size }, (_, i) => coefficients.reduce((s, a, k) => s + (k % 2 ? -a : a) * Math.cos((2 * Math.PI * k * i) / span), 0));
    return [fromNumbers([size], outputType(n), values)];
  };
}

/** The triangular mel filters of ONNX's reference: bins × num_mel_bins, edges spaced evenly on the mel scale. */
export function melWeights(mels: number, dftLength: number, sampleRate: number, lowHz: number, highHz: number): number[] {
  const bins = Math.floor(dftLength / 2) + 1;
  const toMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
  const low = toMel(lowHz);
  // ONNX's reference divides the mel range by mels + 2 (the count of edges), not mels + 1.
  const step = (toMel(highHz) - low) / (mels + 2);
  const edges = Array.from({ length: mels + 2 }, (_, i) => Math.trunc(Math.floor(((dftLength + 1) * 700 * (10 ** ((i * step + low) / 2595) - 1)) / sampleRate)));
  const out = new Array<number>(bins * mels).fill(0);
  const set = (j: number, i: number, v: number) => { if (j >= 0 && j < bins) out[j * mels + i] = v; };
  for (let i = 0; i < mels; i++) {
    const [left, centre, right] = [edges[i]!, edges[i + 1]!, edges[i + 2]!];
    if (centre === left) set(centre, i, 1);
    else for (let j = left; j <= centre; j++) set(j, i, (j - left) / (centre - left));
    if (right > centre) for (let j = centre; j < right; j++) set(j, i, (right - j) / (right - centre));
  }
  return out;
}

function melWeightMatrix(n: NodeCtx): Produced[] {
  const mels = n.constScalar(0, 'num_mel_bins');
  const dft = n.constScalar(1, 'dft_length');
  const rate = n.constScalar(2, 'sample_rate');
  if (!(mels >= 1 && dft >= 1 && rate > 0)) n.fail(`num_mel_bins (${mels}), dft_length (${dft}) and sample_rate (${rate}) must be positive`);
  const values = melWeights(mels, dft, rate, n.constScalar(3, 'lower_edge_hertz'), n.constScalar(4, 'upper_edge_hertz'));
  return [fromNumbers([Math.floor(dft / 2) + 1, mels], outputType(n), values)];
}

function dft(n: NodeCtx): Produced[] {
  const rank = n.shape(0).length;
  const axis = n.opset >= 20 ? (n.has(2) ? n.constScalar(2, 'axis') : -2) : n.attrInt('axis', 1);
  const length = n.has(1) ? n.constScalar(1, 'dft_length') : undefined;
  return [n.emit('dft', [n.input(0)], {
    axis: n.axis(axis, rank, n.opset >= 20 ? `input 'axis'` : `attribute 'axis'`),
    length, inverse: n.attrInt('inverse', 0) !== 0, onesided: n.attrInt('onesided', 0) !== 0,
  })];
}

function stft(n: NodeCtx): Produced[] {
  const signal = n.shape(0);
  const window = n.has(2) ? n.shape(2) : undefined;
  const frameLength = n.has(3) ? n.constScalar(3, 'frame_length') : window ? window[0]! : signal[1]!;
  return [n.emit('stft', [n.input(0), ...(n.has(2) ? [n.input(2)] : [])], {
    frame_step: n.constScalar(1, 'frame_step'), frame_length: frameLength, onesided: n.attrInt('onesided', 1) !== 0,
  })];
}

export const SIGNAL: MapperTable = {
  DFT: dft,
  STFT: stft,
  HannWindow: cosineWindow([0.5, 0.5]),
  HammingWindow: cosineWindow([25 / 46, 21 / 46]),
  BlackmanWindow: cosineWindow([0.42, 0.5, 0.08]),
  MelWeightMatrix: melWeightMatrix,
};
