import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/**
 * Commits one saved file on the branch `maru/remember-<id>` (created from HEAD, or advanced if it exists) through a
 * temporary index, so the working tree, the current branch and the staging area stay untouched. Returns the
 * branch name, or undefined (logged) when the content folder is not in Git or the commit fails.
 */
export function commitOnBranch(root: string, rel: string, id: string, kind: 'new' | 'update', log: (m: string) => void): string | undefined {
  const branch = `maru/remember-${id}`;
  const dir = mkdtempSync(join(tmpdir(), 'maru-git-'));
  try {
    const git = (args: string[], env: Record<string, string> = {}) =>
      execFileSync('git', args, {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GIT_INDEX_FILE: join(dir, 'index'), ...env },
      }).trim();
    const top = git(['rev-parse', '--show-toplevel']);
    const path = relative(top, join(root, rel)).split(sep).join('/');
    git(['check-ref-format', '--branch', branch]);
    const parent = tryGit(() => git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])) ?? git(['rev-parse', 'HEAD']);
    git(['read-tree', parent]);
    const blob = git(['hash-object', '-w', '--', join(root, rel)]);
    git(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`]);
    const tree = git(['write-tree']);
    const identity = tryGit(() => git(['config', 'user.email']))
      ? {}
      : { GIT_AUTHOR_NAME: 'maru-mcp', GIT_AUTHOR_EMAIL: 'maru-mcp@localhost', GIT_COMMITTER_NAME: 'maru-mcp', GIT_COMMITTER_EMAIL: 'maru-mcp@localhost' };
    const commit = git(['commit-tree', tree, '-p', parent, '-m', `${kind === 'new' ? 'Add' : 'Update'} ${id} (remember_knowledge)`], identity);
    git(['update-ref', `refs/heads/${branch}`, commit]);
    return branch;
  } catch (e) {
    log(`maru-mcp: --git: could not commit ${rel} on ${branch}: ${(e as Error).message.split('\n')[0]}`);
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tryGit(run: () => string): string | undefined {
  try {
    return run() || undefined;
  } catch {
    return undefined;
  }
}
