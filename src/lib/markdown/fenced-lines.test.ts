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

test("Azure DevOps's ::: mermaid block is code up to its closing :::; one that never closes is not", () => {
  expect(mark('a\n::: mermaid\n%% 주석\n:::\nb')).toBe('T a\nC ::: mermaid\nC %% 주석\nC :::\nT b');
  expect(mark('::: mermaid\n%% 주석\nb')).toBe('T ::: mermaid\nT %% 주석\nT b');
  expect(mark('::: tip\n%% 주석\n:::')).toBe('T ::: tip\nT %% 주석\nT :::');
});
