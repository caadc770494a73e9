// The small form that asks for the sizes of an ONNX model's dynamic input dimensions (dim_param or
// unknown), then hands back full shapes for the importer.
import { h } from './dom';

export function askForShapes(
  form: HTMLFormElement,
  inputs: readonly { name: string; dims: readonly (number | string)[] }[],
  onShapes: (shapes: Record<string, number[]>) => void,
): void {
  const fields = form.querySelector('#shapes-fields')!;
  fields.replaceChildren(...inputs.map((input) => h('fieldset', { class: 'shape-input' },
    h('legend', {}, input.name),
    ...input.dims.map((d, i) => typeof d === 'number'
      ? h('span', { class: 'dim fixed' }, String(d))
      : h('label', { class: 'dim' }, `${d} `, h('input', {
        type: 'number', min: 1, max: 1_000_000, step: 1, value: 1, required: '', 'data-input': input.name, 'data-dim': i, 'aria-label': `${input.name} dimension ${i} (${d})`,
      }))))));
  form.hidden = false;
  form.onsubmit = (e) => {
    e.preventDefault();
    const shapes: Record<string, number[]> = {};
    for (const input of inputs) {
      shapes[input.name] = input.dims.map((d, i) => {
        if (typeof d === 'number') return d;
        const field = form.querySelector<HTMLInputElement>(`input[data-dim="${i}"][data-input="${CSS.escape(input.name)}"]`);
        return Math.max(1, Math.floor(Number(field?.value ?? 1)));
      });
    }
    form.hidden = true;
    onShapes(shapes);
  };
}
