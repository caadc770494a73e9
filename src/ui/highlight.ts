// Syntax highlighting for MLIR (CGC IR) and WGSL as text spans: a small tokenizer splits the text
// into (text, class) runs and each run becomes a <span> through textContent — never markup, so IR
// holding hostile names stays text.

export type Language = 'mlir' | 'wgsl';

export interface Token {
  readonly text: string;
  /** `tok-comment`, `tok-string`, `tok-type`, `tok-ssa`, `tok-symbol`, `tok-number`, `tok-keyword`, `tok-op`; none for plain text. */
  readonly cls?: string;
}

const WGSL_KEYWORDS = new Set([
  'fn', 'let', 'var', 'const', 'override', 'if', 'else', 'for', 'while', 'loop', 'break', 'continue', 'return', 'struct', 'switch', 'case', 'default',
  'true', 'false', 'storage', 'uniform', 'read', 'read_write', 'workgroup', 'private', 'function', 'alias', 'select',
]);
const WGSL_TYPES = /^(?:f32|f16|i32|u32|bool|vec[234][fhiu]?|mat[234]x[234][fh]?|array|atomic|ptr)$/;
const MLIR_KEYWORDS = new Set(['attributes', 'to', 'dense', 'true', 'false', 'loc', 'unit']);

/** Length of a `!dialect.type<…>` starting at `i`, angle brackets balanced, or 0. */
function typeLength(text: string, i: number): number {
  const head = /^![A-Za-z_][\w.]*/.exec(text.slice(i, i + 200));
  if (!head) return 0;
  let j = i + head[0].length;
  if (text[j] !== '<') return j - i;
  let depth = 0;
  for (; j < text.length && text[j] !== '\n'; j++) {
    if (text[j] === '<') depth++;
    else if (text[j] === '>' && --depth === 0) return j + 1 - i;
  }
  return j - i;
}

const RULES: readonly { re: RegExp; cls: string; lang?: Language }[] = [
  { re: /\/\/[^\n]*/y, cls: 'tok-comment' },
  { re: /"(?:[^"\\\n]|\\.)*"?/y, cls: 'tok-string' },
  { re: /%[\w$.#-]+/y, cls: 'tok-ssa', lang: 'mlir' },
  { re: /@[\w$.-]+/y, cls: 'tok-symbol' },
  { re: /\^[\w$.-]+/y, cls: 'tok-symbol', lang: 'mlir' },
  { re: /0x[0-9a-fA-F]+|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[iuf]?(?![\w.])/y, cls: 'tok-number' },
];

/** Splits `text` into tokens; adjacent plain text is merged. */
export function tokenize(text: string, lang: Language): Token[] {
  const out: Token[] = [];
  let plain = '';
  const push = (t: string, cls: string) => {
    if (plain) out.push({ text: plain });
    plain = '';
    out.push({ text: t, cls });
  };
  let i = 0;
  outer: while (i < text.length) {
    const c = text[i]!;
    if (lang === 'mlir' && c === '!') {
      const n = typeLength(text, i);
      if (n) { push(text.slice(i, i + n), 'tok-type'); i += n; continue; }
    }
    for (const rule of RULES) {
      if (rule.lang && rule.lang !== lang) continue;
      rule.re.lastIndex = i;
      const m = rule.re.exec(text);
      // A number must not be the tail of a word (x1, vec4).
      if (m?.[0] && !(rule.cls === 'tok-number' && /[\w]/.test(text[i - 1] ?? ''))) { push(m[0], rule.cls); i += m[0].length; continue outer; }
    }
    const word = /[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*/y;
    word.lastIndex = i;
    const w = word.exec(text)?.[0];
    if (w) {
      const cls = lang === 'wgsl'
        ? (WGSL_KEYWORDS.has(w) ? 'tok-keyword' : WGSL_TYPES.test(w) ? 'tok-type' : undefined)
        : (w.includes('.') ? 'tok-op' : MLIR_KEYWORDS.has(w) ? 'tok-keyword' : undefined);
      if (cls) push(w, cls);
      else plain += w;
      i += w.length;
      continue;
    }
    plain += c;
    i++;
  }
  if (plain) out.push({ text: plain });
  return out;
}

/** Past this many characters the text is shown plain: one span per token would slow the page. */
export const HIGHLIGHT_MAX_CHARS = 400_000;

/** Fills `pre` with `text`, highlighted when it is small enough. */
export function showHighlighted(pre: HTMLElement, text: string, lang: Language): void {
  if (text.length > HIGHLIGHT_MAX_CHARS) {
    pre.textContent = text;
    return;
  }
  const frag = document.createDocumentFragment();
  for (const t of tokenize(text, lang)) {
    if (!t.cls) { frag.append(t.text); continue; }
    const span = document.createElement('span');
    span.className = t.cls;
    span.textContent = t.text;
    frag.append(span);
  }
  pre.replaceChildren(frag);
}
