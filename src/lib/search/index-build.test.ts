import { describe, expect, test } from 'vitest';
import {
  COMMON_BODY_MIN_DOCUMENTS,
  COMMON_BODY_SHARE,
  createMiniSearch,
  INDEX_FIELDS,
  SEARCH_OPTIONS_VERSION,
  type IndexField,
  type IndexUnit,
} from './contract.ts';
import { GLOSS_PATTERNS, glossMatches, mineGlosses } from './glosses.ts';
import { buildIndexEnvelope, sectionFields, type SearchSource } from './index-build.ts';
import { contributionOf, isContribution, type Contribution } from './index-contribution.ts';
import { INDEX_ENVELOPE_VERSION, type IndexEnvelope, type SearchDocument } from './index-schema.ts';
import { encodePostings, PATCH_MARK, type SerializedPostings } from './postings.ts';
import { encodeSectionPostings } from './section-postings.ts';
import { tokenize } from './tokenize.ts';

/**
 * The envelope as the build made it before it tokenized each text once (main at 1eb2a9b): MiniSearch tokenizing the
 * documents' text itself, every section field tokenized again for the frequencies, the prose counts as nested maps.
 * The new build must not change it by a byte.
 */
function reference(sources: readonly SearchSource[]): IndexEnvelope {
  const units: IndexUnit[] = sources.map((s, d) => ({
    id: d,
    title: s.document.title,
    aliases: s.document.aliases.join(' '),
    tags: s.document.tags.join(' '),
    headings: s.document.sections
      .map((x) => x.heading)
      .filter(Boolean)
      .join('\n'),
    body: [s.document.summary, ...s.sectionTexts.map((t) => t.text)].filter(Boolean).join('\n'),
  }));
  const { index: postings, ...rest } = createMiniSearch(units).toJSON();
  const bodyField = INDEX_FIELDS.indexOf('body');
  const limit = sources.length >= COMMON_BODY_MIN_DOCUMENTS ? COMMON_BODY_SHARE * sources.length : Infinity;
  const commonTerms: string[] = [];
  const frequency = new Map<string, number[]>();
  const totals = INDEX_FIELDS.map(() => 0);
  let sectionCount = 0;
  const documents: SearchDocument[] = [];
  const prose = new Map<string, Map<number, Map<number, number>>>();
  for (const [d, source] of sources.entries()) {
    const bodyTerms: number[] = [];
    for (const [s, fields] of sectionFields(source.document, source.sectionTexts).entries()) {
      sectionCount++;
      INDEX_FIELDS.forEach((field, f) => {
        const tokens = tokenize(fields[field]);
        totals[f]! += tokens.length;
        if (field === 'body') {
          bodyTerms.push(tokens.length);
          const own = source.sectionProse?.[s];
          const counted = own === undefined ? tokens : tokenize(s === 0 && source.document.summary ? `${source.document.summary}\n${own}` : own);
          for (const t of counted) {
            const sections = (prose.get(t) ?? prose.set(t, new Map()).get(t)!).get(d) ?? prose.get(t)!.set(d, new Map()).get(d)!;
            sections.set(s, (sections.get(s) ?? 0) + 1);
          }
        }
        for (const term of new Set(tokens)) {
          const counts = frequency.get(term) ?? frequency.set(term, [0, 0, 0, 0, 0]).get(term)!;
          counts[f]!++;
        }
      });
    }
    documents.push({ ...source.document, sections: source.document.sections.map((x, i) => ({ ...x, terms: bodyTerms[i] ?? 0 })) });
  }
  const key = String(bodyField);
  const patched: SerializedPostings = postings.map(([term, fields]) => {
    const { [key]: body = {}, ...others } = fields;
    const count = Object.keys(body).length;
    if (count > limit) {
      commonTerms.push(term);
      return [term, others];
    }
    const patch: Record<string, number> = {};
    const derived = prose.get(term) ?? new Map<number, ReadonlyMap<number, number>>();
    for (const [doc, sections] of derived) {
      let sum = 0;
      for (const n of sections.values()) sum += n;
      if (body[doc] !== sum) patch[doc] = body[doc] ?? 0;
    }
    for (const [doc, freq] of Object.entries(body)) if (!derived.has(Number(doc))) patch[doc] = freq;
    return [term, count || derived.size ? { ...others, [`${key}${PATCH_MARK}`]: patch } : others];
  });
  const average = (f: number) => (sectionCount ? Math.round((totals[f]! / sectionCount) * 10) / 10 : 0);
  return {
    version: INDEX_ENVELOPE_VERSION,
    searchOptionsVersion: SEARCH_OPTIONS_VERSION,
    documents,
    synonyms: mineGlosses(sources.flatMap((s) => [s.document.summary, ...s.sectionTexts.map((t) => t.text)])),
    commonTerms: commonTerms.sort(),
    sectionStats: {
      sections: sectionCount,
      averageTerms: Object.fromEntries(INDEX_FIELDS.map((field, f) => [field, average(f)])) as Record<IndexField, number>,
    },
    index: { ...rest, index: [] },
    postings: encodePostings(patched, undefined, (term) => frequency.get(term)),
    sectionPostings: encodeSectionPostings(prose),
  };
}

const WORDS = ['컴포넌트', '상태를', 'props로', 'useState', '렌더링은', 'ｆｕｌｌ', 'ΣΟΦΟΣ', '効果', '끌어올리기', 'effect', '값이', '훅'];

