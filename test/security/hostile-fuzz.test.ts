// Property-based fuzzing of issue 42's three parsers of hostile input (fast-check): SVG files, TeX formulas and HTTP
// request bodies. Fixed seed here; `npm run fuzz` runs the same properties longer with a fresh seed.
import type { Server } from 'node:http';
import fc from 'fast-check';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpApp } from '../../mcp/http/app.ts';
import { admissionListenOptions, listen } from '../../mcp/http/listen.ts';
import { openStore, type ArtifactStore } from '../../mcp/store.ts';
import { drawFormulas, FORMULA_BUDGET } from '../../src/lib/markdown/formulas.ts';
import { sanitizeSvg, SVG_NS } from '../../src/lib/markdown/svg-safety.ts';
import { buildFixture, EXAMPLE_CONTENT, removeDir } from '../mcp/helpers.ts';

const RUNS = Number(process.env.MARU_FUZZ_RUNS ?? 100);
const SEED = Number(process.env.MARU_FUZZ_SEED ?? 20261205);
const PARAMS = { numRuns: RUNS, seed: SEED, endOnFailure: true };

/** Prefixes as XML allows them (dots, middle dots, letters of any script) and the namespaces script hides in. */
const prefix = fc.constantFrom('x.y', 'é', 'a·b', 'svg', 'h', 'xlink', 'ns-1');
const namespace = fc.constantFrom(SVG_NS, 'http://www.w3.org/1999/xhtml', 'http://www.w3.org/1999/xlink', 'http://www.w3.org/1998/Math/MathML', 'urn:x');
const localName = fc.constantFrom(
  ...['script', 'iframe', 'embed', 'object', 'meta', 'form', 'foreignObject', 'handler', 'set', 'animate', 'a', 'use', 'image', 'style'],
  ...['rect', 'g', 'text', 'path', 'feImage', 'base', 'link', 'div'],
);
const attrName = fc.constantFrom(
  'onload',
  'ONCLICK',
  'href',
  'xlink:href',
  'srcdoc',
  'http-equiv',
  'action',
  'style',
  'fill',
  'attributeName',
  'to',
  'values',
  'width',
);
const attrValue = fc.constantFrom(
  ...['javascript:alert(1)', 'java&#x09;script:x', '&#106;avascript:x', 'data:text/html,&lt;script&gt;x&lt;/script&gt;', 'https://evil.example/x'],
  ...['#a', 'url(#g)', 'url(https://evil.example/)', 'href', 'refresh', 'background:u\\72l(x)', '@import "x"', 'data:image/png;base64,AAAA', '10'],
);

interface Node {
  prefix: string;
  ns: string;
  name: string;
  attrs: [string, string][];
  children: (Node | string)[];
}
const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.record({
    prefix,
    ns: namespace,
    name: localName,
    attrs: fc.array(fc.tuple(attrName, attrValue), { maxLength: 3 }),
    children: fc.array(fc.oneof(fc.constantFrom('alert(1)', '&lt;script&gt;', 'text'), tie('node')), { maxLength: 3, depthIdentifier: 'svg' }),
  }),
}));
const write = (n: Node | string): string => {
  if (typeof n === 'string') return n;
  const attrs = n.attrs
    .filter(([name], i, all) => all.findIndex(([other]) => other === name) === i)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  const xlink = n.attrs.some(([name]) => name.startsWith('xlink:')) && n.prefix !== 'xlink' ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : '';
  return `<${n.prefix}:${n.name} xmlns:${n.prefix}="${n.ns}"${xlink}${attrs}>${n.children.map(write).join('')}</${n.prefix}:${n.name}>`;
};

/** Every element and attribute of a published SVG, as a browser's XML parser reads it. */
function inventory(svg: string): { elements: string[]; attributes: string[]; references: string[] } {
  const out = { elements: [] as string[], attributes: [] as string[], references: [] as string[] };
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag: SaxesTagNS) => {
    out.elements.push(`${tag.uri} ${tag.local}`);
    for (const a of Object.values(tag.attributes)) {
      out.attributes.push(a.local);
      // What a browser loads or runs: a reference (`href`; a link `<a>` may go to a web page) and `url(…)`.
      if (a.local === 'href' && !(tag.local === 'a' && /^(https?:\/\/|mailto:)/i.test(a.value))) out.references.push(a.value);
      out.references.push(...[...a.value.matchAll(/url\(([^)]*)\)/gi)].map((m) => m[1]!));
    }
  });
  parser.write(svg).close();
  return out;
}

