// split-tables: a gather from a constant table larger than WebGPU's default maxBufferSize (256 MiB,
// what every device allows) becomes gathers from row ranges of it, each a constant of its own (a view
// of the table's bytes, no copy), and a select by index. Run when a model is opened (it makes
// constants, which the pipeline never holds). GPT-Neo's 50257 × 2048 token embedding (412 MB) is the
// case: without the split no buffer can hold it, and its gather runs on the CPU reference.
//
// Indices are taken to int32 first: the runtime refuses any int64 index outside the int32 range on
// upload, and a table past 2³¹ rows is past any buffer. A negative index counts from the end, as in
// ONNX: it is normalized once, and each piece reads its rows with the index clamped into its range.
import { type Attribute, intAttr, intsAttr, stringAttr, typeAttr } from '../../ir/attributes';
import { Operation, type Value } from '../../ir/operation';
import { REGION_ATTR, inferOp } from '../../ir/registry';
import { constantName, freshConstantNames } from './fold-constants';
import { ATTR, CONSTANT, ENTRY_POINT } from '../../ir/structural';
import { type ElementType, byteSize, numElements, tensorType } from '../../ir/types';

/** WebGPU's default (and guaranteed) maxBufferSize. */
export const TABLE_PIECE_BYTES = 256 * 1024 * 1024;

/**
 * Splits, in place, every axis-0 gather of `module`'s entry points whose table is a constant of more
 * than `pieceBytes` bytes with data in `data`. Returns the new constants' bytes by name (views of
 * the tables'), to be added to the model's.
 */
export function splitLargeTables(
  module: Operation, data: (name: string) => Uint8Array | undefined, pieceBytes = TABLE_PIECE_BYTES,
): Map<string, Uint8Array> {
  const made = new Map<string, Uint8Array>();
  const fresh = freshConstantNames(module);
  for (const entry of module.body().operations.filter((op) => op.name === ENTRY_POINT)) {
    const block = entry.body();
    for (let i = 0; i < block.operations.length; i++) {
      const gather = block.operations[i]!;
      const table = gather.operands[0]?.definingOp;
      if (gather.name !== 'cgc_op.gather' || table?.name !== CONSTANT) continue;
      const axisAttr = gather.attr('axis');
      const tableType = gather.operands[0]!.type;
      const axis = axisAttr?.kind === 'int' ? axisAttr.value : 0;
      if ((axis + tableType.shape.length) % tableType.shape.length !== 0 || byteSize(tableType) <= pieceBytes) continue;
      const bytes = data(constantName(table));
      const rows = tableType.shape[0]!;
      const rowBytes = byteSize(tableType) / rows;
      if (!bytes || bytes.length !== byteSize(tableType) || rowBytes > pieceBytes || rowBytes % 4) continue;

      const ops: Operation[] = [];
      const op = (name: string, operands: Value[], attrs: Record<string, Attribute> = {}): Value => {
        const attributes = new Map(Object.entries(attrs));
        const region = gather.attributes.get(REGION_ATTR);
        if (region) attributes.set(REGION_ATTR, region);
        const o = new Operation(`cgc_op.${name}`, operands, inferOp(name, operands.map((v) => v.type), attributes), attributes, gather.loc);
        o.parent = block;
        ops.push(o);
        return o.results[0]!;
      };
      const constant = (hint: string, shape: number[], element: ElementType, value: Uint8Array): Value => {
        const name = fresh(hint);
        made.set(name, value);
        const c = new Operation(CONSTANT, [], [tensorType(shape, element, true)], new Map([[ATTR.constantName, stringAttr(name)]]), gather.loc);
        c.parent = block;
        ops.push(c);
        return c.results[0]!;
      };
      const int32 = (v: number) => constant(`${constantName(table)}.i${v}`, [], 'int32', new Uint8Array(new Int32Array([v]).buffer));

      const indices = gather.operands[1]!;
      const idx = indices.type.element === 'int32' ? indices : op('cast', [indices], { to: typeAttr({ kind: 'element', element: 'int32' }) });
      // ONNX's negative indices count from the end.
      const wrapped = op('where', [op('less', [idx, int32(0)]), op('add', [idx, int32(rows)]), idx]);
      const perPiece = Math.floor(pieceBytes / rowBytes);
      // The condition broadcasts over the gathered row: indices' shape, then ones.
      const trailing = tableType.shape.length - 1;
      let result: Value | undefined;
      for (let start = 0; start < rows; start += perPiece) {
        const count = Math.min(perPiece, rows - start);
        const piece = constant(`${constantName(table)}.rows${start}`, [count, ...tableType.shape.slice(1)], tableType.element,
          bytes.subarray(start * rowBytes, (start + count) * rowBytes));
        const local = op('min', [op('max', [op('sub', [wrapped, int32(start)]), int32(0)]), int32(count - 1)]);
        const rowsOf = op('gather', [piece, local], { axis: intAttr(0) });
        if (!result) {
          result = rowsOf;
          continue;
        }
        let inPiece = op('greater_or_equal', [wrapped, int32(start)]);
        if (trailing) inPiece = op('unsqueeze', [inPiece], { axes: intsAttr(Array.from({ length: trailing }, (_, k) => indices.type.shape.length + k)) });
        result = op('where', [inPiece, rowsOf, result]);
      }
      const out = gather.results[0]!;
      for (const user of block.operations) user.operands = user.operands.map((v) => (v === out ? result! : v));
      block.operations.splice(i, 1, ...ops);
      i += ops.length - 1;
      result!.nameHint = out.nameHint;
      if (numElements(out.type.shape) !== numElements(result!.type.shape)) throw new Error('split-tables: a piece changed the gather\'s shape');
    }
  }
  return made;
}
