import { expectedLoss, type BonusDecisionResponse } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bonus } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { recordRequests, server } from '@/test/server';
import { OpenOffer } from './open-offer';

const offer = bonus({ id: 'c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607', bonusAmount: 50_000, playthroughTarget: 6_250_000, expiresAt: '2099-01-12T10:00:00.000Z' });

describe('the open offer where the player is', () => {
  it('shows nothing without an open offer', async () => {
    server.use(http.get('/api/players/bonuses', () => HttpResponse.json([{ ...offer, status: 'Accepted', expiresAt: null }])));
    const sent = recordRequests();
    renderWithProviders(<OpenOffer place="table" />);
    await waitFor(async () => expect(await sent.to('GET', '/players/bonuses')).toHaveLength(1));
    expect(screen.queryByTestId('open-offer-table')).not.toBeInTheDocument();
  });

  it('states the amount, the playthrough, the last day and what it is worth at the level, and accepts through the dialog', async () => {
    let now = offer;
    server.use(
      http.get('/api/players/bonuses', () => HttpResponse.json([now])),
      http.post('/api/players/acceptbonus/:id', () => {
        now = { ...offer, status: 'Accepted', expiresAt: null };
        return HttpResponse.json<BonusDecisionResponse>({ bonus: now, bank: 100_000 });
      }),
    );
    const { user } = renderWithProviders(<OpenOffer place="deposit" />);
    const card = await screen.findByTestId('open-offer-deposit');
    expect(within(card).getByRole('heading', { name: 'Bonus offer: 50,000 sats' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Wager 6,250,000 sats to release it; you can accept until');
    // The player fixture is at level 1: the calculator's own figure.
    const worth = 50_000 - expectedLoss(6_250_000, 1);
    expect(within(card).getByTestId('open-offer-worth')).toHaveTextContent(`At your level it is worth about ${worth.toLocaleString('en-US')} sats to you on average.`);

    await user.click(within(card).getByRole('button', { name: 'Accept the bonus of 50,000 sats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this bonus?' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have read and agree to the bonus terms.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept bonus' }));
    await waitFor(() => expect(screen.queryByTestId('open-offer-deposit')).not.toBeInTheDocument());
  });

  it('says plainly when an offer is expected to cost more than it gives', async () => {
    // 400 × the bonus: 20,000,000 to wager for 50,000.
    server.use(http.get('/api/players/bonuses', () => HttpResponse.json([{ ...offer, playthroughTarget: 20_000_000 }])));
    renderWithProviders(<OpenOffer place="table" />);
    const cost = expectedLoss(20_000_000, 1) - 50_000;
    expect(await screen.findByTestId('open-offer-worth')).toHaveTextContent(`At your level it is expected to cost you about ${cost.toLocaleString('en-US')} sats more than it gives.`);
  });
});
