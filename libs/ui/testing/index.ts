export * from './render-page';
export * from './seed-viewers';
