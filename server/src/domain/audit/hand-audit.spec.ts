import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { houseSeedHash } from '@bahati/contracts';
import { type AccountCommand, type AccountEvent, type AccountState, accountDecider } from '../account/account';
import { cardsApart } from '../hand/hand';
import { type StoredAccountEvent, replayHand } from './hand-audit';

type Fixture = { playerSeed: string; houseSeed: string };
const seeds = JSON.parse(readFileSync(join(__dirname, '../../../../e2e/fixtures/seeds.json'), 'utf8')) as Record<'plain' | 'split' | 'insurance', Fixture>;
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const standing = { banned: false, selfExcluded: false, phoneVerified: true };
const uuid = (n: number, prefix: string) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const handId = (n: number) => uuid(n, 'd0000000');
const nextShoe = (n: number, houseSeed = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=') => ({ shoeId: uuid(n, 'c0000000'), houseSeed, houseSeedHash: houseSeedHash(houseSeed, sha256) });

/** An account driven through the account decider, its events kept as the store keeps them. */
class Account {
  state: AccountState = accountDecider.initialState();
  readonly events: StoredAccountEvent[] = [];
  private shoes = 10;

  constructor(deposit = 1_000_000) {
    this.record([{ type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: deposit, settledAt: '2026-03-01T12:00:00.000Z' } }]);
  }

  record(events: AccountEvent[]): void {
    for (const e of events) {
      const revision = this.events.length;
      this.events.push({ id: uuid(revision, 'e0000000'), type: e.type, data: e.data, revision, createdAt: new Date(Date.parse('2026-03-01T12:00:00.000Z') + revision * 1000).toISOString() });
      this.state = accountDecider.evolve(this.state, e);
    }
  }

  run(command: AccountCommand): void {
    this.record(accountDecider.decide(command, this.state));
  }

  /** Commits a shoe with the fixture's house seed, then deals with its player seed. */
  shoe(fixture: Fixture): this {
    this.run({ type: 'CommitShoe', next: nextShoe(this.shoes++, fixture.houseSeed), replace: true, now: 'now' });
    this.fixture = fixture;
    return this;
  }
  private fixture: Fixture = seeds.plain;

  deal(n: number, bet = 1000): this {
    this.run({ type: 'DealHand', handId: handId(n), bet, playerSeed: this.fixture.playerSeed, randomPlayerSeed: this.fixture.playerSeed, standing, requirePhone: false, next: nextShoe(this.shoes++), now: 'now' });
    return this;
  }

  play(action: 'Hit' | 'Stand' | 'Double' | 'Split' | 'Insurance' | 'NoInsurance'): this {
    this.run({ type: 'PlayHand', action, standing, next: nextShoe(this.shoes++), now: 'now' });
    return this;
  }

  retire(): this {
    this.run({ type: 'RetireShoe', standing, next: nextShoe(this.shoes++), now: 'now' });
    return this;
  }

  /** The stored events with one event's data changed, as if someone wrote into the store. */
  tampered(find: (e: StoredAccountEvent) => boolean, change: (data: Record<string, unknown>) => Record<string, unknown>): StoredAccountEvent[] {
    let done = false;
    return this.events.map((e) => {
      if (done || !find(e)) return e;
      done = true;
      return { ...e, data: change(structuredClone(e.data) as Record<string, unknown>) };
    });
  }
}

const data = (e: StoredAccountEvent) => e.data as Record<string, unknown>;
type Card = { position: number; card: unknown; faceDown: boolean };
const cardsIn = (e: StoredAccountEvent) => (Array.isArray(data(e).cards) ? (data(e).cards as Card[]) : []);
/** Finds the event that dealt the card at `position`, for `tampered`. */
const deals = (position: number) => (e: StoredAccountEvent) => cardsIn(e).some((c) => c.position === position);
/** Changes the card at `position` among the cards an event carries. */
const changeCard = (position: number, change: (c: Card) => Card) => (d: Record<string, unknown>) => ({
  ...d,
  cards: (d.cards as Card[]).map((c) => (c.position === position ? change(c) : c)),
});
/** The stream as it was stored before the dealing events carried their cards: each card its own CardDealt, revisions renumbered. */
const storedApart = (events: readonly StoredAccountEvent[]): StoredAccountEvent[] =>
  cardsApart(events).map((e, revision) => ({ ...e, id: uuid(revision, 'e0000000'), revision }));

