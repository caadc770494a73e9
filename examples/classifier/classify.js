// What the page and the Node example share: an RGBA image as the model's input tensor, and the
// top-5 line `cgc run` prints for a 1×K output. Plain JavaScript, no dependencies.

/** ImageNet's per-channel mean and standard deviation, what torchvision classifiers expect. */
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/**
 * `rgba` (width × height × 4 bytes, rows top to bottom) as a 1×3×H×W float32 tensor for `type`
 * (the program's input type), nearest-neighbour scaled where the sizes differ, normalized with
 * ImageNet's mean and std.
 */
export function imageTensor(rgba, width, height, type) {
  const [n, c, h, w] = type.shape;
  if (type.shape.length !== 4 || n !== 1 || c !== 3 || type.element !== 'float32') {
    throw new Error(`this example feeds images to a 1×3×H×W float32 input; the program's is ${type.shape.join('×')} ${type.element}`);
  }
  const data = new Float32Array(3 * h * w);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(height - 1, Math.floor(((y + 0.5) * height) / h));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(width - 1, Math.floor(((x + 0.5) * width) / w));
      const p = 4 * (sy * width + sx);
      for (let k = 0; k < 3; k++) data[k * h * w + y * w + x] = (rgba[p + k] / 255 - MEAN[k]) / STD[k];
    }
  }
  return { type: { kind: 'tensor', shape: [...type.shape], element: 'float32', constant: false }, data };
}

/** `top-5: #i (v), …` of a 1×K float output, as `cgc run` prints it. */
export function top5(output) {
  const top = [...output.data].map((v, i) => [v, i]).sort((a, b) => b[0] - a[0]).slice(0, 5);
  return `top-5: ${top.map(([v, i]) => `#${i} (${v.toPrecision(4)})`).join(', ')}`;
}
