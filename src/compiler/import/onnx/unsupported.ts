// The default-domain ONNX ops the importer does not map, each with why; docs/operators.md lists the
// same table (a unit test keeps the two equal) and the importer's refusal quotes the reason.
const RANDOM = 'random number generation is not supported (a run could not be checked against a reference)';
const SEQUENCES = 'sequences and optionals are not tensors; CGC values are tensors';
const STRINGS = 'string tensors are not supported';
const NOT_YET = 'not implemented yet';

export const UNSUPPORTED_ONNX_OPS: Readonly<Record<string, string>> = {
  RandomUniform: RANDOM, RandomUniformLike: RANDOM, RandomNormal: RANDOM, RandomNormalLike: RANDOM, Bernoulli: RANDOM, Multinomial: RANDOM,
  SequenceAt: SEQUENCES, SequenceConstruct: SEQUENCES, SequenceEmpty: SEQUENCES, SequenceErase: SEQUENCES, SequenceInsert: SEQUENCES,
  SequenceLength: SEQUENCES, SequenceMap: SEQUENCES, SplitToSequence: SEQUENCES, ConcatFromSequence: SEQUENCES,
  Optional: SEQUENCES, OptionalGetElement: SEQUENCES, OptionalHasElement: SEQUENCES,
  StringNormalizer: STRINGS, TfIdfVectorizer: STRINGS, RegexFullMatch: STRINGS, StringConcat: STRINGS, StringSplit: STRINGS,
  ImageDecoder: 'decoding encoded images (bytes) is not supported; decode before the model',
  Col2Im: NOT_YET, CenterCropPad: NOT_YET, AffineGrid: NOT_YET, DeformConv: NOT_YET,
};
