export * from './api-client';
export * from './endpoints.lazy';
export * from './auth.service';
export * from './guard';
export * from './jwt';
export * from './session.atoms';
export * from './settings';
export * from './device-settings';
export * from './realtime';
export * from './grants';
export * from './retry-rules';
// Not the offline queue: it is an entry of its own, '@planta/session/offline-queue', shared on its
// own and loaded by the first screen that saves through it (a shared module is loaded whole, and
// this one is on the sign-in page, where nobody has anything to queue).
