// Share links: the model (a demo name, a URL, a file's identity — name, size, SHA-256 — or a small
// model carried compressed in `src`) and the UI state (view, selected node, compile options, IR
// shown, the last Run's settings) as `#key=value&…` in the page URL. Parsing validates every key and
// value and caps the size; anything off is an error for the caller to show, never a crash.
// Decompressing `src` is share-source.ts's job.
import { DEFAULT_GRANULARITY, GRANULARITIES, type Granularity, ON_OFF } from '../core';

export const VIEWS = ['source', 'graph', 'memory', 'ir'] as const;
export type View = (typeof VIEWS)[number];

/** A model file the recipient must supply: it is checked against `sha256` before it is shown. */
export interface FileRef {
  readonly kind: 'file';
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
  /** Files that must come with it (weights, ONNX external data), by name. */
  readonly with?: readonly string[];
}
export type ModelRef = { kind: 'demo'; name: string } | { kind: 'url'; url: string } | FileRef;

/** How the sender ran the model: the recipient's "Run as the sender did" uses the same. */
export interface RunSettings { readonly runs: number; readonly diff: boolean }
/** Run counts the Run panel offers. */
export const RUN_COUNTS = [1, 10, 50] as const;

/** A target name as the compile service spells them; whether it exists is the compile's to say. */
const TARGET_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const FILE_NAME = /^[\w .()+-]{1,120}$/;

export interface ShareState {
  readonly model?: ModelRef;
  readonly view?: View;
  readonly node?: string;
  readonly granularity?: Granularity;
  /** Which IR the IR view shows: 'input', 'output', a partition name or `wgsl.SYMBOL`. */
  readonly ir?: string;
  /** False: compile without the fused webgpu target. */
  readonly fusion?: boolean;
  /** The targets enabled, when not all. */
  readonly targets?: readonly string[];
  /** The sender's last Run of this compile. */
  readonly run?: RunSettings;
  /** The model itself (IR text, or ONNX bytes when `name` ends in .onnx), deflate-raw compressed and base64url-encoded (share-source.ts). */
  readonly src?: string;
  /** The file name `src` was loaded or edited as. */
  readonly name?: string;
}

/** Longest hash accepted, not counting `src`; real states are well under 1 KiB. */
export const MAX_HASH_CHARS = 4096;
/** Longest `src`: 64 KiB of compressed model in base64url. */
export const MAX_SOURCE_CHARS = Math.ceil((64 * 1024 * 4) / 3);
const MAX_VALUE_CHARS = 2048;
const KEYS = new Set(['model', 'view', 'node', 'gran', 'ir', 'fusion', 'targets', 'runs', 'diff', 'src', 'name', 'with']);

export type ParsedHash = { ok: true; state: ShareState } | { ok: false; error: string };

function isOneOf<T extends string>(list: readonly T[], v: string): v is T {
  return (list as readonly string[]).includes(v);
}

function parseModel(v: string, demos: ReadonlySet<string>): ModelRef | string {
  if (v.startsWith('demo:')) {
    const name = v.slice(5);
    return demos.has(name) ? { kind: 'demo', name } : `unknown demo model '${name}'`;
  }
  if (v.startsWith('url:')) {
    const url = v.slice(4);
    try {
      const u = new URL(url);
      if (u.protocol !== 'https:' && u.protocol !== 'http:') return `model URL must be http(s), not ${u.protocol}`;
      return { kind: 'url', url: u.href };
    } catch {
      return 'model URL is not a valid absolute URL';
    }
  }
  if (v.startsWith('file:')) {
    const m = /^file:(\d{1,12}):([0-9a-f]{64}):(.+)$/.exec(v);
    if (!m) return "a file model must be 'file:SIZE:SHA256:NAME'";
    if (!FILE_NAME.test(m[3]!)) return 'the file model\'s name must be a plain file name';
    return { kind: 'file', name: m[3]!, size: Number(m[1]), sha256: m[2]! };
  }
  return "model must be 'demo:NAME', 'url:URL' or 'file:SIZE:SHA256:NAME'";
}

