// deploy/ and .github/: every YAML file parses, and the fields a deployment depends on say what deploy/README.md promises.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { buildFixture, EXAMPLE_CONTENT, removeDir, ROOT, spawnStart, type StartedServer } from './mcp/helpers.ts';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed YAML (Kubernetes objects, workflows), read field by field below

function yamlFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f))
    .sort();
}

const FILES = [...yamlFiles('deploy'), ...yamlFiles('.github')];
const docs: { file: string; doc: Doc }[] = [];
for (const file of FILES) {
  for (const d of parseAllDocuments(readFileSync(join(ROOT, file), 'utf8'))) docs.push({ file, doc: d.toJS() as Doc });
}
const kind = (k: string) => docs.filter((d) => d.doc?.kind === k).map((d) => d.doc);

test('every YAML file in deploy/ and .github/ parses without errors', () => {
  expect(FILES).toEqual(
    expect.arrayContaining(['deploy/kubernetes/mcp.yaml', '.github/workflows/pages.yml', '.github/workflows/preview.yml', '.github/workflows/ci.yml']),
  );
  for (const file of FILES) {
    const errors = parseAllDocuments(readFileSync(join(ROOT, file), 'utf8')).flatMap((d) => d.errors.map((e) => e.message));
    expect(errors, file).toEqual([]);
  }
});

describe('the Kubernetes manifests of the MCP server', () => {
  const [deployment] = kind('Deployment');
  const container = deployment?.spec.template.spec.containers[0];

  test('two replicas, each running the same `npm run mcp -- --http` the tests exercise, against the deployed URL', () => {
    expect(deployment?.spec.replicas).toBe(2);
    expect(container.command).toEqual(['npm', 'run', 'mcp', '--']);
    expect(container.args.slice(0, 3)).toEqual(['--http', '--host', '0.0.0.0']);
    expect(container.args[container.args.indexOf('--artifacts') + 1]).toBe('$(MARU_ARTIFACTS_URL)');
    expect(container.env.map((e: Doc) => e.name)).toEqual(expect.arrayContaining(['MARU_ARTIFACTS_URL', 'MARU_ALLOWED_HOSTS']));
  });

  test('readiness and liveness probe /healthz on the container port', () => {
    for (const probe of [container.readinessProbe, container.livenessProbe]) expect(probe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
    expect(container.args[container.args.indexOf('--port') + 1]).toBe('8080');
  });

  test('runs as a non-root user without privilege escalation', () => {
    expect(deployment?.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
  });

  test('the Service and the autoscaler point at that Deployment', () => {
    const [service] = kind('Service');
    const [hpa] = kind('HorizontalPodAutoscaler');
    expect(service?.spec.selector).toEqual(deployment?.spec.template.metadata.labels);
    expect(service?.spec.ports[0].targetPort).toBe('http');
    expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment?.metadata.name });
    expect(hpa?.spec.minReplicas).toBe(2);
    expect(hpa?.spec.maxReplicas).toBeGreaterThan(2);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
  const lines = dockerfile.split('\n');
  const stages = lines.filter((l) => l.startsWith('FROM '));
  const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  test('is multi-stage on Node 22 slim and the final stage runs as the non-root node user', () => {
    expect(dockerfile).toContain('ARG NODE_VERSION=22');
    expect(stages).toEqual(['FROM node:${NODE_VERSION}-slim AS build', 'FROM node:${NODE_VERSION}-slim']);
    expect(final).toMatch(/\nUSER node\n/);
    expect(final).toMatch(/\nCMD \["npm", "start", "--", "--host", "0\.0\.0\.0"\]\n/);
  });

  describe('its HEALTHCHECK command', () => {
    const check = JSON.parse(/HEALTHCHECK [^\n]*\\\n\s+CMD (\[.*\])/.exec(dockerfile)![1]!) as string[];
    let dist: string;
    let server: StartedServer;
    beforeAll(async () => {
      dist = buildFixture(EXAMPLE_CONTENT, 'maru-docker-health-');
      server = await spawnStart(dist);
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
      removeDir(dist);
    });
    const run = (port: string) =>
      spawnSync(process.execPath, check.slice(1), { env: { ...process.env, PORT: port }, encoding: 'utf8', timeout: 20_000 }).status;

    test('passes against a running `npm start` and fails when nothing answers', async () => {
      expect(check.slice(0, 2)).toEqual(['node', '-e']);
      expect(check[2]).toContain('/healthz');
      expect(run(new URL(server.url).port)).toBe(0);
      await server.stop();
      expect(run(new URL(server.url).port)).toBe(1);
    });
  });
});

test('the Pages workflow deploys the default branch with deploy-pages and keeps the pull-request previews', () => {
  const pages = docs.find((d) => d.file === '.github/workflows/pages.yml')!.doc;
  expect(pages.on.push.branches).toEqual(['main']);
  expect(pages.on.workflow_run).toEqual({ workflows: ['PR preview'], types: ['completed'] });
  const steps = pages.jobs.build.steps as Doc[];
  expect(steps.find((s) => s.name === 'Carry the pull-request previews along')?.run).toContain('git archive FETCH_HEAD pr-preview | tar -x -C dist');
  expect(pages.jobs.deploy.steps[0].uses).toMatch(/^actions\/deploy-pages@v\d+$/);
  expect(pages.jobs.deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
  const preview = docs.find((d) => d.file === '.github/workflows/preview.yml')!.doc;
  expect(preview.name).toBe('PR preview');
  const guide = readFileSync(join(ROOT, 'deploy/README.md'), 'utf8');
  expect(guide).toContain('Not run here: `docker build`, the image itself, `kubectl apply`, the autoscaler, and the Pages\nworkflow on GitHub.');
});
