// What the portal uses of react-i18next, shared as the one 'react-i18next' of the page (the
// same reasoning as react-router-dom.shared.mjs): the package's barrel would bring its <Trans>
// and ICU components and their HTML parser (about 6 KB gzip) to the sign-in page, which uses
// none of them. The files are named by path because the package's exports map offers no
// subpaths for them and a bare 'react-i18next' here would import this module itself. A new
// import from 'react-i18next' goes here first (the build fails on an export missing from it).
export { I18nextProvider } from '../../../node_modules/react-i18next/dist/es/I18nextProvider.js';
export { initReactI18next } from '../../../node_modules/react-i18next/dist/es/initReactI18next.js';
export { getI18n } from '../../../node_modules/react-i18next/dist/es/i18nInstance.js';
export { useTranslation } from '../../../node_modules/react-i18next/dist/es/useTranslation.js';
