// verify-input: the Input IR must verify and hold exactly one entry point with static shapes.
import { INTERFACE_ATTR, cloneOp, formatDiagnostic, interfaceName, verifyModule } from '../../ir';
import { ENTRY_POINT } from '../../ir/structural';
import { EntryGraph } from '../graph';
import { CompileError, type Pass } from '../state';

export const verifyInput: Pass = {
  name: 'verify-input',
  run(s) {
    // The interface says what a module is: only Input IR (or an untagged module) is compiled.
    const iface = s.input.attr(INTERFACE_ATTR);
    const role = iface?.kind === 'string' ? interfaceName(iface.value) ?? iface.value : undefined;
    if (role !== undefined && role !== 'CGC_INPUT') {
      throw new CompileError(role === 'CGC_OUTPUT'
        ? 'this module is CGC Output IR, a compiled program, not Input IR: it is run, not compiled'
        : `this module's interface is ${role}, not CGC_INPUT: only Input IR is compiled`);
    }
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
