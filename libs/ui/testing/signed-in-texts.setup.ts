// The apps' screens are tested as a signed-in user sees them: with the Spanish texts of the
// signed-in screens, a chunk the portal downloads with the chrome (@planta/i18n loadSignedInTexts),
// at hand before each test file (new i18n instances then start with them).
import { preloadSignedInTexts } from '@planta/i18n';

beforeAll(() => preloadSignedInTexts());
