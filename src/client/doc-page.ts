// A document's page: its heading anchors and code blocks' copy buttons.
import './heading-anchors.ts';
import './code-copy.ts';
