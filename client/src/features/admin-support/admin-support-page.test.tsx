import type { LedgerDayReport, LedgerEntry, LedgerRepairResponse } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminPlayer, HAND_ID, PLAYER_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { asStaff, recordRequests, server } from '@/test/server';
import { Component as AdminSupportPage } from './admin-support-page';
import { formatOffset, isoDay, offsetChoices, utcMinute } from './ledger-day-dates';

const bet: LedgerEntry = { id: 'ev-1:0', type: 'Bet', createdTime: '2026-01-05T10:00:00.000Z', handId: HAND_ID, reference: null, amount: -1_000 };
const win: LedgerEntry = { id: 'ev-2:0', type: 'Win', createdTime: '2026-01-05T10:01:00.000Z', handId: HAND_ID, reference: null, amount: 2_000 };

function report(readModel: LedgerEntry[]): LedgerDayReport {
  const missing = [bet, win].filter((line) => !readModel.some((row) => row.id === line.id));
  return {
    playerId: PLAYER_ID,
    date: '2026-01-05',
    tz: '+00:00',
    from: '2026-01-05T00:00:00.000Z',
    to: '2026-01-06T00:00:00.000Z',
    fromEvents: [bet, win],
    readModel,
    difference: { missing, extra: [], changed: [] },
    matches: missing.length === 0,
  };
}

describe('ledger-day dates', () => {
  it('writes days and offsets as the server reads them', () => {
    expect(isoDay(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
    expect(formatOffset(180)).toBe('+03:00');
    expect(formatOffset(-330)).toBe('-05:30');
    expect(utcMinute('2026-03-01T21:00:00.000Z')).toBe('2026-03-01 21:00');
  });

  it('offers every quarter hour from -12:00 to +14:00, and an odd browser offset too', () => {
    const choices = offsetChoices('+00:00');
    expect(choices[0]).toBe('-12:00');
    expect(choices.at(-1)).toBe('+14:00');
    expect(choices).toHaveLength(105);
    expect(offsetChoices('+05:53')).toContain('+05:53');
  });
});

describe('the ledger check', () => {
  it('finds a player by e-mail and chooses them', async () => {
    asStaff('support');
    server.use(http.get('/api/admin/players/:id/ledger', () => HttpResponse.json(report([bet, win]))));
    const { user } = renderWithProviders(<AdminSupportPage />, { route: '/admin/support' });
    expect(screen.getByText('Find a player and choose a day to compare.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Player’s e-mail'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: 'Choose ada@example.com' }));
    expect(await screen.findByTestId('support-chosen')).toHaveTextContent('ada@example.com');
    // Today's ledger is compared at once.
    expect(await screen.findByText('No differences')).toBeInTheDocument();
  });

  it('shows a day that matches its events', async () => {
    asStaff('support');
    server.use(http.get('/api/admin/players/:id/ledger', () => HttpResponse.json(report([bet, win]))));
    renderWithProviders(<AdminSupportPage />, { route: `/admin/support?player=${PLAYER_ID}&date=2026-01-05&tz=%2B00:00` });
    expect(await screen.findByText('No differences')).toBeInTheDocument();
    expect(screen.getByText('From the events: 2 · In the ledger: 2')).toBeInTheDocument();
  });

  it('shows the missing lines and repairs the day after confirming', async () => {
    asStaff('support');
    let repaired = false;
    server.use(
      http.get('/api/admin/players/:id/ledger', () => HttpResponse.json(report(repaired ? [bet, win] : [bet]))),
      http.post('/api/admin/players/:id/ledger', () => {
        repaired = true;
        return HttpResponse.json<LedgerRepairResponse>({ repaired: true, fixed: { missing: [win], extra: [], changed: [] }, report: report([bet, win]) });
      }),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminSupportPage />, { route: `/admin/support?player=${PLAYER_ID}&date=2026-01-05&tz=%2B00:00` });
    expect(await screen.findByText('Differences: 1')).toBeInTheDocument();
    const missing = screen.getByRole('table', { name: 'Missing from the ledger' });
    expect(within(missing).getByRole('link', { name: `Audit of hand ${HAND_ID}` })).toHaveAttribute('href', `/admin/hands/${HAND_ID}`);

    await user.click(screen.getByRole('button', { name: 'Repair this day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repair this ledger day?' });
    expect(within(dialog).getByText('To fix: 1 missing, 0 extra, 0 changed.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The win row was deleted in the database');
    await user.click(within(dialog).getByRole('button', { name: 'Repair' }));
    expect(await screen.findByText('Repaired: 1 added, 0 removed, 0 rewritten. The day now matches the events.')).toBeInTheDocument();
    const posts = await sent.to('POST', `/admin/players/${PLAYER_ID}/ledger`);
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ repair: true, reason: 'The win row was deleted in the database' });
    expect(posts[0].query.get('date')).toBe('2026-01-05');
    await waitFor(() => expect(screen.getByText('No differences')).toBeInTheDocument());
  });

  it('says when the player does not exist', async () => {
    asStaff('support');
    server.use(http.get('/api/players', () => HttpResponse.json({ items: [], total: 0, offset: 0, limit: 1 })));
    renderWithProviders(<AdminSupportPage />, { route: `/admin/support?player=${adminPlayer().id}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no player with this id.');
  });
});
