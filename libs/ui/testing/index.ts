export * from './render-page';
export * from './seed-viewers';
export * from './dialogs';
