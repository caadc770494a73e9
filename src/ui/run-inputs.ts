// Inputs for a Run: seeded random tensors (the same values as `cgc run --input random:1`), or a
// picked image for an NCHW or NHWC image input, resized and normalized as ImageNet models expect.
import { type ShapedType, numElements } from '../ir';
import { type HostTensor, allocTensor } from '../core';
import { randomTensor } from '../reference/random';

export { randomTensor };

/** How a picked image fills an input: 1×3×H×W (NCHW) or 1×H×W×3 (NHWC) float32; undefined for any other input. */
export function imageLayout(type: ShapedType | undefined): 'NCHW' | 'NHWC' | undefined {
  if (!type || type.element !== 'float32' || type.shape.length !== 4 || type.shape[0] !== 1) return undefined;
  if (type.shape[1] === 3) return 'NCHW';
  if (type.shape[3] === 3) return 'NHWC';
  return undefined;
}

export const isImageInput = (type: ShapedType | undefined): boolean => imageLayout(type) !== undefined;

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** The preprocessing `imageTensor` applies, as the UI and the run notes state it. */
export function imagePreprocessing(type: ShapedType): string {
  const layout = imageLayout(type);
  const [h, w] = layout === 'NHWC' ? type.shape.slice(1, 3) : type.shape.slice(2);
  return `resized to ${h}×${w}, ImageNet mean/std (stretched, RGB scaled to [0,1], minus mean 0.485/0.456/0.406, divided by std 0.229/0.224/0.225), ${layout}`;
}

/** `file` decoded, stretched to H×W, as RGB scaled to [0, 1] and normalized with ImageNet's mean and std, in the input's layout. */
export async function imageTensor(file: Blob, type: ShapedType): Promise<HostTensor> {
  const layout = imageLayout(type);
  if (!layout) throw new Error(`an image fills a 1×3×H×W or 1×H×W×3 float32 input, not ${type.shape.join('×')} ${type.element}`);
  const [height, width] = (layout === 'NHWC' ? type.shape.slice(1, 3) : type.shape.slice(2)) as [number, number];
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser gave no 2D canvas to decode the image');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const t = allocTensor(type.shape, 'float32');
  const data = t.data as Float32Array;
  const plane = width * height;
  for (let p = 0; p < plane; p++) {
    for (let c = 0; c < 3; c++) data[layout === 'NCHW' ? c * plane + p : 3 * p + c] = (rgba[4 * p + c]! / 255 - MEAN[c]!) / STD[c]!;
  }
  return t;
}

export interface OutputSummary {
  readonly shape: string;
  readonly first: string[];
  /** For a 1×K float output: the five largest values with their index. */
  readonly top5?: { index: number; value: number }[];
}

/** Shape, the first eight values and, for a 1×K classifier output, its top 5. */
export function summarizeOutput(t: HostTensor): OutputSummary {
  const first = Array.from(t.data.slice(0, 8) as ArrayLike<number | bigint>, (v) => (typeof v === 'bigint' ? String(v) : Number(v).toPrecision(6)));
  if (numElements(t.type.shape) > 8) first.push('…');
  const shape = `${t.type.shape.join('×')} ${t.type.element}`;
  if (t.type.shape.length !== 2 || t.type.shape[0] !== 1 || !(t.data instanceof Float32Array) || t.data.length <= 5) return { shape, first };
  const top5 = [...t.data].map((value, index) => ({ index, value })).sort((a, b) => b.value - a.value).slice(0, 5);
  return { shape, first, top5 };
}
