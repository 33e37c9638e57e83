import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { screenshot } from './browser';
import type { StartedServer } from './server';

export type ApiCall = <T>(path: string, options?: { method?: string; body?: unknown; jwt?: string }) => Promise<T>;

/** Calls to the API from the test itself (the development rails, an admin, a second account); a refusal throws with the server's recent output. */
export function apiCaller(server: () => StartedServer): ApiCall {
  return async <T>(path: string, options: { method?: string; body?: unknown; jwt?: string } = {}): Promise<T> => {
    const response = await fetch(`${server().baseUrl}/api/${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.jwt ? { authorization: `Bearer ${options.jwt}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}\n${server().output().slice(-3000)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** A fresh browser context on the server; page errors are collected, console errors (but 4xx answers) printed. */
export async function openPage(browser: Browser, server: StartedServer, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    errors.push(String(error));
    console.error('page error:', error);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) console.error('browser console:', message.text());
  });
  return { context, page, errors };
}

/** Signs in on the sign-in page's e-mail form (development identity provider); resolves on the deposit page with the jwt. */
export async function signInByPage(page: Page, email: string, name: string): Promise<string> {
  await page.goto('/authentication');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/deposit');
  const jwt = await page.evaluate(() => window.localStorage.getItem('jwt'));
  if (!jwt) throw new Error('no jwt after sign-in');
  return jwt;
}

/**
 * Waits until the control can be pressed (cards have landed, no request in flight); photographs the page
 * as `failureShot` if the control never shows.
 */
export async function whenEnabled(locator: Locator, failureShot: string, timeout = 15_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    await screenshot(locator.page(), failureShot);
    throw error;
  }
  const deadline = Date.now() + timeout;
  while (!(await locator.isEnabled())) {
    if (Date.now() > deadline) throw new Error(`still disabled: ${locator.toString()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Lets the last cards land and the scores catch up before a screenshot or a measure. */
export const settleCards = (page: Page, ms = 1_400) => page.waitForTimeout(ms);
