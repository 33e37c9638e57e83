import type { BonusDecisionResponse, CoachWeek, LimitsRequest, PlayerLimits } from '@bahati/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { bonus, limits, player } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, server } from '@/test/server';
import { Component as ProfilePage } from './profile-page';

const week: CoachWeek = { from: '2026-01-01', to: '2026-01-07', hands: 0, decisions: 0, deviations: 0, costMsat: 0 };

beforeEach(() => {
  server.use(http.get('/api/players/coach/week', () => HttpResponse.json(week)));
});

async function renderProfile() {
  const view = renderWithProviders(<ProfilePage />, { route: '/profile' });
  await screen.findByLabelText('Daily deposit limit');
  return view;
}

/** The limits form's answer: what was asked is in force now, or waits 24 hours when it loosens a limit. */
function limitsAnswer(before: PlayerLimits, asked: LimitsRequest): PlayerLimits {
  const next = structuredClone(before);
  for (const [kind, value] of Object.entries(asked) as [keyof PlayerLimits['limits'], number | null][]) {
    const current = next.limits[kind].value;
    const stricter = value !== null && (current === null || value < current);
    next.limits[kind] = stricter ? { value, pending: null } : { value: current, pending: { value, effectiveAt: '2026-01-06T10:00:00.000Z' } };
  }
  return next;
}

describe('the limits on the profile', () => {
  it('shows what is in force and what is used', async () => {
    server.use(http.get('/api/players/limits', () => HttpResponse.json(limits({ dailyDeposit: { value: 50_000, pending: null } }, { dailyDeposit: 20_000 }))));
    await renderProfile();
    const field = screen.getByLabelText('Daily deposit limit');
    await waitFor(() => expect(field).toHaveValue('50,000'));
    // Each term is followed by its figure.
    expect(screen.getByText('Deposited in the last 24 hours').nextElementSibling).toHaveTextContent('20,000 sats');
    const left = screen.getAllByText('Left').map((term) => term.nextElementSibling?.textContent);
    expect(left).toContain('30,000 sats');
  });

  it('says a lower limit applies at once and a higher one after 24 hours, before saving', async () => {
    server.use(http.get('/api/players/limits', () => HttpResponse.json(limits({ dailyLoss: { value: 50_000, pending: null } }))));
    const { user } = await renderProfile();
    const loss = screen.getByLabelText('Daily loss limit');
    await waitFor(() => expect(loss).toHaveValue('50,000'));
    await user.clear(loss);
    await user.type(loss, '10000');
    expect(await screen.findByText('Stricter than now: applies as soon as you save.')).toBeInTheDocument();
    await user.clear(loss);
    await user.type(loss, '90000');
    expect(await screen.findByText('Looser than now: applies 24 hours after you save.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Weekly deposit limit'), '5000');
    expect(await screen.findByText('A new limit: applies as soon as you save.')).toBeInTheDocument();
  });

  it('sends only the limits that changed', async () => {
    const before = limits({ monthlyLoss: { value: 100_000, pending: null } });
    server.use(
      http.get('/api/players/limits', () => HttpResponse.json(before)),
      http.put('/api/players/limits', async ({ request }) => HttpResponse.json(limitsAnswer(before, (await request.json()) as LimitsRequest))),
    );
    const sent = recordRequests();
    const { user } = await renderProfile();
    await user.type(screen.getByLabelText('Daily deposit limit'), '20000');
    await user.type(screen.getByLabelText('Session reminder'), '30');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('In force now')).toBeInTheDocument();
    const puts = await sent.to('PUT', '/players/limits');
    expect(puts.map((p) => p.body)).toEqual([{ dailyDeposit: 20_000, sessionReminderMinutes: 30 }]);
  });

  it('tells a loosened limit waits 24 hours once saved', async () => {
    const before = limits({ monthlyLoss: { value: 100_000, pending: null } });
    server.use(
      http.get('/api/players/limits', () => HttpResponse.json(before)),
      http.put('/api/players/limits', async ({ request }) => HttpResponse.json(limitsAnswer(before, (await request.json()) as LimitsRequest))),
    );
    const { user } = await renderProfile();
    const field = screen.getByLabelText('Monthly loss limit');
    await waitFor(() => expect(field).toHaveValue('100,000'));
    await user.click(screen.getByRole('button', { name: 'Remove: Monthly loss limit' }));
    expect(await screen.findByText('Removing it: applies 24 hours after you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Waiting 24 hours')).toBeInTheDocument();
    expect(await screen.findByText(/Asked to remove it: applies from/)).toBeInTheDocument();
  });

  it('refuses a reminder outside 1 to 1,440 minutes and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = await renderProfile();
    await user.type(screen.getByLabelText('Session reminder'), '2000');
    expect(await screen.findByText('Choose between 1 and 1,440 minutes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Please correct the fields marked above.')).toBeInTheDocument();
    expect(await sent.to('PUT', '/players/limits')).toHaveLength(0);
  });

  it('says when there is nothing to save', async () => {
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Nothing to save: change a limit first.')).toBeInTheDocument();
  });
});

