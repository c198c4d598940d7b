// The dark theme's own chunk (see themes.ts), from the tokens package: the shared
// '@fluentui/react-theme' of the page carries the light theme only.
export { webDarkTheme } from '@fluentui/tokens';
