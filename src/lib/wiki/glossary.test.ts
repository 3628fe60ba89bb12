import { expect, test } from 'vitest';
import { glossaryGroups } from './glossary.ts';

test('glossary tables become synonym groups; other tables are ignored', () => {
  const md = [
    '## 용어 표',
    '',
    '| 용어 | 다른 이름 | 뜻 |',
    '| --- | --- | --- |',
    '| 마루 | Maru, 팀 위키 | 이 제품 |',
    '| 글꼴 | 웹폰트, `font` | 화면 글자 모양 |',
    '| 혼자 | | 별칭 없음 |',
    '',
    '| 이름 | 값 |',
    '| --- | --- |',
    '| a | b |',
  ].join('\n');
  expect(glossaryGroups(md)).toEqual([
    ['마루', 'Maru', '팀 위키'],
    ['글꼴', '웹폰트', 'font'],
  ]);
});
