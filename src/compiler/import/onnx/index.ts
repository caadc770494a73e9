// Public surface of the ONNX importer: importOnnx (model → CGC Input IR + constants) and
// readTensorProto (test_data_set `.pb` files → HostTensor).
export { type DecodedOnnx, decodeOnnx, importOnnx, type ImportOptions, type ImportResult } from './importer';
export { type ExternalFiles, externalFilesOf, readTensorProto } from './tensor-proto';
export { OnnxImportError, MAX_IMPORT_ELEMENTS } from './errors';
export { SUPPORTED_ONNX_OPS } from './ops';
export { onnxGraphIo, type OnnxGraphIo } from './graph-io';
