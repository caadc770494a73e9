// The verifier reports every broken rule at its op: symbols, invoke arity and types, structure,
// SSA dominance (including cycles built in memory), and op rules.
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, parseModule, verifyModule, Operation, tensorType, stringAttr, typeAttr, functionType } from '.';

const M4 = '!cgc.memref<4x!cgc.float32>';
const T4 = '!cgc.tensor<4x!cgc.float32>';
const SUBGRAPH = `cgc.subgraph @neg attributes {origin = "webgpu"} {
    cgc.functional_definition private @negFn(%x: ${T4}) -> ${T4} {
      %y = cgc_op.neg(%x)
      cgc.return %y
    }
  }`;

function verify(text: string): string[] {
  const r = parseModule(text, { file: 'v.mlir' });
  return r.diagnostics.map(formatDiagnostic);
}

describe('verifier', () => {
  it('accepts a well-formed output IR module', () => {
    expect(verify(`cgc.module {
  ${SUBGRAPH}
  cgc.partition @p(%in: ${M4}, %out: ${M4}) {
    cgc.invoke @neg(%in, %out)
    cgc.return
  }
  cgc.program @main(%in: ${M4}, %out: ${M4}, %scratch: !cgc.memref<64x!cgc.int8>) {
    %v = cgc.view_memref %scratch[16] : !cgc.memref<64x!cgc.int8> to ${M4}
    cgc.invoke @p(%in, %v)
    cgc.invoke @p(%v, %out)
    cgc.return
  }
}`)).toEqual([]);
  });

  it('reports several broken rules at once, each at its op', () => {
    const errs = verify(`cgc.module {
  ${SUBGRAPH}
  cgc.partition @p(%in: ${M4}, %out: ${M4}) {
    cgc.invoke @neg(%in)
    cgc.invoke @missing(%in, %out)
    cgc.invoke @p(%in, %out)
    cgc.return
  }
  cgc.program @main(%in: ${M4}, %scratch: !cgc.memref<8x!cgc.int8>) {
    %v = cgc.view_memref %scratch[4] : !cgc.memref<8x!cgc.int8> to ${M4}
    %w = cgc.view_memref %scratch[2] : !cgc.memref<8x!cgc.int8> to !cgc.memref<1x!cgc.float32>
    cgc.invoke @neg(%in, %in)
    cgc.return
  }
  cgc.partition @p(%in: ${M4}) {
    cgc.return
  }
}`);
    expect(errs.length).toBe(7);
    expect(errs.join('\n')).toContain("redefinition of symbol '@p'");
    expect(errs.join('\n')).toContain("'cgc.invoke' of '@neg' passes 1 argument(s); it has 2 bind point(s)");
    expect(errs.join('\n')).toContain("'cgc.invoke' of undefined symbol '@missing'");
    expect(errs.join('\n')).toContain("must call a 'cgc.subgraph', but '@p' is a 'cgc.partition'");
    expect(errs.join('\n')).toContain('view [4, 20) runs past the end of its 8-byte source');
    expect(errs.join('\n')).toContain('offset 2 is not a multiple of the 4-byte element size');
    expect(errs.join('\n')).toContain("must call a 'cgc.partition', but '@neg' is a 'cgc.subgraph'");
    for (const e of errs) expect(e).toMatch(/^v\.mlir:\d+:\d+: error: /);
  });

  it('checks invoke argument types against bind points', () => {
    const errs = verify(`cgc.module {
  ${SUBGRAPH}
  cgc.partition @p(%in: !cgc.memref<4x!cgc.float16>, %out: ${M4}) {
    cgc.invoke @neg(%in, %out)
    cgc.return
  }
}`);
    expect(errs).toEqual([expect.stringMatching(/'cgc\.invoke' argument #0 of '@neg' has type !cgc\.memref<4x!cgc\.float16>; expected !cgc\.tensor<4x!cgc\.float32>/)]);
  });

  it('checks structure: where ops may appear, return types, subgraph contents', () => {
    const errs = verify(`cgc.module {
  cgc.entry_point @main(%a: ${T4}) -> !cgc.tensor<4x!cgc.int32> {
    cgc.return %a
  }
  cgc.subgraph @s {
    cgc.functional_definition @f(%a: ${T4}) -> ${T4} {
      cgc.return %a
    }
  }
  cgc.program @q(%a: ${T4}) {
    cgc.return
  }
}`);
    expect(errs.join('\n')).toContain("'cgc.return' operand #0 has type !cgc.tensor<4x!cgc.float32> but the signature declares !cgc.tensor<4x!cgc.int32>");
    expect(errs.join('\n')).toContain("'cgc.subgraph' @s needs an 'origin' string");
    expect(errs.join('\n')).toContain("'cgc.program' argument #0 must be a memref");
  });

  it('rejects an unknown interface GUID and a newer major version', () => {
    const errs = verify('cgc.module attributes {cgc.interface = "00000000-0000-0000-0000-000000000000", cgc.version = "9.0.0"} {\n}');
    expect(errs.join('\n')).toContain('is not a CGC interface this build knows');
    expect(errs.join('\n')).toContain('"9.0.0" cannot be read by this build');
  });

  it('finds a cycle built in memory (a value used before it is defined)', () => {
    const r = parseModule(`cgc.module {
  cgc.entry_point @main(%a: ${T4}) -> ${T4} {
    %x = cgc_op.relu(%a)
    %y = cgc_op.neg(%x)
    cgc.return %y
  }
}`);
    const module = r.module!;
    const ops = module.body().operations[0]!.body().operations;
    // relu(%a) → relu(%y): relu and neg now feed each other.
    ops[0]!.operands = [ops[1]!.results[0]!];
    const errs = verifyModule(module).map(formatDiagnostic);
    expect(errs).toEqual([expect.stringContaining("'cgc_op.relu' operand #0 is used before it is defined (SSA dominance)")]);
  });

  it('rejects a value from another function', () => {
    const module = new Operation('cgc.module', [], []);
    const body = module.addRegion().addBlock();
    const mk = (name: string) => {
      const f = new Operation('cgc.entry_point', [], [], new Map([
        ['sym_name', stringAttr(name)],
        ['function_type', typeAttr(functionType([tensorType([4], 'float32')], []))],
      ]));
      const b = f.addRegion().addBlock();
      b.addArgument(tensorType([4], 'float32'));
      body.append(f);
      return { f, b };
    };
    const one = mk('one');
    const two = mk('two');
    one.b.append(new Operation('cgc.return', [], []));
    two.b.append(new Operation('cgc.return', [one.b.arguments[0]!], []));
    const errs = verifyModule(module).map(formatDiagnostic);
    expect(errs.join('\n')).toContain("'cgc.return' operand #0 is not defined in this 'cgc.entry_point'");
  });
});
