// Browser APIs that jsdom lacks and the apps' component tests need; shared by every app's jest config.
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 uses when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks ResizeObserver, which Fluent's positioning, overflow and MessageBar use.
if (typeof globalThis.ResizeObserver === 'undefined') {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// A page's lazy parts (the shell's layout frame, a remote's screens) compile on first use under
// ts-jest; on a loaded two-core machine that can take longer than testing-library's 1 s default.
configure({ asyncUtilTimeout: 5000 });
