// Types of the generated static decoders (onnx-proto.js): each message's decode, from bytes or a reader.
import type { Reader } from 'protobufjs';

interface Decoder {
  decode(reader: Reader | Uint8Array): unknown;
}

export declare const onnx: {
  readonly ModelProto: Decoder;
  readonly TensorProto: Decoder;
};
