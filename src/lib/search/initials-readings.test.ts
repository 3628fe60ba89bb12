import { expect, test } from 'vitest';
import { buildIndexEnvelope } from './index-build.ts';
import { loadSplitSearch } from './index-load.ts';
import { splitFiles, splitIndex } from './index-split.ts';
import { latinReader, readName } from './initials-readings.ts';
import { search } from './search.ts';
import { testSource } from './test-source.ts';

const TEXTS = [
  'React is a library for user interfaces. 리액트는 컴포넌트로 화면을 만듭니다.',
  '리액트 서버 컴포넌트를 소개합니다. React Server Components.',
  'DOM을 직접 다루지 않습니다. 다음 단계로 넘어갑니다.',
  '다음 문서를 읽으세요. 다음 예제를 보세요.',
  '다음으로 넘어갑니다.',
];

test('a Latin name is read as the Hangul the content writes for it, the spelling it uses most; otherwise it has none', () => {
  const read = latinReader(TEXTS);
  expect(['React', 'components', 'server', 'library', 'DOM', 'in'].map(read)).toEqual(['리액트', '컴포넌트', '서버', undefined, undefined, undefined]);
  // '다음' shares DOM's short sound, but most documents writing it never write DOM: a native word, not a reading.
  expect(readName('React DOM 컴포넌트', read)).toBe('리액트 DOM 컴포넌트');
  expect(readName('상태 관리', read)).toBeUndefined();
});

test("the site's split index finds a Latin title by the initials of its Hangul reading, only where the content gives one", async () => {
  const leads = [
    ['react', 'React', 'React is a library for user interfaces. React components render.'],
    ['react-dom', 'React DOM 컴포넌트', 'React DOM renders components in the browser. 리액트 서버 컴포넌트.'],
    ['state', '상태 관리', '상태를 다루는 방법.'],
  ] as const;
  const sources = leads.map(([id, title, lead]) => testSource(id, title, { lead }));
  const envelope = buildIndexEnvelope(sources);
  const ask = async (readLatin: ReturnType<typeof latinReader> | undefined, query: string) => {
    const files = new Map([...splitFiles(splitIndex(envelope, {}, readLatin))].map(([name, json]) => [name, JSON.parse(JSON.stringify(json)) as unknown]));
    const loaded = loadSplitSearch(files.get('base.json'), async (f) => files.get(f));
    return (await search(loaded, query)).hits.map((h) => h.document.id);
  };
  const texts = leads.map(([, title, lead]) => `${title}\n${lead}`);
  expect(await ask(latinReader(texts), 'ㄹㅇㅌ')).toEqual(['react', 'react-dom']);
  expect(await ask(undefined, 'ㄹㅇㅌ')).toEqual([]);
  // A title's own Hangul initials still come first.
  expect((await ask(latinReader(texts), 'ㅋㅍㄴㅌ'))[0]).toBe('react-dom');
});
