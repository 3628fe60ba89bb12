import { expect, test } from 'vitest';
import { linkPolicy, resolveSiteConfig } from './config.ts';

test('link policy defaults: broken links fail the build, missing anchors warn', () => {
  expect(linkPolicy(resolveSiteConfig(), {})).toEqual({ brokenLinks: 'error', brokenAnchors: 'warn' });
});

test('maru.config.ts sets the policy and the environment overrides it for one run', () => {
  const config = resolveSiteConfig({ brokenLinks: 'warn', brokenAnchors: 'error' });
  expect(linkPolicy(config, {})).toEqual({ brokenLinks: 'warn', brokenAnchors: 'error' });
  expect(linkPolicy(resolveSiteConfig(), { MARU_BROKEN_LINKS: 'warn', MARU_BROKEN_ANCHORS: 'error' })).toEqual({ brokenLinks: 'warn', brokenAnchors: 'error' });
  expect(linkPolicy(config, { MARU_BROKEN_LINKS: '' })).toEqual({ brokenLinks: 'warn', brokenAnchors: 'error' });
});

test('a value that is not a policy names the variable and the values it takes', () => {
  expect(() => linkPolicy(resolveSiteConfig(), { MARU_BROKEN_LINKS: 'off' })).toThrow(
    'MARU_BROKEN_LINKS="off" is not a link policy. Use MARU_BROKEN_LINKS=warn or MARU_BROKEN_LINKS=error.',
  );
  expect(() => resolveSiteConfig({ brokenLinks: 'ignore' as 'warn' })).toThrow(/brokenLinks/);
});
