export * from './loading-screen';
export * from './error-card';
export * from './area-landing';
export * from './snackbar';
export * from './form-fields';
export * from './resource-list';
