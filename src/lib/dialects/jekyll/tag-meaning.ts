import type { TagArgs } from '../../markdown/template-tags.ts';

/**
 * The callout kind (`note`, `tip`, `important`, `warning`, `caution`: those of `> [!TIP]`) a tag's style names:
 * GitBook's `hint style="success"`, Hugo themes' `hint warning`, `notice tip`, `alert color="danger"`,
 * `callout type="info"`, or a tag named for its kind (`{{< warning >}}`). Undefined for a tag that is no callout.
 */
export function calloutKindOf(name: string, args: TagArgs): string | undefined {
  if (NAMED_CALLOUTS.has(name)) return CALLOUT_STYLES[name];
  if (!CALLOUT_TAGS.has(name)) return undefined;
  const style = (args.named.style ?? args.named.type ?? args.named.color ?? args.named.context ?? args.named.kind ?? args.positional[0] ?? '').toLowerCase();
  return CALLOUT_STYLES[style] ?? 'note';
}

/** Tags whose style is an argument. */
const CALLOUT_TAGS = new Set(['hint', 'notice', 'alert', 'callout', 'admonition', 'hint-box']);

/** Tags named for their kind (`{{< warning >}}`). */
const NAMED_CALLOUTS = new Set(['note', 'info', 'tip', 'important', 'warning', 'caution', 'danger']);

/** Styles (and tags named for one) to the callout kinds the site draws. */
const CALLOUT_STYLES: Record<string, string> = {
  info: 'note',
  note: 'note',
  primary: 'note',
  secondary: 'note',
  working: 'note',
  tip: 'tip',
  success: 'tip',
  hint: 'tip',
  important: 'important',
  warning: 'warning',
  caution: 'caution',
  danger: 'caution',
  error: 'caution',
};

/** A tag's title, as themes name it (`title`, `name`, `header`), else its first positional value when `positional`. */
export function titleOf(args: TagArgs, positional: boolean): string | undefined {
  const title = args.named.title ?? args.named.name ?? args.named.header ?? args.named.summary ?? (positional ? args.positional[0] : undefined);
  return title?.trim() || undefined;
}

/**
 * A callout tag's title: its `title` argument, else the positional value after a positional style
 * (`{{% notice tip "제목" %}}`), or the first positional value of a tag named for its kind (`{{< warning "제목" >}}`).
 */
export function calloutTitleOf(name: string, args: TagArgs): string | undefined {
  const named = titleOf(args, false);
  if (named) return named;
  const positional = NAMED_CALLOUTS.has(name) ? args.positional[0] : CALLOUT_STYLES[args.positional[0]?.toLowerCase() ?? ''] ? args.positional[1] : undefined;
  return positional?.trim() || undefined;
}

/** A Markdown link or image whose address is a template call: `[글]({{< ref "a.md" >}})`, `[글]({% link a.md %})`. */
const TEMPLATE_LINK =
  /(!?)\[([^[\]\n]{0,500})\]\([ \t]*(?:\{\{-?[ \t]*site\.(?:baseurl|url)[ \t]*-?\}\})?(?:\{\{([<%])[ \t]*(?:rel)?ref[ \t]+"([^"\n]{1,500})"[ \t]*[>%]\}\}|\{%-?[ \t]*(link|post_url)[ \t]+([^%\s]{1,500})[ \t]*-?%\}|([^()\s]{0,500}))[ \t]*\)/g;

/** One link found by templateLinks: where it stands in the text, what it shows and where it points. */
export interface TemplateLink {
  index: number;
  length: number;
  image: boolean;
  label: string;
  url: string;
}

/**
 * The links and images of a run of text whose address the Markdown parser could not read because a Hugo `ref`/`relref`
 * shortcode, a Jekyll `{% link %}`/`{% post_url %}` tag or `{{ site.baseurl }}` stands in it. Hugo's paths stay as written (a
 * relative one is read from the page, then from the content root); Jekyll's are from the site's root, and a post's name
 * is its file in `_posts/`.
 */
export function templateLinks(text: string): TemplateLink[] {
  if (!text.includes('{{') && !text.includes('{%')) return [];
  const out: TemplateLink[] = [];
  for (const m of text.matchAll(TEMPLATE_LINK)) {
    const [whole, bang, label, , hugoPath, jekyllTag, jekyllPath, plain] = m;
    let url: string | undefined;
    if (hugoPath) url = hugoPath.trim();
    else if (jekyllTag === 'post_url') url = `/_posts/${jekyllPath!.replace(/\.(md|markdown)$/i, '')}.md`;
    else if (jekyllTag) url = `/${jekyllPath!.replace(/^\/+/, '')}`;
    // `{{ site.baseurl }}/assets/a.png`: the address after the site's root.
    else if (plain !== undefined && /\{\{-?[ \t]*site\./.test(whole)) url = plain.startsWith('/') ? plain : `/${plain}`;
    if (!url) continue;
    out.push({ index: m.index, length: whole.length, image: bang === '!', label: label ?? '', url });
  }
  return out;
}
