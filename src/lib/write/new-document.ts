import { Document, isSeq } from 'yaml';
import { slugifySegment, isSlug } from '../wiki/slug.ts';

/** What a writer says about a new document. */
export interface NewDocumentInput {
  title: string;
  project: string;
  category: string;
  tags: string[];
  id?: string | undefined;
  summary?: string | undefined;
  /** Today, as YYYY-MM-DD. */
  date: string;
}

/** The id a title gives: Korean kept, spaces and punctuation become `-` ('한국어 검색 규칙' → '한국어-검색-규칙'). */
export function idFromTitle(title: string): string {
  return slugifySegment(title).slice(0, 80).replace(/-+$/, '');
}

/** Validates the input against the wiki and renders the file; every problem is returned, nothing is written. */
export function newDocument(
  input: NewDocumentInput,
  wiki: { ids: ReadonlySet<string>; categories: readonly string[] },
): { path: string; text: string; id: string } | { errors: string[] } {
  const errors: string[] = [];
  const id = input.id ?? idFromTitle(input.title);
  if (!input.title.trim()) errors.push('--title: 제목이 비어 있습니다. 문서 제목을 쓰세요.');
  if (!isSlug(id)) errors.push(`--id: "${id}"는 올바른 id가 아닙니다. 소문자, 숫자, 한글, "-"만 쓰세요 (예: search-tokenizer).`);
  if (wiki.ids.has(id)) errors.push(`--id: "${id}"는 이미 있는 문서의 id입니다. 다른 id를 --id로 주세요.`);
  if (!/^[\p{L}\p{N}_-]+$/u.test(input.project)) errors.push(`--project: "${input.project}"는 올바른 project 이름이 아닙니다. 공백 없이 쓰세요 (예: search).`);
  if (!wiki.categories.includes(input.category))
    errors.push(`--category: "${input.category}"는 허용된 분류가 아닙니다. 다음 중 하나를 쓰세요: ${wiki.categories.join(', ')}.`);
  if (errors.length) return { errors };
  const doc = new Document({
    id,
    title: input.title.trim(),
    project: input.project,
    category: input.category,
    tags: input.tags,
    created_at: input.date,
    updated_at: input.date,
    summary: input.summary?.trim() || `${input.title.trim()}에 대한 한 문장 요약을 쓰세요.`,
  });
  const tags = doc.get('tags', true);
  if (isSeq(tags)) tags.flow = true; // tags: [a, b] reads best in frontmatter
  const front = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  const text = `---\n${front}---\n\n## 배경\n\n왜 이 문서가 필요한지 쓰세요.\n\n## 내용\n\n`;
  return { path: `${input.project}/${id}.md`, text, id };
}
