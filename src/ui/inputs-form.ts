// The Run inputs form: one row per model input (name, shape, dtype) choosing where its values come
// from — seeded random, a constant, token ids (int32/int64), a .bin/.npy file, or an image (NCHW or
// NHWC float32) — and the resolution of those choices into tensors, each with a note the run shows.
import { type ElementType, type HostTensor, type ShapedType, isElementType, tensorType } from '../core';
import { h } from './dom';
import type { GraphModel } from './graph-model';
import { binTensor, constantTensor, describeInput, npyTensor, tokenTensor } from './input-files';
import { imageLayout, imagePreprocessing, imageTensor, randomTensor } from './run-inputs';

export type InputSource = 'random' | 'constant' | 'tokens' | 'file' | 'image';

export type InputChoice =
  | { readonly kind: 'random'; readonly seed: number }
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'tokens'; readonly text: string }
  | { readonly kind: 'file' | 'image'; readonly file: File | undefined };

export interface ModelInput {
  readonly name: string;
  readonly type: ShapedType;
}

/** `!cgc.tensor<1x3x32x32x!cgc.float32>` as a type; undefined for anything else. */
export function parseTensorTypeText(text: string): ShapedType | undefined {
  const m = /^!cgc\.(?:tensor|memref)<((?:\d+x)*)!cgc\.(\w+)>$/.exec(text);
  if (!m || !isElementType(m[2]!)) return undefined;
  return tensorType(m[1]!.split('x').filter((d) => d).map(Number), m[2] as ElementType);
}

/** The graph's inputs in entry-point order, with their types. */
export function modelInputs(model: GraphModel): ModelInput[] {
  return model.nodes.filter((n) => n.kind === 'input').flatMap((n) => {
    const type = parseTensorTypeText(n.outputs[0]?.type ?? '');
    return type ? [{ name: n.id, type }] : [];
  });
}

const isTokenInput = (t: ShapedType): boolean => t.element === 'int32' || t.element === 'int64';

const SOURCE_LABELS: Record<InputSource, string> = {
  random: 'random (seeded)', constant: 'constant', tokens: 'token ids', file: '.npy / .bin file', image: 'image',
};

function sourcesFor(t: ShapedType): InputSource[] {
  return ['random', 'constant', ...(isTokenInput(t) ? ['tokens' as const] : []), 'file', ...(imageLayout(t) ? ['image' as const] : [])];
}

/** One input's row: the source picker, the field for the chosen source and a note. */
class InputRow {
  readonly element: HTMLElement;
  private readonly source: HTMLSelectElement;
  private readonly seed: HTMLInputElement;
  private readonly constant: HTMLInputElement;
  private readonly tokens: HTMLInputElement;
  private readonly file: HTMLInputElement;
  private readonly image: HTMLInputElement;
  private readonly note: HTMLElement;

  constructor(readonly input: ModelInput, index: number) {
    const t = input.type;
    this.source = h('select', { 'data-testid': 'input-source', 'aria-label': `Values of ${input.name}` },
      ...sourcesFor(t).map((k) => h('option', { value: k }, SOURCE_LABELS[k])));
    this.seed = h('input', { type: 'number', value: 1 + index, min: 0, step: 1, 'data-testid': 'input-seed', 'aria-label': 'seed' });
    this.constant = h('input', { type: 'number', value: 0, step: 'any', 'data-testid': 'input-constant', 'aria-label': 'constant value' });
    this.tokens = h('input', { type: 'text', placeholder: '101, 2023, 2003, 102', size: 28, 'data-testid': 'input-tokens', 'aria-label': 'token ids' });
    this.file = h('input', { type: 'file', accept: '.npy,.bin', 'data-testid': 'input-file', 'aria-label': '.npy or .bin file' });
    this.image = h('input', { type: 'file', accept: 'image/*', 'data-testid': 'input-image', 'aria-label': 'image' });
    this.note = h('span', { class: 'muted input-note', 'data-testid': 'input-note' });
    this.element = h('div', { class: 'run-input', 'data-testid': 'run-input', 'data-input': index, 'data-name': input.name },
      h('code', {}, `#${index} ${input.name}`), ' ', h('span', { class: 'muted' }, `${t.shape.join('×') || 'scalar'} ${t.element}`), ' ',
      this.source, ' ', h('label', { 'data-for': 'random' }, 'seed ', this.seed), h('label', { 'data-for': 'constant' }, 'value ', this.constant),
      h('label', { 'data-for': 'tokens' }, this.tokens), h('label', { 'data-for': 'file' }, this.file), h('label', { 'data-for': 'image' }, this.image),
      ' ', this.note);
    this.source.addEventListener('change', () => this.update());
    this.tokens.addEventListener('input', () => this.update());
    this.file.addEventListener('change', () => this.update());
    this.image.addEventListener('change', () => this.update());
    this.update();
  }

  get kind(): InputSource {
    return this.source.value as InputSource;
  }

