import type { SourceDocument } from './document.ts';
import { isPublishableDownload } from './attachments.ts';
import { joinPath, type LinkResolver } from './links.ts';
import { toContentPath } from './slug.ts';
import { isLocalImage } from '../markdown/missing-image.ts';
import { lineAsWritten } from './include-files.ts';
import { fileHref } from './url.ts';
import type { Wiki } from './pipeline.ts';
import type { ImageStatus } from './image-file.ts';
import type { Problem } from './problems.ts';
import { nearestNeighbours, termVectors } from './similarity.ts';

/** Similarity at or above which two documents are reported as near-duplicates (the seed's rule). */
export const DUPLICATE_SIMILARITY = 0.8;

/** Options of the content checks beyond what the build enforces. */
export interface CheckOptions {
  /** Documents not updated for more than this many days are flagged. */
  staleAfterDays: number;
  /** "Now", as an ISO date, so results are reproducible. */
  now: string;
}

/** Warnings a reviewer wants on top of the build's errors: summaries, empty pages, staleness, near-duplicates. */
export function contentWarnings(wiki: Wiki, options: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const now = Date.parse(options.now);
  for (const d of wiki.documents) {
    const s = d.source;
    // A `description` (what other generators call it) is the summary when `summary` is absent.
    if (s.summarySource === 'derived') {
      problems.push({
        path: s.sourcePath,
        line: 1,
        field: 'summary',
        message: 'summary가 없습니다',
        hint: '검색 결과와 llms.txt에 보일 한 문장 요약을 frontmatter에 쓰세요',
        severity: 'warning',
      });
    }
    if (isEmptyBody(s)) {
      problems.push({
        path: s.sourcePath,
        line: s.bodyLine,
        field: 'content',
        message: '본문이 비어 있습니다 (페이지에는 "비어 있는 문서"라고만 보입니다)',
        hint: '내용을 쓰거나, 필요 없는 문서라면 파일을 지우세요',
        severity: 'warning',
      });
    }
    const days = Math.floor((now - Date.parse(s.updatedAt)) / 86_400_000);
    if (days > options.staleAfterDays) {
      problems.push({
        path: s.sourcePath,
        line: s.fieldLines.updated_at ?? 1,
        field: 'updated_at',
        message: `${days}일 동안 수정되지 않았습니다 (기준 ${options.staleAfterDays}일)`,
        hint: '내용이 아직 맞는지 확인하고 updated_at을 고치거나 status: deprecated로 표시하세요',
        severity: 'warning',
      });
    }
  }
  problems.push(...nearDuplicates(wiki), ...imagesWithoutAlt(wiki.documents.map((d) => d.source)));
  // Lines of text pasted in for an include line are reported at that line of the file as written.
  const spansOf = new Map(wiki.documents.flatMap((d) => (d.source.includedSpans ? [[d.source.sourcePath as string, d.source.includedSpans] as const] : [])));
  return problems.map((p) => {
    const spans = spansOf.get(p.path);
    return spans ? { ...p, line: lineAsWritten(spans, p.line) } : p;
  });
}

