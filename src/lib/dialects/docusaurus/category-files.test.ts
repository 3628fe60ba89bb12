import { describe, expect, test } from 'vitest';
import { categoryFiles, MAX_CATEGORY_FILE } from './category-files.ts';

describe("categoryFiles: what Docusaurus's _category_ files say of their folders", () => {
  test('label, generated index description, position and collapsed of any folder, in JSON or YAML; other keys and the root are ignored', () => {
    const { folders, problems } = categoryFiles([
      {
        path: 'tutorial-basics/_category_.json',
        text: '{"label": " 기초\\n튜토리얼 ", "position": 2, "link": {"type": "generated-index", "description": "5분 만에"}}',
      },
      { path: 'Tutorial Extras/_category_.yml', text: 'label: 더 알아보기\nposition: 3\ncollapsed: false\n' },
      { path: 'tutorial-basics/deep/_category_.json', text: '{"label": "깊은 폴더"}' },
      { path: '_category_.json', text: '{"label": "맨 위"}' },
      { path: 'only-position/_category_.json', text: '{"position": 1}' },
    ]);
    expect([...folders]).toEqual([
      ['Tutorial Extras', { title: '더 알아보기', order: 3, collapsed: false }],
      ['only-position', { order: 1 }],
      ['tutorial-basics', { title: '기초 튜토리얼', description: '5분 만에', order: 2 }],
      ['tutorial-basics/deep', { title: '깊은 폴더' }],
    ]);
    expect(problems).toEqual([]);
  });

  test('a file that does not parse, is no object, has a label of another type or is too large is a warning naming it, and names nothing', () => {
    const { folders, problems } = categoryFiles([
      { path: 'a/_category_.json', text: '{ "label": "초안",' },
      { path: 'b/_category_.yml', text: '- 목록\n' },
      { path: 'c/_category_.json', text: '{"label": 3}' },
      { path: 'd/_category_.json', text: `{"label": "${'가'.repeat(MAX_CATEGORY_FILE)}"}` },
      { path: 'e/_category_.yml', text: 'a: &x [1]\nb: *x\nlabel: 별칭\n' },
      { path: 'f/_category_.json', text: '{"position": "둘째"}' },
      { path: 'g/h/_category_.yml', text: 'collapsed: 아니오\n' },
    ]);
    expect(folders.size).toBe(0);
    expect(problems.map((p) => [p.path, p.line, p.field, p.severity, p.message.split(':')[0]])).toEqual([
      ['a/_category_.json', 1, 'category-file', 'warning', '읽을 수 없습니다'],
      ['b/_category_.yml', 1, 'category-file', 'warning', '객체가 아닙니다'],
      ['c/_category_.json', 1, 'category-file', 'warning', '`label`이 글자가 아닙니다'],
      ['d/_category_.json', 1, 'category-file', 'warning', '64 KiB보다 커서 읽지 않았습니다'],
      ['e/_category_.yml', 1, 'category-file', 'warning', '읽을 수 없습니다'],
      ['f/_category_.json', 1, 'category-file', 'warning', '`position`이 숫자가 아닙니다'],
      ['g/h/_category_.yml', 1, 'category-file', 'warning', '`collapsed`가 true/false가 아닙니다'],
    ]);
  });
});

test('a category file the reader refused (not UTF-8, too large to read) is a warning naming it and why', () => {
  const { folders, problems } = categoryFiles([{ path: 'g/_category_.json', text: '', refused: 'UTF-8 글자 파일이 아닙니다' }]);
  expect(folders.size).toBe(0);
  expect(problems.map((p) => [p.path, p.field, p.severity, p.message])).toEqual([
    ['g/_category_.json', 'category-file', 'warning', '읽지 않았습니다: UTF-8 글자 파일이 아닙니다'],
  ]);
});
