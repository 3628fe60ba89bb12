import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { resolveSiteConfig } from '../lib/wiki/config.ts';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import { openDevWiki } from './dev-wiki.ts';
import { collectWiki } from './wiki-build.ts';

const config = resolveSiteConfig({ title: '테스트 위키', categories: ['guide'] });

/** One page of the generated folder, as its file says it. */
interface Page {
  id: string;
  title: string;
  aliases: string[];
  related: string[];
  draft: boolean;
  headings: string[];
  /** Link lines of the body, as written. */
  links: string[];
  words: string;
  /** Pastes the folder's partial in. */
  include: boolean;
}

const FOLDERS = ['ops', 'guides', 'guides/deep'];
const WORDS = ['배포', '롤백', '당직', '검색', '색인', '토큰', '지연', '장애'];

function render(path: string, p: Page): string {
  const up = '../'.repeat(path.split('/').length - 1);
  return [
    '---',
    `id: ${p.id}`,
    `title: ${p.title}`,
    'category: guide',
    ...(p.aliases.length ? [`aliases: [${p.aliases.join(', ')}]`] : []),
    ...(p.related.length ? [`related: [${p.related.join(', ')}]`] : []),
    ...(p.draft ? ['status: draft'] : []),
    '---',
    '',
    `${p.words} 문단입니다.`,
    '',
    ...p.headings.flatMap((h) => [`## ${h}`, '', `${h}에 대한 문단.`, '']),
    ...p.links.flatMap((l) => [l, '']),
    ...(p.include ? [`<!--@include: ${up}_part.md-->`, ''] : []),
  ].join('\n');
}

/** Picks from a list by a generated number. */
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a page of the site shows of the wiki; with `carried`, the related lists left out (a quick update carries them). */
const shown = (wiki: Wiki, carried: boolean) => ({
  documents: wiki.documents.map(({ related, ...d }) => (carried ? d : { ...d, related })),
  problems: wiki.problems,
  dropped: wiki.dropped,
});

const KINDS = ['body', 'link', 'title', 'heading', 'new', 'delete', 'rename', 'draft', 'include', 'alias', 'id', 'related', 'none'] as const;
const save = fc.record({ kind: fc.constantFrom(...KINDS), a: fc.nat(1000), b: fc.nat(1000), quick: fc.boolean() });

test('after any sequence of saves, each update gives the wiki a build of the folder gives (related lists as carried)', () => {
  fc.assert(
    fc.property(fc.array(save, { minLength: 1, maxLength: 8 }), fc.nat(1000), (saves, seed) => {
      rmSync(root, { recursive: true, force: true });
      root = mkdtempSync(join(tmpdir(), 'maru-dev-saves-'));
      const pages = new Map<string, Page>();
      const write = (path: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), render(path, pages.get(path)!));
      };
      for (let i = 0; i < 8; i++) {
        const path = `${pick(FOLDERS, seed + i)}/p${i}.md`;
        pages.set(path, {
          // One id twice in some folders: a duplicate-id error that a later save may clear.
          id: i === 7 && seed % 3 === 0 ? 'p1' : `p${i}`,
          title: `문서 ${i}`,
          aliases: i % 3 === 0 ? [`별칭${i}`] : [],
          related: i % 4 === 1 ? [`p${(i + 1) % 8}`, 'nowhere'] : [],
          draft: i === 5,
          headings: [`절 ${i}`, `설치 ${i}`],
          links: [
            `[[p${(i + 1) % 8}]]`,
            `[다음](/${pick(FOLDERS, seed + i + 2)}/p${(i + 2) % 8}.md#절-${(i + 2) % 8})`,
            `[[문서 ${(i + 3) % 8}#설치 ${(i + 3) % 8}]]`,
            // A folder without a landing page: its first page in reading order (by title), which saves move.
            ...(i < 2 ? [pick(['[폴더](/guides/)', '[폴더](../ops/)'], i)] : []),
          ],
          words: pick(WORDS, i),
          include: i % 4 === 2,
        });
      }
      for (const path of pages.keys()) write(path);
      writeFileSync(join(root, '_part.md'), '붙여 넣는 문단.\n\n[[p0]]\n');
      const dev = openDevWiki(root, config, '/');
      let wiki = dev.update().wiki;
      let n = 0;
      for (const { kind, a, b, quick } of saves) {
        const paths = [...pages.keys()];
        const path = pick(paths, a);
        const page = pages.get(path)!;
        const other = pick([...pages.values()], b);
        const report = (p: string) => dev.changed(join(root, p));
        n++;
        if (kind === 'body') page.words = `${page.words} 고침${n}`;
        else if (kind === 'link')
          page.links.push(
            pick(
              [
                `[[${other.id}]]`,
                `[[${other.title}#${pick(other.headings, b)}]]`,
                `[[없는문서${n}]]`,
                `[여기](#${pick(page.headings, b)})`,
                '[폴더](/guides/)',
                `[옛](/${path})`,
              ],
              a + b,
            ),
          );
        else if (kind === 'title') page.title = pick([`제목 ${n}`, other.title, `가 ${n}`], b);
        else if (kind === 'heading') page.headings[b % page.headings.length] = `새 절 ${n}`;
        else if (kind === 'alias') page.aliases = b % 2 ? [`별칭${n}`] : [];
        else if (kind === 'id') page.id = pick([`q${n}`, other.id], b);
        else if (kind === 'related') page.related = [other.id, ...(b % 2 ? [`없음${n}`] : [])];
        else if (kind === 'draft') page.draft = !page.draft;
        else if (kind === 'include') {
          writeFileSync(join(root, '_part.md'), `붙여 넣는 문단 ${n}.\n\n[[${other.id}]]\n`);
          report('_part.md');
        }
        if (kind === 'new') {
          const fresh = `${pick(FOLDERS, b)}/new${n}.md`;
          pages.set(fresh, { ...other, id: `new${n}`, title: pick([`새 문서 ${n}`, `가 ${n}`], a), links: [`[[${other.id}]]`], headings: ['절 새'] });
          write(fresh);
          report(fresh);
        } else if (kind === 'delete' && pages.size > 1) {
          pages.delete(path);
          rmSync(join(root, path));
          report(path);
        } else if (kind === 'rename') {
          const to = `${pick(FOLDERS, b)}/moved${n}.md`;
          pages.delete(path);
          pages.set(to, page);
          renameSync(join(root, path), join(root, to));
          report(path);
          report(to);
        } else if (kind !== 'include' && kind !== 'none' && kind !== 'delete') {
          write(path);
          report(path);
        }
        wiki = dev.update(quick ? wiki : undefined).wiki;
        const full = collectWiki(root, config, '/').wiki!;
        expect(shown(wiki, quick)).toEqual(shown(full, quick));
      }
    }),
    { numRuns: 40 },
  );
});
