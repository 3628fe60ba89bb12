import { join } from 'node:path';
import { expect, test } from 'vitest';
import { reloadsOn, withDrawnMarkdown } from './wiki-loader.ts';

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

test("the site renders a home page's hero and features after the file's text, not an empty page", () => {
  const file = '---\nlayout: home\nhero:\n  name: 마루\n---\n';
  expect(withDrawnMarkdown(file, '**팀 위키**\n\n- **빠른 검색**: 한국어 검색')).toBe(
    '---\nlayout: home\nhero:\n  name: 마루\n---\n\n**팀 위키**\n\n- **빠른 검색**: 한국어 검색\n',
  );
  expect(withDrawnMarkdown('# 제목\n\n본문\n', undefined)).toBe('# 제목\n\n본문\n');
});
