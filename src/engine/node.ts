// The Node entry (`dxcgc-web/node`): the whole engine ('dxcgc-web'), with Dawn — the `webgpu`
// package — as the GPU. `createRuntime()` installs Dawn as navigator.gpu before it opens a device;
// call `installDawn()` yourself before using another entry's device functions (the runtime-only
// entry's `requestDevice`) in Node.
import { installDawn } from '../runtime/dawn';
import { type Runtime, createRuntime as createEngineRuntime } from './index';

export * from './index';
export { installDawn } from '../runtime/dawn';

/** createRuntime of 'dxcgc-web', on Dawn when no device is given. */
export async function createRuntime(device?: GPUDevice): Promise<Runtime> {
  if (!device) await installDawn();
  return createEngineRuntime(device);
}
