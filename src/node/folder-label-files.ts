import { closeSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_CATEGORY_FILE, PROJECT_CATEGORY_FILE, type FolderLabelFile } from '../lib/wiki/folder-labels.ts';

/**
 * The Docusaurus category files of the project folders (`<folder>/_category_.json`, `.yml`) among the folder's plain
 * files (`attachments`, which the scan lists without following links), each read up to one byte past the size
 * `projectLabels` accepts, so a huge file costs no more than that.
 */
export function readFolderLabelFiles(root: string, attachments: readonly string[]): FolderLabelFile[] {
  const out: FolderLabelFile[] = [];
  for (const path of attachments) {
    if (!PROJECT_CATEGORY_FILE.test(path)) continue;
    const full = join(root, path);
    try {
      if (!lstatSync(full).isFile()) continue;
      const buffer = Buffer.alloc(MAX_CATEGORY_FILE + 1);
      const fd = openSync(full, 'r');
      let length: number;
      try {
        length = readSync(fd, buffer, 0, buffer.length, 0);
      } finally {
        closeSync(fd);
      }
      out.push({ path, text: buffer.subarray(0, length).toString('utf8') });
    } catch {
      // gone since the scan, or unreadable: the project keeps its folder's name
    }
  }
  return out;
}
