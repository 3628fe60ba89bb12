import { NotFoundError, type ArtifactSource } from '../source.ts';

/** An artifact source over files held in memory (the write path's rebuild of the content folder). */
export function memorySource(files: ReadonlyMap<string, string>, label: string): ArtifactSource {
  const read = async (rel: string) => {
    const text = files.get(rel);
    if (text === undefined) throw new NotFoundError(`${rel} is missing in ${label}.`);
    return text;
  };
  return { label, kind: 'dir', read, readBytes: async (rel) => Buffer.from(await read(rel), 'utf8') };
}
