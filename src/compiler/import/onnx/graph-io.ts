// The names of an ONNX model's run-time graph inputs and its outputs, in graph order, without
// importing it: test harnesses match test_data_set `input_N.pb` files and onnxruntime feeds by them.
import { OnnxImportError } from './errors';
import type { DecodedOnnx } from './importer';
import { decodeModel, int64ToNumber } from './proto';

export interface OnnxGraphIo {
  /** Graph inputs that are not initializers (IR < 4 lists initializers among the inputs too). */
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** Each input's dims as the model states them: a size, a `dim_param` name, or undefined (unknown); undefined when it has no shape. */
  readonly inputDims: readonly ((number | string | undefined)[] | undefined)[];
}

export function onnxGraphIo(source: Uint8Array | DecodedOnnx): OnnxGraphIo {
  const graph = (source instanceof Uint8Array ? decodeModel(source) : source.model).graph;
  if (!graph) throw new OnnxImportError('the model has no graph');
  const initializers = new Set(graph.initializer.map((t) => t.name));
  const inputs = graph.input.filter((i) => !initializers.has(i.name));
  const inputDims = inputs.map((i) => i.type?.tensor_type?.shape?.dim?.map((d) => (Object.hasOwn(d, 'dim_value') ? int64ToNumber(d.dim_value!) : d.dim_param || undefined)));
  return { inputs: inputs.map((i) => i.name), outputs: graph.output.map((o) => o.name), inputDims };
}
