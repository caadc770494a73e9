// Option checks: defaults, accepted values, and refusals that name the option, the value and what is allowed.
import { describe, expect, it } from 'vitest';
import { CgcError } from './errors';
import {
  ARENA_SETTINGS, DEFAULT_ARENAS, DEFAULT_GRANULARITY, DEFAULT_SPLIT_K, GRANULARITIES, SPLIT_K_MODES, validateArenas, validateSplitK, validateDisabledPatterns, validateFusion, validateGranularity, validateCacheQuota, validateOnOff, validateRuns, validateSeed, validateTargets,
} from './options';

const refusal = (f: () => unknown): CgcError => {
  try {
    f();
  } catch (e) {
    if (e instanceof CgcError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('compile options', () => {
  it('granularity: the three values, coarse by default', () => {
    expect(GRANULARITIES).toEqual(['coarse', 'per-target', 'per-subgraph']);
    expect(validateGranularity(undefined)).toBe(DEFAULT_GRANULARITY);
    expect(DEFAULT_GRANULARITY).toBe('coarse');
    for (const g of GRANULARITIES) expect(validateGranularity(g)).toBe(g);
    const e = refusal(() => validateGranularity('fine', '--granularity'));
    expect([e.kind, e.message]).toEqual(['usage', "--granularity must be one of coarse, per-target, per-subgraph; got 'fine'"]);
  });

  it('arenas: one or per-branch, one by default', () => {
    expect(ARENA_SETTINGS).toEqual(['one', 'per-branch']);
    expect([validateArenas(undefined), DEFAULT_ARENAS, validateArenas('per-branch')]).toEqual(['one', 'one', 'per-branch']);
    const e = refusal(() => validateArenas('two', '--arenas'));
    expect([e.kind, e.message]).toEqual(['usage', "--arenas must be one of one, per-branch; got 'two'"]);
  });

  it('split-K: thin, eager or off, thin by default', () => {
    expect(SPLIT_K_MODES).toEqual(['thin', 'eager', 'off']);
    expect([validateSplitK(undefined), DEFAULT_SPLIT_K, validateSplitK('eager'), validateSplitK('off')]).toEqual(['eager', 'eager', 'eager', 'off']);
    expect(refusal(() => validateSplitK('on', '--split-k')).message).toBe("--split-k must be one of thin, eager, off; got 'on'");
  });

  it('fusion: on or off, on by default', () => {
    expect([validateFusion(undefined), validateFusion('on'), validateFusion('off')]).toEqual([true, true, false]);
    expect(refusal(() => validateFusion('maybe', '--fusion')).message).toBe("--fusion must be on or off; got 'maybe'");
  });

  it('disabled patterns: a comma-separated list of the names the target declares, none by default', () => {
    const known = ['matmul_epilogue', 'attention'];
    expect([validateDisabledPatterns(undefined, known), validateDisabledPatterns('', known)]).toEqual([[], []]);
    expect(validateDisabledPatterns('attention, matmul_epilogue,attention', known)).toEqual(['attention', 'matmul_epilogue']);
    const e = refusal(() => validateDisabledPatterns('attention,flash', known, '--disable-patterns'));
    expect([e.kind, e.message]).toEqual(['usage', "--disable-patterns must be a list of matmul_epilogue, attention; got 'flash'"]);
  });

  it('targets: checked against the names the caller knows, never a fixed list', () => {
    const known = ['webgpu', 'cpu-reference', 'my-npu'];
    expect(validateTargets(['my-npu', 'webgpu'], known)).toEqual(['my-npu', 'webgpu']);
    expect(refusal(() => validateTargets(['webgpu', 'tpu'], known)).message).toBe("targets must be a list of webgpu, cpu-reference, my-npu; got 'tpu'");
    expect(refusal(() => validateTargets([], known)).message).toBe("targets must be a non-empty list of webgpu, cpu-reference, my-npu; got ''");
    expect(refusal(() => validateTargets(['webgpu', 'webgpu'], known)).message).toBe("targets names 'webgpu' twice");
  });
});

describe('run options', () => {
  it('runs: a positive integer, 1 by default', () => {
    expect([validateRuns(undefined), validateRuns('10'), validateRuns(3)]).toEqual([1, 10, 3]);
    for (const bad of ['0', '-1', '2.5', 'ten', '', '1e9']) {
      expect(refusal(() => validateRuns(bad, '--runs')).message).toBe(`--runs must be an integer from 1 to 100000; got '${bad}'`);
    }
  });

  it('seed: an unsigned 32-bit integer, 1 by default', () => {
    expect([validateSeed(undefined), validateSeed('0'), validateSeed('7')]).toEqual([1, 0, 7]);
    expect(refusal(() => validateSeed('-3', '--seed')).message).toBe("--seed must be an integer from 0 to 4294967295; got '-3'");
  });

  it('profile and numeric diff: on/off switches with their own defaults', () => {
    expect([validateOnOff(undefined, false, 'profile'), validateOnOff('on', false, 'profile'), validateOnOff('off', true, 'diff')]).toEqual([false, true, false]);
    expect(refusal(() => validateOnOff('yes', false, 'diff')).message).toBe("diff must be on or off; got 'yes'");
  });

  it('cache quota: whole MiB from 1, 512 by default', () => {
    expect([validateCacheQuota(undefined), validateCacheQuota('1'), validateCacheQuota(2048)]).toEqual([512, 1, 2048]);
    for (const bad of ['0', '-5', '1.5', '', 'lots', '2000000']) {
      expect(refusal(() => validateCacheQuota(bad)).message).toBe(`cache quota MiB must be an integer from 1 to 1048576; got '${bad}'`);
    }
  });
});
