import { cardRank, cardSuit, houseSeedHash, InvalidSeedError, levelForTotalBet, type Sha256, SHOE_SIZE, shuffleShoe } from '@bahati/contracts';
import type { AuditCard, AuditCheckResult, AuditEvent, AuditLedgerLine, AuditMismatch, AuditPayout, AuditSettlement } from '@bahati/contracts';
import { DomainError, fold } from '../decider';
import { cardView, hiddenCard } from '../account/game-view';
import type { ShoeCommitted, ShoeRetired, ShoeStarted } from '../account/game';
import { ledgerEntriesOf, ledgerLines } from '../account/ledger';
import { type HandCommand, handDecider } from '../hand/decide';
import { type CardDealt, cardsApart, decisionOf, type HandEvent, type HandSettlement, type HandStarted, type HandState, isHandEvent } from '../hand/hand';

/** An event of the account stream as the event store returns it. */
export interface StoredAccountEvent {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
  readonly createdAt: string;
}

/** What the hand's events show and what replaying them gives (the ledger read model is compared by the caller). */
export interface HandReplay {
  handId: string;
  shoeId: string;
  handNumber: number;
  settled: boolean;
  shoe: { id: string; inPlay: boolean; playerSeed: string | null; houseSeed: string | null; houseSeedHash: string | null };
  timeline: AuditEvent[];
  cards: AuditCard[];
  payouts: AuditPayout[];
  settlement: { recorded: AuditSettlement; expected: AuditSettlement | null } | null;
  ledgerFromEvents: AuditLedgerLine[];
  checks: { seeds: AuditCheckResult; cards: AuditCheckResult; decisions: AuditCheckResult; payouts: AuditCheckResult };
  mismatches: AuditMismatch[];
  notes: string[];
}

/** The command the hand engine took for a stored event that records a player's decision; null for its own events. */
const decisionIn = (e: StoredAccountEvent): HandCommand['type'] | null => (isHandEvent(e) ? decisionOf(e) : null);

const dataOf = (e: { data: unknown }) => (typeof e.data === 'object' && e.data !== null ? e.data : {}) as Record<string, unknown>;

/** Leaves of `expected` and `actual` that differ, by dotted path. */
function differences(expected: unknown, actual: unknown, path = ''): { field: string; expected: unknown; actual: unknown }[] {
  if (expected === actual) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObject(expected) && isObject(actual) && Array.isArray(expected) === Array.isArray(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    return keys.flatMap((k) => differences(expected[k], actual[k], path ? `${path}.${k}` : k));
  }
  return [{ field: path, expected, actual }];
}

function settlementOf(s: HandSettlement): AuditSettlement {
  return {
    bet: s.bet, doubleBet: s.doubleBet, splitBet: s.splitBet, insuranceBet: s.insuranceBet, insuranceWin: s.insuranceWin, win: s.win, push: s.push,
    evenMoney: s.evenMoney, totalBet: s.totalBet, winAmount: s.winAmount, net: s.net, dealerScore: s.dealerScore,
  };
}

const status = (checked: boolean, failed: boolean): AuditCheckResult => (!checked ? 'unchecked' : failed ? 'failed' : 'passed');

/**
 * An event's data as staff may see it. While the hand is in play its face-down card is hidden, as the player
 * sees it: a staff member who saw the dealer's hole card could tell a player whether insurance loses or
 * whether to hit. A sealed house seed is left out: it says nothing to a reader.
 */
function shownData(e: StoredAccountEvent, handInPlay: boolean): unknown {
  if (e.type === 'CardDealt' && handInPlay && dataOf(e).faceDown === true) return { ...dataOf(e), card: null };
  const carried = dataOf(e).cards;
  if (handInPlay && isHandEvent(e) && Array.isArray(carried) && carried.some(isFaceDown)) {
    return { ...dataOf(e), cards: carried.map((c: unknown) => (isFaceDown(c) ? { ...(c as object), card: null } : c)) };
  }
  if (e.type === 'ShoeCommitted' && 'sealedHouseSeed' in dataOf(e)) {
    const { sealedHouseSeed: _sealed, ...shown } = dataOf(e);
    return shown;
  }
  return e.data;
}