/** Parses `location.hash` (with or without '#'); an empty hash is an empty state. */
export function parseShareHash(hash: string, demos: ReadonlySet<string>): ParsedHash {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return { ok: true, state: {} };
  const srcPart = raw.split('&').find((p) => p.startsWith('src='));
  if (srcPart && srcPart.length - 4 > MAX_SOURCE_CHARS) return { ok: false, error: `the link's IR is ${srcPart.length - 4} characters, more than the ${MAX_SOURCE_CHARS} allowed` };
  const stateChars = raw.length - (srcPart?.length ?? 0);
  if (stateChars > MAX_HASH_CHARS) return { ok: false, error: `the link's state is ${stateChars} characters, more than the ${MAX_HASH_CHARS} allowed` };
  let params: URLSearchParams;
  try {
    // decodeURIComponent first so that malformed %-escapes are reported, not silently dropped. Its
    // result is used: a minifier drops a call to it whose value is not (the built app then took them).
    if (raw.split('&').some((part) => decodeURIComponent(part) === undefined)) throw new URIError(raw);
    params = new URLSearchParams(raw);
  } catch {
    return { ok: false, error: 'the link\'s state has a malformed %-escape' };
  }
  const state: { -readonly [K in keyof ShareState]: ShareState[K] } = {};
  const seen = new Set<string>();
  let withFiles: string[] | undefined;
  for (const [key, value] of params) {
    if (!KEYS.has(key)) return { ok: false, error: `unknown key '${key.slice(0, 40)}' in the link's state` };
    if (seen.has(key)) return { ok: false, error: `key '${key}' appears twice in the link's state` };
    seen.add(key);
    if (value.length > MAX_VALUE_CHARS && key !== 'src') return { ok: false, error: `value of '${key}' is too long` };
    switch (key) {
      case 'model': {
        const m = parseModel(value, demos);
        if (typeof m === 'string') return { ok: false, error: m };
        state.model = m;
        break;
      }
      case 'view':
        if (!isOneOf(VIEWS, value)) return { ok: false, error: `view must be one of ${VIEWS.join(', ')}` };
        state.view = value;
        break;
      case 'gran':
        if (!isOneOf(GRANULARITIES, value)) return { ok: false, error: `granularity must be one of ${GRANULARITIES.join(', ')}` };
        state.granularity = value;
        break;
      case 'node':
        if (!/^(%[A-Za-z0-9_$.\-#]{1,200}|return #\d{1,6})$/.test(value)) return { ok: false, error: 'node must be a value name like %conv1' };
        state.node = value;
        break;
      case 'ir':
        if (!/^[A-Za-z0-9_$.-]{1,200}$/.test(value)) return { ok: false, error: 'ir must be input, output, a partition name or wgsl.SUBGRAPH' };
        state.ir = value;
        break;
      case 'fusion':
        if (!isOneOf(ON_OFF, value)) return { ok: false, error: `fusion must be ${ON_OFF.join(' or ')}` };
        state.fusion = value === 'on';
        break;
      case 'targets': {
        const names = value.split(',');
        if (names.length > 16 || !names.every((n) => TARGET_NAME.test(n))) return { ok: false, error: 'targets must be a comma-separated list of target names like webgpu-fallback' };
        state.targets = names;
        break;
      }
      case 'runs': {
        const runs = Number(value);
        if (!isOneOf(RUN_COUNTS.map(String), value)) return { ok: false, error: `runs must be one of ${RUN_COUNTS.join(', ')}` };
        state.run = { diff: false, ...state.run, runs };
        break;
      }
      case 'diff':
        if (!isOneOf(ON_OFF, value)) return { ok: false, error: `diff must be ${ON_OFF.join(' or ')}` };
        state.run = { runs: 1, ...state.run, diff: value === 'on' };
        break;
      case 'src':
        if (!/^[A-Za-z0-9_-]+$/.test(value)) return { ok: false, error: 'src must be base64url-encoded (a compressed model)' };
        state.src = value;
        break;
      case 'with': {
        const names = value.split(',');
        if (names.length > 16 || !names.every((n) => FILE_NAME.test(n))) return { ok: false, error: 'with must be a comma-separated list of plain file names' };
        withFiles = names;
        break;
      }
      case 'name':
        if (!FILE_NAME.test(value)) return { ok: false, error: 'name must be a plain file name' };
        state.name = value;
        break;
    }
  }
  if (withFiles) {
    if (state.model?.kind !== 'file') return { ok: false, error: "'with' names the files that come with a file model: the link has none" };
    state.model = { ...state.model, with: withFiles };
  }
  return { ok: true, state };
}

export function formatShareHash(state: ShareState): string {
  const p = new URLSearchParams();
  const m = state.model;
  if (m) p.set('model', m.kind === 'demo' ? `demo:${m.name}` : m.kind === 'url' ? `url:${m.url}` : `file:${m.size}:${m.sha256}:${m.name}`);
  if (m?.kind === 'file' && m.with?.length) p.set('with', m.with.join(','));
  if (state.view) p.set('view', state.view);
  if (state.node) p.set('node', state.node);
  if (state.granularity && state.granularity !== DEFAULT_GRANULARITY) p.set('gran', state.granularity);
  if (state.ir && state.ir !== 'input') p.set('ir', state.ir);
  if (state.fusion === false) p.set('fusion', 'off');
  if (state.targets) p.set('targets', state.targets.join(','));
  if (state.run) {
    p.set('runs', String(state.run.runs));
    if (state.run.diff) p.set('diff', 'on');
  }
  if (state.name) p.set('name', state.name);
  if (state.src) p.set('src', state.src);
  const text = p.toString();
  return text ? `#${text}` : '';
}