/** True when a body has nothing but blank lines, or only its leading `# title` (which the page shows as its title). */
export function isEmptyBody(doc: Pick<SourceDocument, 'body' | 'markdown'>): boolean {
  const body = doc.body.trim();
  return (doc.markdown.h1 === undefined ? body : body.replace(/^#[ \t][^\n]*/, '').trim()) === '';
}

/** Pairs of documents whose content similarity is at least DUPLICATE_SIMILARITY, reported once per pair. */
export function nearDuplicates(wiki: Wiki): Problem[] {
  const docs = wiki.documents;
  const vectors = termVectors(docs.map((d) => [d.source.title, ...d.source.markdown.sections.map((s) => s.text)].join('\n')));
  const out: Problem[] = [];
  nearestNeighbours(vectors, DUPLICATE_SIMILARITY, 5).forEach((list, i) => {
    for (const n of list) {
      if (n.index <= i) continue;
      const [a, b] = [docs[i]!.source, docs[n.index]!.source];
      out.push({
        path: a.sourcePath,
        line: 1,
        field: 'content',
        message: `${b.sourcePath}와(과) 내용이 ${Math.round(n.similarity * 100)}% 비슷합니다 (${a.id} ↔ ${b.id})`,
        hint: '한 문서로 합치거나 서로 다른 점을 분명히 하세요',
        severity: 'warning',
      });
    }
  });
  return out;
}

/**
 * Images whose file is not in the content folder, or is not a picture the site can read (empty, broken, text named
 * .png), as warnings with file and line: the page shows the alt text instead (remarkMissingImages), so one bad
 * picture never stops a build. Relative URLs are read from the document's folder, site-absolute ones
 * (`/images/a.png`) from the content root.
 */
export function missingImages(
  docs: readonly SourceDocument[],
  status: (contentPath: string) => ImageStatus,
  findEmbed: (name: string, fromPath: string) => string | undefined = () => undefined,
): Problem[] {
  const out: Problem[] = [];
  for (const d of docs) {
    for (const image of d.markdown.images) {
      // A note embed's `![[name]]` is looked up in the whole folder, as the note tool does (createAttachmentFinder).
      const path = image.embed !== undefined ? findEmbed(image.embed, d.sourcePath) : imagePath(image.url, d.sourcePath);
      if (path === undefined && image.embed === undefined) continue;
      const found = path === undefined ? 'missing' : status(path);
      if (found === 'ok') continue;
      const name = image.embed ?? image.url;
      out.push({
        path: d.sourcePath,
        line: image.line + d.bodyLine - 1,
        field: 'image',
        ...(found === 'missing'
          ? { message: `그림 ${name}이(가) 콘텐츠 폴더에 없습니다`, hint: '그림 파일을 문서 옆에 두거나 경로를 고치세요' }
          : found === 'unsafe'
            ? {
                message: `그림 ${name}은(는) SVG로 읽을 수 없어 올리지 않습니다 (XML 문법이 깨졌거나, 정의하지 않은 엔티티를 쓰거나, 맨 바깥 요소가 SVG 이름공간의 <svg>가 아닙니다; 페이지에는 대체 텍스트가 보입니다)`,
                hint: 'SVG 편집기에서 다시 내보내거나 PNG로 바꾸세요 (읽을 수 있는 SVG는 스크립트·이벤트 속성·바깥 참조를 뺀 채로 올라갑니다)',
              }
            : {
                message: `그림 ${name}을(를) 읽을 수 없습니다 (빈 파일이거나 깨졌거나 그림 파일이 아닙니다; 페이지에는 대체 텍스트가 보입니다)`,
                hint: '그림을 다시 내보내 저장하거나 올바른 파일로 바꾸세요',
              }),
        severity: 'warning',
      });
    }
  }
  return out;
}

/**
 * Links to files that are not documents (`[데이터](./data.csv)`, a PDF) whose file is not in the content folder or is of
 * a type the site does not publish (`isPublishableDownload`), as warnings with file and line; the others are copied
 * with the site (`linkedFiles`).
 */
export function missingLinkedFiles(docs: readonly SourceDocument[], resolver: LinkResolver, exists: (contentPath: string) => boolean): Problem[] {
  const out: Problem[] = [];
  for (const d of docs) {
    for (const link of d.markdown.links) {
      if (link.kind !== 'url' || resolver.url(link.target, d.sourcePath).isDocLink) continue;
      const path = imagePath(link.target, d.sourcePath);
      if (path === undefined) continue;
      const there = exists(path);
      if (there && isPublishableDownload(path)) continue;
      out.push({
        path: d.sourcePath,
        line: link.line + d.bodyLine - 1,
        field: 'link',
        ...(there
          ? {
              message: `링크한 파일 ${link.target}은(는) 사이트에 올리지 않는 형식입니다`,
              hint: 'HTML·SVG·XML·스크립트는 사이트 주소에서 열리면 스크립트를 실행할 수 있어 복사하지 않습니다. PDF나 압축 파일로 올리거나 저장소의 주소로 링크하세요',
            }
          : { message: `링크한 파일 ${link.target}이(가) 콘텐츠 폴더에 없습니다`, hint: '파일을 문서 옆에 두거나 경로를 고치세요' }),
        severity: 'warning',
      });
    }
  }
  return out;
}

/**
 * Content paths of the folder's files that documents link to (not documents, not pictures they show) and that the site
 * may publish (`isPublishableDownload`): the site copies them.
 */
export function linkedFiles(docs: readonly SourceDocument[], resolver: LinkResolver, attachments: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const d of docs) {
    for (const link of d.markdown.links) {
      if (link.kind !== 'url' || resolver.url(link.target, d.sourcePath).isDocLink) continue;
      const path = imagePath(link.target, d.sourcePath);
      if (path !== undefined && attachments.has(path) && isPublishableDownload(path)) out.add(path);
    }
  }
  return [...out].sort();
}

/** Where a link to a content file that is not a document points: its copy under `_files/`, or undefined when the folder lacks it. */
export function fileLinkHref(url: string, fromPath: string, attachments: ReadonlySet<string>, base: string): string | undefined {
  const path = imagePath(url, fromPath);
  if (path === undefined || !attachments.has(path) || !isPublishableDownload(path)) return undefined;
  const hash = url.indexOf('#');
  return `${fileHref(base, path)}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Raw `<img>` tags without an `alt` attribute: a screen reader reads out their file name, or nothing useful. */
export function imagesWithoutAlt(docs: readonly SourceDocument[]): Problem[] {
  return docs.flatMap((d) =>
    d.markdown.imagesWithoutAlt.map((image) => ({
      path: d.sourcePath,
      line: image.line + d.bodyLine - 1,
      field: 'alt',
      message: `그림 ${image.url}에 대체 텍스트(alt)가 없습니다`,
      hint: '그림이 전하는 내용을 alt에 쓰세요. 꾸밈용 그림이면 alt=""로 두세요',
      severity: 'warning' as const,
    })),
  );
}

/** The content path an image URL names, or undefined when it is not a local file. */
export function imagePath(url: string, fromPath: string): string | undefined {
  if (!isLocalImage(url)) return undefined;
  const clean = url.split(/[?#]/)[0]!;
  if (!clean) return undefined;
  let decoded: string;
  try {
    decoded = decodeURI(clean);
  } catch {
    decoded = clean;
  }
  if (decoded.startsWith('/')) return joinPath('', decoded);
  const folder = fromPath.includes('/') ? fromPath.slice(0, fromPath.lastIndexOf('/')) : '';
  // A relative path that climbs out of the folder names no file of it: the page (Astro, the browser) does not stop at the
  // root as joinPath does, so the check must not find the file of the same name inside.
  return climbsOut(folder, decoded) ? `../${decoded}` : joinPath(folder, decoded);
}

/** Whether `rel`, read from the content folder `dir`, goes above the content root at some point. */
function climbsOut(dir: string, rel: string): boolean {
  let depth = dir ? dir.split('/').length : 0;
  for (const part of toContentPath(rel).split('/')) {
    if (part === '..') depth--;
    else if (part !== '' && part !== '.') depth++;
    if (depth < 0) return true;
  }
  return false;
}
