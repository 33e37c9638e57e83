import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT, type StartedServer } from './server';

export interface Viewport {
  width: number;
  height: number;
}

/** A desktop window, 1280 × 900: the admin and support screens, held deposits and the route walk. */
export const DESKTOP: Viewport = { width: 1280, height: 900 };
/**
 * A desktop window 100 px shorter, 1280 × 800: the player's journeys are pictured at it, and some measure its
 * fold (the bonus-lapse refusal must be in view below the tall accept dialog).
 */
export const DESKTOP_SHORT: Viewport = { width: 1280, height: 800 };
/** A phone, 375 × 812. */
export const PHONE: Viewport = { width: 375, height: 812 };

/** PNGs of every step land here (gitignored). */
export const SCREENSHOT_DIR = join(REPO_ROOT, 'artifacts', 'screenshots');

/** Debian's Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`), headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface WatchOptions {
  /** Also print every answer of 400 or above with its body (the money journeys, where refusals are the subject). */
  answers?: boolean;
}

/**
 * Watches a page: its uncaught errors are printed and collected in the array returned (a journey ends with
 * `expect(errors).toEqual([])`); console errors are printed, except the browser's own lines about 4xx answers,
 * which the journeys provoke on purpose.
 */
export function watchPage(page: Page, options: WatchOptions = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    errors.push(String(error));
    console.error('page error:', error);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) console.error('browser console:', message.text());
  });
  if (options.answers) {
    page.on('response', (response) => {
      if (response.status() < 400) return;
      void response.text().then(
        (body) => console.warn(`answered ${response.status()}: ${response.request().method()} ${response.url()} ${body}`),
        () => undefined,
      );
    });
  }
  return errors;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors so far (see `watchPage`). */
  errors: string[];
}

export interface OpenOptions extends WatchOptions {
  /** Signed in as the holder of this session token (set in localStorage before any script of the site runs). */
  jwt?: string | null;
  /** The browser's language (`navigator.languages`), e.g. 'de-DE'; Chromium's own (en-US) when not given. */
  locale?: string;
  /** The device asks for reduced motion (`prefers-reduced-motion: reduce`): cards land at once, nothing pulses. */
  reducedMotion?: boolean;
}

/** A fresh browser context on the server at `viewport`, its one page watched (`watchPage`). */
export async function openPage(browser: Browser, server: StartedServer, viewport: Viewport, options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport,
    baseURL: server.baseUrl,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
  });
  if (options.jwt) await context.addInitScript((token) => window.localStorage.setItem('jwt', token), options.jwt);
  const page = await context.newPage();
  const errors = watchPage(page, options);
  return { context, page, errors };
}

/** Saves `artifacts/screenshots/<name>.png` (animations run to their end first) and returns its path. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled' });
  return path;
}

/** A whole-page picture from the top (a sticky header would otherwise sit where the page was scrolled to). */
export async function fullPageShot(page: Page, name: string): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return screenshot(page, name, { fullPage: true });
}

/** A picture of one part of the page, cut from the whole page scrolled to the top (so a sticky header stays at the top). */
export async function sectionShot(locator: Locator, name: string): Promise<string> {
  const page = locator.page();
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name}: the section is not on the page`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, clip: box, animations: 'disabled' });
  return path;
}
