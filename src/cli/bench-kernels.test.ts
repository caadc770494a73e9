// `cgc bench-kernels --tile`: the tile sweep's argument, with K slices where given.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKGROUP_STORAGE, chooseTile } from '../webgpu-target/kernels/gemm-core';
import { parseTiles } from './bench-kernels';

describe('bench-kernels --tile', () => {
  it('reads auto, tiles and tiles with K slices, and names what it takes', () => {
    expect(parseTiles('auto,128x128x8,64x128x16/4')).toEqual([undefined, { tm: 128, tn: 128, tk: 8 }, { tm: 64, tn: 128, tk: 16, splits: 4 }]);
    expect(parseTiles(undefined)).toEqual([undefined]);
    // 256-wide sides (8×16 register blocks) for sweeps; the compiler never picks them.
    expect(parseTiles('256x128x16')).toEqual([{ tm: 256, tn: 128, tk: 16 }]);
    // Threads along M and N: a 64×64 tile in 128 threads of 8×4 elements.
    expect(parseTiles('64x64x16@8x16,64x128x16/2@8x16')).toEqual([{ tm: 64, tn: 64, tk: 16, threads: [8, 16] }, { tm: 64, tn: 128, tk: 16, splits: 2, threads: [8, 16] }]);
    expect(() => parseTiles('16x64x16@32x16')).toThrow('--tile 16x64x16@32x16: a tile of 16×64 takes at most 16 threads along M and 64 along N');
    for (const bad of ['512x64x16', '64x48x16', '64x64x12', '64x64x16/0', '64x64x16/x', '64x64x16@4x16']) expect(() => parseTiles(bad)).toThrow(/--tile takes auto or TMxTNxTK\[\/SPLITS\]/);
  });

  it('forces the K slices, as many as K has k-tiles at most', () => {
    const shape = { batch: 1, M: 197, N: 768, K: 3072 };
    const forced = (tile: Parameters<typeof chooseTile>[2], s = shape) => chooseTile(s, DEFAULT_WORKGROUP_STORAGE, tile);
    expect(forced({ tm: 64, tn: 128, tk: 16, splits: 8 })).toEqual({ tm: 64, tn: 128, tk: 16, splits: 8 });
    expect(forced({ tm: 64, tn: 128, tk: 16, splits: 999 }, { ...shape, K: 64 }).splits).toBe(4);
    expect(forced({ tm: 64, tn: 128, tk: 16 }).splits).toBe(chooseTile(shape).splits);
  });
});
