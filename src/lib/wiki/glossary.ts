/** Header names of the term column and the aliases column in a glossary table. */
const TERM_HEADERS = new Set(['용어', 'term', '단어']);
const ALIAS_HEADERS = new Set(['다른 이름', '별칭', 'aliases', 'alias', '동의어', 'synonyms']);

/**
 * Synonym groups from the GFM tables of a glossary document: each row gives the term and its
 * other names (`마루 | Maru, 팀 위키 | …` → ['마루', 'Maru', '팀 위키']).
 */
export function glossaryGroups(markdown: string): string[][] {
  const groups: string[][] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!isRow(lines[i]!) || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1]!)) continue;
    const header = cells(lines[i]!).map((c) => c.toLowerCase());
    const term = header.findIndex((h) => TERM_HEADERS.has(h));
    const alias = header.findIndex((h) => ALIAS_HEADERS.has(h));
    if (term < 0 || alias < 0) continue;
    for (i += 2; i < lines.length && isRow(lines[i]!); i++) {
      const row = cells(lines[i]!);
      const names = [row[term] ?? '', ...(row[alias] ?? '').split(/[,，、]/)].map(plain).filter(Boolean);
      if (names.length > 1) groups.push([...new Set(names)]);
    }
  }
  return groups;
}

function isRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

function plain(cell: string): string {
  return cell
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g, (_m, id: string, label?: string) => label ?? id)
    .replace(/[*_]/g, '')
    .trim();
}
