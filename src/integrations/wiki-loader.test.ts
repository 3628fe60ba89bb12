import { join } from 'node:path';
import { expect, test } from 'vitest';
import { reloadsOn } from './wiki-loader.ts';

test('astro dev reloads the wiki for a change to any file in the content folder, but not in .git, node_modules or outside it', () => {
  const root = join('/work', 'wiki', 'content');
  const at = (...parts: string[]) => reloadsOn(root, join(root, ...parts));
  expect([at('guide.md'), at('listings', 'main.rs'), at('.gitbook', 'includes', 'footer.md'), at('images', 'a.png')]).toEqual([true, true, true, true]);
  expect([at('.git', 'index'), at('node_modules', 'x', 'a.md'), reloadsOn(root, join('/work', 'wiki', 'README.md')), reloadsOn(root, root)]).toEqual([
    false,
    false,
    false,
    false,
  ]);
});
