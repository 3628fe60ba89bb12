import { describe, expect, test } from 'vitest';
import { findDeepNesting, findLongDelimiterRun, MAX_NESTING } from './nesting.ts';

describe('findDeepNesting', () => {
  test.each([
    ['quotes past the limit', `# 제목\n\n${'>'.repeat(5000)} 인용\n`, { line: 3, depth: 5000 }],
    ['spaced quotes', `${'> '.repeat(101)}x`, { line: 1, depth: 101 }],
    ['compact list items', `${'- '.repeat(5000)}item`, { line: 1, depth: 5000 }],
    ['ordered and mixed markers', `${'1. > * '.repeat(34)}x`, { line: 1, depth: 102 }],
    ['list items nested by indentation', Array.from({ length: 102 }, (_, i) => `${'  '.repeat(i)}- 항목 ${i}`).join('\n'), { line: 101, depth: 101 }],
  ])('%s are found on their line', (_name, body, expected) => {
    expect(findDeepNesting(body)).toEqual(expected);
  });

  test.each([
    ['the limit itself', `${'>'.repeat(MAX_NESTING)} 인용`],
    ['a long thematic break', '- '.repeat(500)],
    ['text that only starts like a marker', `${'-'.repeat(500)} ${'1.5 '.repeat(200)} ${'*강조* '.repeat(200)}`],
    ['an empty body', ''],
  ])('%s passes', (_name, body) => {
    expect(findDeepNesting(body)).toBeUndefined();
  });
});

describe('findLongDelimiterRun', () => {
  test('a run of * or _ longer than 100 outside code is found on its line', () => {
    expect(findLongDelimiterRun(`# 제목\n\n${'*'.repeat(20000)}x${'*'.repeat(20000)}\n`)).toEqual({ line: 3, char: '*', length: 20000 });
    expect(findLongDelimiterRun(`이름: ${'_'.repeat(101)}`)).toEqual({ line: 1, char: '_', length: 101 });
  });

  test('runs up to 100, runs inside fenced code, and bold text pass', () => {
    expect(findLongDelimiterRun(`이름: ${'_'.repeat(100)}\n\n${'*'.repeat(100)}`)).toBeUndefined();
    expect(findLongDelimiterRun(`\`\`\`text\n${'*'.repeat(500)}\n\`\`\`\n\n~~~~\n${'_'.repeat(500)}\n\`\`\`\n~~~~\n`)).toBeUndefined();
    expect(findLongDelimiterRun('**굵게** 그리고 __밑줄__ '.repeat(1000))).toBeUndefined();
  });

  test('a fence that never closes keeps the rest of the file as code, as the parser does', () => {
    expect(findLongDelimiterRun(`\`\`\`\n${'*'.repeat(500)}`)).toBeUndefined();
  });
});
