// Test helpers for the engine's GPU tests.

/** Counts the compute pipelines `device` is asked to create from now on; returns the count so far. */
export function countPipelines(device: GPUDevice): () => number {
  let created = 0;
  const make = device.createComputePipelineAsync.bind(device);
  device.createComputePipelineAsync = (d: GPUComputePipelineDescriptor) => { created++; return make(d); };
  return () => created;
}