const isFaceDown = (c: unknown): boolean => typeof c === 'object' && c !== null && (c as { faceDown?: unknown }).faceDown === true;

/**
 * Audits one hand from its account's stored events (never a read model): the shoe is derived again from
 * the revealed seeds with the published scheme and every card dealt is checked against its position; every
 * decision is replayed through the hand engine (with the bank and level the account had then), and what the
 * engine gives is compared with what is stored: the cards' destinations, the dealer's play, each payout.
 * While the shoe is in play its house seed is not revealed: the cards cannot be checked, and the rules are
 * replayed on the cards as recorded. Returns null when the stream holds no such hand.
 */
export function replayHand(events: readonly StoredAccountEvent[], handId: string, sha256: Sha256): HandReplay | null {
  try {
    return replay(events, handId, sha256);
  } catch (err) {
    // Stored data no hand can have (a field of the wrong kind): the audit says so rather than failing.
    return unreadable(events, handId, err);
  }
}

function unreadable(events: readonly StoredAccountEvent[], handId: string, err: unknown): HandReplay {
  const mine = events.filter((e) => dataOf(e).handId === handId);
  const opened = dataOf(mine[0] ?? { data: {} });
  const settled = mine.some((e) => e.type === 'HandSettled');
  return {
    handId, shoeId: String(opened.shoeId ?? ''), handNumber: Number(opened.handNumber ?? 0), settled,
    shoe: { id: String(opened.shoeId ?? ''), inPlay: true, playerSeed: null, houseSeed: null, houseSeedHash: null },
    timeline: mine.map((e) => ({ type: e.type, time: e.createdAt, revision: e.revision, data: shownData(e, !settled) })),
    cards: [], payouts: [], settlement: null, ledgerFromEvents: [],
    checks: { seeds: 'unchecked', cards: 'unchecked', decisions: 'failed', payouts: 'unchecked' },
    mismatches: [{
      kind: 'event', revision: mine[0]?.revision ?? null, position: null, field: null, expected: 'events a hand can have', actual: null,
      message: `The stored events of this hand cannot be read as a hand (${err instanceof Error ? err.message : String(err)}).`,
    }],
    notes: ['The hand could not be replayed: its stored events hold data no hand can have.'],
  };
}

