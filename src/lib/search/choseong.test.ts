import { expect, test } from 'vitest';
import { choseongOf, choseongSearch, isChoseongQuery } from './choseong.ts';
import type { SearchDocument } from './index-schema.ts';

test.each([
  ['ㅅㅌ', true],
  ['ㅈㄱㅂ ㄹㄷㄹ', true],
  ['ㄱ', false],
  ['ㅅㅌ 관리', false],
  ['state', false],
])('isChoseongQuery(%s) = %s', (q, want) => {
  expect(isChoseongQuery(q)).toBe(want);
});

test('choseongOf keeps only the initials of Hangul syllables', () => {
  expect(choseongOf('상태 끌어올리기 (State)')).toBe('ㅅㅌㄲㅇㅇㄹㄱ');
});

const doc = (id: string, title: string, aliases: string[] = []): SearchDocument => ({
  id,
  title,
  aliases,
  project: 'p',
  category: 'c',
  tags: [],
  updatedAt: '',
  url: `/docs/${id}/`,
  summary: '',
  sections: [],
});

test('finds titles and aliases by initial consonants, titles and starts first', () => {
  const docs = [
    doc('a', '자기 계발 노트'),
    doc('b', '상태 관리', ['스테이트']),
    doc('c', '전역 상태'),
    doc('d', '배포', ['자가 빌드']),
    doc('e', '지구별 로드런'),
  ];
  expect(choseongSearch(docs, 'ㅅㅌ').map((h) => docs[h.doc]!.id)).toEqual(['b', 'c']);
  expect(choseongSearch(docs, 'ㅈㄱㅂ ㄹㄷㄹ').map((h) => docs[h.doc]!.id)).toEqual(['e']);
  expect(choseongSearch(docs, 'ㅈㄱ').map((h) => docs[h.doc]!.id)).toEqual(['a', 'e', 'd']);
  expect(choseongSearch(docs, 'ㅋㅋ')).toEqual([]);
});
