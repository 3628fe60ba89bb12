// A six-document wiki whose pages reach each other in every way a render reads another document: a wikilink and a
// broken one, a plain relative link, a linked file, a page mention, and a page with no link. The render-key tests
// (src/lib/wiki/render-key.test.ts) and the rendering check against the real plugins (src/integrations/article-keys.test.ts)
// change it the same ways.
import type { RawFile } from '../../src/lib/wiki/document.ts';

export const wikiFile = (path: string, text: string): RawFile => ({ path, text, mtime: '2026-11-01T00:00:00.000Z' });

export const LINKING_WIKI: readonly RawFile[] = [
  wikiFile('a.md', '---\ntitle: 검색\n---\n\n[[b]]와 [[색인]]을 보세요.\n'),
  wikiFile('b.md', '---\ntitle: 토크나이저\n---\n\n## 규칙\n\n본문.\n'),
  wikiFile('c.md', '---\ntitle: 배포\n---\n\n[설명](b.md)을 보세요.\n'),
  wikiFile('d.md', '---\ntitle: 보고\n---\n\n[보고서](files/report.pdf)를 받으세요.\n'),
  wikiFile('e.md', '---\ntitle: 언급\n---\n\n[b.md](b.md "mention")를 보세요.\n'),
  wikiFile('f.md', '---\ntitle: 무관\n---\n\n링크가 없습니다.\n'),
];
