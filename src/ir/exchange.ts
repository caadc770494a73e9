// The MLIR exchange between the compiler and its targets: IR documents tagged with the spec's
// interface GUIDs. A target is a declaration document plus an implementation behind `exchange`;
// the compiler never calls into a target's internals.
import { quoteString } from './attributes';
import { formatDiagnostic } from './diagnostics';
import { CGC_VERSION, INTERFACES } from './interfaces';
import type { Operation } from './operation';
import { parseModule } from './parser';
import { SUBGRAPH } from './structural';

export interface IRDocument {
  /** The interface GUID that says what this document is (INTERFACES.*). */
  readonly interface: string;
  /** CGC IR text; empty where the spec's inputData is null (a declaration request). */
  readonly text: string;
}

/** The spec's CheckFeatureSupport answer, as plain data. */
export interface TargetCapabilities {
  readonly name: string;
  /** 0 = no MLIR programs; 1 = subgraph programs (the spec's D3D12_MLIR_PROGRAMS_TIER_1). */
  readonly tier: number;
  readonly interfaces: readonly string[];
  readonly features: readonly string[];
  readonly limits: Readonly<Record<string, number>>;
}

export interface CompileTarget {
  readonly name: string;
  capabilities(): TargetCapabilities;
  /** Answers CGC_SUBGRAPH_DECLARATION_REQUEST and CGC_SUBGRAPH_SPECIALIZATION_REQUEST documents. */
  exchange(request: IRDocument): IRDocument;
}

/** Module attributes of a specialization answer. */
export const SPECIALIZATION_ATTR = 'cgc.specialization';
export const REASON_ATTR = 'cgc.reason';

/** The interfaces a target that optimizes subgraphs must support (the spec's SUBGRAPH_* set). */
export const SUBGRAPH_INTERFACES: readonly string[] = [
  INTERFACES.CGC_SUBGRAPH_PARTITION,
  INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST,
  INTERFACES.CGC_SUBGRAPH_DECLARATION,
  INTERFACES.CGC_SUBGRAPH_SPECIALIZATION_REQUEST,
  INTERFACES.CGC_SUBGRAPH_SPECIALIZATION,
];

/** A target's answer to a specialization request. */
export function specializationAnswer(accept: boolean, reason?: string): IRDocument {
  const attrs = [
    `cgc.interface = "${INTERFACES.CGC_SUBGRAPH_SPECIALIZATION}"`, `cgc.version = "${CGC_VERSION}"`,
    `${SPECIALIZATION_ATTR} = "${accept ? 'accept' : 'reject'}"`,
    ...(reason !== undefined ? [`${REASON_ATTR} = ${quoteString(reason)}`] : []),
  ];
  return { interface: INTERFACES.CGC_SUBGRAPH_SPECIALIZATION, text: `cgc.module attributes {${attrs.join(', ')}} {\n}\n` };
}

export interface SpecializationRequest {
  readonly subgraph: Operation;
  /** The concrete functional definition: its ops, with shapes. */
  readonly definition: Operation;
  readonly pattern: string;
}

/** Reads a CGC_SUBGRAPH_SPECIALIZATION_REQUEST document (one subgraph). */
export function readSpecializationRequest(doc: IRDocument): SpecializationRequest {
  if (doc.interface !== INTERFACES.CGC_SUBGRAPH_SPECIALIZATION_REQUEST) throw new Error(`not a specialization request: ${doc.interface}`);
  const parsed = parseModule(doc.text, { file: 'specialization-request' });
  if (!parsed.module) throw new Error(`specialization request does not parse:\n${parsed.diagnostics.map(formatDiagnostic).join('\n')}`);
  const subgraph = parsed.module.body().operations.find((o) => o.name === SUBGRAPH);
  const definition = subgraph?.body().operations[0];
  if (!subgraph || !definition) throw new Error('specialization request holds no subgraph');
  const pattern = subgraph.attr('pattern');
  return { subgraph, definition, pattern: pattern?.kind === 'string' ? pattern.value : '' };
}
