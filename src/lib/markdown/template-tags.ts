/**
 * Template tags other documentation tools leave in their Markdown, read from one whole line of text: Liquid tags
 * (`{% hint style="info" %}`, `{% endhint %}`) and shortcodes (`{{< tab "macOS" >}}`, `{{% notice tip %}}`,
 * `{{< /tab >}}`). Pure text rules, which the core's code-block masks share; what each tag becomes is a dialect's
 * (its template-tag plugin and the meaning it reads from a tag's name and arguments).
 */

/** One tag line: `open` also covers tags that never close (`{% embed url="…" %}`), which only their name tells apart. */
export type TemplateTag =
  | { kind: 'open'; name: string; args: TagArgs; syntax: 'liquid' | 'shortcode' }
  | { kind: 'close'; name: string; syntax: 'liquid' | 'shortcode' }
  | { kind: 'comment' };

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
  if (closing) return rest.trim() ? undefined : { kind: 'close', name: name.toLowerCase(), syntax: 'shortcode' };
  return { kind: 'open', name: name.toLowerCase(), args: parseArgs(rest), syntax: 'shortcode' };
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
