import * as z from 'zod';
import { isSlug } from './slug.ts';

// Static site generators write a space before the offset too (`2023-05-01 10:00:00 +0900`).
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)? ?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** True when `value` is a real calendar date (YYYY-MM-DD, optionally with a time). */
export function isValidDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Normalises a valid date string (or a YAML Date) to an ISO timestamp in UTC. */
export function toIsoDate(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00.000Z`;
  // Date parsing takes `+09:00` right after the time, not a generator's ` +0900`.
  return new Date(
    value
      .replace(' ', 'T')
      .replace(/ ?([+-]\d{2}):?(\d{2})$/, '$1:$2')
      .replace(/ Z$/, 'Z'),
  ).toISOString();
}

/**
 * A date as Maru's date fields take it (ISO, UTC), or undefined when `value` is no real date; for other generators'
 * fields, which also write `2021/06/08` (the React blog) and one-digit months and days.
 */
export function dateValue(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== 'string') return undefined;
  const text = value
    .trim()
    .replace(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?=$|[T ])/, (_, y: string, m: string, d: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);
  return isValidDate(text) ? toIsoDate(text) : undefined;
}

const DateField = z
  .union([z.string(), z.date()])
  .refine((v) => (v instanceof Date ? !Number.isNaN(v.getTime()) : isValidDate(v)), {
    message: 'date',
  })
  .transform(toIsoDate);

const StringList = z.union([
  z.array(z.string().min(1)),
  z
    .string()
    .min(1)
    .transform((s) => [s]),
]);

/** Tags and aliases may also be one string of comma-separated names, as note tools and static site generators write them (`tags: 배포, 운영`). */
const NameList = z.union([
  z.array(z.string().min(1)),
  z
    .string()
    .min(1)
    .transform((s) => {
      const names = s
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      return names.length ? names : [s];
    }),
]);

/**
 * The frontmatter fields Maru understands. Every field is optional: defaults come from the path,
 * the first heading and Git (see `toDocumentMeta`). Unknown keys are kept, not rejected.
 */
export const FrontmatterSchema = z.looseObject({
  /** Stable id (slug); defaults to the path without extension. */
  id: z.string().refine(isSlug, { message: 'slug' }).optional(),
  /** Title; defaults to the first `# heading`, else the file name. */
  title: z.string().min(1).optional(),
  /** Project; defaults to the first folder under the content root, else "general". */
  project: z
    .string()
    .refine((s) => /^[\p{L}\p{N}_-]+$/u.test(s), { message: 'project' })
    .optional(),
  /** One of the configured categories; defaults to "reference". */
  category: z.string().optional(),
  /** Tags people filter by. */
  tags: NameList.optional(),
  /** Other names people search by. */
  aliases: NameList.optional(),
  /** Ids of explicitly related documents. */
  related: StringList.optional(),
  /** One-sentence summary. */
  summary: z.string().optional(),
  /** Person or team responsible. */
  owner: z.string().optional(),
  /** `draft` documents are not published. */
  status: z.enum(['draft', 'published', 'deprecated']).optional(),
  /** Last meaningful update; defaults to the file's last Git commit, else its mtime. */
  updated_at: DateField.optional(),
  /** Creation date; defaults to the file's first Git commit, else `updated_at`. */
  created_at: DateField.optional(),
  /** The document's tables (용어 | 다른 이름 | …) define synonyms that widen every search. */
  glossary: z.boolean().optional(),
  /** Whether MCP clients see this document as a prompt. */
  prompt: z.boolean().optional(),
  /** Position in its folder's reading order (sidebar, previous/next); the dialects' position fields (`sidebar_position`, `nav_order`) are read too. */
  order: z.number().optional(),
});

const TEXT_FIELDS = ['id', 'title', 'project', 'category', 'summary', 'owner', 'status'] as const;
const LIST_FIELDS = ['tags', 'aliases', 'related'] as const;

/**
 * The frontmatter as other tools read it, before Maru's schema: a field left empty (`tags:` in a note template,
 * `category: null`, `tags: []`) is absent, and a number or true/false where text is meant (`title: 123`,
 * `tags: [2024, 회의]`, `id: 42`) is that text, as static site generators take them; `order: "2"` is the number 2.
 * Values of other shapes (a map where text is meant) stay, for the schema to report.
 */
export function lenientFrontmatter(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  const scalarText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);
  for (const key of [...TEXT_FIELDS, ...LIST_FIELDS, 'order', 'updated_at', 'created_at', 'glossary', 'prompt'])
    if (out[key] === null || out[key] === '' || (Array.isArray(out[key]) && out[key].length === 0)) delete out[key];
  for (const key of TEXT_FIELDS) if (key in out) out[key] = scalarText(out[key]);
  for (const key of LIST_FIELDS) {
    const value = out[key];
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== null && v !== '').map(scalarText);
      if (items.length) out[key] = items;
      else delete out[key];
    } else if (key in out) out[key] = scalarText(value);
  }
  if (typeof out.order === 'string' && /^-?\d+(?:\.\d+)?$/.test(out.order.trim())) out.order = Number(out.order);
  return out;
}

/** Invisible characters (zero-width space, joiners, BOM, word joiner) that pasted text carries into tags. */
const INVISIBLE = /[\u200B-\u200D\uFEFF\u2060]/g;

/**
 * A tag as Maru keeps it: composed Unicode (NFC, as typed on Windows and Linux; macOS and some editors write Hangul
 * decomposed) without invisible characters, trimmed, and without the `#` note tools write before a tag in text
 * (`tags: ["#배포"]` is the tag `배포`; `C#` keeps its). Without this, `배포` and `배포` + U+200B are two tags that look alike.
 */
export function normalizeTag(tag: string): string {
  return tag
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .trim()
    .replace(/^#+(?=\S)/, '');
}

/** The category assigned when neither frontmatter nor a folder name gives one (the page hides its badge then). */
export const DEFAULT_CATEGORY = 'reference';
/** The project assigned to documents at the content root. */
export const DEFAULT_PROJECT = 'general';
