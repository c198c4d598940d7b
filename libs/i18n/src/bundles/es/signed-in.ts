import { commonSignedIn } from './common.signed-in';
import { pages } from './pages';
import { shellSignedIn } from './shell.signed-in';

/** The Spanish texts only signed-in screens show: a chunk loaded with the chrome (loadSignedInTexts). */
export const esSignedIn = { shell: shellSignedIn, pages, common: commonSignedIn };
