// The CPU reference as a target for the runtime-only entry (`dxcgc-web/reference`): pass
// `createReferenceTarget()` as `hostTargets` to run a program whose partitions were compiled for the
// host (ops no GPU target takes). It brings the op definitions and the reference's kernels with it.
export { createReferenceTarget } from '../reference/target';