describe('SVG: whatever a file holds, what is published runs nothing and loads nothing', () => {
  test('only SVG-namespace elements, no script or foreign element, no handler, no script or outside URL', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 4 }), (children) => {
        const verdict = sanitizeSvg(`<svg xmlns="${SVG_NS}" width="10" height="10">${children.map(write).join('')}</svg>`);
        if (!('svg' in verdict)) return;
        const { elements, attributes, references } = inventory(verdict.svg);
        expect(elements.every((e) => e.startsWith(`${SVG_NS} `))).toBe(true);
        expect(elements.filter((e) => /\s(script|iframe|embed|object|meta|form|foreignObject|handler|base|link|div)$/.test(e))).toEqual([]);
        expect(attributes.filter((a) => /^on|srcdoc|http-equiv|action/i.test(a))).toEqual([]);
        expect(references.filter((r) => !/^(#|data:image\/png;base64,)/.test(r.trim()))).toEqual([]);
        // Publishing is stable: the published file, read again, publishes as itself.
        expect(sanitizeSvg(verdict.svg)).toEqual(verdict);
      }),
      PARAMS,
    );
  });
});

describe('formulas: any TeX is drawn within the budget or shown as its source', () => {
  const piece = fc.constantFrom(
    ...['\\def\\a{xxxxxxxxxx}', '\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}', '\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}', '\\c\\c\\c', '\\b', '\\a'],
    ...['\\gdef\\d#1{#1#1#1#1}', '\\d{\\d{\\d{\\d{x}}}}', '\\newcommand{\\e}[1]{#1#1}', '\\e{\\e{\\e{y}}}', 'x^2', '\\frac{a}{b}', '{', '}'],
    ...['\\href{javascript:alert(1)}{x}', '\\htmlData{x=1}{y}', '\\begin{matrix}a&b\\\\c&d\\end{matrix}', '\\sum_{i=0}^n'],
  );
  test('no throw, each drawn formula and the page within their character budgets', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(piece, { maxLength: 8 }), fc.boolean()), { minLength: 1, maxLength: 6 }), (formulas) => {
        const outcomes = drawFormulas(formulas.map(([pieces, display]) => ({ tex: pieces.join(''), display })));
        expect(outcomes).toHaveLength(formulas.length);
        let page = 0;
        for (const o of outcomes) {
          if ('mathml' in o) {
            expect(o.mathml.length).toBeLessThanOrEqual(FORMULA_BUDGET.formulaChars);
            // KaTeX's error text may quote the TeX (`\href{javascript:…}`) as text; a link it never draws.
            expect(o.mathml).not.toMatch(/<a |href=/);
            page += o.mathml.length;
          } else expect(o.overBudget.length).toBeGreaterThan(0);
        }
        expect(page).toBeLessThanOrEqual(FORMULA_BUDGET.pageChars);
      }),
      PARAMS,
    );
  });
});

describe('HTTP bodies: any body to /mcp is answered, never a 500 and never a hang', () => {
  let dir: string;
  let store: ArtifactStore;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    dir = buildFixture(EXAMPLE_CONTENT);
    store = await openStore(dir, () => {});
    const app = createHttpApp({ store, log: () => {}, admission: { maxBodyBytes: 64 * 1024, bodyTimeoutMs: 5_000 } });
    ({ server, url } = await listen(app.listener, '127.0.0.1', 0, admissionListenOptions(app)));
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
    store?.close();
    if (dir) removeDir(dir);
  });

  const body = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc
      .jsonValue({ maxDepth: 6 })
      .map((v) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_knowledge', arguments: v } })),
    fc.integer({ min: 1, max: 200 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 1, max: 200 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc.integer({ min: 60_000, max: 70_000 }).map((n) => `"${'x'.repeat(n)}"`),
  );

  test('the status is one of 200, 202, 400, 406, 413 or 415, with a JSON-RPC error body when it is a refusal', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await fetch(`${url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: text,
        }).catch((e: Error) => e);
        // A body refused while it is still being sent may end the connection under the client: that is a refusal too.
        if (res instanceof Error) return;
        expect([200, 202, 400, 406, 413, 415]).toContain(res.status);
        const answer = await res.text();
        if (res.status >= 400) expect((JSON.parse(answer) as { jsonrpc?: string }).jsonrpc).toBe('2.0');
      }),
      { ...PARAMS, numRuns: Math.min(RUNS, 60) },
    );
  }, 120_000);
});
