import { expect, test } from 'vitest';
import { deletions, hangulKey, latinKeys, mayBeLoanword, vowelsAgree } from './transliterate.ts';

// Pairs of the Korean loanword spelling rules, not a list the search uses: the keys must meet by themselves.
test.each([
  ['렌더', 'render'],
  ['렌더링', 'rendering'],
  ['컴포넌트', 'component'],
  ['컴포넌트', 'components'],
  ['이펙트', 'effect'],
  ['컨텍스트', 'context'],
  ['리듀서', 'reducer'],
  ['스테이트', 'state'],
  ['서버', 'server'],
  ['하이드레이션', 'hydration'],
  ['트랜지션', 'transition'],
  ['디스패치', 'dispatch'],
  ['디스페치', 'dispatch'],
  ['커밋', 'commit'],
  ['가비지', 'garbage'],
  ['컬렉션', 'collection'],
  ['엘리먼트', 'element'],
  ['브라우저', 'browser'],
  ['스레드', 'thread'],
  ['트랜잭션', 'transaction'],
])('%s sounds like %s', (hangul, latin) => {
  expect(latinKeys(latin)).toContain(hangulKey(hangul));
});

test('a silent letter leaves the keys one deletion apart', () => {
  expect(hangulKey('타입스크립트')).toBe('TVPSKLVPT');
  expect(latinKeys('typescript')).toContain('TVPVSKLVPT');
  expect(deletions('TVPVSKLVPT')).toContain('TVPSKLVPT');
});

test.each([
  ['설치', 'girls'],
  ['상태', 'state'],
  ['문서', 'document'],
])('%s does not sound like %s', (hangul, latin) => {
  expect(latinKeys(latin)).not.toContain(hangulKey(hangul));
});

test('keys only plain words', () => {
  expect(latinKeys('use-state')).toEqual([]);
  expect(hangulKey('abc')).toBe('');
});

// Loanword spelling writes no tense consonant and only the finals ㄱ ㄴ ㄹ ㅁ ㅂ ㅅ ㅇ: words breaking that are native.
test.each([
  ['디스패치', true],
  ['커밋', true],
  ['로봇', true],
  ['타입 스크립트', true],
  ['바꾸기', false],
  ['때마다', false],
  ['값', false],
  ['찾아보', false],
  ['않는', false],
  ['비싼', false],
])('%s may be a loanword: %s', (word, expected) => {
  expect(mayBeLoanword(word)).toBe(expected);
});

// Loanwords whose vowels follow the spelling rules, including the harder cases: a silent e ('type', 'image'), a
// vowel Korean adds ('캐시', '스위치'), one it drops ('타입스크립트'), two vowels read as one ('게이트', '윈도우'),
// an r after a vowel ('서버', '스토어') and vowel typos ('디스페치', '탬플릿').
test.each([
  ['렌더링', 'rendering'],
  ['컴포넌트', 'components'],
  ['디스페치', 'dispatch'],
  ['타입스크립트', 'typescript'],
  ['타입', 'type'],
  ['이미지', 'image'],
  ['캐시', 'cache'],
  ['스위치', 'switch'],
  ['프록시', 'proxy'],
  ['업데이트', 'update'],
  ['윈도우', 'window'],
  ['서버', 'server'],
  ['스토어', 'store'],
  ['세마포어', 'semaphore'],
  ['하이드레이션', 'hydration'],
  ['인터내셔널라이제이션', 'internationalization'],
  ['탬플릿', 'template'],
  ['빌드', 'build'],
  ['폴스루', 'fallthrough'],
  ['모달', 'modal'],
  ['카운터', 'counter'],
  ['스넵샷', 'snapshot'],
  ['쇼', 'show'],
  ['컴파일', 'compiler'],
  ['번들', 'bundler'],
  ['캐쉬', 'cache'],
  ['메인', 'main'],
  // A particle after the word is not the word's vowel.
  ['힙의', 'heap'],
  ['훅과', 'hook'],
  // A plural s leaves the ending as the singular's; a word's own final s stays.
  ['서버', 'servers'],
  ['밸류', 'values'],
  ['포커스', 'focus'],
])('%s and %s agree in their vowels', (hangul, latin) => {
  expect(vowelsAgree(hangul, latin)).toBe(true);
});

// Native words whose consonants happen to share a key with an English word of a corpus: what the check is for.
test.each([
  ['다시', 'this'],
  ['입력', 'africa'],
  ['부모', 'form'],
  ['자식', 'thisarg'],
  ['나중', 'nothing'],
  ['동안', 'dongyoon'],
  ['기존', 'kassens'],
  ['모듈', 'modal'],
  ['모달', 'model'],
  ['카운터', 'count'],
  ['첫', 'side'],
  ['전에', 'chain'],
  ['배열', 'values'],
  ['표준', 'person'],
])('%s and %s do not', (hangul, latin) => {
  expect(vowelsAgree(hangul, latin)).toBe(false);
});

