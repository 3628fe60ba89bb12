import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { resolveSiteConfig } from '../lib/wiki/config.ts';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import { openDevWiki, type DevWiki } from './dev-wiki.ts';
import { collectWiki } from './wiki-build.ts';

const config = resolveSiteConfig({ title: '테스트 위키', categories: ['guide'] });

const page = (id: string, title: string, body: string, extra = '') => `---\nid: ${id}\ntitle: ${title}\ncategory: guide\n${extra}---\n\n${body}\n`;

let root = '';
let parsed: string[] = [];
let dev: DevWiki;

/** What a page of the site shows of the wiki: every document with what was derived for it, and the problems. */
const shown = (wiki: Wiki) => ({ documents: wiki.documents, problems: wiki.problems, dropped: wiki.dropped });
/** The wiki a build of the folder as it is now gives (no cache, nothing kept). */
const fullLoad = () => collectWiki(root, config, '/').wiki!;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
  dev.changed(join(root, path));
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'maru-dev-wiki-'));
  mkdirSync(join(root, 'ops'));
  writeFileSync(join(root, 'ops/deploy.md'), page('deploy', '배포 안내', '배포는 [롤백](rollback.md)을 먼저 읽고 합니다.', 'tags: [배포]\n'));
  writeFileSync(join(root, 'ops/rollback.md'), page('rollback', '롤백 절차', '되돌리는 방법입니다.', 'tags: [배포]\n'));
  writeFileSync(join(root, 'ops/oncall.md'), page('oncall', '당직', '[[deploy]]와 [[rollback]]을 봅니다.'));
  parsed = [];
  dev = openDevWiki(root, config, '/', (path) => void parsed.push(path));
  dev.update();
  parsed = [];
});

