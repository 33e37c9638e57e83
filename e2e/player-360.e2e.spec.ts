import { expectNoSeriousA11yViolations } from './support/a11y';
import { playerWithHistory, signInByApi } from './support/accounts';
import { DESKTOP, PHONE, fullPageShot } from './support/browser';
import { visible, waitUntil } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * The player 360 view in Chromium against the built server. A player with a history (a Lightning deposit, the
 * first-deposit offer, a hand, a withdrawal that lapsed the offer), a deposit limit and a self-exclusion, and a
 * suspect level an admin set: the admin opens the player from the players list filtered by suspect level, sees
 * each section with the real figures, leaves a note, and the view passes axe at 1280 and 375 px, and in Arabic (right to left).
 */

const ADMIN_EMAIL = 'mkaguzi@bahati.test';
const PLAYER_EMAIL = 'zawadi@bahati.test';
const OTHER_EMAIL = 'baraka@bahati.test';
const FUNDS = 40_000;

jest.setTimeout(240_000);

// The back office is the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const { call } = site;
let adminJwt = '';
let playerId = '';

beforeAll(async () => {
  adminJwt = await signInByApi(call, ADMIN_EMAIL, 'Mkaguzi');
  await signInByApi(call, OTHER_EMAIL, 'Baraka');
  const { jwt } = await playerWithHistory(call, PLAYER_EMAIL, 'Zawadi Mwangi', '2015550193', FUNDS);
  playerId = (await call<{ id: string }>('players/1234', { jwt })).id;
  await call('players/limits', { method: 'PUT', body: { dailyDeposit: 100_000 }, jwt });
  await call('players/selfexclude/true', { method: 'POST', jwt });
  await call(`players/${playerId}/suspect/35`, { body: { reason: 'Bets rise with the count' }, jwt: adminJwt });
  // The read models have the history once the view lists the self-exclusion.
  await waitUntil('the self-exclusion in the 360 view', async () =>
    (await call<{ protections: { kind: string }[] }>(`admin/players/${playerId}/overview`, { jwt: adminJwt })).protections.some((p) => p.kind === 'selfExclusion'),
  );
});

test('admin: the players list filtered by suspect level leads to the player 360 view with its real figures and a note', async () => {
  const { context, page, errors } = await site.openAs(DESKTOP, adminJwt);

  // The list, filtered in the URL: only the suspect player, most suspect first.
  await page.goto('/admin/players?sort=suspect&suspectMin=30');
  const table = await visible(page.getByRole('table', { name: 'Players matching the filters' }));
  await visible(table.getByRole('link', { name: `Details of ${PLAYER_EMAIL}` }));
  expect(await table.getByRole('link', { name: `Details of ${OTHER_EMAIL}` }).count()).toBe(0);
  expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('suspect');
  await expectNoSeriousA11yViolations(page, { name: 'players list filtered' });
  await fullPageShot(page, 'players-filtered-1280');

  await table.getByRole('link', { name: `Details of ${PLAYER_EMAIL}` }).click();
  await visible(page.getByRole('heading', { name: PLAYER_EMAIL, level: 1 }));

  const totals = page.getByTestId('player-totals');
  await visible(totals.getByTestId('total-deposited').getByText('40,000', { exact: false }));
  await visible(totals.getByTestId('total-withdrawn').getByText('5,000', { exact: false }));

  const money = page.getByRole('region', { name: 'Money' });
  await visible(money.getByRole('table', { name: 'Lightning invoices' }).getByText('40,000 sats'));
  await visible(money.getByRole('table', { name: 'Withdrawals' }).getByText('5,000 sats'));

  const bonuses = page.getByRole('region', { name: 'Bonuses and codes' });
  await visible(bonuses.getByText('First deposit'));
  await visible(bonuses.getByText('Lapsed at a withdrawal request'));

  const sessions = page.getByRole('region', { name: 'Sessions' });
  await visible(sessions.getByRole('table', { name: 'Sessions' }).getByText(/127\.0\.0\.1|::1/).first());

  const limits = page.getByRole('region', { name: 'Limits and self-exclusion' });
  await visible(limits.getByText('Daily deposit limit'));
  await visible(limits.getByText('100,000 sats'));
  await visible(limits.getByText('Self-exclusion started'));

  const decisions = page.getByRole('region', { name: 'Staff decisions' });
  await visible(decisions.getByText('Bets rise with the count'));
  await visible(page.getByRole('region', { name: 'Suspect records' }).getByText('Set by an admin'));

  // A note: kept in the view and in the audit log.
  const notes = page.getByRole('region', { name: 'Staff notes' });
  await notes.getByRole('textbox', { name: 'New note' }).fill('Called her about the self-exclusion; she asked us to keep it.');
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await visible(notes.getByText('Note added.'));
  await visible(notes.getByRole('list', { name: 'Notes' }).getByText('Called her about the self-exclusion; she asked us to keep it.'));
  const log = await call<{ items: { action: string; reason: string }[] }>(`admin/audit-log?action=StaffNote&player=${playerId}`, { jwt: adminJwt });
  expect(log.items.map((e) => e.reason)).toEqual(['Called her about the self-exclusion; she asked us to keep it.']);

  await expectNoSeriousA11yViolations(page, { name: 'player 360 at 1280 px' });
  await fullPageShot(page, 'player-360-1280');

  await page.setViewportSize(PHONE);
  await visible(page.getByRole('heading', { name: PLAYER_EMAIL, level: 1 }));
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  await expectNoSeriousA11yViolations(page, { name: 'player 360 at 375 px' });
  await fullPageShot(page, 'player-360-375');

  // Right to left, in Arabic: the same sections, nothing wider than the phone.
  await page.goto(`/ar/admin/players/${playerId}`);
  await visible(page.getByRole('heading', { name: PLAYER_EMAIL, level: 1 }));
  await visible(page.getByRole('region', { name: 'ملاحظات الفريق' }).getByText('Called her about the self-exclusion; she asked us to keep it.'));
  const rtl = await page.evaluate(() => ({ dir: document.documentElement.dir, page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(rtl.dir).toBe('rtl');
  expect(rtl.page).toBeLessThanOrEqual(rtl.window);
  await expectNoSeriousA11yViolations(page, { name: 'player 360 in Arabic at 375 px' });
  await fullPageShot(page, 'player-360-375-ar');

  expect(errors).toEqual([]);
  await context.close();
});
