// Public surface of the IR core: types, attributes, the op model, the registry, text formats, verifier.
import './ops';

export * from './types';
export * from './limits';
export * from './attributes';
export * from './diagnostics';
export * from './operation';
export * from './registry';
export * from './interfaces';
export { parseModule, parseModuleBytes, type ParseOptions, type ParseResult } from './parser';
export { printModule, type PrintForm, type PrintOptions } from './printer';
export { verifyModule } from './verifier';
export { diffOperations, operationsEqual } from './equality';
export { readBytecode, isBytecode, type BytecodeReadResult } from './bytecode/reader';
export { writeBytecode, type BytecodeWriteOptions } from './bytecode/writer';
export * from './exchange';
export { cloneOp } from './clone';
export { getPartitionBytecode, isolatePartition, partitionNames } from './isolate';
export * from './target';
export type { OpEvaluator } from './evaluator';
export { resultExtents, trimResults, visibleResults, type ResultExtent } from './extents';
