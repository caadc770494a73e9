// What crosses to the compile worker: an ONNX model's bytes as one copy, transferred, so the message
// copies nothing more and the page keeps its own bytes.
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { expect, test } from 'vitest';
import type { CompileRequest } from '../engine/service';
import { crossing } from './compile-client';

test("an ONNX request's bytes are transferred as a copy; the page's stay", async () => {
  const { port1, port2 } = new MessageChannel();
  const seen: { bytes: number; w: number; first: number }[] = [];
  Comlink.expose({ take: (r: CompileRequest) => { seen.push({ bytes: r.onnx!.bytes.byteLength, w: r.onnx!.externalFiles!['w.bin']!.byteLength, first: r.onnx!.bytes[0]! }); } }, port1 as unknown as Comlink.Endpoint);
  const remote = Comlink.wrap<{ take(r: CompileRequest): void }>(port2 as unknown as Comlink.Endpoint);
  const page = new Uint8Array([8, 1, 2, 3, 4, 5]);
  const w = new Uint8Array(64).fill(7);
  const req: CompileRequest = { model: '', onnx: { bytes: page, externalFiles: { 'w.bin': w } } };
  const sent = crossing(req);
  expect(sent.onnx!.bytes).not.toBe(page);
  await remote.take(sent);
  expect(seen).toEqual([{ bytes: 6, w: 64, first: 8 }]);
  // Moved, not cloned: the copies that crossed are gone from here; the page's bytes are as they were.
  expect(sent.onnx!.bytes.byteLength).toBe(0);
  expect(sent.onnx!.externalFiles!['w.bin']!.byteLength).toBe(0);
  expect([...page]).toEqual([8, 1, 2, 3, 4, 5]);
  expect(w.byteLength).toBe(64);
  // A request without ONNX bytes crosses as it is.
  const text: CompileRequest = { model: 'cgc.module {}' };
  expect(crossing(text)).toBe(text);
  port1.close();
  port2.close();
});