  /** Shows this row's image picker with `file` chosen. */
  useImage(file: File): void {
    this.source.value = 'image';
    const list = new DataTransfer();
    list.items.add(file);
    this.image.files = list.files;
    this.update();
  }

  choice(): InputChoice {
    switch (this.kind) {
      case 'random': return { kind: 'random', seed: Number(this.seed.value) || 0 };
      case 'constant': return { kind: 'constant', value: this.constant.value.trim() === '' ? NaN : Number(this.constant.value) };
      case 'tokens': return { kind: 'tokens', text: this.tokens.value };
      case 'file': return { kind: 'file', file: this.file.files?.[0] };
      case 'image': return { kind: 'image', file: this.image.files?.[0] };
    }
  }

  private update(): void {
    for (const label of this.element.querySelectorAll<HTMLElement>('label[data-for]')) label.hidden = label.dataset.for !== this.kind;
    const t = this.input.type;
    let note = '';
    if (this.kind === 'image') note = `preprocessing: ${imagePreprocessing(t)}`;
    if (this.kind === 'file') note = '.npy: dtype and shape must match; .bin: raw little-endian, exactly the input\'s bytes';
    if (this.kind === 'tokens') {
      try {
        note = tokenTensor(t, this.tokens.value, this.input.name).note ?? '';
      } catch (e) {
        note = this.tokens.value.trim() ? (e as Error).message : 'type ids separated by commas or spaces; a shorter list is padded with 0, a longer one truncated';
      }
    }
    this.note.textContent = note;
  }
}

export class InputsForm {
  private rows: InputRow[] = [];

  constructor(private readonly container: HTMLElement) {}

  /** Rows for `inputs`; rows of inputs that did not change keep their choices. */
  show(inputs: readonly ModelInput[]): void {
    const key = (i: ModelInput) => `${i.name} ${i.type.shape.join('x')} ${i.type.element}`;
    if (inputs.length === this.rows.length && inputs.every((i, n) => key(i) === key(this.rows[n]!.input))) return;
    this.rows = inputs.map((input, i) => new InputRow(input, i));
    this.container.replaceChildren(...(this.rows.length ? [h('span', { class: 'muted' }, 'Inputs:'), ...this.rows.map((r) => r.element)] : []));
    this.container.hidden = !this.rows.length;
  }

  /** Puts `file` on the first input an image can fill; returns that input's name, or undefined when none can. */
  useImage(file: File): string | undefined {
    const row = this.rows.find((r) => imageLayout(r.input.type));
    row?.useImage(file);
    return row?.input.name;
  }

  choices(): InputChoice[] {
    return this.rows.map((r) => r.choice());
  }
}

/** One tensor per program input from `choices` (random with seed 1 + i where there is no choice), and a note per input. */
export async function resolveInputs(types: readonly ShapedType[], names: readonly string[], choices: readonly InputChoice[]): Promise<{ tensors: HostTensor[]; notes: string[] }> {
  // Choices go by position: a form for other inputs would put values on the wrong input.
  if (choices.length && choices.length !== types.length) throw new Error(`the inputs form has ${choices.length} rows but the program takes ${types.length} inputs: compile again`);
  const tensors: HostTensor[] = [];
  const notes: string[] = [];
  for (const [i, type] of types.entries()) {
    const name = names[i] ?? `input #${i}`;
    const c = choices[i] ?? { kind: 'random', seed: 1 + i };
    const at = `input #${i}: `;
    if (c.kind === 'random') {
      tensors.push(randomTensor(type, c.seed));
      notes.push(`${at}${name} seeded random (seed ${c.seed})`);
    } else if (c.kind === 'constant') {
      tensors.push(constantTensor(type, c.value, name));
      notes.push(`${at}${name} = constant ${c.value}`);
    } else if (c.kind === 'tokens') {
      const { tensor, note } = tokenTensor(type, c.text, name);
      tensors.push(tensor);
      notes.push(`${at}${name} token ids${note ? ` (${note})` : ''}`);
    } else if (!c.file) {
      throw new Error(`${describeInput(name, type)}: choose ${c.kind === 'image' ? 'an image' : 'a .npy or .bin file'}, or another source`);
    } else if (c.kind === 'image') {
      tensors.push(await imageTensor(c.file, type));
      notes.push(`${at}${c.file.name} ${imagePreprocessing(type)}`);
    } else {
      const bytes = new Uint8Array(await c.file.arrayBuffer());
      const npy = /\.npy$/i.test(c.file.name);
      if (!npy && !/\.bin$/i.test(c.file.name)) throw new Error(`${c.file.name}: pick a .npy or .bin file for ${describeInput(name, type)}`);
      tensors.push(npy ? npyTensor(type, bytes, c.file.name, name) : binTensor(type, bytes, c.file.name, name));
      notes.push(`${at}${name} from ${c.file.name}`);
    }
  }
  return { tensors, notes };
}
