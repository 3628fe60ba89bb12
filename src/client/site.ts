// Behaviour present on every page; search code and the index load only when a search starts.
import './zod-jitless.ts';
import './theme-toggle.ts';
import './relative-time.ts';
import './search.ts';
import './search-dialog.ts';
import './drawer.ts';
import './raw-anchors.ts';
