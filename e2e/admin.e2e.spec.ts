import type { Locator, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { fundPlayer, outsideInvoice, playHandByApi, signInByApi, verifyPhone } from './support/accounts';
import { DESKTOP, PHONE, fullPageShot, screenshot } from './support/browser';
import { visible, waitUntil } from './support/journey';
import { REPO_ROOT, startServer } from './support/server';
import { siteForSpec } from './support/site';
import { SEEDS, forceShoe } from './support/table';

/*
 * The staff side in Chromium against the built server. An admin finds a player, bans them, sets a
 * suspect level (a level out of range is refused with the server's 400 shown under the field), reads
 * the player's suspect records and hands, opens a hand's audit by replay (verified; a hand of a shoe
 * still in play says so), reads the analytics and pays out a withdrawal. Support sees only what support
 * may open: the players without the ban switch or the level field (the server refuses a ban with 403),
 * and the ledger check, where a ledger row deleted straight from the embedded database (the server
 * stopped meanwhile) shows as missing and the repair, confirmed in a dialog, puts it back. Every screen
 * passes axe and is pictured at 1280 and 375 px. The admin's new redeem code can be generated: 12
 * characters without look-alikes, created and listed.
 */

const ADMIN_EMAIL = 'mkuu@bahati.test';
const SUPPORT_EMAIL = 'msaada@bahati.test';

jest.setTimeout(300_000);

/** The embedded database's folder, kept across the restart below. */
const dataDir = mkdtempSync(join(tmpdir(), 'bahati-admin-e2e-'));
const env = { ADMIN_EMAILS: ADMIN_EMAIL, SUPPORT_EMAILS: SUPPORT_EMAIL, DATA_DIR: dataDir };
// The back office is the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env });
const { call } = site;
const jwts = { admin: '', support: '', zawadi: '', juma: '', baraka: '' };
const ids = { zawadi: '', juma: '' };
let liveHand = '';
/** The UTC day the hands were played on (the ledger check compares it at +00:00). */
let today = '';

/** Deletes the player's newest ledger row in the stopped server's embedded database; answers its id. */
function deleteNewestLedgerRow(playerId: string): string {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite({ dataDir: process.env.PGLITE_DIR });
    await db.waitReady;
    const { rows } = await db.query('delete from ledger_entries where id = (select id from ledger_entries where player_id = $1 order by seq desc limit 1) returning id', [process.env.PLAYER_ID]);
    await db.close();
    process.stdout.write(JSON.stringify(rows));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(REPO_ROOT, 'server'),
    env: { ...process.env, PGLITE_DIR: join(dataDir, 'pglite'), PLAYER_ID: playerId },
    encoding: 'utf8',
  });
  const rows = JSON.parse(out) as { id: string }[];
  if (rows.length !== 1) throw new Error(`no ledger row of ${playerId} to delete`);
  return rows[0]!.id;
}

