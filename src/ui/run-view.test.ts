// The run panel's words on the first tier: its final kernels on their way, or why they will not come.
import { describe, expect, it } from 'vitest';
import { tierNoteText } from './run-view';

describe('tierNoteText', () => {
  it('says the final kernels are on their way while the program settles', () => {
    expect(tierNoteText(undefined)).toMatch(/final kernels are being created in the background/);
  });
  it('says why the runs keep the first tier when the final kernels could not be made', () => {
    const text = tierNoteText('kernel conv.0 does not compile on this device: 3:7 error: unresolved value');
    expect(text).toMatch(/could not be made, so Runs keep these: kernel conv\.0 does not compile on this device: 3:7 error/);
    expect(text).not.toMatch(/being created in the background/);
  });
});
