// verify-output: the Output IR the compiler hands on must itself verify.
import { formatDiagnostic, printModule, verifyModule } from '../../ir';
import { CompileError, type Pass } from '../state';

export const verifyOutput: Pass = {
  name: 'verify-output',
  run(s) {
    const diags = verifyModule(s.output!).filter((d) => d.severity === 'error');
    if (diags.length) {
      throw new CompileError(`internal error: the output IR does not verify:\n${diags.map(formatDiagnostic).join('\n')}\n${printModule(s.output!, { form: 'generic' })}`, diags);
    }
  },
};