beforeAll(async () => {
  jwts.admin = await signInByApi(call, ADMIN_EMAIL, 'Mkuu');
  jwts.support = await signInByApi(call, SUPPORT_EMAIL, 'Msaada');
  jwts.zawadi = await signInByApi(call, 'zawadi@bahati.test', 'Zawadi Achieng');
  jwts.juma = await signInByApi(call, 'juma@bahati.test', 'Juma Otieno');
  ids.zawadi = (await call<{ id: string }>('players/1234', { jwt: jwts.zawadi })).id;
  ids.juma = (await call<{ id: string }>('players/1234', { jwt: jwts.juma })).id;

  await fundPlayer(call, jwts.zawadi, '2015550181', 50_000);
  await fundPlayer(call, jwts.juma, '2015550182', 50_000);
  await verifyPhone(call, jwts.support, '2015550183');
  // Five hands: the first shoe (four hands) retires, the fifth opens a shoe still in play.
  for (let i = 0; i < 5; i++) await playHandByApi(call, jwts.zawadi, 2_000);
  for (let i = 0; i < 2; i++) await playHandByApi(call, jwts.juma, 1_000);
  // Baraka's hand waits on the insurance decision, the dealer's hole card face down.
  jwts.baraka = await signInByApi(call, 'baraka@bahati.test', 'Baraka Mwangi');
  await fundPlayer(call, jwts.baraka, '2015550184', 20_000);
  // The insurance shoe: an ace up, the seven of hearts face down.
  await forceShoe(call, jwts.baraka, SEEDS.insurance);
  liveHand = (await call<{ hand: { id: string } }>('hands', { body: { betAmount: 1_000, playerSeed: SEEDS.insurance.playerSeed }, jwt: jwts.baraka })).hand.id;
  // Juma asks for a withdrawal to an invoice of a wallet outside the site; the admin pays it out on screen.
  const paymentRequest = await outsideInvoice(call, 10_000);
  await call('players/withdraw', { body: { amount: 10_000, paymentRequest }, jwt: jwts.juma });
  await waitUntil('the withdrawal in the admin list', async () => (await call<unknown[]>('players/adminwithdrawrequests', { jwt: jwts.admin })).length === 1);
  today = new Date().toISOString().slice(0, 10);

  // A ledger row lost from the read model: deleted in the database while the server is stopped.
  await site.server.stop();
  deleteNewestLedgerRow(ids.juma);
  site.server = await startServer({ env });
});

// After the site's own afterAll (hooks run in the order they are declared): the server has stopped.
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Nothing is cut off or scrolls sideways: the page is no wider than the window, and no table is wider than its box. */
async function fitsTheWindow(page: Page) {
  const { page: pageWidth, window: windowWidth, tables } = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    tables: [...document.querySelectorAll('main table:not(.u-legend)')].map((table) => {
      const box = table.parentElement!;
      return { name: table.querySelector('caption')?.textContent ?? table.getAttribute('aria-labelledby') ?? '', overflow: box.scrollWidth - box.clientWidth };
    }),
  }));
  expect(pageWidth).toBeLessThanOrEqual(windowWidth);
  expect(tables.filter((t) => t.overflow > 1)).toEqual([]);
}

const playersRow = (page: Page, email: string) => page.getByTestId(`player-${email}`);

