import type { PlayerOverview, StaffNoteView } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PLAYER_ID, playerOverview } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, recordRequests, server } from '@/test/server';
import { Component as PlayerDetailsPage } from './player-details-page';

const T = '2026-01-05T10:00:00.000Z';
const ADMIN = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const history: PlayerOverview = playerOverview({
  totals: { deposited: 50_000, withdrawn: 10_000, bonuses: 2_500 },
  invoices: [{ id: 'inv-1', createdTime: T, amount: 50_000, status: 'Settled', paymentRequest: 'lnbcrt500u1p', expiresAt: T, settledTime: T }],
  withdrawals: [
    {
      id: 'w-1', requestTime: T, amount: 10_000, playerId: PLAYER_ID, email: 'ada@example.com', method: 'bitcoin', status: 'Created', statusCode: 0, reference: null, reviewerId: null,
      decisionTime: null, targetAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', paid: false, payout: 'None', payoutError: null, payoutTime: null, firstApproval: null, decisionReason: null,
    },
  ],
  bonuses: [
    { id: '11111111-1111-4111-8111-111111111111', date: T, redeemCode: 'HELLO-360', bonusAmount: 2_500, status: 'Accepted', playthrough: 1_000, playthroughTarget: 312_500, expiresAt: null, endedBy: null, endedAt: null },
    { id: '22222222-2222-4222-8222-222222222222', date: T, redeemCode: null, bonusAmount: 50_000, status: 'Expired', playthrough: 0, playthroughTarget: 10_000_000, expiresAt: null, endedBy: 'withdrawal', endedAt: T },
  ],
  sessions: [
    { sessionId: 's-2', startedAt: T, expiresAt: '2026-01-12T10:00:00.000Z', endedAt: null, endReason: null, address: '198.51.100.23' },
    { sessionId: 's-1', startedAt: T, expiresAt: '2026-01-12T10:00:00.000Z', endedAt: T, endReason: 'logout', address: null },
  ],
  protections: [
    { id: 'p-2', at: T, kind: 'selfExclusionLiftRequested', value: null, effectiveAt: '2026-01-06T10:00:00.000Z' },
    { id: 'p-1', at: T, kind: 'dailyDeposit', value: 200_000, effectiveAt: null },
  ],
  notes: [{ id: 'n-1', at: T, staffId: ADMIN, staffEmail: 'desk@example.com', note: 'Called about the withdrawal.' }],
  staffActions: [
    { id: 'a-1', at: T, action: 'SuspectLevel', staffId: ADMIN, staffEmail: 'boss@example.com', subject: PLAYER_ID, playerId: PLAYER_ID, playerEmail: 'ada@example.com', amount: null, reason: 'Bets follow the count', before: '0', after: '30' },
  ],
});

