import { bonusOffered, depositByLightning, outsideInvoice, signInByApi, verifyPhone } from './support/accounts';
import { DESKTOP_SHORT, PHONE, fullPageShot, screenshot, sectionShot } from './support/browser';
import { bankShown, closePhoneChallenge, headerBalance, mainMenu, selfExcludeByPage, signInByPage, visible, waitUntil, whenEnabled } from './support/journey';
import { siteForSpec } from './support/site';
import { clearBet, openTable, standItOut } from './support/table';

/*
 * The account around the table, in Chromium against the built server on its embedded stand-ins:
 * deposit → the first-deposit bonus offered → accepted with the agreement box and the honest calculator →
 * a hand moves the playthrough bar → a withdrawal is refused with the lock notice → the profile shows the
 * totals and the level → self-exclusion, confirmed in a dialog → the table shows the self-excluded notice, no Deal.
 * Then the same screens at 375 px, a banned player's suspension page, the session-expired page, an
 * admin's redeem codes redeemed by a player on the profile, and the player's own limits: a daily deposit
 * limit refuses a larger invoice, raising it waits 24 hours, a loss limit refuses a deal, and the session
 * reminder at the table (the browser's clock moved on with Playwright's clock).
 */

const ADMIN_EMAIL = 'ofisi@bahati.test';

jest.setTimeout(240_000);

