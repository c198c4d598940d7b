import { requestRemotesMapEarly } from './remotes/remotes-map.request';

requestRemotesMapEarly();
// Async boundary: shared modules (React, Fluent UI, ...) are negotiated with the remotes before any of them runs.
void import('./bootstrap');
