import { basename } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './browser';

/** The spec running now, as its pictures are named: `account` for account.e2e.spec.ts. */
export function specName(): string {
  const path = expect.getState().testPath;
  return path ? basename(path).replace(/\.e2e\.spec\.ts$/, '') : 'e2e';
}

let failures = 0;
/**
 * Photographs the whole page as `<spec>-failure-<n>` (what the page showed when a wait gave up), numbered so that a
 * later failure of the same spec, often a consequence of the first, never hides the first one's picture.
 */
async function failureShot(page: Page): Promise<void> {
  await screenshot(page, `${specName()}-failure-${++failures}`, { fullPage: true }).catch(() => undefined);
}

/** Waits until the (first) element of `locator` is visible; photographs the page (`failureShot`) if it never is. */
export async function visible(locator: Locator, timeout = 20_000): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    await failureShot(locator.page());
    throw error;
  }
  return locator;
}

/**
 * Waits until the control can be pressed: visible and enabled (at the table: the cards have landed and no
 * request is in flight); photographs the page (`failureShot`) if it never can.
 */
export async function whenEnabled(locator: Locator, timeout = 20_000): Promise<Locator> {
  await visible(locator, timeout);
  try {
    await locator.and(locator.page().locator(':enabled')).first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    await failureShot(locator.page());
    throw new Error(`still disabled: ${locator.toString()}\n${String(error)}`);
  }
  return locator;
}

/**
 * Polls `check` until it holds, for what the browser cannot announce (the API's read models, a file, an
 * expiry): the pause between two polls is the only fixed wait here.
 */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Resolves once the page has drawn two more frames: an event it was just given has been handled, a request
 * that handling sent has gone out, and the state it changed is on screen.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Waits until nothing on the page moves: every finite CSS animation and transition (an entrance, a card's
 * flight, a badge popping in) has run to its end. Endless ones (a pulsing ring, a progress bar) are left running.
 */
export async function animationsDone(page: Page, timeout = 20_000): Promise<void> {
  await framesDrawn(page);
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout },
  );
}

export interface SignInOptions {
  /** Reach the form by the header's "Sign in" link, as a visitor would (a blank page opens / first); /authentication is opened otherwise. */
  viaHeader?: boolean;
  /** Where the player must land: a path, or a pattern of it; /deposit by default. */
  landing?: string | RegExp;
  /** Close the phone challenge the deposit page brings up, as a player who looks around first. */
  closePhone?: boolean;
}

/**
 * Signs in on the sign-in page's e-mail form (the development identity provider); resolves once the player
 * has landed where `landing` says, with the path and the session token.
 */
export async function signInByPage(page: Page, email: string, name: string, options: SignInOptions = {}): Promise<{ landing: string; jwt: string }> {
  if (options.viaHeader) {
    if (!page.url().startsWith('http')) await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/authentication');
  } else {
    await page.goto('/authentication');
  }
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const expected = options.landing ?? '/deposit';
  const lands = (url: URL) => (typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname));
  try {
    await page.waitForURL(lands);
  } catch (error) {
    await failureShot(page);
    throw new Error(`${email} signed in on ${new URL(page.url()).pathname}, not ${String(expected)}\n${String(error)}`);
  }
  if (options.closePhone) await closePhoneChallenge(page);
  const jwt = await page.evaluate(() => window.localStorage.getItem('jwt'));
  if (!jwt) throw new Error('no jwt after sign-in');
  return { landing: new URL(page.url()).pathname, jwt };
}

/** Closes the phone challenge (the deposit page's, for a player without a verified phone) with Escape. */
export async function closePhoneChallenge(page: Page): Promise<void> {
  const dialog = await visible(page.getByTestId('phone-dialog'));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Ticks "Exclude me from play" on the open profile, checks the confirmation dialog says what it blocks, confirms,
 * and waits until the profile says it is on; `shot` names a picture of the page with the dialog open, `whileOpen`
 * runs then (an accessibility check).
 */
export async function selfExcludeByPage(page: Page, { shot, whileOpen }: { shot?: string; whileOpen?: () => Promise<void> } = {}): Promise<void> {
  await page.getByLabel('Exclude me from play').check();
  const dialog = await visible(page.getByTestId('self-exclude-dialog'));
  await visible(dialog.getByText('You cannot redeem codes.'));
  await visible(dialog.getByText('Withdrawals stay open', { exact: false }));
  if (shot) await screenshot(page, shot);
  if (whileOpen) await whileOpen();
  await dialog.getByRole('button', { name: 'Exclude me' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await visible(page.getByTestId('self-exclude-confirmation').getByText('Self-exclusion is on.', { exact: false }));
}

/** The header's main menu (`name` for another language). */
export const mainMenu = (page: Page, name: string | RegExp = 'Main menu') => page.getByRole('navigation', { name });

/** The header's balance when it reads `text` exactly. */
export const headerBalance = (page: Page, text: string) => page.getByTestId('balance').getByText(text, { exact: true });

/** Waits until the header shows the bank, so a picture never catches its loading placeholder. */
export async function bankShown(page: Page): Promise<void> {
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''));
}

/**
 * Opens the withdrawal dialog, fills in a Lightning withdrawal of `sats` to `paymentRequest` and asks for it;
 * resolves with the dialog, now at its confirmation step.
 */
export async function askLightningWithdrawal(page: Page, sats: number, paymentRequest: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  const dialog = await visible(page.getByTestId('withdraw-dialog'));
  await dialog.getByLabel('Amount in sats').fill(String(sats));
  await dialog.getByLabel('Lightning payment request').fill(paymentRequest);
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  return dialog;
}

/** Confirms the withdrawal the dialog shows and waits until the dialog has closed (whatever the server answered). */
export async function confirmWithdrawal(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** One screen of a walk: its path, who looks at it, what shows it has rendered, and what to do there first. */
export interface Screen<Who extends string = string> {
  name: string;
  path: string;
  who: Who;
  /** What shows the screen has rendered what it is for; the page's h1 by default. */
  ready?: (page: Page) => Locator;
  /** Something to do before the check, e.g. open a dialog; the check then runs on the whole page. */
  then?: (page: Page) => Promise<void>;
}

/**
 * Opens `path` (the screen's, filled in) and waits until the screen shows what it is for, its other requests
 * have landed (no spinner or busy region left), its `then` is done and nothing moves any more; photographs
 * the whole page as `failureShot` if it does not get there.
 */
export async function showScreen(page: Page, path: string, screen: Screen, failureShot: string): Promise<void> {
  await page.goto(path);
  try {
    await (screen.ready ?? ((p: Page) => p.locator('main h1')))(page).first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"], [role="progressbar"]') === null, undefined, { timeout: 10_000 }).catch(() => undefined);
    await screen.then?.(page);
    await animationsDone(page);
  } catch (error) {
    await screenshot(page, failureShot, { fullPage: true });
    throw error;
  }
}
