import type { Browser } from 'playwright-core';
import { apiCaller, type ApiCall } from './accounts';
import { launchBrowser, openPage, type OpenedPage, type OpenOptions, type Viewport } from './browser';
import { startServer, type StartServerOptions, type StartedServer } from './server';

/** What a spec's journeys run against: the built server, Chromium, and the API. */
export interface Site {
  /** The built server (a spec may replace it, e.g. after restarting it on the same data; the one here is stopped at the end). */
  server: StartedServer;
  /** Chromium, one for the spec (closing it closes every page left open). */
  browser: Browser;
  /** Calls to the server's API from the test itself (`apiCaller`). */
  call: ApiCall;
  /** A fresh page at `viewport`, watched for errors (`openPage`). */
  open(viewport: Viewport, options?: OpenOptions): Promise<OpenedPage>;
  /** A fresh page signed in as the holder of `jwt` (a visitor when null). */
  openAs(viewport: Viewport, jwt: string | null): Promise<OpenedPage>;
}

export interface SiteOptions extends StartServerOptions {
  /** Launch Chromium too (default); false for a spec that only talks to the API. */
  browser?: boolean;
  /**
   * Every page of the spec opens on a device that asks for reduced motion: for walks whose subject is not the
   * motion (routes, languages, layouts, the back office). Nothing pulses or flies, so the page is drawn when it
   * changes and not sixty times a second: about a seventh of such a walk's CPU, most of it the browser's
   * compositor. The play, money and account journeys keep the motion a player sees by default.
   */
  reducedMotion?: boolean;
}

/**
 * The spec's site, in the spec's top level: before its tests the built server starts (with `options`) and
 * Chromium is launched; after them both are closed. A spec's own `beforeAll` (set-up through the API) runs
 * after this one.
 */
export function siteForSpec(options: SiteOptions = {}): Site {
  const { browser: withBrowser = true, reducedMotion = false, ...serverOptions } = options;
  const site: Site = {
    server: undefined as unknown as StartedServer,
    browser: undefined as unknown as Browser,
    call: apiCaller(() => site.server),
    open: (viewport, openOptions) => openPage(site.browser, site.server, viewport, { reducedMotion, ...openOptions }),
    openAs: (viewport, jwt) => openPage(site.browser, site.server, viewport, { reducedMotion, jwt }),
  };
  beforeAll(async () => {
    site.server = await startServer(serverOptions);
    if (withBrowser) site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}
