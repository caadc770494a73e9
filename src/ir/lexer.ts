// Tokenizer for CGC IR text (pretty and MLIR generic forms). Pull-based with one token of
// lookahead, so the parser can switch to raw scanning for shape lists like `1x3x224x224x`.
import { IRError, type Location } from './diagnostics';

export type TokenKind =
  | 'eof' | 'bare' | 'value' | 'symbol' | 'block' | 'type' | 'int' | 'float' | 'string'
  | '(' | ')' | '{' | '}' | '[' | ']' | '<' | '>' | ',' | ':' | '=' | '->' | '*' | '?';

export interface Token {
  readonly kind: TokenKind;
  /** The token's text; for strings the decoded value, for value/symbol/block ids the name without sigil. */
  readonly text: string;
  readonly pos: number;
  readonly end: number;
}

const ID_START = /[A-Za-z_]/;
const ID_CHAR = /[A-Za-z0-9_$.]/;
const SUFFIX_CHAR = /[A-Za-z0-9_$.-]/;
const PUNCT = new Set(['(', ')', '{', '}', '[', ']', '<', '>', ',', ':', '=', '*', '?']);

export class Lexer {
  private pos = 0;
  private peeked?: Token;
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string, readonly file: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  location(pos: number): Location {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return { file: this.file, line: lo + 1, col: pos - this.lineStarts[lo]! + 1 };
  }

  error(message: string, pos: number): IRError {
    return new IRError(message, this.location(pos));
  }

  peek(): Token {
    this.peeked ??= this.lex();
    return this.peeked;
  }

  next(): Token {
    const t = this.peek();
    this.peeked = undefined;
    this.pos = t.end;
    return t;
  }

  /** Position where the next token starts (after whitespace and comments). */
  get offset(): number {
    return this.peek().pos;
  }

  /**
   * Raw scan of a shape prefix `1x3x224x224x` (MLIR's dimension list). Stops before the element
   * type. Also accepts the spec's shorthand `1x1x4x4!cgc.float32` (no `x` before the `!`).
   */
  scanDimensions(): number[] {
    // Raw scanning from the current position: lexing a token here would read `0x…` as hex.
    this.skipTrivia(this.peeked ? this.peeked.pos : this.pos);
    this.peeked = undefined;
    const dims: number[] = [];
    const t = this.text;
    if (t[this.pos] === '-' && /[0-9]/.test(t[this.pos + 1] ?? '')) throw this.error('dimensions must be non-negative', this.pos);
    while (this.pos < t.length && /[0-9?]/.test(t[this.pos]!)) {
      const start = this.pos;
      if (t[this.pos] === '?') throw this.error('dynamic dimension \'?\' is not supported: CGC shapes are static', start);
      while (this.pos < t.length && /[0-9]/.test(t[this.pos]!)) this.pos++;
      const digits = t.slice(start, this.pos);
      if (digits.length > 16) throw this.error(`dimension ${digits.slice(0, 20)}… is too large`, start);
      dims.push(Number(digits));
      if (t[this.pos] === 'x') this.pos++;
      else if (t[this.pos] !== '!' && t[this.pos] !== 'c') throw this.error(`expected 'x' after dimension ${digits}`, this.pos);
      else break;
    }
    return dims;
  }

  /** Consumes `word` when it comes next as a whole word (raw scanning, like scanDimensions). */
  scanKeyword(word: string): boolean {
    this.skipTrivia(this.peeked ? this.peeked.pos : this.pos);
    this.peeked = undefined;
    const t = this.text;
    if (!t.startsWith(word, this.pos) || ID_CHAR.test(t[this.pos + word.length] ?? '')) return false;
    this.pos += word.length;
    return true;
  }

