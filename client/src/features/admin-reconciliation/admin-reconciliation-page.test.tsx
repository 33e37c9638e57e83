import type { ReconciliationDifference, ReconciliationReport, ReconciliationRun } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PLAYER_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, recordRequests, server } from '@/test/server';
import { Component as ReconciliationPage, disagreeing } from './admin-reconciliation-page';

const OTHER = '9b1d2c3e-4f50-4a61-8b72-93a4b5c6d7e8';
const checkedAt = '2026-03-01T10:00:00.000Z';
const edited: ReconciliationDifference = {
  playerId: PLAYER_ID, email: 'ana@example.com', name: 'Ana', bankReadModel: 999_999, ledgerSum: 40_000, events: 40_000,
  ledgerRows: { missing: 0, extra: 0, changed: 0 }, checkedAt,
};
const lostRow: ReconciliationDifference = {
  playerId: OTHER, email: 'ben@example.com', name: null, bankReadModel: 25_000, ledgerSum: 0, events: 25_000, ledgerRows: { missing: 1, extra: 0, changed: 0 }, checkedAt,
};

let last: ReconciliationRun | null;

beforeEach(() => {
  asStaff('admin');
  last = { checkedAt, playersChecked: 1_204, durationMs: 87, differences: [edited, lostRow] };
  server.use(
    http.get('/api/admin/reconciliation', () => HttpResponse.json<ReconciliationReport>({ lastRun: last })),
    http.post('/api/admin/reconciliation/run', () => {
      last = { checkedAt: '2026-03-01T10:15:00.000Z', playersChecked: 1_205, durationMs: 91, differences: last!.differences };
      return HttpResponse.json(last);
    }),
    http.post('/api/admin/reconciliation/:playerId/repair', async ({ params, request }) => {
      const { reason } = (await request.json()) as { reason: string };
      if (!reason.trim()) return apiError('ValidationFailed');
      const gone = last!.differences.find((d) => d.playerId === params.playerId)!;
      last = { ...last!, differences: last!.differences.filter((d) => d !== gone) };
      return HttpResponse.json({ repaired: true, bank: { from: gone.bankReadModel, to: gone.events }, ledger: gone.ledgerRows, matches: true });
    }),
  );
});

describe('which figure disagrees', () => {
  it('is the read model that differs from the events', () => {
    expect(disagreeing(edited)).toBe('bank');
    expect(disagreeing(lostRow)).toBe('ledger');
    expect(disagreeing({ ...lostRow, bankReadModel: 1 })).toBe('both');
    // Equal sums, but a row changed: the ledger is still wrong.
    expect(disagreeing({ ...edited, bankReadModel: 40_000, ledgerRows: { missing: 0, extra: 0, changed: 1 } })).toBe('ledger');
  });
});

describe('the reconciliation screen', () => {
  it('shows the last run and each player whose figures disagree, naming the one that does', async () => {
    renderWithProviders(<ReconciliationPage />, { route: '/admin/reconciliation' });
    expect(await screen.findByText('Players checked: 1,204 (87 ms)')).toBeInTheDocument();
    expect(screen.getByTestId('reconciliation-verdict')).toHaveTextContent('Players whose figures disagree: 2');
    const ana = screen.getByTestId(`difference-${PLAYER_ID}`);
    const link = within(ana).getByRole('link');
    expect(link).toHaveTextContent('ana@example.com');
    expect(link).toHaveAttribute('href', `/admin/players/${PLAYER_ID}`);
    expect(ana).toHaveTextContent('999,999 (differs)');
    expect(ana).toHaveTextContent('Bank row');
    const ben = screen.getByTestId(`difference-${OTHER}`);
    expect(ben).toHaveTextContent('Ledger rows: 1 missing, 0 extra, 0 changed');
    expect(within(ben).getByText('Ledger', { selector: 'span' })).toBeInTheDocument();
  });

  it('checks again now', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<ReconciliationPage />, { route: '/admin/reconciliation' });
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Players checked: 1,205 (91 ms)')).toBeInTheDocument();
    expect(await sent.to('POST', '/admin/reconciliation/run')).toHaveLength(1);
  });

  it('rebuilds a player from the events only with a reason, and the row is gone afterwards', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<ReconciliationPage />, { route: '/admin/reconciliation' });
    await user.click(await screen.findByRole('button', { name: 'Rebuild ana@example.com from events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rebuild ana@example.com from events' });
    await user.click(within(dialog).getByRole('button', { name: 'Rebuild' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why you rebuild this player.');
    expect(await sent.to('POST', `/admin/reconciliation/${PLAYER_ID}/repair`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'bank row edited by hand');
    await user.click(within(dialog).getByRole('button', { name: 'Rebuild' }));
    expect(await screen.findByTestId('reconciliation-outcome')).toHaveTextContent('ana@example.com rebuilt: bank 999,999 → 40,000 sats');
    await waitFor(() => expect(screen.queryByTestId(`difference-${PLAYER_ID}`)).not.toBeInTheDocument());
    expect(screen.getByTestId(`difference-${OTHER}`)).toBeInTheDocument();
    expect((await sent.to('POST', `/admin/reconciliation/${PLAYER_ID}/repair`)).map((r) => r.body)).toEqual([{ reason: 'bank row edited by hand' }]);
  });

  it('says when every bank agrees, and when no check has run yet', async () => {
    last = { checkedAt, playersChecked: 3, durationMs: 5, differences: [] };
    const { unmount } = renderWithProviders(<ReconciliationPage />, { route: '/admin/reconciliation' });
    expect(await screen.findByText('Every bank agrees with its ledger and its events.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    last = null;
    renderWithProviders(<ReconciliationPage />, { route: '/admin/reconciliation' });
    expect(await screen.findByText('No check has run yet.')).toBeInTheDocument();
  });
});
