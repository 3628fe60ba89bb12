// What a reader sees on the example wiki's site at 390 to 1440 px, light and dark: axe-core, screenshots, Lighthouse.
import { describeSite } from './site-suite.ts';

describeSite('/', 'visual');
