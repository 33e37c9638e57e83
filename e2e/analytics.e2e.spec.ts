import { expectNoSeriousA11yViolations } from './support/a11y';
import { fundPlayer, outsideInvoice, playHandByApi, signInByApi } from './support/accounts';
import { DESKTOP, PHONE, fullPageShot, screenshot, sectionShot } from './support/browser';
import { misfits } from './support/fit';
import { visible, waitUntil } from './support/journey';
import { siteForSpec } from './support/site';

/*
 * Analytics that explain themselves, and a brand previewed before it is saved, in Chromium against the built
 * server. Two players play; one is marked suspect at 60 and has a withdrawal declined. The admin reads the
 * realised edge with its interval and sample beside the published edge and its basis, the withdrawals by
 * outcome and the results by suspect level, at 1280 and 375 px, and exports them as CSV. On the branding
 * screen a chip made only of script is named as blank before anything is saved, and a brand is retired.
 */

const ADMIN_EMAIL = 'takwimu@bahati.test';

jest.setTimeout(240_000);

// The back office is the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const { call, openAs } = site;
const jwts: Record<string, string> = {};

beforeAll(async () => {
  jwts.admin = await signInByApi(call, ADMIN_EMAIL, 'Takwimu');
  jwts.amani = await signInByApi(call, 'amani@bahati.test', 'Amani Njeri');
  jwts.kito = await signInByApi(call, 'kito@bahati.test', 'Kito Mbeki');
  const kito = (await call<{ id: string }>('players/1234', { jwt: jwts.kito })).id;
  await fundPlayer(call, jwts.amani, '2015550191', 40_000);
  await fundPlayer(call, jwts.kito, '2015550192', 40_000);
  for (let i = 0; i < 3; i++) await playHandByApi(call, jwts.amani, 2_000);
  for (let i = 0; i < 2; i++) await playHandByApi(call, jwts.kito, 1_000);
  await call(`players/${kito}/suspect/60`, { method: 'POST', body: { reason: 'Bets follow the count' }, jwt: jwts.admin });
  const paymentRequest = await outsideInvoice(call, 5_000);
  await call('players/withdraw', { body: { amount: 5_000, paymentRequest }, jwt: jwts.kito });
  await waitUntil('the withdrawal in the admin list', async () => (await call<unknown[]>('players/adminwithdrawrequests', { jwt: jwts.admin })).length === 1);
  const [request] = await call<{ id: string }[]>('players/adminwithdrawrequests', { jwt: jwts.admin });
  await call(`players/declinewithdrawrequest?id=${request!.id}`, { method: 'PUT', body: { reason: 'Address shared with another account' }, jwt: jwts.admin });
});

