import { expect, test } from 'vitest';
import { documentScore, prepareDocument, sectionPath } from './section-rank.ts';
import { sectionFields } from './index-build.ts';
import { tokenize } from './tokenize.ts';
import type { SearchDocument } from './index-schema.ts';
import { countInSection, decodeSectionPostings, encodeSectionPostings } from './section-postings.ts';

test('section postings round-trip: term → document → section → count', () => {
  const counts = new Map([
    [
      '상테',
      new Map([
        [
          0,
          new Map([
            [0, 1],
            [3, 2],
          ]),
        ],
        [37, new Map([[12, 1]])],
      ]),
    ],
    ['props', new Map([[5, new Map([[1, 40]])]])],
  ]);
  const text = encodeSectionPostings(counts);
  expect(text).toBe('props\t5:1*14\n상테\t0:0/3*2,11:c');
  const decoded = decodeSectionPostings(text.split('\n')[1]!.split('\t')[1]!, '상테');
  expect([
    countInSection(decoded, 0, 0),
    countInSection(decoded, 0, 3),
    countInSection(decoded, 37, 12),
    countInSection(decoded, 37, 0),
    countInSection(decoded, 1, 0),
  ]).toEqual([1, 2, 1, 0, 0]);
  expect(() => decodeSectionPostings('1:?', 'bad')).toThrow('section postings of "bad": "1:?" is not "<gap>:<sections>".');
});

test('a document scores its best section plus 0.3 of the next five', () => {
  expect(documentScore([1, 10, 2, 0, 3])).toBeCloseTo(10 + 0.3 * (3 + 2 + 1), 10);
  expect(documentScore([])).toBe(0);
});

test('prepared sections have exactly the terms of the headings field the build indexed, though each heading is tokenized once', () => {
  const section = (heading: string, depth: number, terms = 3) => ({ anchor: heading, heading, depth, line: 1, terms });
  const document: SearchDocument = {
    id: 'hooks',
    title: 'React 훅 API 참고서',
    project: 'p',
    category: 'reference',
    tags: ['hooks', '리액트'],
    aliases: ['Hook 레퍼런스', 'useState 설명'],
    updatedAt: '2026-11-01T00:00:00.000Z',
    url: '/docs/hooks/',
    summary: '요약',
    sections: [
      section('', 1, 7),
      section('useState로 상태 관리', 2),
      section('인수(Parameters)', 3),
      section('ΟΔΟΣ 규칙', 3),
      section('주의 사항', 2),
      section('', 4),
    ],
  };
  const fields = sectionFields(
    document,
    document.sections.map((_, i) => ({ path: i === 0 ? [] : sectionPath(document, i), text: '' })),
  );
  const prepared = prepareDocument(document);
  expect(prepared.sections.map((s) => s.heading)).toEqual(fields.map((f) => tokenize(f.headings)));
  expect(prepared.sections[2]!.heading).toEqual([
    ...tokenize('React 훅 API 참고서'),
    'usestate',
    '^use',
    '^state',
    '상테',
    '관리',
    ...tokenize('인수(Parameters)'),
  ]);
  expect(prepared.sections.map((s) => s.bodyTerms)).toEqual([7, 3, 3, 3, 3, 3]);
  expect(prepared.lead).toEqual({ title: tokenize(fields[0]!.title), aliases: tokenize(fields[0]!.aliases), tags: tokenize(fields[0]!.tags) });
});