// Common loanwords of software teams, written from the spelling rules and usage, not from any corpus or query: every
// pair whose sound keys meet must agree in its vowels too, but for '테마' (read from German Thema, not English theme).
const LOANWORDS = [
  '애플리케이션 application, 어플리케이션 application, 인터페이스 interface, 데이터베이스 database, 네트워크 network, 프로토콜 protocol',
  '알고리즘 algorithm, 아키텍처 architecture, 아키텍쳐 architecture, 클라이언트 client, 라이브러리 library, 패키지 package',
  '디펜던시 dependency, 리포지토리 repository, 레포지토리 repository, 브랜치 branch, 머지 merge, 리베이스 rebase, 커밋 commit, 푸시 push',
  '풀 pull, 클론 clone, 태그 tag, 릴리스 release, 릴리즈 release, 파이프라인 pipeline, 컨테이너 container, 쿠버네티스 kubernetes',
  '도커 docker, 클러스터 cluster, 노드 node, 파드 pod, 서비스 service, 인스턴스 instance, 밸런서 balancer, 프록시 proxy, 게이트웨이 gateway',
  '캐싱 caching, 세션 session, 쿠키 cookie, 토큰 token, 스키마 schema, 쿼리 query, 인덱스 index, 트랜잭션 transaction',
  '마이그레이션 migration, 백업 backup, 스냅샷 snapshot, 로그 log, 모니터링 monitoring, 메트릭 metric, 대시보드 dashboard, 위젯 widget',
  '컴포넌트 component, 프롭 prop, 스테이트 state, 이벤트 event, 핸들러 handler, 콜백 callback, 프로미스 promise, 어싱크 async, 에러 error',
  '익셉션 exception, 디버깅 debugging, 디버그 debug, 브레이크포인트 breakpoint, 테스트 test, 유닛 unit, 모킹 mocking, 스텁 stub',
  '픽스처 fixture, 커버리지 coverage, 린트 lint, 포매터 formatter, 빌드 build, 번들러 bundler, 트랜스파일 transpile, 컴파일러 compiler',
  '런타임 runtime, 메모리 memory, 스레드 thread, 프로세스 process, 스케줄러 scheduler, 큐 queue, 스택 stack, 힙 heap, 포인터 pointer',
  '레퍼런스 reference, 오브젝트 object, 클래스 class, 메서드 method, 메소드 method, 프로퍼티 property, 어트리뷰트 attribute, 파라미터 parameter',
  '아규먼트 argument, 리턴 return, 타입 type, 제네릭 generic, 인터셉터 interceptor, 미들웨어 middleware, 라우터 router, 라우팅 routing',
  '엔드포인트 endpoint, 리퀘스트 request, 리스폰스 response, 헤더 header, 페이로드 payload, 웹훅 webhook, 플러그인 plugin, 익스텐션 extension',
  '템플릿 template, 레이아웃 layout, 스타일 style, 테마 theme, 폰트 font, 아이콘 icon, 이미지 image, 버튼 button, 모달 modal',
  '드롭다운 dropdown, 체크박스 checkbox, 툴팁 tooltip, 네비게이션 navigation, 내비게이션 navigation, 사이드바 sidebar, 푸터 footer',
  '피드백 feedback, 프로토타입 prototype, 와이어프레임 wireframe, 디자인 design, 시스템 system, 플랫폼 platform, 프레임워크 framework',
  '에디터 editor, 터미널 terminal, 커맨드 command, 스크립트 script, 시크릿 secret, 크레덴셜 credential, 퍼미션 permission, 로그인 login',
  '로그아웃 logout, 온보딩 onboarding, 워크플로 workflow, 워크플로우 workflow, 스프린트 sprint, 백로그 backlog, 이슈 issue, 티켓 ticket',
  '리뷰 review, 코멘트 comment, 스펙 spec, 레거시 legacy, 리팩터링 refactoring, 리팩토링 refactoring, 퍼포먼스 performance',
  '레이턴시 latency, 스루풋 throughput, 스케일 scale, 샤딩 sharding, 레플리카 replica, 파티션 partition, 컨슈머 consumer, 프로듀서 producer',
  '토픽 topic, 메시지 message, 웹소켓 websocket, 폴링 polling, 스트리밍 streaming, 하이드레이션 hydration, 렌더링 rendering',
  '프리렌더링 prerendering, 서버리스 serverless, 엣지 edge, 람다 lambda, 버킷 bucket, 리전 region, 존 zone, 도메인 domain, 포트 port',
  '호스트 host, 클라우드 cloud, 데브옵스 devops, 옵저버빌리티 observability, 트레이싱 tracing, 알람 alarm, 에스컬레이션 escalation',
  '포스트모템 postmortem, 런북 runbook, 롤백 rollback, 카나리 canary, 플래그 flag, 토글 toggle, 퍼널 funnel, 리텐션 retention',
  '코호트 cohort, 세그먼트 segment, 페르소나 persona, 인터뷰 interview, 서베이 survey, 인사이트 insight, 로드맵 roadmap, 마일스톤 milestone',
  '데드라인 deadline, 스테이크홀더 stakeholder, 오너 owner, 매니저 manager, 디자이너 designer, 엔지니어 engineer, 리서처 researcher',
  '마케팅 marketing, 세일즈 sales, 유저 user, 어드민 admin, 콘솔 console, 패널 panel, 탭 tab, 필터 filter, 페이지네이션 pagination',
  '스크롤 scroll, 애니메이션 animation, 트랜지션 transition, 그라디언트 gradient, 그리드 grid, 플렉스 flex, 마진 margin, 패딩 padding',
  '보더 border, 픽셀 pixel, 모바일 mobile, 데스크톱 desktop, 태블릿 tablet, 브라우저 browser, 크롬 chrome, 사파리 safari, 파이어폭스 firefox',
  '키보드 keyboard, 마우스 mouse, 터치 touch, 제스처 gesture, 스와이프 swipe, 클릭 click, 호버 hover, 포커스 focus, 다크 dark, 라이트 light',
  '컬러 color, 팔레트 palette, 매크로 macro, 스니펫 snippet, 워크스페이스 workspace, 프로젝트 project, 폴더 folder, 디렉터리 directory',
  '디렉토리 directory, 파일 file, 링크 link, 앵커 anchor, 마크다운 markdown, 위키 wiki, 인덱싱 indexing, 랭킹 ranking, 스코어 score',
  '임베딩 embedding, 벡터 vector, 모델 model, 프롬프트 prompt, 컨텍스트 context, 에이전트 agent, 툴 tool, 서버 server, 트랜스포트 transport',
  '스트림 stream, 카탈로그 catalog, 아티팩트 artifact, 매니페스트 manifest, 프리뷰 preview, 스테이징 staging, 프로덕션 production',
  '핫픽스 hotfix, 패치 patch, 버전 version, 체인지로그 changelog, 라이선스 license, 라이센스 license, 컨트리뷰터 contributor',
  '메인테이너 maintainer, 포크 fork, 스타 star, 디스커션 discussion, 액션 action, 러너 runner, 잡 job, 스텝 step, 캐시 cache',
  '매트릭스 matrix, 트리거 trigger, 스케줄 schedule, 크론 cron, 콘텐츠 contents, 콘텐트 content, 컨텐츠 contents, 리소스 resource',
  '유틸리티 utility, 헬퍼 helper, 어댑터 adapter, 팩토리 factory, 싱글톤 singleton, 옵저버 observer, 데코레이터 decorator',
  '이터레이터 iterator, 제너레이터 generator, 클로저 closure, 스코프 scope, 호이스팅 hoisting, 모듈 module, 임포트 import, 익스포트 export',
  '네임스페이스 namespace, 인터널 internal, 퍼블릭 public, 프라이빗 private, 스태틱 static, 오버라이드 override, 오버로드 overload',
  '시그니처 signature, 리터럴 literal, 바인딩 binding, 디스패치 dispatch, 리듀서 reducer, 셀렉터 selector, 스토어 store, 사가 saga',
  '썽크 thunk, 훅 hook, 이펙트 effect, 메모 memo, 레프 ref, 포털 portal, 프래그먼트 fragment, 서스펜스 suspense, 에러바운더리 errorboundary',
  '하이드레이트 hydrate, 시리얼라이즈 serialize, 파싱 parsing, 파서 parser, 렉서 lexer, 토크나이저 tokenizer, 컴파일 compile',
  '인터프리터 interpreter, 가비지 garbage, 컬렉터 collector, 레퍼런스카운팅 referencecounting, 데드락 deadlock, 뮤텍스 mutex',
  '세마포어 semaphore, 컨텍스트스위칭 contextswitching, 스케줄링 scheduling, 페이징 paging, 세그멘테이션 segmentation, 캐시미스 cachemiss',
  '버퍼 buffer, 소켓 socket, 패킷 packet, 스위치 switch, 허브 hub, 브리지 bridge',
]
  .join(', ')
  .split(', ')
  .map((pair) => pair.split(' ') as [string, string]);

test('loanwords whose keys meet agree in their vowels', () => {
  const meeting = LOANWORDS.filter(([h, l]) =>
    latinKeys(l).some((k) => k === hangulKey(h) || deletions(k).includes(hangulKey(h)) || deletions(hangulKey(h)).includes(k)),
  );
  expect(meeting.length).toBeGreaterThan(300);
  expect(meeting.filter(([h, l]) => !vowelsAgree(h, l))).toEqual([['테마', 'theme']]);
});
