// Graph readability on a 600-op model named like a TF export: subgraph boxes never overlap or hold
// another subgraph's node, names are cut in the middle (full on hover) at ≥ 12 px inside their boxes,
// each edge is its own element naming its tensor (shapes printed on request) and crossing no other
// node, Fit stays readable, the minimap moves the view, a subgraph collapses and expands
// (double-click, the details' button, C; Shift + double-click: the partition), and the keyboard map
// works.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';
import { bigGraphIr } from './support/big-graph';
import { saveScreens } from './support/screens';

const P = 'StatefulPartitionedCall_functional_1_block_';

test('600 ops with long names: boxes apart, middle-cut names, edge shapes, fit, minimap, collapse, keys', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expect(page.getByTestId('ir-output')).toContainText('cgc_op.convolution');
  await page.getByTestId('file-input').setInputFiles({ name: 'tf600.mlir', mimeType: 'text/plain', buffer: Buffer.from(bigGraphIr(600, P)) });
  await expectGraphReady(page, 150_000);
  const svg = page.getByTestId('graph-svg');
  await expect(svg).toHaveAttribute('data-mode', 'detail');
  await expect(svg).toHaveAttribute('data-scale', '1.0000');

  // Names: cut in the middle, the whole name on hover; every label inside its box and ≥ 12 px.
  const relu0 = svg.locator(`[data-node-id="%${P}relu0"]`);
  await expect(relu0.locator('.node-name')).toHaveText(/^%StatefulPart\S*…\S*relu0$/);
  await expect(relu0.locator('title')).toContainText(`%${P}relu0`);
  const labels = await page.evaluate(() => {
    const scale = Number(document.querySelector('[data-testid="graph-svg"]')!.getAttribute('data-scale'));
    const outside: string[] = [];
    let minPx = Infinity;
    for (const g of document.querySelectorAll('[data-testid="graph-svg"] g.node')) {
      const box = g.querySelector('rect')!.getBoundingClientRect();
      for (const t of g.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) outside.push(`${g.getAttribute('data-node-id')}: ${t.textContent}`);
        minPx = Math.min(minPx, parseFloat(getComputedStyle(t).fontSize) * scale);
      }
    }
    return { outside, minPx };
  });
  expect(labels.outside).toEqual([]);
  expect(labels.minPx).toBeGreaterThanOrEqual(12);

  // Edges: one element each; hover names the tensor; shapes printed when asked.
  const edge = svg.locator(`g.edge[data-from="%${P}conv0"][data-to="%${P}relu0"]`);
  await expect(edge).toHaveCount(1);
  await expect(edge.locator('title')).toHaveText(`%${P}conv0 → %${P}relu0: 1×4×8×8 float32`);
  expect(await svg.locator('g.edge').count()).toBeGreaterThan(6);
  // No edge runs through a node other than its own two ends (it goes through the gaps between rows).
  const crossings = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="graph-svg"]')!;
    const nodes = [...root.querySelectorAll('g.node')].map((n) => {
      const [x, y] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(n.getAttribute('transform')!)!.slice(1).map(Number);
      const r = n.querySelector('rect')!;
      return { id: n.getAttribute('data-node-id'), x0: x! + 1, y0: y! + 1, x1: x! + Number(r.getAttribute('width')) - 1, y1: y! + Number(r.getAttribute('height')) - 1 };
    });
    const bad: string[] = [];
    for (const e of root.querySelectorAll('g.edge')) {
      const path = e.querySelector<SVGPathElement>('.edge-line')!;
      const ends = [e.getAttribute('data-from'), e.getAttribute('data-to')];
      const len = path.getTotalLength();
      for (let s = 0; s <= len; s += 3) {
        const p = path.getPointAtLength(s);
        const hit = nodes.find((n) => !ends.includes(n.id) && p.x > n.x0 && p.x < n.x1 && p.y > n.y0 && p.y < n.y1);
        if (hit) { bad.push(`${ends.join(' → ')} crosses ${hit.id}`); break; }
      }
    }
    return bad;
  });
  expect(crossings).toEqual([]);
  await expect(svg.locator('.edge-label')).toHaveCount(0);
  await page.getByTestId('graph-shapes').check();
  await expect(svg.locator('.edge-label').first()).toHaveText('1×4×8×8 float32');
  await saveScreens(page, 'graph-readability-top');

  // Zoomed out until every node is drawn: no two boxes intersect, no node sits in a box not its own.
  for (let i = 0; i < 40 && (await svg.getAttribute('data-visible-nodes')) !== '602'; i++) await svg.press('-');
  await expect(svg).toHaveAttribute('data-visible-nodes', '602');
  const overlaps = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="graph-svg"]')!;
    const num = (e: Element, a: string) => Number(e.getAttribute(a));
    const boxes = [...root.querySelectorAll('rect.group')].map((r) => ({ g: r.getAttribute('data-group'), x0: num(r, 'x'), y0: num(r, 'y'), x1: num(r, 'x') + num(r, 'width'), y1: num(r, 'y') + num(r, 'height') }));
    const nodes = [...root.querySelectorAll('g.node')].map((n) => {
      const [x, y] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(n.getAttribute('transform')!)!.slice(1).map(Number);
      const r = n.querySelector('rect')!;
      return { id: n.getAttribute('data-node-id'), g: n.getAttribute('data-group'), x0: x!, y0: y!, x1: x! + num(r, 'width'), y1: y! + num(r, 'height') };
    });
    type R = { x0: number; y0: number; x1: number; y1: number };
    const meet = (a: R, b: R) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
    const bad: string[] = [];
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => { if (meet(a, b)) bad.push(`box ${a.g} meets box ${b.g}`); }));
    for (const n of nodes) for (const b of boxes) if (b.g !== n.g && meet(n, b)) bad.push(`${n.id} (group ${n.g}) in box ${b.g}`);
    return { bad, boxes: boxes.length, nodes: nodes.length };
  });
  expect(overlaps.bad).toEqual([]);
  expect(overlaps.boxes).toBeGreaterThan(100);
  expect(overlaps.nodes).toBe(602);

  // Fit: the width at a readable size, never a one-pixel column.
  await page.getByTestId('graph-fit').click();
  await expect.poll(async () => Number(await svg.getAttribute('data-scale'))).toBeGreaterThanOrEqual(0.75);
  await expect(svg).toHaveAttribute('data-mode', 'detail');

  // Keys: 0 resets, + and − zoom, F fits, / searches, Escape clears the selection.
  await svg.press('0');
  await expect(svg).toHaveAttribute('data-scale', '1.0000');
  await svg.press('+');
  await expect(svg).toHaveAttribute('data-scale', '1.2500');
  await svg.press('-');
  await expect(svg).toHaveAttribute('data-scale', '1.0000');
  await svg.press('f');
  await expect.poll(async () => Number(await svg.getAttribute('data-scale'))).toBeGreaterThanOrEqual(0.75);
  await svg.press('/');
  await expect(page.getByTestId('graph-search')).toBeFocused();
  await relu0.click();
  await expect(page.getByTestId('node-title')).toHaveText(`%${P}relu0 = cgc_op.relu`);
  await svg.press('Escape');
  await expect(page.getByTestId('node-title')).toHaveCount(0);
  await expect(page.getByTestId('graph-keys')).toContainText('zoom in');
  await expect(page.getByTestId('graph-keys')).toContainText('search nodes');

  // Minimap: a click at its bottom shows the end of the graph; a drag to its top, the start.
  const mini = page.getByTestId('graph-minimap');
  await expect(mini).toBeVisible();
  const mb = (await mini.boundingBox())!;
  await mini.click({ position: { x: mb.width / 2, y: mb.height - 2 } });
  await expect(svg.locator(`[data-node-id="%${P}mul119"]`)).toBeVisible();
  await page.mouse.move(mb.x + mb.width / 2, mb.y + mb.height - 2);
  await page.mouse.down();
  await page.mouse.move(mb.x + mb.width / 2, mb.y + mb.height / 2, { steps: 4 });
  await page.mouse.move(mb.x + mb.width / 2, mb.y + 1, { steps: 4 });
  await page.mouse.up();
  await expect(relu0).toBeVisible();

  // Collapse: a double-click on a subgraph's box hides its members; another brings them back.
  const box = svg.locator('rect.group').first();
  const group = await box.getAttribute('data-group');
  const members = svg.locator(`g.node[data-group="${group}"]`);
  const count = await members.count();
  expect(count).toBeGreaterThan(0);
  const bb = (await box.boundingBox())!;
  await box.dblclick({ position: { x: 3, y: bb.height / 2 } });
  await expect(members).toHaveCount(0);
  await expect(svg.locator(`rect.group[data-group="${group}"]`)).toHaveClass(/collapsed/);
  await expect(svg.locator('.group-collapsed')).toContainText(`${count} op`);
  await saveScreens(page, 'graph-readability-collapsed');
  await svg.locator(`rect.group[data-group="${group}"]`).dblclick({ position: { x: 3, y: bb.height / 2 } });
  await expect(members).toHaveCount(count);

  // The node details' button collapses the selected node's subgraph too; C expands it again.
  const reluGroup = await relu0.getAttribute('data-group');
  await relu0.click();
  await page.getByTestId('collapse-subgraph').click();
  await expect(svg.locator(`g.node[data-group="${reluGroup}"]`)).toHaveCount(0);
  await expect(svg.locator(`rect.group[data-group="${reluGroup}"]`)).toHaveClass(/collapsed/);
  await svg.locator(`rect.group[data-group="${reluGroup}"]`).dblclick({ position: { x: 3, y: bb.height / 2 } });
  await expect(relu0).toBeVisible();

  // C toggles the selected node's subgraph; Shift + double-click collapses its whole partition.
  await relu0.click();
  await svg.press('c');
  await expect(svg.locator(`g.node[data-group="${reluGroup}"]`)).toHaveCount(0);
  await svg.locator(`rect.group[data-group="${reluGroup}"]`).dblclick({ position: { x: 3, y: bb.height / 2 } });
  await expect(relu0).toBeVisible();
  await svg.locator(`rect.group[data-group="${reluGroup}"]`).dblclick({ position: { x: 3, y: bb.height / 2 }, modifiers: ['Shift'] });
  await expect(svg).toHaveAttribute('data-collapsed', '120');
  await expect(svg.locator('g.node[data-group]')).toHaveCount(0);
  await svg.locator(`rect.group[data-group="${reluGroup}"]`).dblclick({ position: { x: 3, y: bb.height / 2 }, modifiers: ['Shift'] });
  await expect(svg).toHaveAttribute('data-collapsed', '0');
  await expect(relu0).toBeVisible();
  expect(problems).toEqual([]);
});
