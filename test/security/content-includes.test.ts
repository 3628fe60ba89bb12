// Include lines in untrusted content (a pull request, a fork, an AI's write) may name any path. The build and the MCP
// write path paste only plain files inside the content folder, never a secret beside or above it, and a page that
// includes itself or one big file a thousand times costs a bounded amount.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readSnapshot } from '../../src/writer/snapshot.ts';
import { MAX_INCLUDED_CHARS } from '../../src/lib/markdown/includes.ts';
import { buildArtifacts } from '../../src/node/wiki-build.ts';
import { tempDir } from '../helpers/astro.ts';

const SECRET = 'SECRET-TOKEN-7f3a';
let dir: string;
let content: string;

beforeAll(() => {
  dir = tempDir('maru-includes-');
  content = join(dir, 'repo', 'docs');
  mkdirSync(join(content, 'parts'), { recursive: true });
  writeFileSync(join(dir, 'repo', 'secret.txt'), SECRET);
  writeFileSync(join(content, '.env'), `TOKEN=${SECRET}`);
  symlinkSync(join(dir, 'repo', 'secret.txt'), join(content, 'parts', 'linked.md'));
  writeFileSync(join(content, 'parts', 'big.md'), `${'가나다라 '.repeat(100_000)}\n`);
  writeFileSync(join(content, 'parts', 'ok.md'), '공유 조각의 글입니다.\n');
  writeFileSync(
    join(content, 'page.md'),
    [
      '---',
      'title: 포함 시험',
      '---',
      '# 포함 시험',
      '',
      '<!--@include: ./parts/ok.md-->',
      '{{#include ../secret.txt}}',
      '{{#include ../../../../../../etc/passwd}}',
      '<!--@include: ./.env-->',
      '{% include_relative parts/linked.md %}',
      '<!--@include: ./page.md-->',
      ...Array.from({ length: 1000 }, () => '<!--@include: ./parts/big.md-->'),
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file the build wrote, as text. */
function allText(folder: string): string {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((f) => join(folder, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}

test('the build pastes the plain part, leaves every other line as written with a warning at it, and publishes no secret', () => {
  const out = join(dir, 'out');
  const { wiki } = buildArtifacts(content, out);
  const page = wiki.documents.find((d) => d.source.id === 'page')!;
  expect(page.source.body).toContain('공유 조각의 글입니다.');
  expect(page.source.body.length).toBeLessThan(MAX_INCLUDED_CHARS + 10_000);
  expect(allText(out)).not.toContain(SECRET);
  const warnings = wiki.problems.filter((p) => p.path === 'page.md' && p.field === 'content').map((p) => [p.line, p.message]);
  expect(warnings).toEqual([
    [7, 'mdBook include(../secret.txt)가 콘텐츠 폴더 밖을 가리켜 펼치지 않았습니다'],
    [8, 'mdBook include(../../../../../../etc/passwd)가 콘텐츠 폴더 밖을 가리켜 펼치지 않았습니다'],
    [9, 'VitePress include(./.env)를 펼치지 않았습니다 (숨은 폴더나 파일, node_modules 안의 파일은 싣지 않습니다)'],
    [10, 'Jekyll include(parts/linked.md)를 펼치지 않았습니다 (심볼릭 링크는 따라가지 않습니다)'],
    [11, 'VitePress include(./page.md)가 자기 자신을 다시 포함해 펼치지 않았습니다 (page.md → page.md)'],
    [13, 'VitePress include(./parts/big.md)부터는 펼치지 않았습니다: 한 문서에 포함한 글이 1,000,000자를 넘습니다'],
  ]);
});

test("the MCP write path's snapshot reads the folder the same way", () => {
  const snapshot = readSnapshot(content, '/');
  const page = snapshot.wiki.documents.find((d) => d.source.id === 'page')!;
  expect(page.source.body).toContain('공유 조각의 글입니다.');
  expect(page.source.body).not.toContain(SECRET);
  // The revision a writer must name is the file as written, not as expanded.
  expect(snapshot.files.find((f) => f.path === 'page.md')!.text).toContain('<!--@include: ./parts/ok.md-->');
});
