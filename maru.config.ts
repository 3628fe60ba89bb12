import type { SiteConfigInput } from './src/lib/wiki/config.ts';

/** Site configuration; every field is optional and documented in src/lib/wiki/config.ts and content/maru/site-config-reference.md. */
const config: SiteConfigInput = {
  title: 'Maru',
  description: '사람은 웹에서, AI는 MCP로 같은 팀 지식을 읽는 위키. Maru 자신의 개념, 결정, 가이드를 담은 예제 위키입니다.',
  lang: process.env.MARU_LANG === 'en' ? 'en' : 'ko',
  ...(process.env.MARU_SITE ? { site: process.env.MARU_SITE } : {}),
  ...(process.env.MARU_EDIT_URL ? { editUrl: process.env.MARU_EDIT_URL } : {}),
  projects: {
    maru: { title: 'Maru', description: '제품의 개념, 구조, 결정 기록' },
    search: { title: '검색', description: '한국어 검색: 토크나이저, 별칭, 랭킹, 평가' },
    operations: { title: '운영', description: '배포, PR 미리보기, MCP 연결, 보안과 작성 정책' },
    onboarding: { title: '온보딩', description: '디자이너와 기획자를 위한 시작 안내' },
  },
};
export default config;