test('admin: ban a player, set a suspect level, read the details, audit a hand, analytics, pay a withdrawal', async () => {
  const { context, page, errors } = await site.openAs(DESKTOP, jwts.admin);

  // The landing: every admin screen.
  await page.goto('/admin');
  const screens = await visible(page.getByRole('navigation', { name: 'Admin screens' }));
  for (const name of ['Players', 'Withdraw requests', 'Redeem codes', 'Ledger check', 'Analytics', 'Reconciliation', 'Audit log', 'Branding']) {
    await visible(screens.getByRole('link', { name: new RegExp(`^${name}`) }));
  }
  await expectNoSeriousA11yViolations(page, { name: 'admin landing' });
  await fullPageShot(page, 'admin-desktop-01-landing');

  // The spec's /players is the players table.
  await page.goto('/players');
  await page.waitForURL('**/admin/players');
  await visible(page.getByRole('heading', { level: 1, name: 'Players' }));
  await visible(playersRow(page, 'juma@bahati.test'));
  await visible(playersRow(page, 'zawadi@bahati.test'));
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'players' });
  await fullPageShot(page, 'admin-desktop-02-players');

  // Search by e-mail.
  await page.getByLabel('Search by e-mail').fill('zawadi');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL('**/admin/players?q=zawadi');
  await visible(page.getByRole('table', { name: 'Players matching “zawadi”' }));
  // The previous page's rows stay on screen until the search answers.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="players-table"] tbody tr').length === 1, undefined, { timeout: 15_000 });
  const row = playersRow(page, 'zawadi@bahati.test');
  await visible(row.getByText('5', { exact: true }));

  // Ban: the switch asks first (what a ban does, and a reason for the audit log), then its answer on the page, and the read model.
  const ban = row.getByRole('switch', { name: 'Banned zawadi@bahati.test' });
  expect(await ban.isChecked()).toBe(false);
  await ban.click();
  const banDialog = await visible(page.getByTestId('ban-dialog'));
  await visible(banDialog.getByText('Every session of the player ends now', { exact: false }));
  await banDialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await visible(banDialog.getByText('Give a reason: it is kept in the audit log.'));
  await expectNoSeriousA11yViolations(page, { name: 'ban dialog', include: ['[data-testid="ban-dialog"]'] });
  await screenshot(page, 'admin-desktop-03a-ban-reason');
  await banDialog.getByLabel('Reason').fill('Five hands, one address: shared account');
  await banDialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await visible(page.getByTestId('players-outcome').getByText('zawadi@bahati.test is banned.'));
  expect(await ban.isChecked()).toBe(true);
  const listed = await call<{ items: { banned: boolean; suspectLevel: number }[] }>('players?q=zawadi', { jwt: jwts.admin });
  expect(listed.items[0]!.banned).toBe(true);

  // What is not a level (-5, 12.5, 150) stays as typed and is refused at the field, with nothing sent.
  const level = row.getByLabel('Suspect level of zawadi@bahati.test');
  for (const typed of ['-5', '12.5', '150']) {
    await level.fill(typed);
    await level.press('Enter');
    await visible(row.getByTestId('suspect-level-message').getByText('Not saved: a suspect level is a whole number from 0 to 100.'));
    expect(await level.inputValue()).toBe(typed);
    expect(await level.getAttribute('aria-invalid')).toBe('true');
  }
  expect((await call<{ items: { suspectLevel: number }[] }>('players?q=zawadi', { jwt: jwts.admin })).items[0]!.suspectLevel).toBe(listed.items[0]!.suspectLevel);
  await fullPageShot(page, 'admin-desktop-03-level-refused');
  // A good level: leaving the field shows the change and asks why; saved once confirmed.
  await level.fill('42');
  await page.getByLabel('Search by e-mail').focus();
  const levelDialog = await visible(page.getByTestId('suspect-level-dialog'));
  await visible(levelDialog.getByText(/^From \d+ to 42\./));
  await levelDialog.getByLabel('Reason').fill('Plays like a bot at night');
  await levelDialog.getByRole('button', { name: 'Set the level' }).click();
  await visible(row.getByTestId('suspect-level-message').getByText('Saved: 42'));
  expect(await level.getAttribute('aria-invalid')).toBe('false');
  expect((await call<{ items: { suspectLevel: number }[] }>('players?q=zawadi', { jwt: jwts.admin })).items[0]!.suspectLevel).toBe(42);
  await expectNoSeriousA11yViolations(page, { name: 'players after changes' });
  await fullPageShot(page, 'admin-desktop-04-banned-and-level');

  // The details: figures, the admin's suspect record naming the admin, the hands.
  await row.getByRole('link', { name: 'Details of zawadi@bahati.test' }).click();
  await page.waitForURL(`**/admin/players/${ids.zawadi}`);
  await visible(page.getByRole('heading', { level: 1, name: 'zawadi@bahati.test' }));
  const manual = await visible(page.getByTestId('suspect-record-AdminManualChange'));
  await visible(manual.getByText('Set by an admin'));
  await visible(manual.getByText(ADMIN_EMAIL));
  const hands = page.getByTestId('player-hands');
  await visible(hands.locator('tbody tr'));
  expect(await hands.locator('tbody tr').count()).toBe(5);
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'player details' });
  await fullPageShot(page, 'admin-desktop-05-player-details');

  // The newest hand: its shoe is still in play, so the seeds cannot be checked yet; the rest is verified.
  const handIds = (await call<{ id: string }[]>(`players/${ids.zawadi}/hands`, { jwt: jwts.admin })).map((h) => h.id);
  await hands.getByTestId(`hand-${handIds[0]}`).getByRole('link', { name: /^Audit of the hand of/ }).click();
  await page.waitForURL(`**/admin/hands/${handIds[0]}`);
  const verdict = await visible(page.getByTestId('audit-verdict'));
  expect(await verdict.getAttribute('data-verified')).toBe('true');
  await visible(verdict.getByText('Verified'));
  await visible(page.getByTestId('audit-in-play').getByText('The shoe is still in play', { exact: false }));
  expect(await page.getByTestId('audit-checks').locator('[data-check="cards"]').getAttribute('data-result')).toBe('unchecked');
  await expectNoSeriousA11yViolations(page, { name: 'hand audit, shoe in play' });
  await fullPageShot(page, 'admin-desktop-06-audit-in-play');

  // The fourth hand of the retired shoe: every card checked against the revealed seeds, and the timeline's data opens.
  await page.goto(`/admin/hands/${handIds[1]}`);
  await visible(page.getByTestId('audit-verdict').getByText('Verified'));
  expect(await page.getByTestId('audit-in-play').count()).toBe(0);
  const checks = page.getByTestId('audit-checks');
  for (const check of ['seeds', 'cards', 'decisions', 'payouts', 'ledger']) expect(await checks.locator(`[data-check="${check}"]`).getAttribute('data-result')).toBe('passed');
  expect(await page.getByTestId('audit-cards').locator('tbody tr').count()).toBeGreaterThanOrEqual(4);
  const timeline = page.getByTestId('audit-timeline');
  // Every stored event of the hand and of its shoe, one item each: how many depends on the cards the shoe dealt.
  const { timeline: stored } = await call<{ timeline: { type: string }[] }>(`admin/hands/${handIds[1]}/audit`, { jwt: jwts.admin });
  expect(await timeline.locator(':scope > li').count()).toBe(stored.length);
  expect(stored.map((e) => e.type)).toEqual(expect.arrayContaining(['HandOpened', 'HandSettled', 'ShoeRetired']));
  await timeline.getByText('HandSettled', { exact: true }).click();
  await visible(timeline.getByRole('region', { name: 'Data of HandSettled' }));
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'hand audit, verified' });
  await fullPageShot(page, 'admin-desktop-07-audit-verified');

  // A hand in play: staff see it as its player does, the dealer's hole card face down, its decisions not replayed yet.
  await page.goto(`/admin/hands/${liveHand}`);
  await visible(page.getByTestId('audit-hand-in-play').getByText('The hand is still in play', { exact: false }));
  const liveChecks = page.getByTestId('audit-checks');
  for (const check of ['decisions', 'payouts']) expect(await liveChecks.locator(`[data-check="${check}"]`).getAttribute('data-result')).toBe('unchecked');
  const dealerRows = page.getByTestId('audit-cards').locator('tbody tr').filter({ hasText: 'Dealer' });
  expect(await dealerRows.count()).toBe(2);
  await visible(dealerRows.nth(1).getByText('Face-down card'));
  expect(await dealerRows.nth(1).textContent()).not.toMatch(/Heart|Spade|Club|Diamond/);
  await expectNoSeriousA11yViolations(page, { name: 'hand audit, hand in play' });
  await fullPageShot(page, 'admin-desktop-07b-audit-hand-in-play');

  // Analytics: today's hands in the totals and the table, four charts.
  await page.goto('/admin/analytics');
  await visible(page.getByRole('heading', { level: 1, name: 'Analytics' }));
  await visible(page.getByTestId(`analytics-${today}`));
  const todayRow = page.getByTestId(`analytics-${today}`);
  expect(await todayRow.locator('td').nth(1).innerText()).toBe('7');
  expect(await page.locator('main canvas').count()).toBe(4);
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'analytics' });
  await fullPageShot(page, 'admin-desktop-08-analytics');

  // The withdrawal: approved and paid on screen, the payout shown as paid.
  await page.goto('/withdraw-requests');
  const request = await visible(page.getByTestId('admin-withdraw-table').locator('tbody tr'));
  await request.getByRole('button', { name: /^Approve the request of juma@bahati.test/ }).click();
  const confirm = await visible(page.getByTestId('admin-withdraw-confirm'));
  await expectNoSeriousA11yViolations(page, { name: 'withdrawal approval confirmation' });
  await confirm.getByRole('button', { name: 'Approve and pay' }).click();
  await visible(page.getByTestId('admin-outcome').getByText('Approved and paid.', { exact: false }));
  await visible(request.getByTestId('admin-withdraw-payout').getByText('Paid'));
  await expectNoSeriousA11yViolations(page, { name: 'withdraw requests' });
  await fullPageShot(page, 'admin-desktop-09-withdrawals');

  // The Admin menu lists every admin screen.
  await page.getByRole('button', { name: 'Admin' }).click();
  const menu = page.locator('header ul[id]').filter({ hasText: 'Ledger check' });
  for (const name of ['Overview', 'Players', 'Withdraw Requests', 'Redeem Codes', 'Ledger check', 'Analytics', 'Branding']) {
    await visible(menu.getByRole('link', { name, exact: true }));
  }

  expect(errors).toEqual([]);
  await context.close();
});

