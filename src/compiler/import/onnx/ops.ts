// Every ONNX op the importer maps, by op_type (default domain), gathered from the family files.
import { lookupTable } from '../../../core';
import type { MapperTable } from './context';
import { CONTROL } from './map-control';
import { CONV_POOL } from './map-conv-pool';
import { DATA_DEPENDENT } from './map-data-dependent';
import { EINSUM } from './map-einsum';
import { ELEMENTWISE } from './map-elementwise';
import { LOSS } from './map-loss';
import { MATMUL } from './map-matmul';
import { NORM } from './map-norm';
import { QUANTIZE } from './map-quantize';
import { RECURRENT } from './map-recurrent';
import { REDUCE } from './map-reduce';
import { RESIZE } from './map-resize';
import { SAMPLING } from './map-sampling';
import { SHAPE } from './map-shape';
import { SIGNAL } from './map-signal';
import { SLICE_GATHER } from './map-slice-gather';

export const MAPPERS: MapperTable = lookupTable({
  ...ELEMENTWISE, ...CONV_POOL, ...LOSS, ...MATMUL, ...EINSUM, ...NORM, ...QUANTIZE, ...REDUCE, ...RESIZE, ...SHAPE, ...SLICE_GATHER,
  ...RECURRENT, ...SAMPLING, ...SIGNAL, ...CONTROL, ...DATA_DEPENDENT,
});

export const SUPPORTED_ONNX_OPS: readonly string[] = Object.keys(MAPPERS).sort();
