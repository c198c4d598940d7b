export * from './api-client';
export * from './auth.service';
export * from './guard';
export * from './jwt';
export * from './session.atoms';
export * from './settings';
export * from './realtime';
export * from './grants';
