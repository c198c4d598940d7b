// What the portal's Fluent UI uses of '@fluentui/react-theme', shared as the one copy of the
// page (every component's styles read its `tokens`): the package itself would bring each of its
// themes (light, dark, Teams dark, high contrast: about 4 KB gzip) to the sign-in page, which is
// drawn in the light theme. The shell takes the dark theme from '@fluentui/tokens' when it is
// shown (shell/src/layout/themes.ts). A new import from '@fluentui/react-theme' (or a theme from
// '@fluentui/react-components') goes here first: the build fails on an export missing from it.
export { tokens, typographyStyles, webLightTheme } from '@fluentui/tokens';
