// verify-input: the Input IR must verify and hold exactly one entry point with static shapes.
import { cloneOp, formatDiagnostic, verifyModule } from '../../ir';
import { ENTRY_POINT } from '../../ir/structural';
import { EntryGraph } from '../graph';
import { CompileError, type Pass } from '../state';

export const verifyInput: Pass = {
  name: 'verify-input',
  run(s) {
    const diags = verifyModule(s.input).filter((d) => d.severity === 'error');
    if (diags.length) throw new CompileError(`input IR does not verify:\n${diags.map(formatDiagnostic).join('\n')}`, diags);
    // The passes rewrite the entry point in place: they work on a copy, leaving the caller's module as it was.
    s.module = cloneOp(s.input);
    const entries = s.module.body().operations.filter((o) => o.name === ENTRY_POINT);
    if (entries.length !== 1) throw new CompileError(`input IR must hold exactly one '${ENTRY_POINT}', found ${entries.length}`);
    s.entry = entries[0]!;
    s.graph = new EntryGraph(s.entry);
  },
};
