import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from 'vitest';
import { articleFiles, articleIndex } from './article-files.ts';

const dir = () => join(mkdtempSync(join(tmpdir(), 'maru-articles-')), 'articles');

test('an article is one file named by its digest; the same HTML is the same file', () => {
  const d = dir();
  const files = articleFiles(d);
  const a = files.write('<p>가</p>');
  expect(a).toBe(join(d, `${createHash('sha256').update('<p>가</p>', 'utf8').digest('hex')}.html`));
  expect(readFileSync(a, 'utf8')).toBe('<p>가</p>');
  expect(files.write('<p>가</p>')).toBe(a);
  expect(files.write('<p>나</p>')).not.toBe(a);
  expect(readdirSync(d).sort()).toHaveLength(2);
});

test('prune deletes the files this build did not write or find, and keeps the ones it did', () => {
  const d = dir();
  const first = articleFiles(d);
  const kept = first.write('<p>남는다</p>');
  const gone = first.write('<p>지운다</p>');
  const second = articleFiles(d);
  expect(second.find(kept)).toBe(kept);
  expect(second.prune(0)).toBe(1);
  expect([existsSync(kept), existsSync(gone)]).toEqual([true, false]);
});

test('an article is found by its name wherever the folder was reached from; a gone or foreign file is not', () => {
  const d = dir();
  const file = articleFiles(d).write('<p>가</p>');
  const files = articleFiles(d);
  expect(files.find(join('/somewhere/else/articles', basename(file)))).toBe(file);
  const outside = join(d, '..', 'elsewhere.html');
  writeFileSync(outside, '<p>밖</p>');
  expect(files.find(outside)).toBeUndefined();
  expect(files.find(join(d, `${'0'.repeat(64)}.html`))).toBeUndefined();
});

test('a damaged article file is never served: find refuses it and write puts the HTML back', () => {
  const d = dir();
  const file = articleFiles(d).write('<p>원래 글</p>');
  writeFileSync(file, '<p>원래</p>');
  const files = articleFiles(d);
  expect(files.find(file)).toBeUndefined();
  expect(files.write('<p>원래 글</p>')).toBe(file);
  expect(readFileSync(file, 'utf8')).toBe('<p>원래 글</p>');
  expect(articleFiles(d).find(file)).toBe(file);
});

test('prune keeps what another build sharing the folder wrote or found lately, and drops what none used for a day', () => {
  const d = dir();
  const other = articleFiles(d);
  const theirs = other.write('<p>다른 빌드의 글</p>');
  const old = other.write('<p>오래된 글</p>');
  const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  utimesSync(old, dayAgo, dayAgo);
  const mine = articleFiles(d);
  const kept = mine.write('<p>이 빌드의 글</p>');
  expect(mine.prune()).toBe(1);
  expect([existsSync(kept), existsSync(theirs), existsSync(old)]).toEqual([true, true, false]);
  // Found again by a build, an old file counts as used now.
  const again = articleFiles(d).write('<p>오래된 글</p>');
  utimesSync(again, dayAgo, dayAgo);
  expect(articleFiles(d).find(again)).toBe(again);
  expect(statSync(again).mtimeMs).toBeGreaterThan(dayAgo.getTime());
});

test('with the set of files this process checked (maru dev), a checked file is taken while it is there, a deleted one is not', () => {
  const d = dir();
  const checked = new Set<string>();
  const file = articleFiles(d, checked).write('<p>확인한 글</p>');
  expect([...checked]).toEqual([basename(file)]);
  // Not read again: a later save's loader takes it as checked (the content is this process's own write).
  writeFileSync(file, '<p>바뀐 글</p>');
  expect(articleFiles(d, checked).find(file)).toBe(file);
  // Without the set, the same file is read back and refused.
  expect(articleFiles(d).find(file)).toBeUndefined();
  rmSync(file);
  expect(articleFiles(d, checked).find(file)).toBeUndefined();
});

test('the article index finds the article rendered under a key in another process; a damaged or pruned article is not found', () => {
  const d = dir();
  const keys = join(d, '..', 'article-keys');
  const html = articleFiles(d).write('<p>가</p>');
  articleIndex(articleFiles(d), keys).set('key-1', html);
  const index = articleIndex(articleFiles(d), keys);
  expect([index.get('key-1'), index.get('key-2')]).toEqual([html, undefined]);
  writeFileSync(html, '<p>고친</p>');
  expect(articleIndex(articleFiles(d), keys).get('key-1')).toBeUndefined();
  const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  for (const name of readdirSync(keys)) utimesSync(join(keys, name), old, old);
  expect(articleIndex(articleFiles(d), keys).prune()).toBe(1);
  expect(readdirSync(keys)).toEqual([]);
});
