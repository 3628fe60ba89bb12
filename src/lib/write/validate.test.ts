import { describe, expect, test } from 'vitest';
import type { Problem } from '../wiki/problems.ts';
import { introducedErrors } from './validate.ts';

const p = (path: string, message: string, severity: Problem['severity'] = 'error'): Problem => ({
  path,
  line: 3,
  field: 'link',
  message,
  hint: 'fix it',
  severity,
});

describe('introducedErrors', () => {
  test('only errors the folder did not already have', () => {
    const old = p('old.md', 'broken before');
    const added = p('new.md', 'points nowhere');
    expect(introducedErrors([old, added, p('new.md', 'just a warning', 'warning')], () => [old])).toEqual([added]);
  });

  test('no errors after: the folder without the file is not even built', () => {
    expect(
      introducedErrors([p('x.md', 'w', 'warning')], () => {
        throw new Error('not called');
      }),
    ).toEqual([]);
  });
});
