// The bottom module: host tensors and element types, float16 conversion, statistics, the error base
// class and option definitions. Every other layer may import it; it imports nothing from them.
export * from './tensor';
export * from './float16';
export * from './bfloat16';
export * from './stats';
export * from './arrays';
export * from './records';
export * from './object-ids';
export * from './arriving-bytes';
export * from './errors';
export * from './options';
