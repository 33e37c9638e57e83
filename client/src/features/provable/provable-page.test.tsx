import { cardRank, cardSuit, houseSeedHash, shuffleShoe, type Card, type Shoe } from '@bahati/contracts';
import { configure, getConfig, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shoe as shoeFixture, SHOE_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, server } from '@/test/server';
import { Component as ProvablePage } from './provable-page';

const PLAYER_SEED = 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=';
const HOUSE_SEED = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));

/** A retired shoe as the server reveals it: both seeds, the committed hash and the 208 cards they give. */
async function retiredShoe(change: (cards: Card[]) => Card[] = (cards) => cards): Promise<Shoe> {
  const cards = shuffleShoe(PLAYER_SEED, HOUSE_SEED).map((id, cardIndex): Card => ({ id, cardIndex, suit: cardSuit(id), rank: cardRank(id), value: Math.min(cardRank(id), 10), faceDown: false }));
  return shoeFixture({
    playerSeed: PLAYER_SEED,
    houseSeed: HOUSE_SEED,
    houseSeedHash: await houseSeedHash(HOUSE_SEED, sha256),
    handCount: 4,
    retired: true,
    retiredTime: '2026-01-05T11:00:00.000Z',
    cards: change(cards),
  });
}

/** The shoe has loaded and its revealed seeds are in the fields (they are filled in once it has: a click before that checks empty fields). */
async function seedsFilledIn(): Promise<void> {
  await screen.findByText('Retired');
  await waitFor(() => expect(screen.getByLabelText('House seed')).toHaveValue(HOUSE_SEED));
  expect(screen.getByLabelText('Player seed')).toHaveValue(PLAYER_SEED);
}

function serving(shoe: Shoe) {
  server.use(http.get('/api/shoes/:id', () => HttpResponse.json(shoe)));
}

describe('verifying a shoe', () => {
  // Hashing, shuffling and drawing the 208 cards in jsdom take seconds when every core runs a test file.
  const usual = getConfig().asyncUtilTimeout;
  beforeAll(() => configure({ asyncUtilTimeout: 12_000 }));
  afterAll(() => configure({ asyncUtilTimeout: usual }));

  it('checks the revealed house seed against its commitment and every card of the shoe', async () => {
    const shoe = await retiredShoe();
    serving(shoe);
    const { user } = renderWithProviders(<ProvablePage />, { route: `/provable?id=${SHOE_ID}` });
    expect(await screen.findByText('Retired')).toBeInTheDocument();
    expect(await screen.findByText(shoe.houseSeedHash)).toBeInTheDocument();
    // The revealed seeds fill the fields once the shoe has loaded.
    await waitFor(() => expect(screen.getByLabelText('House seed')).toHaveValue(HOUSE_SEED));
    expect(screen.getByLabelText('Player seed')).toHaveValue(PLAYER_SEED);

    await user.click(screen.getByRole('button', { name: 'Hash' }));
    expect(await screen.findByText(/Matches the committed hash/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Shuffle Deck with Seeds' }));
    expect(await screen.findByText(/All 208 cards match the shoe\./)).toBeInTheDocument();
  });

  it('marks the cards a shoe got wrong', async () => {
    const swapped = await retiredShoe((cards) => {
      const next = [...cards];
      [next[0], next[1]] = [{ ...cards[1], cardIndex: 0 }, { ...cards[0], cardIndex: 1 }];
      return next;
    });
    serving(swapped);
    const { user } = renderWithProviders(<ProvablePage />, { route: `/provable?id=${SHOE_ID}` });
    await seedsFilledIn();
    await user.click(screen.getByRole('button', { name: 'Shuffle Deck with Seeds' }));
    expect(await screen.findByText(/2 positions differ from the shoe \(marked\)\./)).toBeInTheDocument();
  });

  it('says when a house seed does not give the committed hash', async () => {
    serving(await retiredShoe());
    const { user } = renderWithProviders(<ProvablePage />, { route: `/provable?id=${SHOE_ID}` });
    await seedsFilledIn();
    const house = screen.getByLabelText('House seed');
    await user.clear(house);
    await user.paste(PLAYER_SEED);
    await user.click(screen.getByRole('button', { name: 'Hash' }));
    expect(await screen.findByText(/Does not match the committed hash/)).toBeInTheDocument();
  });

  it('refuses a seed that is not one', async () => {
    const { user } = renderWithProviders(<ProvablePage />, { route: '/provable' });
    expect(screen.getByText('Enter a valid Shoe ID to see the shoe.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('House seed'), 'not-a-seed');
    await user.click(screen.getByRole('button', { name: 'Hash' }));
    expect(await screen.findByText('A seed is 43 base64 characters followed by =.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Shuffle Deck with Seeds' }));
    expect(await screen.findByText('Both seeds must be 43 base64 characters followed by =.')).toBeInTheDocument();
  });

  it('shuffles any two seeds without a shoe', async () => {
    const { user } = renderWithProviders(<ProvablePage />, { route: '/provable' });
    await user.click(screen.getByLabelText('House seed'));
    await user.paste(HOUSE_SEED);
    await user.click(screen.getByLabelText('Player seed'));
    await user.paste(PLAYER_SEED);
    await user.click(screen.getByRole('button', { name: 'Shuffle Deck with Seeds' }));
    expect(await screen.findByText(/These are the 208 cards your seeds give/)).toBeInTheDocument();
  });

  it('says a shoe in use keeps its house seed', async () => {
    serving(shoeFixture({ handCount: 2 }));
    renderWithProviders(<ProvablePage />, { route: `/provable?id=${SHOE_ID}` });
    expect(await screen.findByText('This shoe is still in use: its house seed is revealed when it retires.')).toBeInTheDocument();
    expect(screen.getByText('In use')).toBeInTheDocument();
  });

  it('says when the shoe is not found', async () => {
    server.use(http.get('/api/shoes/:id', () => apiError('ShoeNotFound', 404)));
    renderWithProviders(<ProvablePage />, { route: `/provable?id=${SHOE_ID}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Shoe not found.');
  });

  it('asks a signed-out visitor to sign in to load the shoe', async () => {
    renderWithProviders(<ProvablePage />, { route: `/provable?id=${SHOE_ID}`, preloadedState: { session: { jwt: null } } });
    expect(await screen.findByText(/Sign in to load your shoe/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/authentication');
  });
});
