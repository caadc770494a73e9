// Public surface of the CPU reference target: the interpreter, single-op evaluation and host tensors.
export { evaluateOp, runEntryPoint, InterpreterError, MAX_RESULT_ELEMENTS, type ValueObserver } from './interpreter';
export { getKernel, implementedOps, type Kernel, KernelContext } from './registry';
export * from './tensor';
export { floatToHalf, halfToFloat } from './kernels/common';
