// Public surface of the CPU reference target: the interpreter, single-op evaluation and the
// kernel registry (host tensors are src/core's).
export { evaluateOp, evaluateOperation, runEntryPoint, InterpreterError, MAX_RESULT_ELEMENTS, type ValueObserver } from './interpreter';
export { getKernel, implementedOps, type Kernel, KernelContext } from './registry';
