import { PROJECT_CATEGORY_FILE, type FolderLabelFile } from '../lib/wiki/folder-labels.ts';
import { includeReader } from './include-reader.ts';

/**
 * The Docusaurus category files of the project folders (`<folder>/_category_.json`, `.yml`) among the folder's plain
 * files (`attachments`), read with the include lines' guarded reader (inside the folder, no link followed, UTF-8 only,
 * a size cap); one it refuses is passed on with the reason, for a warning that names it.
 */
export function readFolderLabelFiles(root: string, attachments: readonly string[]): FolderLabelFile[] {
  const paths = attachments.filter((path) => PROJECT_CATEGORY_FILE.test(path));
  if (!paths.length) return [];
  const read = includeReader(root);
  return paths.flatMap((path): FolderLabelFile[] => {
    const got = read(path);
    if ('text' in got) return [{ path, text: got.text }];
    return 'refused' in got ? [{ path, text: '', refused: got.refused }] : [];
  });
}
