import { isFolderFile } from '../lib/dialects/registry.ts';
import type { FolderFile } from '../lib/dialects/types.ts';
import { includeReader } from './include-reader.ts';

/**
 * The files the dialects read to describe folders (`isFolderFile`: `_category_.json`…) among the folder's plain files
 * (`attachments`), read with the include lines' guarded reader (inside the folder, no link followed, UTF-8 only, a size
 * cap); one it refuses is passed on with the reason, for a warning that names it.
 */
export function readFolderLabelFiles(root: string, attachments: readonly string[]): FolderFile[] {
  const paths = attachments.filter((path) => isFolderFile(path));
  if (!paths.length) return [];
  const read = includeReader(root);
  return paths.flatMap((path): FolderFile[] => {
    const got = read(path);
    if ('text' in got) return [{ path, text: got.text }];
    return 'refused' in got ? [{ path, text: '', refused: got.refused }] : [];
  });
}