function replay(events: readonly StoredAccountEvent[], handId: string, sha256: Sha256): HandReplay | null {
  const opened = events.find((e) => e.type === 'HandOpened' && dataOf(e).handId === handId);
  if (!opened) return null;
  const shoeId = String(dataOf(opened).shoeId);
  const handNumber = Number(dataOf(opened).handNumber);

  const ofShoe = (type: string) => events.find((e) => e.type === type && dataOf(e).shoeId === shoeId);
  const committed = ofShoe('ShoeCommitted') as (StoredAccountEvent & ShoeCommitted) | undefined;
  const started = ofShoe('ShoeStarted') as (StoredAccountEvent & ShoeStarted) | undefined;
  const retired = ofShoe('ShoeRetired') as (StoredAccountEvent & ShoeRetired) | undefined;
  const inPlay = retired === undefined;
  const playerSeed = started?.data.playerSeed ?? null;
  const houseSeed = retired?.data.houseSeed ?? null;

  const mismatches: AuditMismatch[] = [];
  const notes: string[] = [];
  const mismatch = (m: Omit<AuditMismatch, 'revision' | 'position' | 'field'> & Partial<Pick<AuditMismatch, 'revision' | 'position' | 'field'>>) =>
    mismatches.push({ revision: null, position: null, field: null, ...m });

  // The seeds: the revealed house seed must hash to the committed hash; the cards follow from the two seeds.
  let shoe: number[] | null = null;
  if (!inPlay) {
    try {
      const hash = houseSeedHash(houseSeed!, sha256);
      if (committed && hash !== committed.data.houseSeedHash) {
        mismatch({ kind: 'seed', revision: retired.revision, field: 'houseSeed', expected: committed.data.houseSeedHash, actual: hash, message: `The revealed house seed hashes to ${hash}, not to the hash committed before the shoe's first hand (${committed.data.houseSeedHash}).` });
      }
      if (playerSeed !== null && retired.data.playerSeed !== playerSeed) {
        mismatch({ kind: 'seed', revision: retired.revision, field: 'playerSeed', expected: playerSeed, actual: retired.data.playerSeed, message: 'The player seed shown at retirement is not the one the shoe started with.' });
      }
      if (playerSeed === null) {
        mismatch({ kind: 'seed', revision: null, field: 'playerSeed', expected: 'a player seed', actual: null, message: 'The shoe dealt this hand but no ShoeStarted records its player seed.' });
      } else {
        shoe = shuffleShoe(playerSeed, houseSeed!);
      }
    } catch (err) {
      if (!(err instanceof InvalidSeedError)) throw err;
      mismatch({ kind: 'seed', revision: retired.revision, field: 'houseSeed', expected: '32 bytes in base64', actual: houseSeed, message: `A seed of the shoe is not a valid seed: ${err.message}.` });
    }
  } else {
    const replayed = events.some((e) => e.type === 'HandSettled' && dataOf(e).handId === handId) ? ' The rules were replayed on the cards as recorded.' : '';
    notes.push(`The shoe is still in play: its house seed is revealed only when it retires, so the cards cannot be checked against the seeds yet.${replayed}`);
  }

  const handEvents = events.filter((e) => isHandEvent(e) && dataOf(e).handId === handId);
  const settledEvent = handEvents.find((e) => e.type === 'HandSettled');
  const handInPlay = settledEvent === undefined;
  if (handInPlay) {
    notes.push(
      "The hand is still in play: the dealer's face-down card stays hidden, as it is from the player, so its decisions are replayed and its payouts recomputed once it settles.",
    );
  }

  // The timeline: the hand's events and its shoe's, the house seed left out while the shoe is in play.
  const shoeEvents = new Set<StoredAccountEvent | undefined>([opened, committed, started, retired, ...handEvents]);
  const timelineEvents = events.filter((e) => shoeEvents.has(e));
  const timeline: AuditEvent[] = timelineEvents.map((e) => {
    let data = shownData(e, handInPlay);
    if (e === committed && inPlay) {
      const { houseSeed: _secret, ...shown } = data as Record<string, unknown>;
      data = shown;
    }
    return { type: e.type, time: e.createdAt, revision: e.revision, data };
  });

  // Every card dealt, against the position the seeds give.
  const origin = new Map<StoredAccountEvent, StoredAccountEvent>();
  const apart = cardsApart(handEvents, origin);
  const cards: AuditCard[] = apart
    .filter((e): e is StoredAccountEvent & CardDealt => e.type === 'CardDealt')
    .map((e) => {
      const d = e.data;
      if (d.faceDown && handInPlay) {
        return { revision: e.revision, position: d.position, to: d.to, handIndex: d.handIndex, faceDown: true, card: hiddenCard(d.position), expected: null, matches: null };
      }
      const expectedId = shoe ? shoe[d.position] : undefined;
      const matches = shoe ? expectedId === d.card : null;
      if (matches === false) {
        mismatch({
          kind: 'card', revision: e.revision, position: d.position, field: 'card', expected: expectedId ?? null, actual: d.card,
          message: `The card at shoe position ${d.position} is recorded as ${describe(d.card)}; the seeds give ${expectedId === undefined ? 'no card there' : describe(expectedId)}.`,
        });
      }
      return {
        revision: e.revision, position: d.position, to: d.to, handIndex: d.handIndex, faceDown: d.faceDown, card: cardView(d.card, d.position),
        expected: expectedId === undefined ? null : cardView(expectedId, d.position), matches,
      };
    });

  // The account as it was before each event: the bank (the sum of the ledger lines), the total bet (the level), where the shoe stood.
  const bankBefore = new Map<StoredAccountEvent, number>();
  let bank = 0;
  let totalBet = 0;
  let nextPosition = 0;
  let levelAtDeal = 0;
  let positionAtDeal = 0;
  for (const e of events) {
    bankBefore.set(e, bank);
    if (e === handEvents[0]) {
      levelAtDeal = levelForTotalBet(totalBet);
      positionAtDeal = nextPosition;
    }
    bank += ledgerLines(e as Parameters<typeof ledgerLines>[0]).reduce((sum, line) => sum + line.amount, 0);
    if (e.type === 'HandSettled') totalBet += Number(dataOf(e).totalBet);
    if (dataOf(e).shoeId === shoeId && e.type === 'HandSettled') nextPosition = Number(dataOf(e).nextPosition);
  }

  // Replay: each decision through the hand engine, its consequences compared with what is stored.
  const replayCards: ArrayLike<number> = shoe ?? recordedShoe(apart);
  let state: HandState = handDecider.initialState();
  let expectedSettlement: HandSettlement | null = null;
  const groups = groupByDecision(apart);
  /** Folds stored events that the rules did not give; false (a mismatch named) when the hand engine cannot take them. */
  const foldStored = (group: readonly StoredAccountEvent[]): boolean => {
    try {
      state = fold(handDecider.evolve, state, group as unknown as HandEvent[]);
      return true;
    } catch {
      mismatch({ kind: 'event', revision: group[0]!.revision, expected: 'events the hand engine can replay', actual: group[0]!.type, message: `The stored events from revision ${group[0]!.revision} on cannot be replayed: the rest of the hand is not checked.` });
      return false;
    }
  };
  // A hand in play is not replayed: the replay would deal the face-down card, and its findings could tell it.
  for (const group of handInPlay ? [] : groups) {
    const first = group[0]!;
    const bankThen = bankBefore.get(origin.get(first) ?? first) ?? 0;
    let command: HandCommand;
    if (first.type === 'HandStarted') {
      const d = (first as unknown as HandStarted).data;
      command = { type: 'Deal', data: { handId, shoeId, bet: d.bet, bank: bankThen, cards: replayCards, firstPosition: positionAtDeal, level: levelAtDeal } };
    } else if (decisionIn(first)) {
      command = { type: decisionIn(first)!, data: { bank: bankThen, cards: replayCards } } as HandCommand;
    } else {
      mismatch({ kind: 'event', revision: first.revision, expected: 'a decision', actual: first.type, message: `${first.type} at revision ${first.revision} follows no decision of the player.` });
      if (!foldStored(group)) break;
      continue;
    }
    let expected: HandEvent[];
    try {
      expected = handDecider.decide(command, state);
    } catch (err) {
      const why = err instanceof DomainError ? `${err.code}: ${err.message}` : 'the hand engine cannot take it in this state';
      mismatch({
        kind: 'decision', revision: first.revision, expected: 'a decision the rules allow', actual: first.type,
        message: `${first.type} at revision ${first.revision} is not allowed by the rules then (${why}).`,
      });
      if (!foldStored(group)) break;
      continue;
    }
    compareGroup(cardsApart(expected), group, shoe !== null, mismatch);
    state = fold(handDecider.evolve, state, expected);
    const settledNow = expected.find((e) => e.type === 'HandSettled');
    if (settledNow) expectedSettlement = settledNow.data as HandSettlement;
  }

  const recordedSettlement = settledEvent ? (settledEvent.data as HandSettlement) : null;
  const payouts: AuditPayout[] = (recordedSettlement?.hands ?? []).map((h, i) => {
    const e = expectedSettlement?.hands[i];
    return {
      handIndex: h.handIndex, outcome: h.outcome, stake: h.stake, returned: h.returned, expectedOutcome: e?.outcome ?? null, expectedReturned: e?.returned ?? null,
      matches: expectedSettlement ? e !== undefined && e.outcome === h.outcome && e.returned === h.returned && e.stake === h.stake : null,
    };
  });

  const ledgerFromEvents: AuditLedgerLine[] = events
    .filter((e) => handEvents.includes(e) || (e.type === 'ShoeRetired' && dataOf(e).lastHandId === handId))
    .flatMap((e) => ledgerEntriesOf(e).map((row) => ({ id: row.id, revision: e.revision, type: row.type, amount: row.amount, reference: row.reference, handId: row.handId })));

  const failed = (...kinds: AuditMismatch['kind'][]) => mismatches.some((m) => kinds.includes(m.kind));
  return {
    handId, shoeId, handNumber, settled: settledEvent !== undefined,
    shoe: { id: shoeId, inPlay, playerSeed, houseSeed, houseSeedHash: committed?.data.houseSeedHash ?? null },
    timeline, cards, payouts,
    settlement: recordedSettlement ? { recorded: settlementOf(recordedSettlement), expected: expectedSettlement ? settlementOf(expectedSettlement) : null } : null,
    ledgerFromEvents,
    checks: {
      seeds: status(!inPlay, failed('seed')),
      cards: status(shoe !== null, failed('card')),
      decisions: status(!handInPlay, failed('decision', 'event')),
      payouts: status(settledEvent !== undefined, failed('payout')),
    },
    mismatches,
    notes,
  };
}

