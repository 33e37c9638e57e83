import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, screenshot, type OpenedPage } from './support/browser';
import { REPO_ROOT } from './support/server';
import { siteForSpec } from './support/site';
import { signInByApi } from './support/accounts';
import { seriousA11yViolations, describeViolations } from './support/a11y';

/*
 * Every route of the product's route table, in English, Swahili and Arabic, as a signed-in admin (who
 * may open every screen) and, for the sign-in page, as a visitor. Each page must not be the not-found
 * page, must show no raw catalog key, must pass axe-core (no serious or critical violation; see
 * `axeChecks` for which pages), must name
 * itself in the browser tab in the page's language (not the generic English title of index.html, nor
 * the English page's own), and every internal link on it is followed once and must not lead to the
 * not-found page either.
 */

const ADMIN_EMAIL = 'walk@bahati.test';
const LANGUAGES = ['en', 'sw', 'ar'] as const;
/** English screens a11y.e2e.spec.ts already checks with axe-core, with data in them and their dialogs open. */
const AXE_CHECKED_IN_A11Y_WALK = new Set([
  '', 'game', 'ledger', 'deposit', 'withdraws', 'bonuses', 'phone-verify', 'profile', 'suspect', 'geolocation-blocked',
  'self-excluded', 'provable', 'withdraw-requests', 'admin/redeem-codes', 'bitcoin-setup-information', 'authentication',
]);

/**
 * Every page in Arabic (the right-to-left layout) and every English page the a11y walk does not cover
 * (the left-to-right layout). Swahili's pages are English's layout with other words, whose translations
 * the raw-key and title checks cover.
 */
const axeChecks = (lang: string, route: string) => lang === 'ar' || (lang === 'en' && !AXE_CHECKED_IN_A11Y_WALK.has(route));

/** The route table, relative to the language prefix (the spec's `{product}` is `bahati`). */
const ROUTES = [
  '',
  'game',
  'ledger',
  'deposit',
  'withdraws',
  'bonuses',
  'phone-verify',
  'profile',
  'suspect',
  'geolocation-blocked',
  'self-excluded',
  'session-expired',
  'rules',
  'withdraw-requests',
  'admin',
  'admin/branding',
  'admin/redeem-codes',
  'admin/held-deposits',
  'admin/players',
  'admin/analytics',
  'admin/support',
  'admin/reconciliation',
  'admin/reserves',
  'provable',
  'proof-of-liabilities',
  'provably-fair-blackjack',
  'bahati-blog',
  'bahati-blog/online-blackjack-licensing-and-safety',
  'bahati-blog/transparency-bahati-return-rates',
  'bahati-blog/blackjack-card-counting-online',
  'bahati-blog/provably-fair-blackjack',
  'bahati-contact-information',
  'bahati-privacy-policy',
  'bahati-terms-of-use',
  'bitcoin-setup-information',
  'vanta-transparency-in-gaming-policy',
  'get-started-playing-blackjack',
  'responsible-gaming-practices',
];

/** A catalog key shown as text means a missing translation: `section.key` with a section of the English catalog. */
const SECTIONS = [...readFileSync(join(REPO_ROOT, 'client/src/i18n/locales/en.ts'), 'utf8').matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1]!);
const RAW_KEY = new RegExp(`\\b(?:${SECTIONS.join('|')})\\.[A-Za-z][\\w]*(?:\\.[\\w]+)*\\b`);

jest.setTimeout(900_000);

/** The tab title of index.html, before a screen names itself. */
const GENERIC_TITLE = /<title>([^<]*)<\/title>/.exec(readFileSync(join(REPO_ROOT, 'client/index.html'), 'utf8'))![1]!;
/** Each route's tab title in English, to compare the other languages' with. */
const englishTitles = new Map<string, string>();

// A walk of routes, not of motion: its pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
let jwt: string;

beforeAll(async () => {
  jwt = await signInByApi(site.call, ADMIN_EMAIL, 'Walker');
});

const localized = (lang: string, route: string) => (lang === 'en' ? `/${route}` : `/${lang}${route ? `/${route}` : ''}`);

/** A desktop window, signed in as the walker or a visitor. */
const open = (signedIn: boolean): Promise<OpenedPage> => site.openAs(DESKTOP, signedIn ? jwt : null);

