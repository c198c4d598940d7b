export * from './navigation';
export * from './remote-module';
export * from './route-path';