function describe(card: number): string {
  if (!Number.isInteger(card) || card < 0 || card >= SHOE_SIZE) return `card ${JSON.stringify(card)}, which no shoe holds`;
  const { rank, suit } = { rank: cardRank(card), suit: cardSuit(card) };
  const name = rank === 1 ? 'ace' : rank === 11 ? 'jack' : rank === 12 ? 'queen' : rank === 13 ? 'king' : String(rank);
  return `the ${name} of ${suit.toLowerCase()}s (card ${card})`;
}

/** The shoe as far as the hand's events show it: the recorded card at each recorded position. */
function recordedShoe(handEvents: readonly StoredAccountEvent[]): ArrayLike<number> {
  const cards: number[] = [];
  for (const e of handEvents) if (e.type === 'CardDealt') cards[(e.data as CardDealt['data']).position] = (e.data as CardDealt['data']).card;
  return cards;
}

/** The hand's events cut where a decision starts: the deal, then each decision with the cards, dealer play and settlement it caused. */
function groupByDecision(handEvents: readonly StoredAccountEvent[]): StoredAccountEvent[][] {
  const groups: StoredAccountEvent[][] = [];
  for (const e of handEvents) {
    if (e.type === 'HandStarted' || decisionIn(e) || groups.length === 0) groups.push([e]);
    else groups[groups.length - 1]!.push(e);
  }
  return groups;
}

