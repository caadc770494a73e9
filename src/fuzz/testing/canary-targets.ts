// Targets with known bugs, for testing the harness itself: on some inputs one throws a TypeError,
// one loops forever, one keeps a 512 MiB buffer. A harness that misses any of them is broken.
import { mutateBytes } from '../mutate-bytes';
import type { FuzzTarget } from '../targets';

const canary = (name: string, bad: (input: Uint8Array) => void): FuzzTarget => ({
  name,
  ext: 'bin',
  contract: 'rejects inputs starting with 0x00; misbehaves on inputs starting with 0xff',
  seeds: () => [Uint8Array.of(1, 2, 3, 4), Uint8Array.of(0, 1), Uint8Array.of(0xfe, 1)],
  mutate: (input, r, seeds) => mutateBytes(input, r, seeds),
  run: (input) => {
    if (input[0] === 0xff) bad(input);
    return input[0] === 0 ? 'rejected' : 'accepted';
  },
});

export const TARGETS: readonly FuzzTarget[] = [
  canary('canary-crash', (input) => { (input as unknown as { x: { y: number } }).x.y = 1; }),
  canary('canary-hang', () => { for (;;); }),
  canary('canary-alloc', () => { kept.push(new ArrayBuffer(512 * 2 ** 20)); }),
];

const kept: ArrayBuffer[] = [];