describe('the rest of the profile', () => {
  it('shows the player and their totals', async () => {
    await renderProfile();
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it("sums up the last 7 days' decisions against basic strategy", async () => {
    server.use(http.get('/api/players/coach/week', () => HttpResponse.json<CoachWeek>({ ...week, hands: 40, decisions: 55, deviations: 3, costMsat: 1_500_000 })));
    await renderProfile();
    expect(await screen.findByText('Off the chart')).toBeInTheDocument();
    expect(screen.getByText('Off the chart').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Hands').nextElementSibling).toHaveTextContent('40');
    expect(screen.getByText('Expected value given away').nextElementSibling).toHaveTextContent('1,500 sats');
  });

  it('says when there were no hands in the last 7 days', async () => {
    await renderProfile();
    expect(await screen.findByText('No hands in the last 7 days.')).toBeInTheDocument();
  });

  it('redeems a bonus code', async () => {
    server.use(
      http.post('/api/players/redeemcode', () =>
        HttpResponse.json<BonusDecisionResponse>({ bonus: bonus({ status: 'Accepted', redeemCode: 'WELCOME5', bonusAmount: 5_000, playthroughTarget: 500_000 }), bank: 105_000 }),
      ),
    );
    const sent = recordRequests();
    const { user } = await renderProfile();
    await user.type(screen.getByLabelText('Bonus code'), 'WELCOME5');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Code redeemed: a bonus of 5,000 sats is in your bank. Wager 500,000 sats to complete it.')).toBeInTheDocument();
    const posts = await sent.to('POST', '/players/redeemcode');
    expect(posts.map((p) => p.body)).toEqual([{ code: 'WELCOME5' }]);
    expect(posts[0].headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says when a code has been used', async () => {
    server.use(http.post('/api/players/redeemcode', () => apiError('CodeAlreadyRedeemed')));
    const { user } = await renderProfile();
    await user.type(screen.getByLabelText('Bonus code'), 'WELCOME5');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('That bonus code has already been used.')).toBeInTheDocument();
  });

  it('turns self-exclusion on only once the player confirms, after being told what it blocks', async () => {
    server.use(
      http.post('/api/players/selfexclude/:value', ({ params }) => {
        const on = params.value === 'true';
        server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: on }))));
        return HttpResponse.json({ selfExclude: on, selfExclusionLiftsAt: null });
      }),
    );
    const sent = recordRequests();
    const { user } = await renderProfile();
    const box = screen.getByRole('checkbox', { name: 'Exclude me from play' });
    expect(box).not.toBeChecked();
    await user.click(box);
    const dialog = await screen.findByRole('dialog', { name: 'Exclude yourself from play?' });
    expect(dialog).toHaveTextContent('You cannot deal a hand or place any bet.');
    expect(dialog).toHaveTextContent('no new deposit addresses or Lightning invoices');
    expect(dialog).toHaveTextContent('You cannot redeem codes.');
    expect(dialog).toHaveTextContent('Withdrawals stay open');
    expect(await sent.to('POST', '/players/selfexclude/true')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Exclude me' }));
    expect(await screen.findByText(/Self-exclusion is on\./)).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sent.to('POST', '/players/selfexclude/true')).toHaveLength(1);
  });

  it('leaves self-exclusion off when the player cancels the confirmation', async () => {
    const sent = recordRequests();
    const { user } = await renderProfile();
    const box = screen.getByRole('checkbox', { name: 'Exclude me from play' });
    await user.click(box);
    await screen.findByRole('dialog', { name: 'Exclude yourself from play?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).not.toBeChecked();
    expect(await sent.to('POST', '/players/selfexclude/true')).toEqual([]);
  });

  it('asks for the lift, shows when it takes effect, and lets the player keep the exclusion', async () => {
    const liftsAt = '2026-01-06T10:00:00.000Z';
    server.use(
      http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: true }))),
      http.post('/api/players/selfexclude/:value', ({ params }) => {
        const lift = params.value === 'false' ? liftsAt : null;
        server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: true, selfExclusionLiftsAt: lift }))));
        return HttpResponse.json({ selfExclude: true, selfExclusionLiftsAt: lift });
      }),
    );
    const { user } = await renderProfile();
    const box = screen.getByRole('checkbox', { name: 'Exclude me from play' });
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    const lift = await screen.findByTestId('self-exclude-lift');
    expect(lift).toHaveTextContent(/It lifts at .*2026/);
    // Still excluded while the cooling-off runs: the box stays ticked and cannot be changed again.
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Keep self-exclusion on' }));
    expect(await screen.findByText('Your request to end self-exclusion is withdrawn: it stays on.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('self-exclude-lift')).not.toBeInTheDocument());
    expect(box).toBeEnabled();
  });

  it('signs out everywhere only once the player confirms', async () => {
    server.use(http.post('/api/players/logout-all', () => new HttpResponse(null, { status: 204 })));
    const sent = recordRequests();
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('a table in play included');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await sent.to('POST', '/players/logout-all')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(screen.getByTestId('sign-out-everywhere-confirm'));
    expect(await sent.to('POST', '/players/logout-all')).toHaveLength(1);
  });
});