test('admin: a generated redeem code, 12 characters without look-alikes, is created and listed; the form fits 1280 and 375 px', async () => {
  const { context, page, errors } = await site.openAs(DESKTOP, jwts.admin);
  await page.goto('/admin/redeem-codes');
  const form = await visible(page.getByTestId('create-redeem-code'));
  const codeField = form.getByLabel('Code', { exact: true });
  const generate = form.getByRole('button', { name: 'Generate code' });
  const generatedCode = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/;

  // The admin may type a code; the button beside the field, reached by Tab, replaces it with a generated one.
  await codeField.fill('my-own-code');
  await codeField.press('Tab');
  expect(await generate.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  const first = await codeField.inputValue();
  expect(first).toMatch(generatedCode);
  await page.keyboard.press('Space');
  const code = await codeField.inputValue();
  expect(code).toMatch(generatedCode);
  expect(code).not.toBe(first);
  expect(await form.locator('[aria-live="polite"]').textContent()).toBe(`Code generated: ${code}`);
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'redeem codes, a generated code' });
  await screenshot(page, 'admin-desktop-10-redeem-code-generated');

  await form.getByLabel('Bonus in sats').fill('5000');
  await form.getByRole('button', { name: 'Create code' }).click();
  await visible(page.getByTestId('redeem-code-created').getByText(`Code ${code} created.`));
  await visible(page.getByTestId(`redeem-code-${code}`));
  expect(await codeField.inputValue()).toBe('');
  expect((await call<{ code: string }[]>('admin/redeem-codes', { jwt: jwts.admin })).map((c) => c.code)).toContain(code);
  await fullPageShot(page, 'admin-desktop-11-redeem-codes');

  await page.setViewportSize(PHONE);
  await generate.click();
  expect(await codeField.inputValue()).toMatch(generatedCode);
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'redeem codes at 375 px, a generated code' });
  await fullPageShot(page, 'admin-phone-08-redeem-code-generated');

  expect(errors).toEqual([]);
  await context.close();
});

