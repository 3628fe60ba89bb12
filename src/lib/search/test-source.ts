import type { SearchSource } from './index-build.ts';

/** What a search unit test says about a document; everything else takes one fixed value. */
export interface TestDocument {
  /** Prose of the lead (the part before the first heading). */
  lead?: string;
  /** Level-2 sections after the lead: anchor, heading, prose. */
  sections?: readonly (readonly [anchor: string, heading: string, body: string])[];
  aliases?: string[];
  category?: string;
}

/**
 * A document of project `p` as the build hands it to the index: the lead on line 1, then each section as a heading
 * line and a line of prose. The search unit tests share it so that a change to `SearchSource` is made once.
 */
export function testSource(id: string, title: string, { lead = '', sections = [], aliases = [], category = 'guide' }: TestDocument = {}): SearchSource {
  const all = [['', '', lead] as const, ...sections];
  return {
    document: {
      id,
      title,
      project: 'p',
      category,
      tags: [],
      aliases,
      updatedAt: '2026-11-01T00:00:00.000Z',
      url: `/docs/${id}/`,
      summary: '',
      sections: all.map(([anchor, heading], i) => ({ anchor, heading, depth: i ? 2 : 1, line: i * 2 + 1 })),
    },
    sectionTexts: all.map(([, heading, body]) => ({ path: heading ? [heading] : [], text: body })),
  };
}