describe('maru dev: one save rebuilds what a full load gives, parsing only the saved file', () => {
  test('an edit: the new text, and only that file parsed again', () => {
    write('ops/rollback.md', page('rollback', '롤백 절차', '되돌리기 전에 알립니다.', 'tags: [배포]\n'));
    const { wiki, texts } = dev.update();
    expect(parsed).toEqual(['ops/rollback.md']);
    expect(texts.get('ops/rollback.md')).toContain('되돌리기 전에 알립니다.');
    expect(shown(wiki)).toEqual(shown(fullLoad()));
  });

  test("a title change shows in the other pages' link labels and related lists (full update)", () => {
    write('ops/rollback.md', page('rollback', '되돌리기', '되돌리는 방법입니다.', 'tags: [배포]\n'));
    const { wiki } = dev.update();
    expect(parsed).toEqual(['ops/rollback.md']);
    expect(wiki.documents.find((d) => d.source.id === 'rollback')?.source.title).toBe('되돌리기');
    expect(shown(wiki)).toEqual(shown(fullLoad()));
  });

  test('a new file, a deleted one and a renamed one', () => {
    write('ops/status.md', page('status', '상태 페이지', '[[oncall]] 참고.'));
    let { wiki } = dev.update();
    expect(parsed).toEqual(['ops/status.md']);
    expect(wiki.documents.find((d) => d.source.id === 'oncall')?.backlinks).toEqual(['status']);
    expect(shown(wiki)).toEqual(shown(fullLoad()));

    parsed = [];
    rmSync(join(root, 'ops/status.md'));
    dev.changed(join(root, 'ops/status.md'));
    ({ wiki } = dev.update());
    expect(parsed).toEqual([]);
    expect(wiki.documents.map((d) => d.source.id)).toEqual(['deploy', 'oncall', 'rollback']);
    expect(shown(wiki)).toEqual(shown(fullLoad()));

    mkdirSync(join(root, 'runbooks'));
    renameSync(join(root, 'ops/rollback.md'), join(root, 'runbooks/rollback.md'));
    dev.changed(join(root, 'ops/rollback.md'));
    dev.changed(join(root, 'runbooks/rollback.md'));
    ({ wiki } = dev.update());
    expect(parsed).toEqual(['runbooks/rollback.md']);
    // The link written as `rollback.md` beside deploy.md no longer finds its file: a broken link, as a build says.
    expect(wiki.problems.filter((p) => p.path === 'ops/deploy.md').map((p) => p.severity)).toEqual(['error']);
    expect(shown(wiki)).toEqual(shown(fullLoad()));
  });

  test('a frontmatter change that makes a page a draft drops it and its links', () => {
    write('ops/oncall.md', page('oncall', '당직', '[[deploy]]와 [[rollback]]을 봅니다.', 'status: draft\n'));
    const { wiki } = dev.update();
    expect(wiki.documents.map((d) => d.source.id)).toEqual(['deploy', 'rollback']);
    expect(wiki.documents.find((d) => d.source.id === 'deploy')?.backlinks).toEqual([]);
    expect(shown(wiki)).toEqual(shown(fullLoad()));
  });

  test('a quick update carries the related lists (less deleted documents); everything else is what a full load gives', () => {
    const before = dev.update().wiki;
    expect(before.documents.find((d) => d.source.id === 'deploy')?.related.map((r) => r.id)).toEqual(['rollback', 'oncall']);
    rmSync(join(root, 'ops/rollback.md'));
    dev.changed(join(root, 'ops/rollback.md'));
    write('ops/runbook.md', page('runbook', '런북', '[[deploy]] 전에 봅니다.', 'tags: [배포]\n'));
    const quick = dev.update(before).wiki;
    const full = fullLoad();
    const withoutRelated = (wiki: Wiki) => ({ ...shown(wiki), documents: wiki.documents.map(({ related: _, ...d }) => d) });
    expect(withoutRelated(quick)).toEqual(withoutRelated(full));
    // deploy's related as before less rollback; the new page has none until the full update.
    expect(quick.documents.find((d) => d.source.id === 'deploy')?.related.map((r) => r.id)).toEqual(['oncall']);
    expect(quick.documents.find((d) => d.source.id === 'runbook')?.related).toEqual([]);
    expect(full.documents.find((d) => d.source.id === 'runbook')?.related.map((r) => r.id)).toEqual(['deploy', 'oncall']);
    expect(shown(dev.update().wiki)).toEqual(shown(full));
  });

  test('after a quick update, the related lists weighed on the other thread are what a full load gives', async () => {
    const before = dev.update().wiki;
    rmSync(join(root, 'ops/rollback.md'));
    dev.changed(join(root, 'ops/rollback.md'));
    write('ops/runbook.md', page('runbook', '런북', '[[deploy]] 전에 봅니다.', 'tags: [배포]\n'));
    const quick = dev.update(before);
    expect(quick.wiki.documents.find((d) => d.source.id === 'runbook')?.related).toEqual([]);
    const settled = await dev.relate(quick);
    expect(settled?.wiki.documents.find((d) => d.source.id === 'runbook')?.related.map((r) => r.id)).toEqual(['deploy', 'oncall']);
    expect(shown(settled!.wiki)).toEqual(shown(fullLoad()));
    expect(settled!.texts).toBe(quick.texts);
    // Weighed again with nothing saved since: the lists are the ones shown, so there is nothing to show.
    expect(await dev.relate(settled!)).toBeUndefined();
  });

  test('the documents a save left as they were are the objects the last update had (what downstream keeps by document)', () => {
    const before = dev.update().wiki;
    write('ops/oncall.md', page('oncall', '당직', '[[deploy]]와 [[rollback]]을 봅니다. 밤에도.'));
    const after = dev.update(before).wiki;
    const byId = (wiki: Wiki, id: string) => wiki.documents.find((d) => d.source.id === id);
    expect(byId(after, 'oncall')).not.toBe(byId(before, 'oncall'));
    expect(byId(after, 'deploy')).toBe(byId(before, 'deploy'));
    expect(byId(after, 'rollback')).toBe(byId(before, 'rollback'));
    // A new page linking to deploy changes deploy's backlinks, and nothing of rollback's.
    write('ops/status.md', page('status', '상태', '[[deploy]] 참고.'));
    const added = dev.update(after).wiki;
    expect(byId(added, 'deploy')).not.toBe(byId(after, 'deploy'));
    expect(byId(added, 'deploy')?.backlinks).toEqual(['oncall', 'status']);
    expect(byId(added, 'rollback')).toBe(byId(after, 'rollback'));
    const withoutRelated = (wiki: Wiki) => ({ ...shown(wiki), documents: wiki.documents.map(({ related: _, ...d }) => d) });
    expect(withoutRelated(added)).toEqual(withoutRelated(fullLoad()));
  });

  test('a quick update reads only the files the watcher reported; one it missed is read once the saves stop', async () => {
    const before = dev.update().wiki;
    parsed = [];
    writeFileSync(join(root, 'ops/rollback.md'), page('rollback', '롤백 절차', '알리지 않고 고쳤습니다.', 'tags: [배포]\n'));
    write('ops/deploy.md', page('deploy', '배포 안내', '배포는 [롤백](rollback.md)을 먼저 읽고, 알린 뒤 합니다.', 'tags: [배포]\n'));
    const quick = dev.update(before);
    expect(parsed).toEqual(['ops/deploy.md']);
    expect(quick.wiki.documents.find((d) => d.source.id === 'rollback')?.source.body).not.toContain('알리지 않고');
    const settled = await dev.relate(quick);
    expect(parsed).toEqual(['ops/deploy.md', 'ops/rollback.md']);
    expect(settled?.texts.get('ops/rollback.md')).toContain('알리지 않고 고쳤습니다.');
    expect(shown(settled!.wiki)).toEqual(shown(fullLoad()));
  });

  test("a picture replaced in place (and an editor's temporary file) change the pictures' warnings as a full load does", () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000280000001e0802000000', 'hex');
    writeFileSync(join(root, 'ops/diagram.png'), 'not a picture\n');
    write('ops/rollback.md', page('rollback', '롤백 절차', '![흐름](diagram.png)\n\n되돌리는 방법입니다.', 'tags: [배포]\n'));
    let wiki = dev.update().wiki;
    expect(wiki.problems.filter((p) => p.field === 'image').map((p) => p.path)).toEqual(['ops/rollback.md']);
    write('ops/deploy.md', page('deploy', '배포 안내', '배포는 [롤백](rollback.md)을 먼저 읽습니다.', 'tags: [배포]\n'));
    writeFileSync(join(root, 'ops/diagram.png'), png);
    dev.changed(join(root, 'ops/diagram.png'));
    dev.changed(join(root, 'ops/.deploy.md.swp'));
    wiki = dev.update(wiki).wiki;
    expect(wiki.problems.filter((p) => p.field === 'image')).toEqual([]);
    expect(shown(wiki)).toEqual(shown(fullLoad()));
  });

  test('a file changed with no watcher report is read again when its stat changed; an unchanged folder parses nothing', () => {
    dev.update();
    expect(parsed).toEqual([]);
    writeFileSync(
      join(root, 'ops/deploy.md'),
      page('deploy', '배포 안내', '배포 전에 [롤백](rollback.md) 절차를 확인합니다. 길게 바꿨습니다.', 'tags: [배포]\n'),
    );
    const { wiki } = dev.update();
    expect(parsed).toEqual(['ops/deploy.md']);
    expect(shown(wiki)).toEqual(shown(fullLoad()));
  });
});