  private skipTrivia(from: number): void {
    const t = this.text;
    let p = from;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 32 || c === 9 || c === 10 || c === 13) p++;
      else if (c === 47 && t.charCodeAt(p + 1) === 47) {
        while (p < t.length && t.charCodeAt(p) !== 10) p++;
      } else break;
    }
    this.pos = p;
  }

  private lex(): Token {
    this.skipTrivia(this.pos);
    const t = this.text;
    const start = this.pos;
    if (start >= t.length) return { kind: 'eof', text: '', pos: start, end: start };
    const c = t[start]!;
    const tok = (kind: TokenKind, end: number, text = t.slice(start, end)): Token => ({ kind, text, pos: start, end });

    if (c === '-' && t[start + 1] === '>') return tok('->', start + 2);
    if (PUNCT.has(c)) return tok(c as TokenKind, start + 1);
    if (c === '"') return this.lexString(start);
    if (c === '%' || c === '^') {
      let p = start + 1;
      while (p < t.length && SUFFIX_CHAR.test(t[p]!)) p++;
      if (p === start + 1) throw this.error(`expected a name after '${c}'`, start);
      if (c === '%' && t[p] === '#') {
        // `%x#1` names result 1 of the multi-result value `%x`.
        p++;
        const ds = p;
        while (p < t.length && /[0-9]/.test(t[p]!)) p++;
        if (p === ds) throw this.error('expected a result number after \'#\'', ds);
      }
      return tok(c === '%' ? 'value' : 'block', p, t.slice(start + 1, p));
    }
    if (c === '@') {
      if (t[start + 1] === '"') {
        const s = this.lexString(start + 1);
        return { kind: 'symbol', text: s.text, pos: start, end: s.end };
      }
      let p = start + 1;
      while (p < t.length && ID_CHAR.test(t[p]!)) p++;
      if (p === start + 1 || !ID_START.test(t[start + 1]!)) throw this.error('expected a symbol name after \'@\'', start);
      return tok('symbol', p, t.slice(start + 1, p));
    }
    if (c === '!') {
      let p = start + 1;
      while (p < t.length && ID_CHAR.test(t[p]!)) p++;
      if (p === start + 1) throw this.error('expected a type name after \'!\'', start);
      return tok('type', p, t.slice(start + 1, p));
    }
    if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(t[start + 1] ?? ''))) return this.lexNumber(start);
    if (ID_START.test(c)) {
      let p = start + 1;
      while (p < t.length && ID_CHAR.test(t[p]!)) p++;
      return tok('bare', p);
    }
    if (c === '.' && t.startsWith('...', start)) throw this.error('\'...\' is an elision in examples, not IR: write the full text', start);
    const code = c.codePointAt(0)!;
    const shown = code < 32 || code > 126 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${c}'`;
    throw this.error(`unexpected character ${shown}`, start);
  }

  private lexNumber(start: number): Token {
    const t = this.text;
    let p = start;
    if (t[p] === '-') p++;
    if (t[p] === '0' && (t[p + 1] === 'x' || t[p + 1] === 'X')) {
      p += 2;
      const ds = p;
      while (p < t.length && /[0-9a-fA-F]/.test(t[p]!)) p++;
      if (p === ds) throw this.error('expected hex digits after \'0x\'', ds);
      return { kind: 'int', text: t.slice(start, p), pos: start, end: p };
    }
    while (p < t.length && /[0-9]/.test(t[p]!)) p++;
    let isFloat = false;
    if (t[p] === '.' && /[0-9eE\s,\]}):]/.test(t[p + 1] ?? ' ')) {
      isFloat = true;
      p++;
      while (p < t.length && /[0-9]/.test(t[p]!)) p++;
    }
    if ((t[p] === 'e' || t[p] === 'E') && /[-+0-9]/.test(t[p + 1] ?? '')) {
      let q = p + 1;
      if (t[q] === '-' || t[q] === '+') q++;
      if (/[0-9]/.test(t[q] ?? '')) {
        isFloat = true;
        p = q;
        while (p < t.length && /[0-9]/.test(t[p]!)) p++;
      }
    }
    return { kind: isFloat ? 'float' : 'int', text: t.slice(start, p), pos: start, end: p };
  }

  /** MLIR string literal: escapes `\"`, `\\`, `\n`, `\t` and `\XX` (a byte in hex); bytes decode as UTF-8. */
  private lexString(start: number): Token {
    const t = this.text;
    const bytes: number[] = [];
    const enc = new TextEncoder();
    let p = start + 1;
    for (;;) {
      if (p >= t.length) throw this.error('unterminated string', start);
      const c = t[p]!;
      if (c === '"') break;
      if (c === '\n') throw this.error('unterminated string (newline inside a string)', start);
      if (c === '\\') {
        const n = t[p + 1] ?? '';
        if (n === '"' || n === '\\') { bytes.push(n.charCodeAt(0)); p += 2; continue; }
        if (n === 'n') { bytes.push(10); p += 2; continue; }
        if (n === 't') { bytes.push(9); p += 2; continue; }
        const hex = t.slice(p + 1, p + 3);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw this.error('unknown escape in string: use \\", \\\\, \\n, \\t or \\XX', p);
        bytes.push(parseInt(hex, 16));
        p += 3;
        continue;
      }
      const cp = t.codePointAt(p)!;
      const ch = String.fromCodePoint(cp);
      for (const b of enc.encode(ch)) bytes.push(b);
      p += ch.length;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
    } catch {
      throw this.error('string escapes do not form valid UTF-8', start);
    }
    return { kind: 'string', text, pos: start, end: p + 1 };
  }
}
