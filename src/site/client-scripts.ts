import type { ClientEntry } from '../lib/ui/client-entries.ts';
import { joinUrl } from '../lib/wiki/url.ts';

/** Each browser script's file under the base, from the prebuilt bundle (src/node/client-bundle.ts); set by the maru integration. */
declare const __MARU_CLIENT_SCRIPTS__: Record<ClientEntry, string>;

/** The address of the browser script `name` (`/wiki/_astro/site.<hash>.js`), for a page's `<script type="module" src>`. */
export function clientScript(name: ClientEntry): string {
  return joinUrl(import.meta.env.BASE_URL, __MARU_CLIENT_SCRIPTS__[name]);
}
