// The spec's MLIR interface GUIDs: what a serialized IR document is (input IR, output IR, a
// partition, a declaration or specialization exchange), and the CGC dialects' semantic version.

export const INTERFACES = {
  CGC_INPUT: '7FC4F23F-2474-4AE8-AE7A-2722118B350E',
  CGC_OUTPUT: 'F53E923F-5300-4EEF-8F1E-ADA03FFF2605',
  CGC_SUBGRAPH_PARTITION: 'EAA277C3-190D-4049-A7B0-A611B11701B6',
  CGC_SUBGRAPH_DECLARATION_REQUEST: 'EB53032A-1116-4E71-8309-54347C1E5A26',
  CGC_SUBGRAPH_DECLARATION: 'BE441609-6AB8-4FA8-B551-019ED938C298',
  CGC_SUBGRAPH_SPECIALIZATION_REQUEST: 'EBED5ED6-2206-457B-8BD0-ABFCC677195B',
  CGC_SUBGRAPH_SPECIALIZATION: 'F90A981E-0FCD-46D8-8AA1-166994C4DE02',
} as const;

export type InterfaceName = keyof typeof INTERFACES;

/** The version of the CGC dialects this build reads and writes (all dialects are versioned together). */
export const CGC_VERSION = '0.1.0';

export const INTERFACE_ATTR = 'cgc.interface';
export const VERSION_ATTR = 'cgc.version';

const GUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

export function isGuid(s: string): boolean {
  return GUID.test(s.toUpperCase());
}

/** The interface's name for a GUID (any case), or undefined for a GUID this build does not know. */
export function interfaceName(guid: string): InterfaceName | undefined {
  const g = guid.toUpperCase();
  return (Object.keys(INTERFACES) as InterfaceName[]).find((k) => INTERFACES[k] === g);
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function parseVersion(v: string): [number, number, number] | undefined {
  const m = SEMVER.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** A reader accepts IR of its own major version and any minor/patch up to its own (dialects only grow). */
export function isReadableVersion(v: string, reader = CGC_VERSION): boolean {
  const a = parseVersion(v);
  const b = parseVersion(reader)!;
  if (!a) return false;
  if (a[0] !== b[0]) return false;
  return a[1] < b[1] || (a[1] === b[1] && a[2] <= b[2]);
}
