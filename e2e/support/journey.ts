import type { Browser, BrowserContext, Page } from 'playwright-core';
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