describe('a hand audited by replay', () => {
  it('verifies a settled hand of a retired shoe: every card at its position, the payout, the ledger lines', () => {
    // Plain: player 2 9 (11) against a 4; standing, the dealer draws to 26 and busts.
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').retire();
    const audit = replayHand(account.events, handId(1), sha256)!;
    expect(audit.mismatches).toEqual([]);
    expect(audit.checks).toEqual({ seeds: 'passed', cards: 'passed', decisions: 'passed', payouts: 'passed' });
    expect(audit.shoe).toMatchObject({ inPlay: false, playerSeed: seeds.plain.playerSeed, houseSeed: seeds.plain.houseSeed });
    expect(audit.cards.map((c) => [c.position, c.to, c.card.rank, c.matches])).toEqual([
      [0, 'Player', 2, true], [1, 'Dealer', 4, true], [2, 'Player', 9, true], [3, 'Dealer', 3, true], [4, 'Dealer', 9, true], [5, 'Dealer', 10, true],
    ]);
    expect(audit.payouts).toEqual([{ handIndex: 0, outcome: 'Win', stake: 1000, returned: 2000, expectedOutcome: 'Win', expectedReturned: 2000, matches: true }]);
    expect(audit.settlement).toMatchObject({ recorded: { winAmount: 2000, net: 1000 }, expected: { winAmount: 2000, net: 1000 } });
    expect(audit.ledgerFromEvents.map((l) => [l.type, l.amount])).toEqual([['Bet', -1000], ['Win', 2000], ['ShowShoe', 0]]);
    expect(audit.timeline.map((e) => e.type)).toEqual([
      'ShoeCommitted', 'ShoeStarted', 'HandOpened', 'HandStarted', 'PlayerStood', 'DealerPlayed', 'HandSettled', 'ShoeRetired',
    ]);
    // Each card is named with the revision of the event that dealt it.
    const revisionOf = (type: string) => audit.timeline.find((e) => e.type === type)!.revision;
    expect(audit.cards.map((c) => c.revision)).toEqual([...Array(4).fill(revisionOf('HandStarted')), revisionOf('DealerPlayed'), revisionOf('DealerPlayed')]);
  });

  it('audits a hand stored with each card as its own event, as hands were stored before, the same way', () => {
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').retire();
    const apart = storedApart(account.events);
    const audit = replayHand(apart, handId(1), sha256)!;
    expect(audit.mismatches).toEqual([]);
    expect(audit.checks).toEqual({ seeds: 'passed', cards: 'passed', decisions: 'passed', payouts: 'passed' });
    expect(audit.timeline.map((e) => e.type)).toEqual([
      'ShoeCommitted', 'ShoeStarted', 'HandOpened', 'HandStarted', 'CardDealt', 'CardDealt', 'CardDealt', 'CardDealt', 'PlayerStood', 'CardDealt', 'CardDealt', 'DealerPlayed', 'HandSettled', 'ShoeRetired',
    ]);
    const together = replayHand(account.events, handId(1), sha256)!;
    expect(audit.cards.map(({ revision: _, ...c }) => c)).toEqual(together.cards.map(({ revision: _, ...c }) => c));
    expect(audit.payouts).toEqual(together.payouts);

    const wrongCard = apart.map((e) => (e.type === 'CardDealt' && data(e).position === 2 ? { ...e, data: { ...data(e), card: 9 } } : e));
    expect(replayHand(wrongCard, handId(1), sha256)!.mismatches).toEqual([expect.objectContaining({ kind: 'card', position: 2, actual: 9 })]);
  });

  it('names a card at a position the seeds do not give', () => {
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').retire();
    const tampered = account.tampered(deals(2), changeCard(2, (c) => ({ ...c, card: 9 /* the ten of hearts */ })));
    const audit = replayHand(tampered, handId(1), sha256)!;
    expect(audit.checks.cards).toBe('failed');
    expect(audit.mismatches).toEqual([expect.objectContaining({ kind: 'card', position: 2, field: 'card', actual: 9 })]);
    expect(audit.mismatches[0]!.message).toMatch(/position 2/);
    expect(audit.cards.find((c) => c.position === 2)).toMatchObject({ matches: false, card: { rank: 10 }, expected: { rank: 9 } });
  });

  it('names a payout the rules do not give', () => {
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').retire();
    const tampered = account.tampered((e) => e.type === 'HandSettled', (d) => ({ ...d, win: 5000, winAmount: 5000, net: 4000 }));
    const audit = replayHand(tampered, handId(1), sha256)!;
    expect(audit.checks).toMatchObject({ cards: 'passed', payouts: 'failed' });
    expect(audit.mismatches.map((m) => [m.kind, m.field, m.expected, m.actual])).toEqual([
      ['payout', 'win', 2000, 5000], ['payout', 'winAmount', 2000, 5000], ['payout', 'net', 1000, 4000],
    ]);
    expect(audit.settlement).toMatchObject({ recorded: { win: 5000 }, expected: { win: 2000 } });
  });

  it('names a revealed house seed that is not the one committed', () => {
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').retire();
    const tampered = account.tampered((e) => e.type === 'ShoeRetired', (d) => ({ ...d, houseSeed: seeds.split.houseSeed }));
    const audit = replayHand(tampered, handId(1), sha256)!;
    expect(audit.checks.seeds).toBe('failed');
    expect(audit.mismatches[0]).toMatchObject({ kind: 'seed', field: 'houseSeed' });
  });

  it('names a decision the rules did not allow then', () => {
    // A split recorded on 2 9, which is no pair.
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').retire();
    const tampered = account.tampered((e) => e.type === 'PlayerStood', (d) => d);
    const i = tampered.findIndex((e) => e.type === 'PlayerStood');
    tampered[i] = { ...tampered[i]!, type: 'HandSplit', data: { handId: handId(1), handIndex: 0, newHandIndex: 1, amount: 1000, movedPosition: 2, movedCard: 0 } };
    const audit = replayHand(tampered, handId(1), sha256)!;
    expect(audit.checks.decisions).toBe('failed');
    expect(audit.mismatches).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'decision', actual: 'HandSplit' })]));
  });

  it('replays a split hand and checks every card of both hands', () => {
    const account = new Account().shoe(seeds.split).deal(1).play('Split').play('Stand').play('Stand').retire();
    const audit = replayHand(account.events, handId(1), sha256)!;
    expect(audit.mismatches).toEqual([]);
    expect(audit.payouts).toHaveLength(2);
    // 19 and 18 against the dealer's 21: both lost, so no credit.
    expect(audit.ledgerFromEvents.map((l) => l.type)).toEqual(['Bet', 'Split', 'ShowShoe']);
    expect(audit.payouts.map((p) => [p.outcome, p.returned, p.matches])).toEqual([['Lost', 0, true], ['Lost', 0, true]]);
  });

  it('says a shoe still in play cannot have its cards checked, and still checks the rules on the cards recorded', () => {
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand');
    const audit = replayHand(account.events, handId(1), sha256)!;
    expect(audit.shoe).toMatchObject({ inPlay: true, houseSeed: null });
    expect(audit.checks).toEqual({ seeds: 'unchecked', cards: 'unchecked', decisions: 'passed', payouts: 'passed' });
    expect(audit.cards.every((c) => c.matches === null && c.expected === null)).toBe(true);
    expect(audit.notes.join(' ')).toMatch(/cannot be checked/);
    // The house seed stays secret while the shoe is in play.
    expect(JSON.stringify(audit.timeline)).not.toContain(seeds.plain.houseSeed);

    const tampered = account.tampered((e) => e.type === 'HandSettled', (d) => ({ ...d, push: 1000 }));
    expect(replayHand(tampered, handId(1), sha256)!.mismatches).toEqual([expect.objectContaining({ kind: 'payout', field: 'push' })]);
  });

  it('says a hand still in play has no payout to check yet', () => {
    const account = new Account().shoe(seeds.plain).deal(1);
    const audit = replayHand(account.events, handId(1), sha256)!;
    expect(audit.settled).toBe(false);
    expect(audit.checks.payouts).toBe('unchecked');
    expect(audit.mismatches).toEqual([]);
  });

  it("hides a hand in play's face-down card from staff as from its player, and shows it once the hand settles", () => {
    // Insurance: player 5D JD against an ace up, the 7H in the hole; the hand waits on the insurance decision.
    const account = new Account().shoe(seeds.insurance).deal(1);
    const hole = account.state.game.hand.dealer.cards[1]!;
    const live = replayHand(account.events, handId(1), sha256)!;
    expect(live.settled).toBe(false);
    const shown = live.cards.find((c) => c.faceDown)!;
    expect(shown).toMatchObject({ position: 3, to: 'Dealer', card: { id: null, suit: null, faceDown: true }, expected: null, matches: null });
    expect(live.cards.filter((c) => !c.faceDown).map((c) => c.card.id)).toEqual(account.state.game.hand.player[0]!.cards.slice(0, 1).concat(account.state.game.hand.dealer.cards[0]!, account.state.game.hand.player[0]!.cards[1]!));
    const dealtFaceDown = live.timeline.flatMap((e) => (Array.isArray((e.data as { cards?: unknown }).cards) ? (e.data as { cards: Card[] }).cards : [])).filter((c) => c.faceDown);
    expect(dealtFaceDown.map((c) => [c.position, c.card])).toEqual([[3, null]]);
    expect(live.checks).toEqual({ seeds: 'unchecked', cards: 'unchecked', decisions: 'unchecked', payouts: 'unchecked' });
    expect(live.notes.join(' ')).toMatch(/face-down card stays hidden/);
    expect(JSON.stringify(live)).not.toMatch(new RegExp(`"(card|id)":${hole}\\b`));

    account.play('NoInsurance').play('Stand');
    const settled = replayHand(account.events, handId(1), sha256)!;
    expect(settled.settled).toBe(true);
    expect(settled.cards.find((c) => c.position === 3)!.card.id).toBe(hole);
    expect(settled.checks.decisions).toBe('passed');
    expect(settled.timeline.find((e) => e.type === 'HandStarted')!.data).toMatchObject({ cards: expect.arrayContaining([expect.objectContaining({ position: 3, card: hole })]) });

    // The same, stored with each card as its own event.
    const apart = storedApart(new Account().shoe(seeds.insurance).deal(1).events);
    const liveApart = replayHand(apart, handId(1), sha256)!;
    expect(liveApart.timeline.filter((e) => e.type === 'CardDealt' && (e.data as Card).faceDown).map((e) => (e.data as Card).card)).toEqual([null]);
    expect(JSON.stringify(liveApart)).not.toMatch(new RegExp(`"(card|id)":${hole}\\b`));
  });

  it('finds the second hand of a shoe where the first left off', () => {
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').deal(2);
    while (account.state.game.hand.phase !== 'Settled') account.play('Stand');
    account.retire();
    const audit = replayHand(account.events, handId(2), sha256)!;
    expect(audit.mismatches).toEqual([]);
    expect(audit.cards[0]!.position).toBe(6);
    expect(audit.handNumber).toBe(2);
  });

  it('answers a hand whose stored data no hand can have with a failed audit, never an error', () => {
    const account = new Account().shoe(seeds.plain).deal(1).play('Stand').retire();
    for (const change of [(d: Record<string, unknown>) => ({ ...d, hands: 'lost' }), (d: Record<string, unknown>) => ({ ...d, handIndex: 7 })]) {
      const tampered = account.tampered((e) => e.type === 'HandSettled' || e.type === 'PlayerStood', change);
      const audit = replayHand(tampered, handId(1), sha256)!;
      expect(audit.mismatches.length).toBeGreaterThan(0);
    }
    const badCard = account.tampered(deals(0), changeCard(0, (c) => ({ ...c, card: 'ace' })));
    expect(replayHand(badCard, handId(1), sha256)!.mismatches).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'card', position: 0 })]));
    // Cards that are not a list stay on their event, and the comparison names them.
    const notAList = account.tampered((e) => e.type === 'HandStarted', (d) => ({ ...d, cards: 'four' }));
    expect(replayHand(notAList, handId(1), sha256)!.checks.decisions).toBe('failed');
    // A card taken out of the deal.
    const missing = account.tampered((e) => e.type === 'HandStarted', (d) => ({ ...d, cards: (d.cards as Card[]).slice(0, 3) }));
    expect(replayHand(missing, handId(1), sha256)!.checks.decisions).toBe('failed');
  });

  it('knows no hand it has no events for', () => {
    expect(replayHand(new Account().events, handId(9), sha256)).toBeNull();
  });
});
