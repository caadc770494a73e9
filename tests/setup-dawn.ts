// The GPU tests' WebGPU: Dawn as navigator.gpu (VK_ICD_FILENAMES points it at SwiftShader here).
import { installDawn } from '../src/runtime/dawn';

await installDawn();
