// Async boundary: shared modules (React, Fluent UI, ...) are negotiated with the remotes before any of them runs.
import('./bootstrap');
