import type { Wiki, WikiDocument } from './pipeline.ts';

/** What renders every page alike: the UI language (callout titles) and a digest of the pipeline's code. */
export interface RenderSetting {
  lang: string;
  /** Changes whenever a plugin or a dependency does (`codeDigest()` in `src/integrations/parse-cache.ts`). */
  code: string;
}

/**
 * What each document's rendered HTML depends on besides the plugins' code, hashed into one cache key
 * per id: its text, the base path, the setting (language, plugin code), every document a
 * link could resolve to (id, title and path: a new or renamed document can turn a broken link into a
 * working one), the folder's other files (a `![[name]]` embed or a download link finds its file among them), which of its pictures are missing or unreadable (they show a placeholder), and the titles and headings of the documents it links to (link labels read them).
 * Backlinks, relations and dates are not here: they change the page around the article, never the article.
 */
export function renderKeys(
  wiki: Wiki,
  /** The document's text as rendered, or a digest of it (the content loader keeps digests from one save to the next). */
  textOf: (doc: WikiDocument) => string,
  setting: RenderSetting,
  hash: (text: string) => string,
  memo?: RenderKeyMemo,
): Map<string, string> {
  const targets = wiki.documents.map((d) => [d.source.id, d.source.title, d.source.sourcePath]);
  const shared = hash(JSON.stringify([setting.lang, setting.code, wiki.options.base, targets, wiki.options.attachments ?? []]));
  const byId = new Map<string, Wiki['documents'][number]['source']>(wiki.documents.map((d) => [d.source.id, d.source]));
  // A picture fixed or broken in place changes no path: the image warnings say which ones show the placeholder.
  const imageProblems = new Map<string, string[]>();
  for (const p of wiki.problems) if (p.field === 'image') imageProblems.set(p.path, [...(imageProblems.get(p.path) ?? []), `${p.line} ${p.message}`]);
  const out = new Map<string, string>();
  for (const doc of wiki.documents) {
    const targets = doc.linkIds.map((id) => byId.get(id));
    const images = imageProblems.get(doc.source.sourcePath) ?? [];
    const kept = memo?.get(doc);
    if (kept && kept.shared === shared && kept.images === images.join('\n') && kept.targets.every((t, i) => t === targets[i])) {
      out.set(doc.source.id, kept.key);
      continue;
    }
    const linked = doc.linkIds.map((id, i) => {
      const s = targets[i];
      return s ? [id, s.title, s.markdown.headings.map((h) => [h.anchor, h.text])] : [id];
    });
    const key = hash(`${shared}\n${JSON.stringify([doc.source.sourcePath, textOf(doc), linked, images])}`);
    memo?.set(doc, { shared, targets, images: images.join('\n'), key });
    out.set(doc.source.id, key);
  }
  return out;
}

/**
 * What a long-lived process (`maru dev`) keeps between calls: each document's key with what it was made from, by the
 * derived document (a save hands back those it did not change). The same document with the same shared part, the same
 * parsed documents behind its links and the same picture warnings has the same key.
 */
export type RenderKeyMemo = WeakMap<WikiDocument, { shared: string; targets: readonly (WikiDocument['source'] | undefined)[]; images: string; key: string }>;
