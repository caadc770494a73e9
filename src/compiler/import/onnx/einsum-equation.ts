// An ONNX Einsum equation read against its operands' shapes: one label per operand dimension (a
// letter, or `…k` for the k-th dimension that `...` stands for), the output's labels, each label's size.

/** The equation resolved against the operand shapes; every label of `output` occurs in some operand. */
export interface EinsumSpec {
  /** Per operand, one label per dimension (a letter may repeat: a diagonal). */
  readonly operands: readonly (readonly string[])[];
  readonly output: readonly string[];
  /** Each label's size; an ellipsis label's is the broadcast of its operands' sizes. */
  readonly sizes: ReadonlyMap<string, number>;
}

const ELLIPSIS = '...';

/** The label of the k-th of the `count` dimensions `...` stands for (numpy: aligned from the right). */
const ellipsisLabel = (k: number): string => `…${k}`;

export const isEllipsisLabel = (label: string): boolean => label.startsWith('…');

interface Term { readonly before: string; readonly after: string | undefined }

/** A term as the letters before its `...` and after it (undefined: no `...`); `fail` names what is wrong. */
function readTerm(term: string, what: string, fail: (rule: string) => never): Term {
  const parts = term.split(ELLIPSIS);
  if (parts.length > 2) fail(`${what} "${term}" has more than one "..."`);
  for (const p of parts) {
    const bad = /[^A-Za-z]/.exec(p);
    if (bad) fail(`${what} "${term}" has '${bad[0]}'; a term is letters with at most one "..."`);
  }
  return { before: parts[0]!, after: parts[1] };
}

/**
 * Reads `equation` (whitespace ignored) for operands of the given shapes. Implicit output (no `->`):
 * the `...` dimensions, then the letters that occur once, in ASCII order (upper case first), as
 * numpy. `...` dimensions broadcast across operands like numpy's (right-aligned, size 1 stretches);
 * a letter's size must agree everywhere. `fail` throws with the rule broken.
 */
export function parseEinsum(equation: string, shapes: readonly (readonly number[])[], fail: (rule: string) => never): EinsumSpec {
  const eq = equation.replace(/\s/g, '');
  const sides = eq.split('->');
  if (sides.length > 2) fail(`has more than one "->"`);
  const inputTerms = sides[0]!.split(',');
  if (inputTerms.length !== shapes.length) {
    fail(`has ${inputTerms.length} input term${inputTerms.length === 1 ? '' : 's'} for ${shapes.length} input${shapes.length === 1 ? '' : 's'}`);
  }
  const terms = inputTerms.map((t, i) => readTerm(t, `input term #${i}`, fail));

  // How many dimensions `...` stands for in each operand, and their broadcast sizes (right-aligned).
  const ellipsisDims = terms.map((t, i) => {
    const letters = t.before.length + (t.after?.length ?? 0);
    const rank = shapes[i]!.length;
    if (t.after === undefined ? letters !== rank : letters > rank) {
      fail(`input term #${i} "${inputTerms[i]}" names ${letters} dimension${letters === 1 ? '' : 's'} but input #${i} has rank ${rank}`);
    }
    return t.after === undefined ? 0 : rank - letters;
  });
  const ellipsisRank = Math.max(0, ...ellipsisDims);
  const sizes = new Map<string, number>();
  const where = new Map<string, number>();
  const operands = terms.map((t, i) => {
    const shape = shapes[i]!;
    const count = ellipsisDims[i]!;
    const labels = [...t.before, ...Array.from({ length: count }, (_, k) => ellipsisLabel(ellipsisRank - count + k)), ...(t.after ?? '')];
    labels.forEach((label, axis) => {
      const size = shape[axis]!;
      const seen = sizes.get(label);
      if (seen === undefined || seen === size) {
        sizes.set(label, size);
        where.set(label, i);
      } else if (isEllipsisLabel(label) && (seen === 1 || size === 1)) {
        sizes.set(label, seen === 1 ? size : seen);
      } else if (isEllipsisLabel(label)) {
        fail(`the "..." dimensions of input #${where.get(label)} and input #${i} do not broadcast (sizes ${seen} and ${size})`);
      } else if (where.get(label) === i) {
        fail(`index '${label}' has sizes ${seen} and ${size} in input #${i}`);
      } else {
        fail(`index '${label}' has size ${seen} in input #${where.get(label)} and ${size} in input #${i}`);
      }
    });
    return labels;
  });

  const ellipsis = Array.from({ length: ellipsisRank }, (_, k) => ellipsisLabel(k));
  let output: string[];
  if (sides.length === 1) {
    const counts = new Map<string, number>();
    for (const t of terms) for (const c of t.before + (t.after ?? '')) counts.set(c, (counts.get(c) ?? 0) + 1);
    const once = [...counts].filter(([, c]) => c === 1).map(([l]) => l).sort();
    output = [...ellipsis, ...once];
  } else {
    const term = readTerm(sides[1]!, 'the output', fail);
    const letters = term.before + (term.after ?? '');
    for (const c of letters) {
      if (!sizes.has(c)) fail(`output index '${c}' occurs in no input term`);
      if (letters.indexOf(c) !== letters.lastIndexOf(c)) fail(`output index '${c}' occurs more than once`);
    }
    if (term.after === undefined && ellipsisRank > 0) {
      fail(`the output has no "..." but the inputs' "..." stand for ${ellipsisRank} dimension${ellipsisRank === 1 ? '' : 's'}`);
    }
    output = [...term.before, ...(term.after === undefined ? [] : ellipsis), ...(term.after ?? '')];
  }
  return { operands, output, sizes };
}
