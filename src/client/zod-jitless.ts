// Imported first on every page. zod probes `new Function` when it builds a schema unless it is jitless, and the
// site's CSP (src/lib/ui/csp.ts) forbids eval, so Chromium reports the probe as a violation on every page.
import { config } from 'zod';

config({ jitless: true });
