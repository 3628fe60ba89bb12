import { RAW_ID_PREFIX } from '../lib/markdown/html-anchors.ts';

/**
 * An address from elsewhere that names an anchor written as raw HTML (`…/server/#factory-ajv`, as the repository's own
 * docs link it) lands on that anchor, which the page carries prefixed (`user-content-factory-ajv`), as GitHub's pages do.
 * Links the build wrote already point at the prefixed id; this is for addresses it did not write.
 */
function followRawAnchor(): void {
  let name: string;
  try {
    name = decodeURIComponent(location.hash.slice(1));
  } catch {
    return;
  }
  if (!name || document.getElementById(name) || document.getElementsByName(name).length) return;
  const target = document.getElementById(RAW_ID_PREFIX + name) ?? document.getElementsByName(RAW_ID_PREFIX + name)[0];
  target?.scrollIntoView();
}

followRawAnchor();
addEventListener('hashchange', followRawAnchor);
