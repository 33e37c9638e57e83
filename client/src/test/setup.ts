import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import english from '@/i18n/locales/en';
import { server } from './server';

/*
 * What every component test starts from: English texts loaded synchronously, the API answered by MSW
 * (./server.ts; an unanswered request fails the test's fetch loudly), and the browser features jsdom lacks.
 */

// findBy… and waitFor wait up to 5 s (not 1 s): the machines running this have two busy cores.
configure({ asyncUtilTimeout: 5_000 });

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: false,
  resources: { en: { translation: english } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

// fetchBaseQuery asks for `/api/...`: Node's Request wants an absolute address, the page's origin in a browser.
// (Test files share a worker, vitest.config.ts `isolate: false`: each patch is made once.)
const RELATIVE = Symbol.for('bahati.test.relativeRequest');
if (!(RELATIVE in globalThis.Request)) {
  const NodeRequest = globalThis.Request;
  globalThis.Request = class extends NodeRequest {
    static readonly [RELATIVE] = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin).href : input, init);
    }
  } as typeof Request;
}

// jsdom has <dialog> but not its modal methods.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
class NoIntersectionObserver extends NoResizeObserver {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= NoIntersectionObserver as unknown as typeof IntersectionObserver;

// Media queries: a wide screen that asks for reduced motion, so the table deals without animations.
window.matchMedia = (query: string) =>
  ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

/** Requests no handler answered: a test that sends one fails, so the handlers keep up with the screens. */
let unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  const missed = unhandled;
  unhandled = [];
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (missed.length > 0) throw new Error(`No MSW handler (src/test/server.ts) answered: ${missed.join(', ')}`);
});
afterAll(() => server.close());
