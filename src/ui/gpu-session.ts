// The page's one GPUDevice: opened at start for the status line and reused by every Run. After a
// device loss (or destroy()) the next Run opens a fresh one (the lost device can never run again), and the status
// line says what happened each time.
import { type AdapterSummary, describeAdapter, openDevice } from '../runtime/device';
import { type GpuProfile, gpuProfile, loadCompiled } from '../engine/load';
import { isSoftwareAdapter, warmUpConstants } from '../engine/warm-up-model';
import { parseModule } from '../ir';
import { errorText } from './dom';

/** What compiles specialize for: the device's features and limits, and which adapter it is (for cache keys). */
export interface CompileDevice {
  readonly adapter: string;
  readonly profile: GpuProfile;
}

export type GpuState = 'ok' | 'error';

export class GpuSession {
  private opening: Promise<GPUDevice> | undefined;
  private lost = false;
  private info: AdapterSummary | undefined;
  /** Bumped per device opened, so a loaded program can tell it belongs to an older device. */
  private generation = 0;
  /** The device generation whose first-tier common pipelines were asked for (warmUp). */
  private warmed = 0;

  constructor(private readonly onStatus: (text: string, state: GpuState) => void) {}

  /**
   * Whether the current device is lost, after a failure it may have caused: the loss can be reported
   * just after the failed call, so this waits for it up to `ms`.
   */
  async lostAfterFailure(ms = 250): Promise<boolean> {
    if (this.lost) return true;
    const device = await this.opening?.catch(() => undefined);
    if (!device) return false;
    const lost = await Promise.race([device.lost.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), ms))]);
    return lost || this.lost;
  }

  /** The adapter as the status line names it, once a device was opened. */
  get adapterText(): string {
    return this.info ? describeAdapter(this.info) : 'unknown';
  }

  get deviceGeneration(): number {
    return this.generation;
  }

  /**
   * Has the first tier's common pipelines made on the current device, once per device, in the
   * background (engine/warm-up-model.ts): `compile` gives the warm-up model's Output IR for the
   * device, which is loaded and dropped (its pipelines stay in the device's cache, where the models
   * Run next find them). Nothing on a software adapter, whose compiles would take the CPU the page
   * needs (`force` warms up there too, and again). A failure is only a warm-up not had: the models'
   * own loads make what they need. Resolves with what it did, in words.
   */
  async warmUp(compile: (gpu: GpuProfile) => Promise<string | undefined>, options: { force?: boolean } = {}): Promise<string> {
    // The device the page has: a warm-up opens none (nor tries again where there is none).
    let device: GPUDevice | undefined;
    if (this.opening && !this.lost) device = await this.opening.catch(() => undefined);
    if (!device) return 'no device';
    const generation = this.generation;
    if (this.warmed === generation && !options.force) return 'already warmed up';
    if (!this.info || (isSoftwareAdapter(this.info) && !options.force)) return 'a software adapter: nothing warmed up';
    this.warmed = generation;
    try {
      const text = await compile(gpuProfile(device));
      const output = text === undefined ? undefined : parseModule(text, { file: 'warm-up.output.mlir' }).module;
      if (!output) return 'the warm-up model did not compile';
      if (generation !== this.generation) return 'the device changed meanwhile';
      const constants = warmUpConstants();
      const loaded = await loadCompiled(device, output, (name) => constants.get(name));
      const kernels = loaded.dispatchCount;
      loaded.destroy();
      return `warmed up: ${kernels} kernels`;
    } catch (e) {
      // Not warmed up: the next model's load creates its pipelines itself.
      return `not warmed up: ${errorText(e)}`;
    }
  }

  /** The device compiles specialize for, or undefined without WebGPU (compiles then assume WebGPU's defaults). */
  async compileDevice(): Promise<CompileDevice | undefined> {
    try {
      const device = await this.device();
      const i = this.info!;
      return { adapter: [i.vendor, i.architecture, i.device, i.description].join(' / '), profile: gpuProfile(device) };
    } catch {
      return undefined;
    }
  }

  /** The current device, opening one when there is none yet or the last one was lost. */
  device(): Promise<GPUDevice> {
    if (!this.opening || this.lost) this.opening = this.open();
    return this.opening;
  }

  private async open(): Promise<GPUDevice> {
    this.lost = false;
    const mine = ++this.generation;
    try {
      const { device, info } = await openDevice({
        onError: (e) => {
          if (e.kind === 'lost' && mine === this.generation) this.lost = true;
          this.onStatus(`WebGPU ${e.kind === 'lost' ? 'device lost (the next Run opens a new one)' : `${e.kind} error`}: ${e.message}`, 'error');
        },
      });
      this.info = info;
      // A device destroyed on purpose (openDevice reports only other losses) can never run again either.
      void device.lost.then((lost) => {
        if (mine !== this.generation || lost.reason !== 'destroyed') return;
        this.lost = true;
        this.onStatus('WebGPU device destroyed (the next Run opens a new one)', 'error');
      });
      this.onStatus(statusLine(info, mine), 'ok');
      return device;
    } catch (e) {
      // Forget the failure so that a later Run tries again (e.g. after the adapter came back).
      this.opening = undefined;
      this.onStatus(`WebGPU unavailable: ${errorText(e)}`, 'error');
      throw e;
    }
  }
}

function statusLine(info: AdapterSummary, generation: number): string {
  const again = generation > 1 ? ` — device #${generation}, after a loss` : '';
  return `WebGPU: ${describeAdapter(info)} (features: ${info.features.length ? info.features.join(', ') : 'none'})${again}`;
}
