import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const KEY = 'bahati.scroll';
/** Positions of the last pages of this tab, by history entry; enough for back and forward. */
const KEPT = 50;

function saved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function save(key: string, y: number) {
  const positions = saved();
  delete positions[key];
  positions[key] = y;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete positions[old];
  try {
    sessionStorage.setItem(KEY, JSON.stringify(positions));
  } catch {
    // A full or blocked storage only loses the restored position.
  }
}

/** Scrolls to the element with this id, waiting a moment for it when the page is still loading (a link from outside). */
function scrollToAnchor(id: string): () => void {
  const target = document.getElementById(id);
  if (target) {
    target.scrollIntoView();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const found = document.getElementById(id);
    if (!found) return;
    stop();
    found.scrollIntoView();
  });
  const timer = window.setTimeout(() => stop(), 5_000);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * What a browser does across full page loads, for in-app navigation: a new page starts at the top (or at
 * its `#anchor`), going back or forward returns to where that page was left, and a reload keeps its place.
 * Runs after each screen has rendered (the router renders the next screen only once it is ready).
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const { key, hash } = location;
    // The first page of a visit has the key `default` whatever its address: nothing to go back to.
    const back = navigationType === 'POP' && key !== 'default' ? saved()[key] : undefined;
    let stopWaiting = () => {};
    if (back !== undefined) window.scrollTo(0, back);
    else if (hash) stopWaiting = scrollToAnchor(decodeURIComponent(hash.slice(1)));
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
    // The position is followed as the page scrolls, so what is saved when the next page has already
    // replaced this one in the DOM (and the window may have jumped) is where the reader left this page.
    let y = window.scrollY;
    let frame = 0;
    const follow = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        y = window.scrollY;
      });
    };
    const remember = () => save(key, y);
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('pagehide', remember);
    return () => {
      stopWaiting();
      cancelAnimationFrame(frame);
      remember();
      window.removeEventListener('scroll', follow);
      window.removeEventListener('pagehide', remember);
    };
  }, [location, navigationType]);
}
