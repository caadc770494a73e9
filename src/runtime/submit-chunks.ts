// Where a run's commands are cut into queue submits. Recording a dispatch costs a few microseconds of
// host time, and Dawn's submit about as much again; with one submit at the end the GPU idles through
// all of it. Submitting in growing chunks lets the GPU work on one chunk while the next is recorded.
// run() records by these cuts and plannedRunCounts() counts them, so the two always agree.

/** Dispatches in a run's first submit: small, so the GPU starts while the rest is recorded. */
const SUBMIT_FIRST = 8;
/** Each later submit twice the last, up to this many dispatches. */
const SUBMIT_MAX = 64;

/** Kernels `from` … `to` − 1 of a partition, recorded in one pass; `submit`: submit once they are recorded. */
export interface Chunk {
  readonly from: number;
  readonly to: number;
  readonly submit: boolean;
}

export class SubmitChunks {
  private since = 0;
  private limit = SUBMIT_FIRST;

  /**
   * The chunks of a GPU partition of `kernels` dispatches (at least one, for a partition without any,
   * so that its pass still opens and closes). The last chunk of the GPU work is never submitted here:
   * `gpuFollows` says whether more GPU work follows the partition before a host partition or the end,
   * whose submit (with the read-back) takes it.
   */
  cut(kernels: number, gpuFollows: boolean): Chunk[] {
    const chunks: Chunk[] = [];
    let from = 0;
    do {
      const to = Math.min(kernels, from + Math.max(1, this.limit - this.since));
      chunks.push({ from, to, submit: this.full(to - from) && (to < kernels || gpuFollows) });
      from = to;
    } while (from < kernels);
    return chunks;
  }

  /** After a submit made for another reason (a host partition): the next chunk starts small again. */
  restart(): void {
    this.since = 0;
    this.limit = SUBMIT_FIRST;
  }

  /** Counts `n` dispatches recorded; true when the chunk is full (the next one is then twice as large). */
  private full(n: number): boolean {
    this.since += n;
    if (this.since < this.limit) return false;
    this.since = 0;
    this.limit = Math.min(SUBMIT_MAX, 2 * this.limit);
    return true;
  }
}
