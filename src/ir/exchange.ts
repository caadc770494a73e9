// The MLIR exchange between the compiler and its targets: IR documents tagged with the spec's
// interface GUIDs. A target is a declaration document plus an implementation behind `exchange`;
// the compiler never calls into a target's internals.
import { type Attribute, stringAttr } from './attributes';
import { formatDiagnostic } from './diagnostics';
import { CGC_VERSION, INTERFACES, INTERFACE_ATTR, VERSION_ATTR } from './interfaces';
import { Operation } from './operation';
import { parseModule } from './parser';
import { printModule } from './printer';
import { MODULE, SUBGRAPH } from './structural';

export interface IRDocument {
  /** The interface GUID that says what this document is (INTERFACES.*). */
  readonly interface: string;
  /** CGC IR text; empty where the spec's inputData is null (a declaration request). */
  readonly text: string;
  /**
   * The same document already parsed, where its writer and its reader share a process: a reader
   * takes it instead of parsing `text` and leaves it unchanged. A document made by `documentOf`
   * prints its text only when something reads it, so an exchange inside one process neither prints
   * nor parses (for ResNet-50's specialization requests that was about a quarter of a cold
   * compile); a document that crossed a boundary (a worker message, a file) has text alone.
   */
  readonly module?: Operation;
}

/** A document whose module is at hand: its text is printed on first read, once. */
export function documentOf(iface: string, module: Operation): IRDocument {
  let text: string | undefined;
  return { interface: iface, module, get text() { return (text ??= printModule(module)); } };
}

/** The document's module: the one it carries, or its text parsed (`what` names it in the error). */
export function readDocument(doc: IRDocument, what: string): Operation {
  if (doc.module) return doc.module;
  const parsed = parseModule(doc.text, { file: what });
  if (!parsed.module) throw new Error(`${what} does not parse:\n${parsed.diagnostics.map(formatDiagnostic).join('\n')}`);
  return parsed.module;
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
/**
 * Module attribute of an accepting answer: the target's configuration for the subgraph (its kernels,
 * say), in whatever form the target reads back. The compiler copies it, unread, onto the subgraph in
 * the Output IR (its `configuration` attribute), where the target finds it in the partitions it compiles.
 */
export const CONFIGURATION_ATTR = 'cgc.configuration';

/** The interfaces a target that optimizes subgraphs must support (the spec's SUBGRAPH_* set). */
export const SUBGRAPH_INTERFACES: readonly string[] = [
  INTERFACES.CGC_SUBGRAPH_PARTITION,
  INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST,
  INTERFACES.CGC_SUBGRAPH_DECLARATION,
  INTERFACES.CGC_SUBGRAPH_SPECIALIZATION_REQUEST,
  INTERFACES.CGC_SUBGRAPH_SPECIALIZATION,
];

/** A target's answer to a specialization request: an accept may carry the target's configuration for the subgraph. */
export function specializationAnswer(accept: boolean, reason?: string, configuration?: Attribute): IRDocument {
  const module = new Operation(MODULE, [], [], new Map<string, Attribute>([
    [INTERFACE_ATTR, stringAttr(INTERFACES.CGC_SUBGRAPH_SPECIALIZATION)], [VERSION_ATTR, stringAttr(CGC_VERSION)],
    [SPECIALIZATION_ATTR, stringAttr(accept ? 'accept' : 'reject')],
    ...(reason !== undefined ? [[REASON_ATTR, stringAttr(reason)] as const] : []),
    ...(accept && configuration ? [[CONFIGURATION_ATTR, configuration] as const] : []),
  ]));
  module.addRegion().addBlock();
  return documentOf(INTERFACES.CGC_SUBGRAPH_SPECIALIZATION, module);
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
  const subgraph = readDocument(doc, 'specialization request').body().operations.find((o) => o.name === SUBGRAPH);
  const definition = subgraph?.body().operations[0];
  if (!subgraph || !definition) throw new Error('specialization request holds no subgraph');
  const pattern = subgraph.attr('pattern');
  return { subgraph, definition, pattern: pattern?.kind === 'string' ? pattern.value : '' };
}
