import { formatProblem, type Problem } from '../wiki/problems.ts';

/**
 * The build errors a write would add: errors of the wiki with the new file that the wiki without it does not
 * already have (compared as the build prints them). `before` is only computed when there are errors at all.
 */
export function introducedErrors(after: readonly Problem[], before: () => readonly Problem[]): Problem[] {
  const errors = after.filter((p) => p.severity === 'error');
  if (errors.length === 0) return [];
  const known = new Set(
    before()
      .filter((p) => p.severity === 'error')
      .map((p) => formatProblem(p)),
  );
  return errors.filter((p) => !known.has(formatProblem(p)));
}