function compareGroup(
  expected: readonly HandEvent[],
  stored: readonly StoredAccountEvent[],
  cardsChecked: boolean,
  mismatch: (m: Omit<AuditMismatch, 'revision' | 'position' | 'field'> & Partial<Pick<AuditMismatch, 'revision' | 'position' | 'field'>>) => void,
): void {
  const n = Math.max(expected.length, stored.length);
  for (let i = 0; i < n; i++) {
    const want = expected[i];
    const got = stored[i];
    if (!got) {
      mismatch({ kind: 'event', expected: want, actual: null, message: `The rules give ${want!.type} after revision ${stored[stored.length - 1]!.revision}; the store has no such event.` });
      continue;
    }
    if (!want) {
      mismatch({ kind: 'event', revision: got.revision, expected: null, actual: { type: got.type, data: got.data }, message: `${got.type} at revision ${got.revision} is not what the rules give.` });
      continue;
    }
    if (want.type !== got.type) {
      mismatch({ kind: 'event', revision: got.revision, expected: want.type, actual: got.type, message: `The rules give ${want.type} where revision ${got.revision} holds ${got.type}.` });
      continue;
    }
    let diffs = differences(want.data, got.data);
    // A wrong card is named once, by the check of the cards against the seeds.
    if (want.type === 'CardDealt' && cardsChecked) diffs = diffs.filter((d) => d.field !== 'card');
    for (const d of diffs) {
      if (want.type === 'HandSettled') {
        mismatch({
          kind: 'payout', revision: got.revision, field: d.field, expected: d.expected, actual: d.actual,
          message: `${got.type} at revision ${got.revision} records ${d.field} = ${JSON.stringify(d.actual)}; the rules give ${JSON.stringify(d.expected)}.`,
        });
      } else {
        const position = want.type === 'CardDealt' ? want.data.position : null;
        mismatch({
          kind: want.type === 'CardDealt' && d.field === 'card' ? 'card' : 'event', revision: got.revision, position, field: d.field, expected: d.expected, actual: d.actual,
          message: `${got.type} at revision ${got.revision} records ${d.field} = ${JSON.stringify(d.actual)}; the rules give ${JSON.stringify(d.expected)}.`,
        });
      }
    }
  }
}
