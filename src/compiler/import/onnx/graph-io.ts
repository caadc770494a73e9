// The names of an ONNX model's run-time graph inputs and its outputs, in graph order, without
// importing it: test harnesses match test_data_set `input_N.pb` files and onnxruntime feeds by them.
import { OnnxImportError } from './errors';
import { decodeModel } from './proto';

export interface OnnxGraphIo {
  /** Graph inputs that are not initializers (IR < 4 lists initializers among the inputs too). */
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
}

export function onnxGraphIo(bytes: Uint8Array): OnnxGraphIo {
  const graph = decodeModel(bytes).graph;
  if (!graph) throw new OnnxImportError('the model has no graph');
  const initializers = new Set(graph.initializer.map((t) => t.name));
  return { inputs: graph.input.map((i) => i.name).filter((n) => !initializers.has(n)), outputs: graph.output.map((o) => o.name) };
}
