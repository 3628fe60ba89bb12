import { inGithubWikiOrder } from '../markdown/wikilink.ts';
import type { Wiki, WikiDocument } from './pipeline.ts';
import { renderLinks } from './render-links.ts';

/** What renders every page alike: the UI language (callout titles) and a digest of the pipeline's code. */
export interface RenderSetting {
  lang: string;
  /** Changes whenever a plugin or a dependency does (`codeDigest()` in `src/integrations/parse-cache.ts`). */
  code: string;
}

/**
 * What one document's rendered HTML depends on besides the plugins' code, hashed into its cache key: its path and text,
 * its title (the layout draws it; the article drops a leading `# title` that reads the same), the base path, the
 * setting (language, plugin code), which of its pictures are missing or unreadable (they show a placeholder), and the
 * answers the site's plugins give to every link, embed and file reference the parse found in it, asked through the
 * very functions the render asks (`renderLinks`): where each goes, what its label shows (a title, a heading), and why it
 * is broken (no document, a draft, a file the site skips). A new document that fixes its broken link, a rename of what
 * it links to, a title its link labels show or an attachment it links to changes its key; any other change to another
 * document does not. The parse's links are a superset of those the render resolves (it also reads link text and
 * definitions), and a link the parse does not collect (an external URL) resolves the same in every wiki.
 * Backlinks, relations and dates are not here: they change the page around the article, never the article.
 */
export function renderKeys(
  wiki: Wiki,
  /** The document's text as rendered, or a digest of it (the content loader keeps digests from one save to the next). */
  textOf: (doc: WikiDocument) => string,
  setting: RenderSetting,
  hash: (text: string) => string,
): Map<string, string> {
  const keyOf = renderKeyOf(wiki, textOf, setting, hash);
  return new Map(wiki.documents.map((doc) => [doc.source.id, keyOf(doc)]));
}

/** `renderKeys` one document at a time: `maru dev` keys only the articles a page asks for. */
export function renderKeyOf(
  wiki: Wiki,
  textOf: (doc: WikiDocument) => string,
  setting: RenderSetting,
  hash: (text: string) => string,
): (doc: WikiDocument) => string {
  const shared = JSON.stringify([setting.lang, setting.code, wiki.options.base]);
  const links = renderLinks(() => wiki);
  // A picture fixed or broken in place changes no path: the image warnings say which ones show the placeholder.
  let imageProblems: Map<string, string[]> | undefined;
  const imagesOf = (path: string) => {
    if (!imageProblems) {
      imageProblems = new Map();
      for (const p of wiki.problems) if (p.field === 'image') imageProblems.set(p.path, [...(imageProblems.get(p.path) ?? []), `${p.line} ${p.message}`]);
    }
    return imageProblems.get(path) ?? [];
  };
  return (doc) => {
    const from = doc.source.sourcePath;
    const answers = renderAnswers(doc, links);
    return hash(`${shared}\n${JSON.stringify([from, doc.source.title, links.titleAt(from), textOf(doc), answers, imagesOf(from)])}`);
  };
}

/** What the site's plugins answer for each link and embed of `doc` (as `remarkWikiLinks` and `remarkMissingImages` ask). */
function renderAnswers(doc: WikiDocument, links: ReturnType<typeof renderLinks>): unknown[] {
  const from = doc.source.sourcePath;
  const answers: unknown[] = [];
  // A page may link to one place many times: each question is answered (and keyed) once.
  const asked = new Set<string>();
  const ask = (question: unknown[], answer: () => unknown[]) => {
    const q = JSON.stringify(question);
    if (asked.has(q)) return;
    asked.add(q);
    answers.push(question, answer());
  };
  // A page that is there, or a draft that will be, names a GitHub wiki's `[[text|Page]]` (remarkWikiLinks' order).
  const named = (t: string) => links.resolveWiki(t, undefined) !== undefined || links.brokenWiki(t) !== undefined;
  for (const raw of doc.source.markdown.links) {
    if (raw.kind === 'wiki') {
      ask(['w', raw.target, raw.anchor, raw.label], () => {
        const m = inGithubWikiOrder(raw, named);
        return [m.target, m.anchor, links.resolveWiki(m.target, m.anchor), links.labelOf(m.target, m.anchor), links.brokenWiki(m.target)];
      });
    } else {
      const url = raw.target;
      ask(['u', url], () => [links.resolveUrl(url, from), links.brokenUrl(url, from)]);
      // Only a page mention shows the linked page's title (`remarkWikiLinks`).
      if (raw.mention) ask(['m', url], () => [links.titleOfUrl(url, from)]);
    }
  }
  for (const image of doc.source.markdown.images) {
    const name = image.embed;
    if (name !== undefined) ask(['e', name], () => [links.embed(name, from)]);
  }
  return answers;
}
