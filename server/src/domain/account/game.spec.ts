import { DeciderSpecification } from '../decider.test-support';
import { type AccountEvent, accountDecider } from './account';
import type { PlayerStanding } from './standing';
import type { GameCommand, NextShoe } from './game';

const playerSeed = 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=';
const houseSeed = '+Yvho1636bx9wZVffymhGK79VZSKV8Yxzqpuz6NZh1s=';
const otherSeed = 'NDcQZ1jpGojRUnifBblVwCy+TB5rgiL6m334ZwlDEig=';
const now = '2026-01-01T00:00:00.000Z';
const ok: PlayerStanding = { banned: false, selfExcluded: false, phoneVerified: false };
const shoe = (n: number): NextShoe => ({ shoeId: `00000000-0000-4000-8000-00000000000${n}`, houseSeed: n === 1 ? houseSeed : otherSeed, houseSeedHash: `hash-${n}` });

const funded = (amount: number): AccountEvent[] => [
  { type: 'ShoeCommitted', data: { shoeId: shoe(1).shoeId, houseSeed, houseSeedHash: 'hash-1', committedAt: now } },
  { type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount, settledAt: now } },
];
const deal = (bet: number, over: Partial<Extract<GameCommand, { type: 'DealHand' }>> = {}): GameCommand => ({
  type: 'DealHand', handId: `hand-${bet}-${Math.abs(over.handId?.length ?? 0)}`, bet, playerSeed, randomPlayerSeed: otherSeed, standing: ok, requirePhone: false, next: shoe(2), now, ...over,
});
const play = (action: 'Stand' | 'Hit' | 'Double'): GameCommand => ({ type: 'PlayHand', action, standing: ok, next: shoe(3), now });

const given = DeciderSpecification.for(accountDecider);

describe('the game part of the account', () => {
  it('refuses banned, self-excluded and (when required) unverified players before any money moves', () => {
    given(funded(10_000)).when(deal(1_000, { standing: { ...ok, banned: true } })).thenThrows('Banned');
    given(funded(10_000)).when(deal(1_000, { standing: { ...ok, selfExcluded: true } })).thenThrows('SelfExcluded');
    given(funded(10_000)).when(deal(1_000, { requirePhone: true })).thenThrows('PhoneVerifyRequired');
    given(funded(10_000)).when(deal(1_000, { requirePhone: true, standing: { ...ok, phoneVerified: true } })).then((events) => expect(events[0]!.type).toBe('ShoeStarted'));
  });

  it('validates the bet with the spec messages', () => {
    given(funded(0).slice(0, 1)).when(deal(1_000)).thenThrows('BankTooLow', 'Deposit before you play.');
    given(funded(5_000)).when(deal(6_000)).thenThrows('BankTooLow', 'The bank is too low for that bet.');
    for (const bet of [0, -1, 2.5, 500_001, Number.NaN]) given(funded(1_000_000)).when(deal(bet)).thenThrows('InvalidBetAmount');
  });

  it('fixes the player seed at the first deal, replacing an invalid one, and stakes the bet', () => {
    given(funded(10_000)).when(deal(1_000, { playerSeed: 'nope' })).then((events, after) => {
      expect(events.slice(0, 3).map((e) => e.type)).toEqual(['ShoeStarted', 'HandOpened', 'HandStarted']);
      expect(events[0]).toMatchObject({ data: { playerSeed: otherSeed, playerSeedReplaced: true } });
      expect(after.bank).toBe(9_000 + (events.at(-1)!.type === 'HandSettled' ? (events.at(-1)!.data as { winAmount: number }).winAmount : 0));
      expect(after.game.shoe!.cards).toHaveLength(208);
    });
  });

  it('refuses a deal while a hand is in play and an action without one', () => {
    const first = given(funded(10_000)).when(deal(1_000)).events();
    const inPlay = first.at(-1)!.type !== 'HandSettled';
    if (inPlay) given([...funded(10_000), ...first]).when(deal(1_000)).thenThrows('ActiveHand');
    given(funded(10_000)).when(play('Hit')).thenThrows('NoActiveHand');
  });

  it('retires the shoe after its fourth hand, revealing the house seed, and commits the next in the same command', () => {
    let history = funded(100_000);
    let last: AccountEvent[] = [];
    for (let i = 0; i < 4; i++) {
      last = given(history).when(deal(1_000, { handId: `h${i}` })).events();
      history = [...history, ...last];
      if (last.at(-1)!.type !== 'HandSettled' && !last.some((e) => e.type === 'HandSettled')) {
        last = given(history).when(play('Stand')).events();
        history = [...history, ...last];
      }
    }
    expect(last.slice(-2)).toEqual([
      { type: 'ShoeRetired', data: { shoeId: shoe(1).shoeId, houseSeed, playerSeed, handCount: 4, early: false, lastHandId: 'h3', retiredAt: now } },
      { type: 'ShoeCommitted', data: { shoeId: expect.any(String), houseSeed: expect.any(String), houseSeedHash: expect.any(String), committedAt: now } },
    ]);
    const state = given(history).state();
    expect(state.game.shoe).toMatchObject({ playerSeed: null, handCount: 0, nextPosition: 0 });
    expect(state.game.handsPlayed).toBe(4);
    const bank = history.reduce((sum, e) => sum + (e.type === 'LightningInvoiceSettled' ? e.data.amount : 0), 0);
    expect(state.bank).toBe(bank - state.game.totalBetAmount + history.reduce((s, e) => s + (e.type === 'HandSettled' ? e.data.winAmount : 0), 0));
  });

  it('retires a started shoe early only between hands', () => {
    const retire: GameCommand = { type: 'RetireShoe', standing: ok, next: shoe(2), now };
    given(funded(10_000)).when(retire).thenThrows('ShoeNotFound');
    const dealt = given(funded(10_000)).when(deal(1_000, { handId: 'h1' })).events();
    const settled = dealt.some((e) => e.type === 'HandSettled');
    if (!settled) given([...funded(10_000), ...dealt]).when(retire).thenThrows('ActiveHand');
    const stood = settled ? [] : given([...funded(10_000), ...dealt]).when(play('Stand')).events();
    given([...funded(10_000), ...dealt, ...stood]).when(retire).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['ShoeRetired', 'ShoeCommitted']);
      expect(events[0]).toMatchObject({ data: { early: true, handCount: 1, lastHandId: 'h1', houseSeed } });
    });
  });

  it('keeps a committed shoe on a second commit', () => {
    given(funded(0)).when({ type: 'CommitShoe', next: shoe(2), now }).thenNothingHappened();
  });
});
