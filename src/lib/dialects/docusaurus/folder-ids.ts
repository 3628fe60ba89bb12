import type { SourceDocument } from '../../wiki/document.ts';
import type { Problem } from '../../wiki/problems.ts';
import { toSlug, type Slug } from '../../wiki/slug.ts';

/**
 * Docusaurus reads a frontmatter `id` within its folder (`guides/intro.md` with `id: intro` is the doc
 * `guides/intro`), so a site brought from it has `id: intro` in many folders; as Maru's wiki-wide ids they collided
 * and the build stopped. When one plain id (no `/`) is written in the frontmatter of files in more than one folder,
 * each of those files in a subfolder takes its folder before the id, as Docusaurus does, with a warning naming the
 * file and the id it now has. Files of one folder that share an id still collide (an error, as before), and so does a
 * qualified id that another document already has.
 */
export function qualifyFolderIds(docs: readonly SourceDocument[]): { docs: SourceDocument[]; problems: Problem[] } {
  const folders = new Map<string, Set<string>>();
  for (const d of docs) {
    if (!writtenPlainId(d)) continue;
    const set = folders.get(d.id) ?? new Set<string>();
    set.add(folderOf(d.sourcePath));
    folders.set(d.id, set);
  }
  const problems: Problem[] = [];
  const out = docs.map((d) => {
    const folder = folderOf(d.sourcePath);
    if (!writtenPlainId(d) || !folder || (folders.get(d.id)?.size ?? 0) < 2) return d;
    const id = `${toSlug(`${folder}/x.md`).replace(/\/x$/, '')}/${d.id}` as Slug;
    problems.push({
      path: d.sourcePath,
      line: d.fieldLines.id ?? 1,
      field: 'id',
      message: `id "${d.id}"를 다른 폴더의 문서도 써서, Docusaurus처럼 폴더를 붙인 "${id}"로 씁니다`,
      hint: '링크와 related에는 새 id를 쓰세요. 원래 id를 지키려면 위키 전체에서 겹치지 않는 id로 바꾸세요',
      severity: 'warning',
    });
    return { ...d, id };
  });
  return { docs: out, problems };
}

/** An id written in the frontmatter without a folder (`id: intro`). */
function writtenPlainId(d: SourceDocument): boolean {
  return d.fieldLines.id !== undefined && !d.id.includes('/');
}

function folderOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}
