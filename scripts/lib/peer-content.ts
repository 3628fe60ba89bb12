// The one conversion that makes a folder of Markdown buildable by Maru and by the peers `npm run bench` compares it
// with (Starlight, VitePress, plain Astro), so that all of them build the same bytes. Pure: text in, text out.

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/**
 * Converts one Markdown file (`path` below the content folder) so that every peer can build it, changing no more
 * than that needs. Fenced code blocks are never changed, inline code spans only by the last rule. Elsewhere:
 * - the frontmatter gets a `title` when it has none (Starlight requires one): the first `# ` heading, else the file's
 *   name; its other keys stay;
 * - MDX component tags (`<Intro>`, `</Sandpack>`, `<CodeStep step={1}>`: a tag whose name starts with a capital)
 *   are removed and their content kept, and JSX attributes (`style={{…}}`) are removed from HTML tags: VitePress
 *   compiles every page as a Vue template, where they are errors or unclosed elements, and no peer renders them;
 * - MDX comments on lines of their own (`{/* … *\/}`) are removed: VitePress reads a trailing `{…}` as attributes;
 * - `{{` and `}}` become `{ {` and `} }`: in a Vue template they open an interpolation of JavaScript;
 * - pictures not on the web (`![alt](/images/x.png)`, `<img src="x.png">`, also `<source>`, `<video>`) become their
 *   alt text: the converted corpus holds Markdown only, and VitePress fails on a missing picture (the others link it).
 * The other raw HTML stays (every peer passes it through).
 */
export function toPeerMarkdown(path: string, text: string): string {
  const match = FRONTMATTER.exec(text);
  const front = match ? match[1]! : '';
  const body = match ? text.slice(match[0].length) : text;
  const lines = front ? front.split(/\r?\n/) : [];
  if (!/^title\s*:\s*\S/m.test(front)) lines.unshift(`title: ${JSON.stringify(titleOf(path, body))}`);
  return `---\n${lines.join('\n')}\n---\n${segments(body)
    .map((s) => (s.code ? s.text : convertProse(s.text)))
    .join('')}`;
}

/** `body` cut into fenced code blocks (fence lines included) and the text between them, in order. */
function segments(body: string): { code: boolean; text: string }[] {
  const out: { code: boolean; text: string }[] = [];
  let fence: string | undefined;
  for (const line of body.split(/(?<=\n)/)) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    const code = fence !== undefined || f !== null;
    if (f && fence === undefined) fence = f[1]!;
    else if (f && fence !== undefined && f[1]![0] === fence[0] && f[1]!.length >= fence.length && !/\S/.test(line.slice(line.indexOf(f[1]!) + f[1]!.length)))
      fence = undefined;
    const last = out[out.length - 1];
    if (last && last.code === code) last.text += line;
    else out.push({ code, text: line });
  }
  return out;
}

/** The first ATX `# ` heading outside fenced code, else the file name without `.md`. */
function titleOf(path: string, body: string): string {
  for (const s of segments(body)) {
    if (s.code) continue;
    const h = /^ {0,3}# +(.+?)(?: +#+)? *$/m.exec(s.text);
    if (h) return h[1]!.trim();
  }
  return (path.split('/').pop() ?? path).replace(/\.md$/, '');
}

/** Text outside fenced code, converted as `toPeerMarkdown` says (in inline code spans, only `{{`/`}}`: VitePress interpolates there too). */
function convertProse(text: string): string {
  text = text.replace(/^[ \t]*\{\/\*[\s\S]*?\*\/\}[ \t]*(?:\r?\n|$)/gm, '');
  text = text.replace(/!\[([^\]]*)\]\((?!https?:)[^)\s]+(?:\s+"[^"]*")?\)/g, '$1');
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const end = text.indexOf(run, i + run.length);
      // A code span closes on the same run of backticks; an unmatched run is literal text.
      if (end > 0 && text[end + run.length] !== '`') {
        out += text
          .slice(i, end + run.length)
          .replaceAll('{{', '{ {')
          .replaceAll('}}', '} }');
        i = end + run.length;
        continue;
      }
      out += run;
      i += run.length;
      continue;
    }
    if (c === '<' && /^<\/?[A-Za-z]/.test(text.slice(i, i + 3))) {
      const end = tagEnd(text, i);
      if (end > 0) {
        const tag = text.slice(i, end);
        const local = /^<(?:img|source|video)\b/i.test(tag) && !/\ssrc(?:set)?\s*=\s*["']?https?:/i.test(tag);
        if (local) out += /\balt\s*=\s*"([^"]*)"/.exec(tag)?.[1] ?? '';
        else if (!/^<\/?[A-Z]/.test(tag)) out += tag.replace(JSX_ATTRIBUTES, '');
        i = end;
        continue;
      }
    }
    if ((c === '{' || c === '}') && text[i + 1] === c) {
      out += `${c} ${c}`;
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** ` name={…}` attributes, one level of nested braces (`style={{a: 1}}`). */
const JSX_ATTRIBUTES = /\s+[\w:.-]+=\{(?:[^{}]|\{[^{}]*\})*\}/g;

/** Index just past the `>` that closes the tag opening at `start`, skipping quoted values and `{…}`; -1 if none. */
function tagEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '>') return i + 1;
    else if (c === '<') return -1;
  }
  return -1;
}