test('the analytics chart library is not part of the first load of /', async () => {
  const { context, page } = await site.openAs(DESKTOP, null);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (/\.js(\?|$)/.test(response.url())) scripts.push(response.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /analytics/i.test(url))).toEqual([]);
  await context.close();
});

test('support: read-only players, no ban (403), the ledger check finds the missing row and the repair puts it back', async () => {
  const { context, page, errors } = await site.openAs(DESKTOP, jwts.support);

  // The landing and the menu: only what support may open.
  await page.goto('/admin');
  await visible(page.getByRole('heading', { level: 1, name: 'Support' }));
  const screens = page.getByRole('navigation', { name: 'Admin screens' });
  await visible(screens.getByRole('link', { name: /^Players/ }));
  await visible(screens.getByRole('link', { name: /^Ledger check/ }));
  expect(await screens.getByRole('link').count()).toBe(2);
  await page.getByRole('button', { name: 'Support' }).click();
  const menu = page.locator('header ul[id]').filter({ hasText: 'Ledger check' });
  await visible(menu.getByRole('link', { name: 'Players', exact: true }));
  expect(await menu.getByRole('link', { name: 'Analytics' }).count()).toBe(0);
  expect(await menu.getByRole('link', { name: 'Withdraw Requests' }).count()).toBe(0);
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page, { name: 'support landing' });
  await fullPageShot(page, 'admin-support-desktop-01-landing');

  // Players, read only: no ban switch, no level field; the server refuses a ban too.
  await page.goto('/admin/players');
  const row = await visible(playersRow(page, 'zawadi@bahati.test'));
  await visible(row.getByText('Banned', { exact: true }));
  await visible(row.getByTestId('suspect-level').getByText('42'));
  expect(await page.getByRole('switch').count()).toBe(0);
  expect(await page.getByTestId('suspect-level-input').count()).toBe(0);
  await expect(call(`players/${ids.juma}/ban`, { method: 'POST', jwt: jwts.support })).rejects.toThrow(/answered 403/);
  await expect(call(`players/${ids.juma}/suspect/5`, { method: 'POST', jwt: jwts.support })).rejects.toThrow(/answered 403/);
  await expectNoSeriousA11yViolations(page, { name: 'players, support' });
  await fullPageShot(page, 'admin-support-desktop-02-players');

  // Admin-only screens send support home.
  await page.goto('/admin/analytics');
  await page.waitForURL((url) => url.pathname === '/');

  // The ledger check: find Juma, compare today at +00:00.
  await page.goto('/admin/support');
  await visible(page.getByRole('heading', { level: 1, name: 'Ledger check' }));
  await page.getByLabel('Player’s e-mail').fill('juma');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByTestId('support-results').getByRole('button', { name: 'Choose juma@bahati.test' }).click();
  await visible(page.getByTestId('support-chosen').getByText('juma@bahati.test'));
  await page.getByRole('textbox', { name: 'Day', exact: true }).fill(today);
  await page.getByLabel('Time zone (UTC offset)').selectOption('+00:00');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('date') === today && url.searchParams.get('tz') === '+00:00');
  const day = page.getByTestId('ledger-day');
  await visible(day);
  expect(await day.getAttribute('data-matches')).toBe('false');
  await visible(page.getByTestId('ledger-day-verdict').getByText('Differences: 1'));
  expect(await page.getByTestId('ledger-missing').locator('tbody tr').count()).toBe(1);
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'ledger check with a difference' });
  await fullPageShot(page, 'admin-support-desktop-03-ledger-diff');

  // Repair, confirmed in a dialog.
  await page.getByRole('button', { name: 'Repair this day' }).click();
  const dialog = await visible(page.getByTestId('repair-dialog'));
  await visible(dialog.getByText('To fix: 1 missing, 0 extra, 0 changed.'));
  await expectNoSeriousA11yViolations(page, { name: 'repair dialog', include: ['[data-testid="repair-dialog"]'] });
  await screenshot(page, 'admin-support-desktop-04-repair-dialog');
  await dialog.getByLabel('Reason').fill('The deposit row was deleted from the database');
  await dialog.getByRole('button', { name: 'Repair', exact: true }).click();
  await visible(page.getByTestId('repair-outcome').getByText('Repaired: 1 added, 0 removed, 0 rewritten.', { exact: false }));
  await visible(page.getByTestId('ledger-day-verdict').getByText('No differences'));
  expect(await day.getAttribute('data-matches')).toBe('true');
  await fullPageShot(page, 'admin-support-desktop-05-repaired');

  // Repairing a matching day rewrites nothing.
  await page.getByRole('button', { name: 'Repair this day' }).click();
  await visible(page.getByTestId('repair-dialog').getByText('The day matches the events now: nothing will be rewritten.'));
  await page.getByTestId('repair-dialog').getByLabel('Reason').fill('Checking again');
  await page.getByTestId('repair-dialog').getByRole('button', { name: 'Repair', exact: true }).click();
  await visible(page.getByTestId('repair-outcome').getByText('Nothing to repair: the day already matched the events.'));

  expect(errors).toEqual([]);
  await context.close();
});

