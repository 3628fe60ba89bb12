// A document's page: its heading anchors, code blocks' copy buttons and code groups' tabs.
import './heading-anchors.ts';
import './code-copy.ts';
import './code-groups.ts';