const site = siteForSpec({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

const { call, open } = site;

test('desktop: bonus offered and accepted, a hand moves the playthrough, withdrawals locked, profile, self-exclusion', async () => {
  // The withdrawal target: an invoice of a wallet outside the site.
  const payeeInvoice = await outsideInvoice(call, 10_000);

  const { context, page, errors } = await open(DESKTOP_SHORT);
  const { landing, jwt } = await signInByPage(page, 'neema@bahati.test', 'Neema Wanjiru');
  expect(landing).toBe('/deposit');
  await verifyPhone(call, jwt, '2015550131');
  await depositByLightning(call, jwt, 50_000);
  await bonusOffered(call, jwt);

  // The first deposit brings the offer: 100% of it, playthrough 125 × the bonus (the default).
  await page.goto('/bonuses');
  await visible(page.getByRole('heading', { level: 1, name: 'Bonuses' }));
  const table = page.getByTestId('bonus-table');
  await visible(table.getByTestId('bonus-status').getByText('Offered'));
  await visible(table.getByText('Wager 6,250,000 sats'));
  await visible(headerBalance(page, '50,000 sats'));
  await screenshot(page, 'account-desktop-01-bonus-offered');

  // The accept dialog: the offer, the honest calculator (6,250,000 × 0.572% ÷ 1.135 stakes per hand = 31,498) and the agreement box.
  const acceptButton = table.getByRole('button', { name: 'Accept the bonus of 50,000 sats' });
  await acceptButton.click();
  let dialog = await visible(page.getByTestId('accept-bonus-dialog'));
  await visible(dialog.getByText('Wager 6,250,000 sats'));
  expect(await dialog.getByTestId('calculator-bonus').textContent()).toBe('+50,000 sats');
  expect(await dialog.getByTestId('calculator-loss').textContent()).toBe('−31,498 sats');
  expect(await dialog.getByTestId('calculator-value').textContent()).toBe('+18,502 sats');
  await visible(dialog.getByText('On average you come out about 18,502 sats ahead by accepting.'));
  // Both bases of the edge, each named.
  await visible(dialog.getByTestId('calculator-edge').getByText('The house edge at level 0 is 0.572% per initial bet.', { exact: false }));
  await visible(dialog.getByTestId('calculator-edge').getByText('so here it costs 0.504% per satoshi wagered.', { exact: false }));
  await visible(dialog.getByText('0.504% of what is wagered is the house edge we measured for your level', { exact: false }));
  expect(await dialog.getByRole('link', { name: /Read the bonus terms/ }).getAttribute('href')).toBe('/bahati-terms-of-use');
  const confirm = dialog.getByRole('button', { name: 'Accept bonus' });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel('I have read and agree to the bonus terms.').check();
  expect(await confirm.isEnabled()).toBe(true);
  await screenshot(page, 'account-desktop-02-accept-dialog');
  // Closing and opening again unticks the box.
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await page.getByTestId('accept-bonus-dialog').waitFor({ state: 'detached' });
  await acceptButton.click();
  dialog = await visible(page.getByTestId('accept-bonus-dialog'));
  expect(await dialog.getByLabel('I have read and agree to the bonus terms.').isChecked()).toBe(false);
  expect(await dialog.getByRole('button', { name: 'Accept bonus' }).isDisabled()).toBe(true);
  await dialog.getByLabel('I have read and agree to the bonus terms.').check();
  await dialog.getByRole('button', { name: 'Accept bonus' }).click();
  await page.getByTestId('accept-bonus-dialog').waitFor({ state: 'detached' });

  // The list reloads and the header's bank follows the answer.
  await visible(page.getByTestId('bonus-outcome').getByText('Bonus accepted: 50,000 sats are in your bank.', { exact: false }));
  await visible(table.getByTestId('bonus-status').getByText('Accepted'));
  await visible(headerBalance(page, '100,000 sats'));
  expect(await table.getByTestId('playthrough-text').textContent()).toBe('0 / 6,250,000');
  expect(await table.getByRole('button', { name: /Accept the bonus/ }).count()).toBe(0);
  await screenshot(page, 'account-desktop-03-bonus-accepted');

  // One hand of 5,000 sats at the table.
  await mainMenu(page).getByRole('link', { name: 'Play', exact: true }).click();
  await page.waitForURL('**/game');
  await whenEnabled(page.getByTestId('action-deal'));
  expect(await page.getByTestId('table').getAttribute('data-speed')).toBe('normal');
  await page.getByTestId('chip-5K').click();
  await page.getByTestId('action-deal').click();
  await standItOut(page);
  await visible(page.getByTestId('hand-result'));

  // The playthrough bar moved by the stake.
  await mainMenu(page).getByRole('link', { name: 'Bonuses', exact: true }).click();
  await page.waitForURL('**/bonuses');
  const text = table.getByTestId('playthrough-text');
  await visible(text.getByText('5,000 / 6,250,000'));
  expect(await table.getByTestId('playthrough-bar').getAttribute('aria-valuenow')).toBe('5000');
  await visible(page.getByTestId('active-bonus').getByText('Wager 6,245,000 sats more and withdrawals open again.', { exact: false }));
  await screenshot(page, 'account-desktop-04-playthrough-moved');

  // Withdrawals are locked: the notice is there before asking, and the request dialog says why instead of a form.
  await mainMenu(page).getByRole('link', { name: 'Withdraw', exact: true }).click();
  await page.waitForURL('**/withdraws');
  const locked = await visible(page.getByTestId('withdraw-locked'));
  await visible(locked.getByText('Withdrawals are locked'));
  await visible(locked.getByText('5,000 of 6,250,000 sats wagered: 6,245,000 sats to go.'));
  expect(await locked.getByRole('link', { name: 'See my bonuses' }).getAttribute('href')).toBe('/bonuses');
  await page.getByRole('button', { name: 'Request a withdrawal' }).click();
  const lockedDialog = await visible(page.getByTestId('withdraw-dialog'));
  await visible(lockedDialog.getByText('You cannot request a withdrawal yet: your accepted bonuses still require wagering.'));
  await visible(lockedDialog.getByText('5,000 of 6,250,000 sats wagered: 6,245,000 sats to go.'));
  expect(await lockedDialog.getByLabel('Amount in sats').count()).toBe(0);
  await screenshot(page, 'account-desktop-05-withdraw-locked');
  // The server decides the lock from the same sum, and says it.
  await expect(call('players/withdraw', { body: { amount: 10_000, paymentRequest: payeeInvoice }, jwt })).rejects.toThrow(
    /answered 400: .*PlaythroughRequirementNotMet.*wager 6245000 sats more to open them/,
  );
  await lockedDialog.getByRole('link', { name: 'See my bonuses' }).click();
  await page.waitForURL('**/bonuses');

  // The header's photo leads to the profile: totals, level, the redeem section.
  await page.getByRole('banner').getByRole('link', { name: 'Profile of Neema Wanjiru' }).click();
  await page.waitForURL('**/profile');
  await visible(page.getByTestId('profile-email').getByText('neema@bahati.test'));
  // The totals are read fresh on arrival.
  await page.waitForFunction(() => document.querySelector('[data-testid="stat-hands"]')?.textContent === '1');
  await visible(page.getByTestId('stat-total-bet').getByText('5,000 sats', { exact: true }));
  await visible(page.getByTestId('stat-total-won').getByText(/ sats$/));
  await visible(page.getByTestId('stat-net').getByText(/sats$/));
  const ladder = page.getByTestId('level-ladder');
  await visible(ladder.locator('[aria-current="step"]').getByText('Level 0'));
  await visible(ladder.getByText('0.572%'));
  await visible(ladder.getByText('Six-card Charlie', { exact: false }));
  // A code under 5 characters is refused without asking the server.
  const redeem = page.getByTestId('redeem-form');
  await redeem.getByLabel('Bonus code').fill('ab1');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await visible(redeem.getByTestId('redeem-result').getByText('That bonus code is not valid.'));
  await redeem.getByLabel('Bonus code').fill('');

  // Deal animations off: saved at once, and the table plays without them.
  const animate = page.getByRole('switch', { name: 'Deal animations' });
  expect(await animate.isChecked()).toBe(true);
  await animate.click();
  await page.waitForFunction(() => (document.querySelector('[data-testid="animate-switch"]') as HTMLInputElement | null)?.checked === false);
  // The switch turns at once; the save it sends answers a moment later.
  await waitUntil('the profile says deal animations are off', async () => (await call<{ animate: boolean }>('players/1234', { jwt })).animate === false);
  await fullPageShot(page, 'account-desktop-06-profile');

  // The table follows the animation setting until a speed is picked at the table: off deals instantly.
  await openTable(page);
  expect(await page.getByTestId('table').getAttribute('data-speed')).toBe('instant');
  await page.goto('/profile');

  // Self-exclusion, once confirmed, starts at once and says what it means.
  await selfExcludeByPage(page);
  const confirmation = page.getByTestId('self-exclude-confirmation');
  expect(await confirmation.getByRole('link', { name: 'What self-exclusion means' }).getAttribute('href')).toBe('/self-excluded');
  await expect(call<{ selfExclude: boolean }>('players/1234', { jwt })).resolves.toMatchObject({ selfExclude: true });
  await page.getByTestId('self-exclude-confirmation').scrollIntoViewIfNeeded();
  await screenshot(page, 'account-desktop-07-self-excluded-confirmed');

  // The table shows the self-exclusion notice in its place: no Deal.
  await mainMenu(page).getByRole('link', { name: 'Play', exact: true }).click();
  await page.waitForURL('**/game');
  await visible(page.getByRole('heading', { level: 1, name: 'You have excluded yourself from play' }));
  expect(await page.getByTestId('action-deal').count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Open my profile' }).getAttribute('href')).toBe('/profile');
  expect(await page.getByRole('link', { name: 'Withdraw my balance' }).getAttribute('href')).toBe('/withdraws');
  await screenshot(page, 'account-desktop-08-self-excluded');
  await fullPageShot(page, 'account-desktop-08-self-excluded-full');

  // Signing in again while self-excluded lands on the notice.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await signInByPage(page, 'neema@bahati.test', 'Neema Wanjiru', { landing: '/self-excluded' })).landing).toBe('/self-excluded');
  expect(errors).toEqual([]);
  await context.close();
});

test('a banned player lands on the suspension page; a 401 shows the session-expired page', async () => {
  const admin = await signInByApi(call, ADMIN_EMAIL, 'Ofisi');
  const banned = await signInByApi(call, 'kifaru@bahati.test', 'Kifaru');
  const { id } = await call<{ id: string }>('players/1234', { jwt: banned });
  await expect(call<{ banned: boolean }>(`players/${id}/ban`, { method: 'POST', body: { reason: 'Suspended for the journey' }, jwt: admin })).resolves.toMatchObject({ banned: true });

  for (const [viewport, width] of [
    [DESKTOP_SHORT, 'desktop'],
    [PHONE, 'mobile'],
  ] as const) {
    const { context, page, errors } = await open(viewport);
    const { landing } = await signInByPage(page, 'kifaru@bahati.test', 'Kifaru', { landing: '/suspect' });
    expect(landing).toBe('/suspect');
    await visible(page.getByRole('heading', { level: 1, name: 'Your account is suspended' }));
    await visible(page.getByTestId('suspect-balance').getByText('0 sats'));
    await bankShown(page);
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/bahati-contact-information');
    await screenshot(page, `account-${width}-09-suspect`);
    await fullPageShot(page, `account-${width}-09-suspect-full`);

    // The session ends (a token the server refuses): the three lines on the sign-in page.
    await page.evaluate(() => window.localStorage.setItem('jwt', 'no-longer-valid'));
    await page.goto('/ledger');
    await page.waitForURL('**/authentication');
    const ended = await visible(page.getByTestId('session-ended'));
    expect(await ended.locator('li').allTextContents()).toEqual([
      'Your session has ended. Please sign in again.',
      'If you were in the middle of something, your last action was not recorded.',
      'A hand you had in play is kept: it resumes where it stopped once you sign in.',
    ]);
    await screenshot(page, `account-${width}-10-session-expired`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('375 px: the bonuses, profile and self-exclusion screens fit a phone, in English and Swahili', async () => {
  const { context, page, errors } = await open(PHONE);
  const { jwt } = await signInByPage(page, 'baraka.account@bahati.test', 'Baraka');
  await verifyPhone(call, jwt, '2015550152');
  await depositByLightning(call, jwt, 20_000);
  await bonusOffered(call, jwt);

  await page.goto('/bonuses');
  const table = page.getByTestId('bonus-table');
  await visible(table.getByTestId('bonus-status').getByText('Offered'));
  await bankShown(page);
  await screenshot(page, 'account-mobile-01-bonus-offered');
  await fullPageShot(page, 'account-mobile-01-bonus-offered-full');

  await table.getByRole('button', { name: 'Accept the bonus of 20,000 sats' }).click();
  const dialog = await visible(page.getByTestId('accept-bonus-dialog'));
  // 125 × 20,000 = 2,500,000 wagered; at 0.572% a bet and 1.135 bets staked a hand that costs 12,599.
  expect(await dialog.getByTestId('calculator-loss').textContent()).toBe('−12,599 sats');
  expect(await dialog.getByTestId('calculator-value').textContent()).toBe('+7,401 sats');
  await screenshot(page, 'account-mobile-02-accept-dialog');
  await dialog.getByLabel('I have read and agree to the bonus terms.').check();
  await dialog.getByRole('button', { name: 'Accept bonus' }).click();
  await page.getByTestId('accept-bonus-dialog').waitFor({ state: 'detached' });
  await visible(table.getByTestId('bonus-status').getByText('Accepted'));
  await visible(table.getByTestId('playthrough-text').getByText('0 / 2,500,000'));
  await screenshot(page, 'account-mobile-03-bonus-accepted');
  await fullPageShot(page, 'account-mobile-03-bonus-accepted-full');

  await page.goto('/sw/bonuses');
  await visible(page.getByRole('heading', { level: 1, name: 'Bonasi' }));
  await visible(table.getByTestId('bonus-status').getByText('Imekubaliwa'));
  await bankShown(page);
  await fullPageShot(page, 'account-mobile-04-bonuses-sw');

  await page.goto('/withdraws');
  await visible(page.getByTestId('withdraw-locked'));
  await bankShown(page);
  await screenshot(page, 'account-mobile-05-withdraw-locked');

  await page.goto('/profile');
  await visible(page.getByTestId('profile-email').getByText('baraka.account@bahati.test'));
  await bankShown(page);
  await screenshot(page, 'account-mobile-06-profile');
  await fullPageShot(page, 'account-mobile-06-profile-full');
  await selfExcludeByPage(page);

  await page.goto('/sw/profile');
  await visible(page.getByRole('heading', { level: 1, name: 'Wasifu' }));
  await visible(page.getByTestId('self-exclude-confirmation').or(page.getByLabel('Nitenge na michezo')));
  await bankShown(page);
  await fullPageShot(page, 'account-mobile-07-profile-sw');

  await page.goto('/self-excluded');
  await visible(page.getByRole('heading', { level: 1, name: 'You have excluded yourself from play' }));
  await bankShown(page);
  await screenshot(page, 'account-mobile-08-self-excluded');
  await fullPageShot(page, 'account-mobile-08-self-excluded-full');
  expect(errors).toEqual([]);
  await context.close();
});

test('an admin creates redeem codes; a player redeems one on the profile', async () => {
  const admin = await open(DESKTOP_SHORT);
  const { landing } = await signInByPage(admin.page, ADMIN_EMAIL, 'Ofisi');
  expect(landing).toBe('/deposit');
  await closePhoneChallenge(admin.page);
  await mainMenu(admin.page).getByRole('button', { name: 'Admin' }).click();
  await mainMenu(admin.page).getByRole('link', { name: 'Redeem Codes' }).click();
  await admin.page.waitForURL('**/admin/redeem-codes');
  await visible(admin.page.getByText('No redeem codes yet.'));

  // The form's own checks, then the server's word on a code that exists already.
  const form = admin.page.getByTestId('create-redeem-code');
  await form.getByLabel('Code', { exact: true }).fill('AB');
  await form.getByRole('button', { name: 'Create code' }).click();
  await visible(form.getByText('A code has 5 to 64 characters', { exact: false }));
  await visible(form.getByText('Enter a whole number of satoshis above zero.'));
  await form.getByLabel('Code', { exact: true }).fill('Karibu-25');
  await form.getByLabel('Bonus in sats').fill('25000');
  await form.getByLabel('Playthrough target in sats').fill('500000');
  await form.getByLabel('Maximum redemptions').fill('100');
  await form.getByRole('button', { name: 'Create code' }).click();
  await visible(admin.page.getByTestId('redeem-code-created').getByText('Code KARIBU-25 created.'));
  const row = admin.page.getByTestId('redeem-code-KARIBU-25');
  await visible(row.getByTestId('redeem-code-uses').getByText('0 of 100'));
  await form.getByLabel('Code', { exact: true }).fill('karibu-25');
  await form.getByLabel('Bonus in sats').fill('1000');
  await form.getByRole('button', { name: 'Create code' }).click();
  await visible(form.getByTestId('create-redeem-code-error').getByText('The code could not be created:', { exact: false }));
  await fullPageShot(admin.page, 'account-desktop-11-admin-redeem-codes');

  // A player without money cannot redeem; after a deposit the code credits its bonus at once.
  const player = await open(DESKTOP_SHORT);
  const { jwt } = await signInByPage(player.page, 'zuri@bahati.test', 'Zuri');
  await verifyPhone(call, jwt, '2015550174');
  await player.page.goto('/profile');
  const redeem = player.page.getByTestId('redeem-form');
  await redeem.getByLabel('Bonus code').fill('NOSUCHCODE');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await visible(redeem.getByTestId('redeem-result').getByText('That bonus code is not valid.'));
  await redeem.getByLabel('Bonus code').fill('karibu-25');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await visible(redeem.getByTestId('redeem-result').getByText('Your bank is too low to redeem this code. Make a deposit first.'));

  await depositByLightning(call, jwt, 10_000);
  await redeem.getByLabel('Bonus code').fill('karibu-25');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await visible(redeem.getByTestId('redeem-result').getByText('Code redeemed: a bonus of 25,000 sats is in your bank. Wager 500,000 sats to complete it.'));
  await visible(headerBalance(player.page, '35,000 sats'));
  await screenshot(player.page, 'account-desktop-12-redeemed');
  await redeem.getByLabel('Bonus code').fill('KARIBU-25');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await visible(redeem.getByTestId('redeem-result').getByText('You have already redeemed this bonus code.'));

  await player.page.goto('/bonuses');
  const bonusRow = player.page.getByTestId('bonus-table').getByRole('row').filter({ hasText: 'KARIBU-25' });
  await visible(bonusRow.getByTestId('bonus-status').getByText('Accepted'));
  await visible(bonusRow.getByTestId('playthrough-text').getByText('0 / 500,000'));
  await player.context.close();

  await admin.page.getByRole('button', { name: 'Refresh' }).click();
  await visible(row.getByTestId('redeem-code-uses').getByText('1 of 100'));
  await admin.page.setViewportSize(PHONE);
  await fullPageShot(admin.page, 'account-mobile-11-admin-redeem-codes');
  expect(admin.errors).toEqual([]);
  expect(player.errors).toEqual([]);
  await admin.context.close();
});

/** "−1,000", "+1,500", "0": a net as the reminder writes it. */
const signedSats = (net: number) => `${net > 0 ? '+' : net < 0 ? '−' : ''}${Math.abs(net).toLocaleString('en-US')}`;

test('limits on the profile: a deposit limit refuses a larger invoice, raising it waits 24 hours; a loss limit and the session reminder at the table', async () => {
  const { context, page, errors } = await open(DESKTOP_SHORT);
  const { jwt } = await signInByPage(page, 'amani.limits@bahati.test', 'Amani Limits');
  await verifyPhone(call, jwt, '2015550193');
  await depositByLightning(call, jwt, 5_000);

  await page.goto('/profile');
  const limits = await visible(page.getByTestId('limits-section'));
  const daily = limits.getByTestId('limit-dailyDeposit');
  await visible(daily.getByTestId('limit-in-force').getByText('No limit'));
  await visible(daily.getByTestId('limit-used').getByText('5,000 sats', { exact: true }));
  await visible(limits.getByText('Raising or removing a limit applies 24 hours after you ask', { exact: false }));

  // The field says what is wrong with what was typed, and nothing is sent while it is wrong.
  const dailyInput = limits.getByLabel('Daily deposit limit', { exact: true });
  const save = limits.getByRole('button', { name: 'Save limits' });
  await dailyInput.fill('20000.5');
  await visible(daily.getByText('Whole numbers only: no decimal point or decimal comma.'));
  await dailyInput.fill('-20000');
  await visible(daily.getByText('A negative amount is not allowed: leave out the minus sign.'));
  await dailyInput.fill('20k');
  await visible(daily.getByText('Use digits only (0–9).'));
  expect(await dailyInput.getAttribute('aria-invalid')).toBe('true');
  await save.click();
  await visible(limits.getByTestId('limits-message').getByText('Please correct the fields marked above.'));
  await expect(call('players/limits', { jwt })).resolves.toMatchObject({ limits: { dailyDeposit: { value: null } } });

  // A limit where there was none applies at once.
  await dailyInput.fill('20000');
  await visible(daily.getByTestId('limit-preview').getByText('A new limit: applies as soon as you save.'));
  await save.click();
  const saved = limits.getByTestId('limits-saved');
  await visible(saved.getByTestId('limits-saved-now').getByText('Daily deposit limit: 20,000 sats'));
  await visible(daily.getByTestId('limit-in-force').getByText('20,000 sats', { exact: true }));
  await visible(daily.getByTestId('limit-left').getByText('15,000 sats', { exact: true }));
  expect(await dailyInput.inputValue()).toBe('20,000');
  await expect(call('players/limits', { jwt })).resolves.toMatchObject({ limits: { dailyDeposit: { value: 20_000, pending: null } } });
  // Saving again with nothing changed sends nothing.
  await save.click();
  await visible(limits.getByTestId('limits-message').getByText('Nothing to save: change a limit first.'));

  // An invoice past the limit (5,000 deposited + 16,000 > 20,000) is refused, and the refusal leads to the limits.
  await page.goto('/deposit');
  await bankShown(page);
  const lightning = page.getByTestId('lightning-section');
  await lightning.getByLabel('Amount in sats').fill('16000');
  await lightning.getByRole('button', { name: 'Generate invoice' }).click();
  const refusal = await visible(page.getByTestId('deposit-error'));
  await visible(refusal.getByText('That would go past a deposit limit you set yourself: 20,000 sats, of which 5,000 are already deposited in its window or asked for by invoices still open.', { exact: false }));
  const toLimits = refusal.getByRole('link', { name: 'See my limits' });
  expect(await toLimits.getAttribute('href')).toBe('/profile#limits');
  // Only the invoice of the first deposit is listed: no new one was created.
  expect(await page.getByTestId('invoice-table').getByTestId('invoice-status').count()).toBe(1);
  await screenshot(page, 'account-desktop-13-deposit-limit-refused');
  await toLimits.click();
  await page.waitForURL('**/profile#limits');
  await visible(limits);
  await page.waitForFunction(() => {
    const top = document.getElementById('limits')?.getBoundingClientRect().top;
    return top !== undefined && top >= 0 && top < 200;
  });

  // Raising it waits 24 hours: the old limit stays in force and the new one shows as pending.
  await dailyInput.fill('100000');
  await visible(daily.getByTestId('limit-preview').getByText('Looser than now: applies 24 hours after you save.'));
  await save.click();
  await visible(saved.getByTestId('limits-saved-later').getByText(/^Daily deposit limit: 100,000 sats, from /));
  await visible(daily.getByTestId('limit-in-force').getByText('20,000 sats', { exact: true }));
  await visible(daily.getByTestId('limit-pending').getByText(/^Asked for 100,000 sats: applies from /));
  const stored = await call<{ limits: { dailyDeposit: { value: number; pending: { value: number; effectiveAt: string } } } }>('players/limits', { jwt });
  expect(stored.limits.dailyDeposit.value).toBe(20_000);
  expect(stored.limits.dailyDeposit.pending?.value).toBe(100_000);
  const wait = Date.parse(stored.limits.dailyDeposit.pending.effectiveAt) - Date.now();
  expect(wait).toBeGreaterThan(23.9 * 3_600_000);
  expect(wait).toBeLessThanOrEqual(24 * 3_600_000);

  // The session reminder, every minute: a new setting applies at once.
  await limits.getByLabel('Session reminder', { exact: true }).fill('1');
  await save.click();
  await visible(saved.getByTestId('limits-saved-now').getByText('Session reminder: Every minute'));
  await visible(limits.getByTestId('limit-sessionReminderMinutes').getByTestId('limit-in-force').getByText('Every minute'));
  await bankShown(page);
  await sectionShot(limits, 'account-desktop-14-profile-limits');
  await page.setViewportSize(PHONE);
  await sectionShot(limits, 'account-mobile-14-profile-limits');
  await page.goto('/sw/profile#limits');
  await visible(page.getByRole('heading', { level: 2, name: 'Vikomo vyako' }));
  await visible(limits.getByTestId('limit-dailyDeposit').getByTestId('limit-pending'));
  await sectionShot(limits, 'account-mobile-15-profile-limits-sw');
  await page.setViewportSize(DESKTOP_SHORT);

  // Remove empties the field and says it would wait 24 hours; keeping the current limit cancels the waiting raise at once.
  await page.goto('/profile#limits');
  await visible(daily.getByTestId('limit-pending'));
  await limits.getByRole('button', { name: 'Remove: Daily deposit limit' }).click();
  expect(await dailyInput.inputValue()).toBe('');
  await visible(daily.getByTestId('limit-preview').getByText('Removing it: applies 24 hours after you save.'));
  await daily.getByRole('button', { name: 'Keep the current setting: Daily deposit limit' }).click();
  expect(await dailyInput.inputValue()).toBe('20,000');
  await visible(daily.getByTestId('limit-preview').getByText('Keeps the current setting and cancels the waiting change', { exact: false }));
  await save.click();
  await visible(saved.getByTestId('limits-saved-now').getByText('Daily deposit limit: 20,000 sats'));
  await daily.getByTestId('limit-pending').waitFor({ state: 'detached' });
  await expect(call('players/limits', { jwt })).resolves.toMatchObject({ limits: { dailyDeposit: { value: 20_000, pending: null } } });

  // At the table, with the browser's clock under the test's control: one hand, then a minute later the reminder.
  await page.clock.install();
  await openTable(page);
  await page.getByTestId('chip-1K').click();
  await page.getByTestId('action-deal').click();
  await standItOut(page);
  await visible(page.getByTestId('hand-result'));
  expect(await page.getByTestId('session-reminder').count()).toBe(0);
  await page.clock.fastForward('01:05');
  const reminder = await visible(page.getByTestId('session-reminder'));
  // The net is the settled hand's: the same as the player's totals after this one hand.
  let player = { handsPlayed: 0, netAmount: 0 };
  await waitUntil('the hand in the player\'s totals', async () => (player = await call<typeof player>('players/1234', { jwt })).handsPlayed >= 1);
  expect(await reminder.getByTestId('session-reminder-text').textContent()).toBe(`You have played 1 minute; net ${signedSats(player.netAmount)}\u00a0sats.`);
  await visible(reminder.getByText('This reminder comes every minute.', { exact: false }));
  expect(await reminder.getByRole('link', { name: 'My limits' }).getAttribute('href')).toBe('/profile#limits');
  await screenshot(page, 'account-desktop-16-session-reminder');
  await reminder.getByRole('button', { name: 'Keep playing' }).click();
  await page.getByTestId('session-reminder').waitFor({ state: 'detached' });

  // A reload keeps the session: the next reminder comes a minute later, with the time counted from the start.
  await page.reload();
  await whenEnabled(page.getByTestId('action-deal'));
  expect(await page.getByTestId('session-reminder').count()).toBe(0);
  await page.clock.fastForward('01:00');
  const again = await visible(page.getByTestId('session-reminder'));
  expect(await again.getByTestId('session-reminder-text').textContent()).toMatch(/^You have played [2-9] minutes; net /);
  await page.setViewportSize(PHONE);
  await screenshot(page, 'account-mobile-16-session-reminder');
  await page.setViewportSize(DESKTOP_SHORT);
  await again.getByRole('button', { name: 'Keep playing' }).click();
  await page.getByTestId('session-reminder').waitFor({ state: 'detached' });

  // A loss limit set lower applies at once: a deal whose stake could go past it is refused, with the way to the limits.
  await call('players/limits', { method: 'PUT', body: { dailyLoss: 500 }, jwt });
  await clearBet(page);
  await page.getByTestId('chip-1K').click();
  await page.getByTestId('action-deal').click();
  const notice = await visible(page.getByTestId('table-notice'));
  await visible(notice.getByText('That would go past a loss limit you set yourself: 500 sats', { exact: false }));
  expect(await notice.getByRole('link', { name: 'See my limits' }).getAttribute('href')).toBe('/profile#limits');
  await screenshot(page, 'account-desktop-17-loss-limit-refused');
  expect(errors).toEqual([]);
  await context.close();
});
