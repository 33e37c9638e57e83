import type { HandAudit } from '@bahati/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { card, HAND_ID, PLAYER_ID, SHOE_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, server } from '@/test/server';
import { Component as HandAuditPage } from './hand-audit-page';

const settlement = { bet: 1_000, doubleBet: 0, splitBet: 0, insuranceBet: 0, insuranceWin: 0, win: 2_000, push: 0, evenMoney: 0, totalBet: 1_000, winAmount: 2_000, net: 1_000, dealerScore: 18 };

function audit(overrides: Partial<HandAudit> = {}): HandAudit {
  const ten = card(10, 'Spade', 0);
  return {
    handId: HAND_ID,
    playerId: PLAYER_ID,
    shoeId: SHOE_ID,
    handNumber: 2,
    settled: true,
    shoe: { id: SHOE_ID, inPlay: false, playerSeed: 'A'.repeat(43) + '=', houseSeed: 'B'.repeat(43) + '=', houseSeedHash: 'c'.repeat(44) },
    timeline: [{ type: 'HandDealt', time: '2026-01-05T10:00:00.000Z', revision: 3, data: {} }],
    cards: [{ revision: 3, position: 0, to: 'Player', handIndex: 0, faceDown: false, card: ten, expected: ten, matches: true }],
    payouts: [{ handIndex: 0, outcome: 'Win', stake: 1_000, returned: 2_000, expectedOutcome: 'Win', expectedReturned: 2_000, matches: true }],
    settlement: { recorded: settlement, expected: settlement },
    ledger: { fromEvents: [], readModel: [] },
    checks: { seeds: 'passed', cards: 'passed', decisions: 'passed', payouts: 'passed', ledger: 'passed' },
    verified: true,
    mismatches: [],
    notes: [],
    ...overrides,
  };
}

function serving(answer: HandAudit) {
  server.use(http.get('/api/admin/hands/:id/audit', () => HttpResponse.json(answer)));
}

const render = () => renderWithProviders(<HandAuditPage />, { route: `/admin/hands/${HAND_ID}`, path: '/admin/hands/:handId' });

describe('the hand audit', () => {
  it('says a hand whose replay matches is verified, check by check', async () => {
    asStaff('admin');
    serving(audit());
    render();
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    const checks = within(screen.getByRole('region', { name: 'Checks' }));
    for (const check of ['Seeds', 'Cards', 'Decisions', 'Payouts', 'Ledger lines']) expect(checks.getByText(check).parentElement).toHaveTextContent('Passed');
    expect(screen.queryByRole('region', { name: 'Mismatches' })).not.toBeInTheDocument();
    expect(screen.getByText(HAND_ID)).toBeInTheDocument();
  });

  it('lists what the replay found different', async () => {
    asStaff('admin');
    serving(
      audit({
        verified: false,
        checks: { seeds: 'passed', cards: 'passed', decisions: 'passed', payouts: 'failed', ledger: 'passed' },
        mismatches: [{ kind: 'payout', revision: 7, position: null, field: 'hands.0.returned', expected: 2_000, actual: 2_500, message: 'The payout of hand 1 differs from the rules.' }],
      }),
    );
    render();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    expect(screen.getByText('Mismatches: 1')).toBeInTheDocument();
    const mismatches = within(screen.getByRole('region', { name: 'Mismatches' }));
    expect(mismatches.getByText('The payout of hand 1 differs from the rules.')).toBeInTheDocument();
    expect(mismatches.getByText('Event 7')).toBeInTheDocument();
    expect(mismatches.getByText('hands.0.returned')).toBeInTheDocument();
    expect(mismatches.getByText('2000')).toBeInTheDocument();
    expect(mismatches.getByText('2500')).toBeInTheDocument();
  });

  it('says the cards wait for the seeds while the shoe is in play', async () => {
    asStaff('admin');
    serving(audit({ shoe: { id: SHOE_ID, inPlay: true, playerSeed: 'A'.repeat(43) + '=', houseSeed: null, houseSeedHash: 'c'.repeat(44) }, checks: { seeds: 'unchecked', cards: 'unchecked', decisions: 'passed', payouts: 'passed', ledger: 'passed' }, notes: ['The house seed is not revealed yet.'] }));
    render();
    expect(await screen.findByText(/The shoe is still in play: its house seed is not revealed yet/)).toBeInTheDocument();
    expect(screen.getByText('The house seed is not revealed yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Checks' })).getAllByText('Not checked')).toHaveLength(2);
  });

  it('says when there is no such hand', async () => {
    asStaff('admin');
    server.use(http.get('/api/admin/hands/:id/audit', () => apiError('NotFound', 404)));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no hand with this id.');
  });
});
