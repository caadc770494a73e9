// Counts the compute pipelines `device` creates from now on, synchronously or not (the new-length scripts).
export function countPipelines(device: GPUDevice): { readonly count: number } {
  const counter = { count: 0 };
  const createAsync = device.createComputePipelineAsync.bind(device);
  device.createComputePipelineAsync = (d: GPUComputePipelineDescriptor) => { counter.count++; return createAsync(d); };
  const createSync = device.createComputePipeline.bind(device);
  device.createComputePipeline = (d: GPUComputePipelineDescriptor) => { counter.count++; return createSync(d); };
  return counter;
}
