export * from './navigation';
export * from './remote-module';
export * from './route-path';
export * from './remote-areas';
export * from './dashboard-widgets';
