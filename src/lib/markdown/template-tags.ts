/**
 * Template tags other documentation tools leave in their Markdown, read from one whole line of text: GitBook and
 * Jekyll's Liquid tags (`{% hint style="info" %}`, `{% endhint %}`) and Hugo's shortcodes (`{{< tab "macOS" >}}`,
 * `{{% notice tip %}}`, `{{< /tab >}}`). Pure text rules; remarkTemplateTags decides what each becomes.
 */

/** One tag line: `open` also covers tags that never close (`{% embed url="…" %}`), which only their name tells apart. */
export type TemplateTag =
  { kind: 'open'; name: string; args: TagArgs; syntax: 'liquid' | 'hugo' } | { kind: 'close'; name: string; syntax: 'liquid' | 'hugo' } | { kind: 'comment' };

export interface TagArgs {
  /** `key="value"`, `key='value'` and `key=value`, keys lowercased. */
  named: Record<string, string>;
  /** Quoted or bare values without a key, in order (`{{< tab "macOS" >}}`, `{% highlight ruby linenos %}`). */
  positional: string[];
}

/** Longer lines are never read as tags; no real tag line is that long. */
const MAX_TAG_LINE = 2000;
const NAME = /^[A-Za-z][\w./-]*/;
/** One argument: `key="v"`, `key='v'`, `key=v`, `"v"`, `'v'` or a bare word. */
const ARG = /([A-Za-z][\w-]*)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"']+))|"([^"]*)"|'([^']*)'|([^\s"'=]+)/g;

/**
 * The tag a whole line is, or undefined for any other line. Read with string operations and anchored patterns only:
 * content is untrusted, and a pattern that searched for the closing delimiter would backtrack on long lines.
 */
export function parseTagLine(line: string): TemplateTag | undefined {
  const text = line.trim();
  if (text.length > MAX_TAG_LINE || text.length < 5 || text[0] !== '{') return undefined;
  if (text[1] === '%') {
    if (!text.endsWith('%}')) return undefined;
    const inner = text.slice(2, -2).replace(/^-/, '').replace(/-$/, '').trim();
    const name = NAME.exec(inner)?.[0];
    if (!name || name.includes('/') || name.includes('.')) return undefined;
    const rest = inner.slice(name.length);
    if (rest && !/^\s/.test(rest)) return undefined;
    const lower = name.toLowerCase();
    if (lower.startsWith('end') && lower.length > 3 && !rest.trim()) return { kind: 'close', name: lower.slice(3), syntax: 'liquid' };
    return { kind: 'open', name: lower, args: parseArgs(rest), syntax: 'liquid' };
  }
  if (text[1] !== '{') return undefined;
  if (text.startsWith('{{/*') && text.endsWith('*/}}')) return { kind: 'comment' };
  const open = text[2];
  // The delimiters pair up: `{{<` ends with `>}}`, `{{%` with `%}}`.
  if ((open !== '<' && open !== '%') || !text.endsWith(`${open === '<' ? '>' : '%'}}}`)) return undefined;
  let inner = text.slice(3, -3).trim();
  const closing = inner.startsWith('/');
  if (closing) inner = inner.slice(1).trimStart();
  if (inner.endsWith('/')) inner = inner.slice(0, -1).trimEnd();
  const name = NAME.exec(inner)?.[0];
  if (!name) return undefined;
  const rest = inner.slice(name.length);
  if (rest && !/^\s/.test(rest)) return undefined;
  if (closing) return rest.trim() ? undefined : { kind: 'close', name: name.toLowerCase(), syntax: 'hugo' };
  return { kind: 'open', name: name.toLowerCase(), args: parseArgs(rest), syntax: 'hugo' };
}

/** Splits a tag's arguments into named and positional values. */
export function parseArgs(text: string): TagArgs {
  const named: Record<string, string> = {};
  const positional: string[] = [];
  for (const m of text.matchAll(ARG)) {
    if (m[1]) named[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
    else positional.push(m[5] ?? m[6] ?? m[7] ?? '');
  }
  return { named, positional };
}

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
