// Fault injection for the end-to-end specs, installed as `window.cgcTest` only in test builds
// (VITE_CGC_E2E=1, set by playwright.config.ts): crash or hang the compile worker on its next compile,
// destroy the GPU device in the middle of a Run, and warm up on a software adapter. Production builds
// have no `cgcTest`.
import type { WorkerFault } from '../engine/worker';
import type { CompileClient } from './compile-client';
import type { GpuSession } from './gpu-session';

/** Called by ProgramRunner after each timed run of a Run (index from 0); a test build's hook may fail the device there. */
export const runHooks: { afterTimedRun?: (index: number) => Promise<void> } = {};

export interface TestHooks {
  /** The next compile crashes or hangs the compile worker; `hangMs` shortens the hang watchdog. */
  compileWorkerFault(fault: WorkerFault, hangMs?: number): Promise<void>;
  /** The next Run destroys the page's GPUDevice after its first timed run (`device.destroy()`). */
  loseDeviceMidRun(): void;
  /** The first tier's common pipelines made now, on a software adapter too (GpuSession.warmUp); what it did, in words. */
  warmUp(): Promise<string>;
}

export function installTestHooks(gpu: GpuSession, compiler: CompileClient): void {
  if (!import.meta.env.VITE_CGC_E2E) return;
  const hooks: TestHooks = {
    compileWorkerFault: (fault, hangMs) => compiler.injectFault(fault, hangMs),
    warmUp: () => gpu.warmUp((profile) => compiler.warmUp(profile), { force: true }),
    loseDeviceMidRun() {
      runHooks.afterTimedRun = async (index) => {
        if (index !== 0) return;
        runHooks.afterTimedRun = undefined;
        (await gpu.device()).destroy();
      };
    },
  };
  (window as unknown as { cgcTest: TestHooks }).cgcTest = hooks;
}
