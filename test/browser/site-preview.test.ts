// The example wiki's site built as a pull request preview (base /pr-preview/pr-12/): every link and script under the base.
import { describeSite } from './site-suite.ts';

describeSite('/pr-preview/pr-12/', 'functional');
