import { foldHangulVowels } from './korean.ts';

/**
 * Developer loanwords written in Hangul and their English spelling. Korean documents mix both
 * ('Effect로 동기화하기' / '이펙트 동기화'), so a query in one script also looks for the other.
 */
const PAIRS: readonly [string, string][] = [
  ['이펙트', 'effect'], ['컨텍스트', 'context'], ['컴포넌트', 'component'], ['리듀서', 'reducer'], ['스테이트', 'state'],
  ['프롭스', 'props'], ['프롭', 'prop'], ['리액트', 'react'], ['훅', 'hook'], ['라우터', 'router'], ['서버', 'server'],
  ['클라이언트', 'client'], ['타입스크립트', 'typescript'], ['자바스크립트', 'javascript'], ['이벤트', 'event'],
  ['핸들러', 'handler'], ['메모', 'memo'], ['콜백', 'callback'], ['포털', 'portal'], ['서스펜스', 'suspense'],
  ['트랜지션', 'transition'], ['하이드레이션', 'hydration'], ['컴파일러', 'compiler'], ['프래그먼트', 'fragment'],
  ['레퍼런스', 'reference'], ['리렌더링', 'rerender'], ['렌더', 'render'], ['액션', 'action'], ['폼', 'form'],
  ['스트림', 'stream'], ['캐시', 'cache'], ['테스트', 'test'], ['디버깅', 'debugging'], ['프로파일러', 'profiler'],
  ['엘리먼트', 'element'], ['노드', 'node'], ['스크립트', 'script'], ['스타일', 'style'], ['쿼리', 'query'],
  ['마크다운', 'markdown'], ['검색', 'search'], ['위키', 'wiki'], ['빌드', 'build'], ['배포', 'deploy'],
];

const HANGUL_TO_LATIN = new Map(PAIRS.map(([ko, en]) => [foldHangulVowels(ko), en]));
const LATIN_TO_HANGUL = new Map(PAIRS.map(([ko, en]) => [en, foldHangulVowels(ko)]));

/** The other script's spelling of a (folded, particle-stripped) word, if it is a known loanword. */
export function loanwordOf(word: string): string | undefined {
  return HANGUL_TO_LATIN.get(word) ?? LATIN_TO_HANGUL.get(word) ?? LATIN_TO_HANGUL.get(word.replace(/s$/, ''));
}
