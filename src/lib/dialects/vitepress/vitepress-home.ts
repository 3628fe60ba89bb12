import type { FrontmatterPage } from '../types.ts';

const MAX_ACTIONS = 10;
const MAX_FEATURES = 50;
const MAX_TEXT = 2_000;

/**
 * A VitePress home page (`layout: home`) shows its frontmatter, not its body: the hero (name, text, tagline, action
 * buttons) and the feature cards. Maru shows the same words as Markdown after the body (usually empty), so the page is
 * not blank, search finds its words and an AI reads them; the hero's name is the page's title when it has no other.
 * The values are content like any other (the sanitizer and the link checks see them); a value that is not a string,
 * and anything past the limits below, is left out.
 */
export function vitepressHome(data: Readonly<Record<string, unknown>>): FrontmatterPage | undefined {
  if (data.layout !== 'home') return undefined;
  const hero = record(data.hero);
  const blocks: string[] = [];
  const text = line(hero?.text);
  const tagline = line(hero?.tagline);
  if (text) blocks.push(`**${text}**`);
  if (tagline) blocks.push(tagline);
  const actions = list(hero?.actions, MAX_ACTIONS).flatMap((a) => {
    const label = line(a.text);
    return label ? [linked(label, line(a.link))] : [];
  });
  if (actions.length) blocks.push(actions.map((a) => `- ${a}`).join('\n'));
  const features = list(data.features, MAX_FEATURES).flatMap((f) => {
    const title = line(f.title);
    const details = line(f.details);
    if (!title && !details) return [];
    const head = title ? `**${linked(title, line(f.link))}**` : '';
    return [`- ${[head, details].filter(Boolean).join(': ')}`];
  });
  if (features.length) blocks.push(features.join('\n'));
  const name = line(hero?.name);
  if (!blocks.length && !name) return undefined;
  return { markdown: blocks.join('\n\n'), title: name, summary: [text, tagline].filter(Boolean).join(': ') || undefined };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function list(value: unknown, max: number): Record<string, unknown>[] {
  return Array.isArray(value) ? value.slice(0, max).flatMap((v) => (record(v) ? [record(v)!] : [])) : [];
}

/** A string value on one line (a line break would end the list item it stands in), or undefined. */
function line(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
  return text || undefined;
}

/** `[label](link)`, or the label alone when there is no link or the link would not survive as one Markdown destination. */
function linked(label: string, link: string | undefined): string {
  return link && !/[\s<>()]/.test(link) ? `[${label}](${link})` : label;
}