/** Generated documents with every shape the build meets: summaries, aliases, tags, prose with and without code, empty sections. */
function corpus(count: number): SearchSource[] {
  return Array.from({ length: count }, (_, d): SearchSource => {
    const word = (k: number) => WORDS[(d * 7 + k * 3) % WORDS.length]!;
    const sections = d % 11 === 0 ? 1 : 1 + (d % 4);
    const texts = Array.from({ length: sections }, (_, s) => ({
      path: s === 0 ? [] : [`${word(s)} 절 ${s}`],
      text:
        s === 2 ? '' : `${word(s)} ${word(s + 1)} ${word(s)}(Effect) 문서 ${d} 번째 에러 경계(Error Boundary)\n\`\`\`js\nconst ${word(s + 2)} = ${d};\n\`\`\``,
    }));
    return {
      document: {
        id: `d${d}`,
        title: `${word(0)} 문서 ${d}`,
        project: 'p',
        category: 'concept',
        tags: d % 3 ? [word(5)] : [],
        aliases: d % 5 ? [] : [word(6), 'alias'],
        updatedAt: '2026-11-01T00:00:00.000Z',
        url: `/docs/d${d}/`,
        summary: d % 2 ? `${word(7)} 요약` : '',
        sections: texts.map((t, s) => ({ anchor: s ? `s${s}` : '', heading: t.path.at(-1) ?? '', depth: 2, line: s + 1 })),
      },
      sectionTexts: texts,
      // Prose: the text without its code, the same text, or (for some documents) none at all.
      ...(d % 7 === 0 ? {} : { sectionProse: texts.map((t, s) => (s === 1 ? t.text : t.text.replace(/```[\s\S]*```/, ' '))) }),
    };
  });
}

describe('buildIndexEnvelope', () => {
  for (const count of [3, COMMON_BODY_MIN_DOCUMENTS + 20]) {
    test(`tokenizing each text once writes the same envelope, byte for byte (${count} documents)`, () => {
      const sources = corpus(count);
      const envelope = buildIndexEnvelope(sources);
      expect(JSON.stringify(envelope)).toBe(JSON.stringify(reference(sources)));
      // The fixture exercises what could differ: patches, common terms (in the larger corpus), mined glosses.
      expect(envelope.postings).toContain(`4${PATCH_MARK}:`);
      expect(envelope.synonyms.length).toBeGreaterThan(0);
      if (count >= COMMON_BODY_MIN_DOCUMENTS) expect(envelope.commonTerms.length).toBeGreaterThan(0);
    });
  }
});

describe('contributions (what the build caches per document)', () => {
  const sources = corpus(COMMON_BODY_MIN_DOCUMENTS + 20);

  test('an envelope assembled from contributions read back from JSON is the reference, byte for byte', () => {
    const stored = JSON.parse(JSON.stringify(sources.map(contributionOf))) as Contribution[];
    expect(stored.every(isContribution)).toBe(true);
    let d = 0;
    expect(JSON.stringify(buildIndexEnvelope(sources, [['훅', 'hook']], () => stored[d++]!))).toBe(
      JSON.stringify({ ...reference(sources), synonyms: [['훅', 'hook'], ...reference(sources).synonyms] }),
    );
  });

  test('a document that changed brings only its own contribution: the others are reused as they were', () => {
    const changed = sources.map((s, d) => (d === 5 ? { ...s, document: { ...s.document, title: '바뀐 제목(Changed Title)', tags: ['새'] } } : s));
    const reused = new Map(sources.map((s, d) => [changed[d]!, d === 5 ? contributionOf(changed[5]!) : contributionOf(s)]));
    expect(JSON.stringify(buildIndexEnvelope(changed, [], (s) => reused.get(s)!))).toBe(JSON.stringify(reference(changed)));
  });

  const valid = contributionOf(sources[1]!);
  test.each<[string, unknown]>([
    ['null', null],
    ['no terms', { ...valid, terms: undefined }],
    ['an empty term', { ...valid, terms: [...valid.terms, ''] }],
    ['four fields', { ...valid, fields: valid.fields.slice(1) }],
    ['a term number out of range', { ...valid, fields: [[valid.terms.length, 1], ...valid.fields.slice(1)] }],
    ['a run cut in half', { ...valid, prose: [[0]] }],
    ['a negative count', { ...valid, totals: [-1, 0, 0, 0, 0] }],
    ['a count for a section that is not there', { ...valid, bodyTerms: [...valid.bodyTerms, 3] }],
    ['a gloss of one word', { ...valid, glosses: [['훅']] }],
  ])('isContribution refuses %s', (_, value) => {
    expect(isContribution(value)).toBe(false);
  });
});

describe('glossMatches', () => {
  // Words, parentheses and what breaks a gloss's run (punctuation, newlines), in random order; a fixed seed.
  const PIECES = [
    '에러',
    '경계',
    '상태',
    ' ',
    ' ',
    '(',
    ')',
    'Error',
    'boundary',
    'useState',
    "it's",
    'x-y',
    '_',
    '1',
    '.',
    '\n',
    '효과(',
    '(Effect)',
    '(상호 배제)',
    'Mutual exclusion',
    'Sä',
    '값',
  ];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const texts = Array.from({ length: 3000 }, () =>
    Array.from({ length: 1 + Math.floor(random() * 30) }, () => PIECES[Math.floor(random() * PIECES.length)]).join(''),
  );
  const patterns = GLOSS_PATTERNS;
  test('finds what matchAll over the whole text finds, in order', () => {
    let found = 0;
    for (const pattern of patterns) {
      for (const text of texts) {
        const expected = [...text.matchAll(pattern)].map((m) => [m[0], m[1], m[2]]);
        expect(glossMatches(text, pattern).map((m) => [m[0], m[1], m[2]])).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(500);
  });
});