test('admin: the audit log lists each staff decision with its reason and change; its CSV export has the same rows', async () => {
  const { context, page, errors } = await site.openAs(DESKTOP, jwts.admin);
  await page.goto('/admin/audit-log');
  await visible(page.getByRole('heading', { level: 1, name: 'Audit log' }));
  const table = page.getByTestId('audit-table');
  const ban = table.locator('tbody tr').filter({ hasText: 'Five hands, one address: shared account' });
  await visible(ban.getByText('Ban', { exact: true }));
  await visible(ban.getByText('active → banned'));
  await visible(ban.getByText(ADMIN_EMAIL));
  await visible(ban.getByRole('link', { name: 'zawadi@bahati.test' }));
  const level = table.locator('tbody tr').filter({ hasText: 'Plays like a bot at night' });
  await visible(level.getByText(/^\d+ → 42$/));
  await visible(table.locator('tbody tr').filter({ hasText: 'The deposit row was deleted from the database' }).getByText('Ledger day repaired'));
  await fitsTheWindow(page);
  await expectNoSeriousA11yViolations(page, { name: 'audit log' });
  await fullPageShot(page, 'admin-desktop-10-audit-log');

  // Filtered to bans: the table and the export hold the same decisions, in the same order.
  await page.getByLabel('Action').selectOption('Ban');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.waitForURL('**/admin/audit-log?action=Ban');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="audit-table"] tbody tr')].every((r) => r.textContent?.includes('Ban')));
  const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace(/^audit-/, '')));
  const downloading = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const csv = readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
  expect(csv[0]).toBe('at,action,staffEmail,staffId,subject,playerEmail,playerId,amount,reason,before,after,id');
  expect(csv.slice(1).map((line) => line.split(',').at(-1))).toEqual(shown);
  expect(csv.slice(1).every((line) => line.split(',')[1] === 'Ban')).toBe(true);

  expect(errors).toEqual([]);
  await context.close();
});

