// Placeholder expressions: what parses and evaluates, and the message for each thing that does not.
import { describe, expect, it } from 'vitest';
import { EXPR_LIMITS, ExprError, type ExprObject, evaluate, parseExpr, printValue } from './template-expr';

const tensor: ExprObject = { what: 'out', member: (m) => (m === 'shape' ? [1, 16, 32, 32] : m === 'size' ? 16384 : undefined), print: () => 'out' };
const names = (n: string) => (n === 'out' ? tensor : n === 'K' ? 9 : undefined);
const run = (text: string) => evaluate(parseExpr(text), names);

describe('template expressions', () => {
  it.each([
    ['out.shape[1] * out.shape[2]', 512], ['cdiv(out.size, 64)', 256], ['-K + 2 * 3', -3], ['(1 + 2) * 3 % 4', 1],
    ['min(K, 4, 7)', 4], ['max(K, 40)', 40], ['select(K > 8, 1, 2)', 1], ['prod(out.shape)', 16384],
    ['K == 9 && !(K != 9) || 0', 1], ['floor(7 / 2) + ceil(7 / 2)', 7], ['1.5e1', 15],
  ])('%s = %s', (text, want) => {
    expect(run(text)).toBe(want);
  });

  it.each([
    ['out.shape[', "expected a value at the end"], ['K +* 2', "column 4: expected a value, found '*'"], ['K ; 2', "column 3: unexpected ';'"],
    ['eval(K)', "unknown function 'eval'"], ['cdiv(K)', 'cdiv() takes 2 arguments, got 1'], ['K 2', 'expected an operator or the end'],
    ['constructor(1)', "unknown function 'constructor'"], ['('.repeat(40) + 'K' + ')'.repeat(40), `nests deeper than ${EXPR_LIMITS.maxDepth} levels`],
    ['1+'.repeat(300) + '1', `is 601 characters, past the limit of ${EXPR_LIMITS.maxLength}`],
  ])('rejects %s', (text, message) => {
    expect(() => parseExpr(text)).toThrow(ExprError);
    expect(() => parseExpr(text)).toThrow(message);
  });

  it.each([
    ['out.shape[4]', 'index 4 is outside a list of 4'], ['out.stride', "out has no 'stride'"], ['K / 0', "'/' by zero"],
    ['nope', "'nope' names nothing here"], ['K.shape', "'.shape' needs an object"], ['out + 1', "'+' needs a number, got out"],
    ['__proto__', "'__proto__' names nothing here"], ['out.constructor', "out has no 'constructor'"],
  ])('cannot evaluate %s', (text, message) => {
    expect(() => run(text)).toThrow(message);
  });

  it('prints integers, floats and objects as WGSL', () => {
    expect(printValue(64)).toBe('64');
    expect(printValue(0.5)).toBe('0.5');
    expect(printValue(tensor)).toBe('out');
    expect(() => printValue([1, 2])).toThrow('a list of 2 has no WGSL text');
    expect(() => printValue(2 ** 40)).toThrow('does not fit 32 bits');
    expect(() => printValue(Infinity)).toThrow('not a finite number');
  });
});
