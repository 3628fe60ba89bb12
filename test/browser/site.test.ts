// What a reader does on the example wiki's site built with base '/', in Chromium (test/browser/site-suite.ts).
import { describeSite } from './site-suite.ts';

describeSite('/', 'functional');