beforeEach(() => {
  server.use(
    http.get('/api/players/:id/suspect', () => HttpResponse.json({ playerId: PLAYER_ID, suspectLevel: 0, items: [], total: 0, offset: 0, limit: 25 })),
    http.get('/api/players/:id/hands', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  );
});

const render = () => renderWithProviders(<PlayerDetailsPage />, { route: `/admin/players/${PLAYER_ID}`, path: '/admin/players/:playerId' });
const section = (name: string) => screen.findByRole('region', { name });

describe('the player 360 view', () => {
  it('shows the money to date, each deposit and withdrawal, the bonuses and codes, the sessions with their addresses and the limits', async () => {
    asStaff('admin');
    server.use(http.get('/api/admin/players/:id/overview', () => HttpResponse.json(history)));
    render();
    const totals = await screen.findByTestId('player-totals');
    expect(within(totals).getByTestId('total-deposited')).toHaveTextContent('50,000');
    expect(within(totals).getByTestId('total-withdrawn')).toHaveTextContent('10,000');

    const money = await section('Money');
    expect(within(within(money).getByRole('table', { name: 'Lightning invoices' })).getByText('Settled')).toBeInTheDocument();
    expect(within(within(money).getByRole('table', { name: 'Withdrawals' })).getByText('In review')).toBeInTheDocument();
    expect(within(money).getByText('No Bitcoin deposits.')).toBeInTheDocument();

    const bonuses = await section('Bonuses and codes');
    expect(within(bonuses).getByText('HELLO-360')).toBeInTheDocument();
    expect(within(bonuses).getByText('First deposit')).toBeInTheDocument();
    expect(within(bonuses).getByText('Lapsed at a withdrawal request')).toBeInTheDocument();

    const sessions = await section('Sessions');
    expect(within(sessions).getByText('198.51.100.23')).toBeInTheDocument();
    expect(within(sessions).getByText('Not recorded')).toBeInTheDocument();
    expect(within(sessions).getByText('Signed out')).toBeInTheDocument();

    const limits = await section('Limits and self-exclusion');
    expect(within(limits).getByText('Daily deposit limit')).toBeInTheDocument();
    expect(within(limits).getByText('Asked to end the self-exclusion')).toBeInTheDocument();

    const decisions = await section('Staff decisions');
    expect(within(decisions).getByText('Bets follow the count')).toBeInTheDocument();
    expect(within(decisions).getByRole('link', { name: 'Open in the audit log' })).toHaveAttribute('href', `/admin/audit-log?player=${PLAYER_ID}`);
  });

  it('hides the staff decisions from support, who still read the notes', async () => {
    asStaff('support');
    server.use(http.get('/api/admin/players/:id/overview', () => HttpResponse.json({ ...history, staffActions: null })));
    render();
    // The section is on the page while the overview loads: its notes come with the answer.
    const notes = await section('Staff notes');
    expect(await within(notes).findByText('Called about the withdrawal.')).toBeInTheDocument();
    expect(within(notes).getByText('desk@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Staff decisions' })).not.toBeInTheDocument();
  });

  it('adds a note: too short is refused at the field, a real one is sent trimmed and listed first', async () => {
    asStaff('support');
    const added: StaffNoteView = { id: 'n-2', at: '2026-01-06T10:00:00.000Z', staffId: ADMIN, staffEmail: 'desk@example.com', note: 'Asked for proof of address.' };
    server.use(
      http.get('/api/admin/players/:id/overview', () => HttpResponse.json(history)),
      http.post('/api/admin/players/:id/notes', () => HttpResponse.json([added, ...history.notes])),
    );
    const sent = recordRequests();
    const { user } = render();
    const notes = await section('Staff notes');
    const field = within(notes).getByRole('textbox', { name: 'New note' });
    await user.type(field, 'ok');
    await user.click(within(notes).getByRole('button', { name: 'Add the note' }));
    expect(await within(notes).findByText('Write at least 3 characters.')).toBeInTheDocument();
    expect(await sent.to('POST', `/admin/players/${PLAYER_ID}/notes`)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Asked for proof of address.  ');
    await user.click(within(notes).getByRole('button', { name: 'Add the note' }));
    expect(await within(notes).findByText('Note added.')).toBeInTheDocument();
    const [request] = await sent.to('POST', `/admin/players/${PLAYER_ID}/notes`);
    expect(request!.body).toEqual({ note: 'Asked for proof of address.' });
    // The view takes the answer's notes once the request has settled (the message may show first).
    await waitFor(() => expect(within(within(notes).getByRole('list', { name: 'Notes' })).getAllByRole('listitem')[0]).toHaveTextContent('Asked for proof of address.'));
    expect(field).toHaveValue('');
  });

  it('says why a note was refused', async () => {
    asStaff('support');
    server.use(http.post('/api/admin/players/:id/notes', () => apiError('Forbidden', 403, 'This needs a staff account.')));
    const { user } = render();
    const notes = await section('Staff notes');
    await user.type(within(notes).getByRole('textbox', { name: 'New note' }), 'A perfectly fine note');
    await user.click(within(notes).getByRole('button', { name: 'Add the note' }));
    expect(await within(notes).findByRole('alert')).toHaveTextContent('The note was not saved: This needs a staff account.');
  });
});