/**
 * Opens a path and waits until the screen has rendered past its loading state. The first page of a
 * language is a full load; later ones are in-app navigations (as a click on a link would be), which
 * keeps the walk fast.
 */
async function visit(page: Page, path: string): Promise<void> {
  if (page.url().startsWith(site.server.baseUrl)) {
    const before = await page.evaluate(() => document.querySelector('main')?.innerHTML ?? '');
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // The new screen has replaced the old one (its code and data may load first).
    await page.waitForFunction((old) => (document.querySelector('main')?.innerHTML ?? '') !== old, before, { timeout: 15_000 }).catch(() => undefined);
  } else {
    await page.goto(path);
  }
  await page.locator('main h1, main h2').first().waitFor({ state: 'visible', timeout: 15_000 });
  // Data still loading shows a spinner (role=status holding a spinner); wait until none is left.
  await page
    .waitForFunction(() => ![...document.querySelectorAll('[role="status"]')].some((s) => s.querySelector(':scope > [aria-hidden="true"][style*="width"]')), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

interface PageProblems {
  path: string;
  problems: string[];
  links: string[];
}

async function inspect(page: Page, path: string, withAxe: boolean): Promise<PageProblems> {
  const problems: string[] = [];
  await visit(page, path);
  if (await page.locator('#not-found-title').count()) problems.push('is the not-found page');
  const text = await page.locator('body').innerText();
  const raw = RAW_KEY.exec(text);
  if (raw) problems.push(`shows the raw catalog key "${raw[0]}"`);
  if (withAxe) {
    const violations = await seriousA11yViolations(page);
    if (violations.length) problems.push(`axe:\n${describeViolations(violations)}`);
  }
  const origin = new URL(site.server.baseUrl).origin;
  const links = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const internal = links
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && !url.pathname.startsWith('/api/'))
    .map((url) => url.pathname + url.search);
  return { path, problems, links: [...new Set(internal)] };
}

describe.each(LANGUAGES)('every route in %s', (lang) => {
  let ctx: BrowserContext;
  let page: Page;
  const linked = new Set<string>();
  const visited = new Set<string>();

  beforeAll(async () => {
    ({ context: ctx, page } = await open(true));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each(ROUTES)(`/${lang === 'en' ? '' : `${lang}/`}%s`, async (route) => {
    const path = localized(lang, route);
    // The tab title is cleared before an in-app navigation: the next screen must name itself.
    if (page.url().startsWith(site.server.baseUrl)) await page.evaluate(() => (document.title = ''));
    const result = await inspect(page, path, axeChecks(lang, route));
    visited.add(path);
    for (const link of result.links) linked.add(link);
    if (result.problems.length) {
      await screenshot(page, `routes-${lang}-${route.replace(/\//g, '-') || 'home'}`, { fullPage: true }).catch(() => undefined);
      throw new Error(`${path}:\n${result.problems.join('\n')}`);
    }
    if (lang !== 'en') expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // The tab says which screen this is, in the page's language (a screen names itself once it has rendered).
    const unnamed = lang === 'en' ? '' : GENERIC_TITLE;
    await page.waitForFunction((generic) => document.title !== '' && document.title !== generic, unnamed, { timeout: 15_000 }).catch(() => undefined);
    const title = await page.title();
    expect({ route, title: title === '' ? '(none)' : title }).not.toEqual({ route, title: '(none)' });
    if (lang === 'en') englishTitles.set(route, title);
    else {
      expect({ route, title }).not.toEqual({ route, title: GENERIC_TITLE });
      if (englishTitles.has(route)) expect({ route, title }).not.toEqual({ route, title: englishTitles.get(route) });
    }
  });

  it('the sign-in page, as a visitor', async () => {
    const visitor = await open(false);
    const result = await inspect(visitor.page, localized(lang, 'authentication'), axeChecks(lang, 'authentication'));
    await visitor.context.close();
    expect(result.problems).toEqual([]);
  });

  it('every internal link on those pages leads somewhere', async () => {
    const broken: string[] = [];
    for (const link of [...linked].sort()) {
      if (visited.has(link) || link.includes('/dev/')) continue;
      visited.add(link);
      const result = await inspect(page, link, false);
      if (result.problems.length) broken.push(`${link}: ${result.problems.join('; ')}`);
    }
    expect(broken).toEqual([]);
  });
});