test('every admin screen at 375 px: no sideways scrolling, tables as cards', async () => {
  const handId = (await call<{ id: string }[]>(`players/${ids.zawadi}/hands`, { jwt: jwts.admin }))[1]!.id;
  const screensAt375: [string, string, () => Locator][] = [];
  const { context, page, errors } = await site.openAs(PHONE, jwts.admin);
  screensAt375.push(
    ['/admin', 'admin-phone-01-landing', () => page.getByRole('navigation', { name: 'Admin screens' })],
    ['/admin/players', 'admin-phone-02-players', () => playersRow(page, 'zawadi@bahati.test')],
    [`/admin/players/${ids.zawadi}`, 'admin-phone-03-player-details', () => page.getByTestId('player-hands').locator('tbody tr')],
    [`/admin/hands/${handId}`, 'admin-phone-04-audit', () => page.getByTestId('audit-verdict')],
    ['/admin/analytics', 'admin-phone-05-analytics', () => page.getByTestId(`analytics-${today}`)],
    [`/admin/support?player=${ids.juma}&date=${today}&tz=%2B00:00`, 'admin-phone-06-ledger-check', () => page.getByTestId('ledger-day-verdict')],
    ['/withdraw-requests', 'admin-phone-07-withdrawals', () => page.getByTestId('admin-withdraw-payout')],
    ['/admin/audit-log', 'admin-phone-08-audit-log', () => page.getByTestId('audit-table').locator('tbody tr').first()],
  );
  for (const [path, name, ready] of screensAt375) {
    await page.goto(path);
    await visible(ready());
    await fitsTheWindow(page);
    await expectNoSeriousA11yViolations(page, { name: `${path} at 375 px` });
    await fullPageShot(page, name);
  }
  expect(errors).toEqual([]);
  await context.close();
});
