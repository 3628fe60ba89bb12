// `node scripts/audit.ts`: `npm audit --omit=dev --audit-level=high`, with two rules of this project.
// 1. An advisory listed in ACCEPTED (each with its reason in SECURITY.md) does not fail the run.
// 2. When the registry has no audit endpoint (some mirrors answer 405), the run says so and passes locally;
//    in GitHub Actions (or with MARU_AUDIT_REQUIRED=1) it fails, because there the audit must really run.
import { spawnSync } from 'node:child_process';

/** GHSA ids accepted for now; each needs a line in SECURITY.md saying why. */
const ACCEPTED: readonly string[] = [];
const SEVERE = new Set(['high', 'critical']);

interface Advisory {
  severity: string;
  via: (string | { source?: number; url?: string; title?: string; severity?: string })[];
}

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: { vulnerabilities?: Record<string, Advisory>; statusCode?: number; message?: string };
try {
  report = JSON.parse(run.stdout) as typeof report;
} catch {
  console.error(`audit: npm audit printed no JSON (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}
if (report.vulnerabilities === undefined) {
  const required = process.env.GITHUB_ACTIONS === 'true' || process.env.MARU_AUDIT_REQUIRED === '1';
  console.error(`audit: the registry's audit endpoint is not available here (${report.message ?? 'no report'}).${required ? '' : ' Skipped; CI runs it.'}`);
  process.exit(required ? 1 : 0);
}
const severe = Object.entries(report.vulnerabilities).filter(([, v]) => SEVERE.has(v.severity));
const open = severe.filter(([, v]) => !v.via.every((via) => typeof via !== 'string' && ACCEPTED.some((id) => via.url?.endsWith(id))));
for (const [name, v] of open)
  console.error(`audit: ${name} (${v.severity}): ${v.via.map((x) => (typeof x === 'string' ? `via ${x}` : `${x.title ?? ''} ${x.url ?? ''}`)).join('; ')}`);
console.error(
  `audit: ${Object.keys(report.vulnerabilities).length} advisories in production dependencies, ${severe.length} high or critical, ${open.length} not accepted.`,
);
process.exit(open.length ? 1 : 0);
