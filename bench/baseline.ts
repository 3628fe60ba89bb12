/** What the seed's scorer sees of a document. */
export interface BaselineDocument {
  id: string;
  title: string;
  tags: readonly string[];
  headings: readonly string[];
  body: string;
}

/**
 * The seed's scorer, kept as a yardstick: each whitespace-separated query word found as a
 * substring adds 400 (title), 300 (tags), 200 (headings) or 100 (body).
 */
export function seedBaselineSearch(docs: readonly BaselineDocument[], query: string, limit = 10): { id: string; score: number }[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const prepared = docs.map((d) => ({
    id: d.id,
    title: d.title.toLowerCase(),
    tags: d.tags.map((t) => t.toLowerCase()),
    headings: d.headings.join('\n').toLowerCase(),
    body: d.body.toLowerCase(),
  }));
  return prepared
    .map((d) => {
      let score = 0;
      for (const w of words) {
        if (d.title.includes(w)) score += 400;
        if (d.tags.some((t) => t.includes(w))) score += 300;
        if (d.headings.includes(w)) score += 200;
        if (d.body.includes(w)) score += 100;
      }
      return { id: d.id, score };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, limit);
}