test('the admin reads the edge with its interval and basis, withdrawals by outcome and results by suspect level, at 1280 and 375 px', async () => {
  const today = new Date().toISOString().slice(0, 10);
  type Report = { detail: { levels: { min: number; hands: number }[] } };
  const report = () => call<Report>(`admin/analytics?from=${today}&to=${today}`, { jwt: jwts.admin });
  // The read models have followed the hands and the suspect level set.
  await waitUntil('the hands by suspect level', async () => (await report()).detail.levels.find((band) => band.min === 50)?.hands === 2);
  for (const [viewport, name] of [
    [DESKTOP, 'analytics-1280'],
    [PHONE, 'analytics-375'],
  ] as const) {
    const { page, errors } = await openAs(viewport, jwts.admin);
    await page.goto(`/admin/analytics?from=${today}&to=${today}`);
    const edge = await visible(page.getByTestId('analytics-edge'));
    await visible(edge.getByText('5 hands'));
    await visible(page.getByTestId('edge-interval'));
    await visible(page.getByTestId('edge-basis').getByText('the dealer hitting soft 17', { exact: false }));
    await visible(page.getByTestId('edge-method').getByText('√(n·s²) ÷ total staked', { exact: false }));
    const withdrawals = page.getByTestId('analytics-withdrawals');
    expect(await withdrawals.getByTestId('withdrawals-requested').innerText()).toMatch(/Requested[\s\S]*1[\s\S]*5,000/);
    expect(await withdrawals.getByTestId('withdrawals-declined').innerText()).toMatch(/Declined[\s\S]*1[\s\S]*5,000/);
    const levels = page.getByTestId('analytics-levels');
    // Amani's own play (standing on everything) may raise her level on its own: her band is whichever holds the other three hands.
    expect((await report()).detail.levels.reduce((n, band) => n + band.hands, 0)).toBe(5);
    expect(await levels.getByTestId('level-50').innerText()).toMatch(/^50–79[\s\S]*1[\s\S]*2[\s\S]*2,000/);
    expect(await misfits(page, name)).toEqual([]);
    await expectNoSeriousA11yViolations(page, { name });
    await fullPageShot(page, name);
    await sectionShot(page.locator('section', { has: page.getByTestId('analytics-edge') }), `${name}-edge`);
    await sectionShot(page.locator('section', { has: page.getByTestId('analytics-levels') }), `${name}-levels`);
    expect(errors).toEqual([]);
    await page.close();
  }

  // Right to left, in Arabic, on a phone: nothing sticks out, axe is clean.
  const arabic = await openAs(PHONE, jwts.admin);
  await arabic.page.goto(`/ar/admin/analytics?from=${today}&to=${today}`);
  await visible(arabic.page.getByTestId('analytics-edge'));
  await visible(arabic.page.getByTestId('analytics-levels'));
  expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await misfits(arabic.page, 'analytics-375-ar')).toEqual([]);
  await expectNoSeriousA11yViolations(arabic.page, { name: 'analytics-375-ar' });
  await sectionShot(arabic.page.locator('section', { has: arabic.page.getByTestId('analytics-edge') }), 'analytics-375-ar-edge');
  expect(arabic.errors).toEqual([]);

  const csv = await fetch(`${site.server.baseUrl}/api/admin/analytics.csv?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${jwts.admin}` } });
  expect(csv.status).toBe(200);
  const lines = (await csv.text()).split('\r\n');
  expect(lines[lines.indexOf('withdrawals') + 2]).toBe('requested,1,5000');
  expect(lines[lines.indexOf('edge') + 2]).toMatch(/^5,8000,/);
});

test('a chip the sanitiser blanks is named before saving; a retired brand is drawn as the default for players', async () => {
  const { page, errors } = await openAs(DESKTOP, jwts.admin);
  await page.goto('/admin/branding');
  await visible(page.getByTestId('brand-editor'));
  await page.getByTestId('brand-create').click();
  await page.getByTestId('brand-id').fill('jioni');
  await page.getByTestId('brand-name').fill('Jioni');
  await page.getByTestId('markup-chip2Svg').fill('<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><script>alert(1)</script><foreignObject width="70" height="70"><p>5K</p></foreignObject></svg>');
  await page.getByTestId('brand-save').click();
  const warning = await visible(page.getByTestId('brand-blank-warning'));
  await visible(warning.getByText('The sanitiser removes everything visible from: Chip 5K.', { exact: false }));
  await visible(page.getByTestId('blank-chip2Svg'));
  expect(await page.getByTestId('preview-chip2Svg').getAttribute('data-sanitised')).toBe('true');
  expect((await call<{ id: string }[]>('players/brands')).map((b) => b.id)).toEqual(['bahati']);
  await expectNoSeriousA11yViolations(page, { name: 'brand preview warning' });
  // The whole editor: the blank chip's own warning among the drawings, and the warning above the save bar.
  await fullPageShot(page, 'brand-preview-warning-1280');

  // Saved anyway, then retired with a reason: players asking for it get the default brand.
  await page.getByRole('button', { name: 'Save anyway' }).click();
  const saved = await visible(page.getByTestId('brand-saved'));
  await saved.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('brand-retire').click();
  const dialog = await visible(page.getByTestId('brand-retire-dialog'));
  await dialog.getByRole('textbox').fill('Evening campaign over');
  await dialog.getByRole('button', { name: 'Retire', exact: true }).click();
  await visible(page.getByTestId('brand-retired').getByText('Evening campaign over', { exact: false }));
  await waitUntil('the default brand for ?id=jioni', async () => (await call<{ id: string }>('players/brand?id=jioni')).id === 'bahati');
  expect((await call<{ id: string }[]>('players/brands')).map((b) => b.id)).toEqual(['bahati']);
  await expectNoSeriousA11yViolations(page, { name: 'retired brand' });
  await screenshot(page, 'brand-retired-1280');
  expect(errors).toEqual([]);
});
