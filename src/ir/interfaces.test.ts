// Interface GUIDs and dialect versions.
import { describe, expect, it } from 'vitest';
import { CGC_VERSION, INTERFACES, interfaceName, isGuid, isReadableVersion } from './interfaces';

describe('interfaces', () => {
  it('defines the spec\'s seven GUIDs, all distinct and well-formed', () => {
    const guids = Object.values(INTERFACES);
    expect(guids).toHaveLength(7);
    expect(new Set(guids).size).toBe(7);
    for (const g of guids) expect(isGuid(g)).toBe(true);
    expect(INTERFACES.CGC_INPUT).toBe('7FC4F23F-2474-4AE8-AE7A-2722118B350E');
    expect(INTERFACES.CGC_SUBGRAPH_SPECIALIZATION).toBe('F90A981E-0FCD-46D8-8AA1-166994C4DE02');
  });

  it('names a GUID in any case', () => {
    expect(interfaceName('f53e923f-5300-4eef-8f1e-ada03fff2605')).toBe('CGC_OUTPUT');
    expect(interfaceName('00000000-0000-0000-0000-000000000000')).toBeUndefined();
  });

  it('reads its own major version up to its own minor/patch', () => {
    expect(isReadableVersion(CGC_VERSION)).toBe(true);
    expect(isReadableVersion('0.0.9', '0.1.0')).toBe(true);
    expect(isReadableVersion('0.2.0', '0.1.0')).toBe(false);
    expect(isReadableVersion('1.0.0', '0.1.0')).toBe(false);
    expect(isReadableVersion('1.0', '0.1.0')).toBe(false);
  });
});
