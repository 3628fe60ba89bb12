import { expect, test } from 'vitest';
import { mapFencedLines } from './fenced-lines.ts';

const mark = (markdown: string) => mapFencedLines(markdown, (line, code) => (code ? `C ${line}` : `T ${line}`));

test('fence lines and the lines between them are code; the rest is text; every line is kept', () => {
  expect(mark('a\n```js\nx\n```\nb')).toBe('T a\nC ```js\nC x\nC ```\nT b');
});

test('a fence closes only at a marker of its own character at least as long', () => {
  expect(mark('~~~~\n```\n~~~\nx\n~~~~\ny')).toBe('C ~~~~\nC ```\nC ~~~\nC x\nC ~~~~\nT y');
});

test('a fence that never closes runs to the end, as CommonMark reads it', () => {
  expect(mark('a\n   ```\nx\ny')).toBe('T a\nC    ```\nC x\nC y');
});
