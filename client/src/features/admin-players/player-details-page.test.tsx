import type { Hand, SuspectRecordPage } from '@bahati/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { hand, HAND_ID, PLAYER_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { asStaff, server } from '@/test/server';
import { Component as PlayerDetailsPage } from './player-details-page';

const records: SuspectRecordPage = {
  playerId: PLAYER_ID,
  suspectLevel: 15,
  items: [
    { id: 'r1', time: '2026-01-05T10:00:00.000Z', handId: HAND_ID, playerHandValue: 16, dealerHandValue: 10, expectedAction: 'Hit', actualAction: 'Stand', suspectChange: 15, reason: 'PlayDeviation', adminId: null },
  ],
  total: 1,
  offset: 0,
  limit: 50,
};

function serving(hands: Hand[]) {
  server.use(
    http.get('/api/players/:id/suspect', () => HttpResponse.json(records)),
    http.get('/api/players/:id/hands', () => HttpResponse.json(hands, { headers: { 'X-Total-Count': String(hands.length) } })),
  );
}

const render = () => renderWithProviders(<PlayerDetailsPage />, { route: `/admin/players/${PLAYER_ID}`, path: '/admin/players/:playerId' });

beforeEach(() => asStaff('support'));

describe("a player's details", () => {
  it('shows the player, their suspect records and their hands with links to the audits', async () => {
    serving([hand({ phase: 'Settled', winAmount: 2_000, finishedTime: '2026-01-05T10:02:00.000Z' })]);
    render();
    expect(await screen.findByText(PLAYER_ID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check a ledger day' })).toHaveAttribute('href', `/admin/support?player=${PLAYER_ID}`);

    const recordsTable = await screen.findByRole('table', { name: 'Suspect records' });
    expect(await within(recordsTable).findByText('Play deviation')).toBeInTheDocument();

    const handsTable = await screen.findByRole('table', { name: 'Hands of the player' });
    const audit = await within(handsTable).findByRole('link', { name: /Audit of the hand of/ });
    expect(audit).toHaveAttribute('href', `/admin/hands/${HAND_ID}`);
  });

  it('says when a player has no hands yet', async () => {
    serving([]);
    render();
    expect(await screen.findByText('No hands yet.')).toBeInTheDocument();
  });

  it('says when there is no such player', async () => {
    serving([]);
    server.use(http.get('/api/players', () => HttpResponse.json({ items: [], total: 0, offset: 0, limit: 1 })));
    render();
    expect(await screen.findByText('There is no player with this id.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All players/ })).toHaveAttribute('href', '/admin/players');
  });
});
