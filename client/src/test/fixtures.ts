import { BRAND_SVG_FIELDS, BRAND_SVG_SIZES, liabilityLeafText, liabilityNodeText, type AdminPlayer, type Brand } from '@bahati/contracts';
import type { LiabilityCommitmentView, LiabilityLeaf, LiabilityNode, LiabilityProofView } from '@bahati/contracts';
import type { Bonus, Card, Hand, HandAction, Player, PlayerHand, PlayerLimits, PlayerOverview, PriceFigure, Shoe, WithdrawRequestView } from '@bahati/contracts';

/*
 * The API's answers as the server sends them (types from contracts/), for ./server.ts and the tests.
 * Each builder takes overrides, so a test states only what it is about.
 */

export const PLAYER_ID = '7d2c4a1e-0b7f-4c38-9a55-1f0e2d3c4b5a';
export const SHOE_ID = '3f1b9c0d-5e6a-4b7c-8d9e-0a1b2c3d4e5f';
export const HAND_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const TEST_JWT = 'test.jwt.token';

export function player(overrides: Partial<Player> = {}): Player {
  return {
    id: PLAYER_ID,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    createdTime: '2026-01-05T10:00:00.000Z',
    banned: false,
    suspectLevel: 0,
    handsPlayed: 12,
    totalBetAmount: 120_000,
    totalWonAmount: 110_000,
    netAmount: -10_000,
    level: 1,
    activeHandId: null,
    shoeId: SHOE_ID,
    selfExclude: false,
    selfExclusionLiftsAt: null,
    verifiedPhoneNumber: '+15555550100',
    photoUrl: null,
    isAdmin: false,
    animate: false,
    ...overrides,
  };
}

export const priceFigure: PriceFigure = { value: 100_000, source: 'test', fixed: true, asOf: '2026-01-05T10:00:00.000Z' };

const SUIT_INDEX = { Heart: 0, Diamond: 1, Club: 2, Spade: 3 } as const;

/** A face-up card: rank 1 (ace) … 13 (king). */
export function card(rank: number, suit: keyof typeof SUIT_INDEX = 'Spade', cardIndex = 0): Card {
  return { suit, rank, value: Math.min(rank, 10), cardIndex, id: SUIT_INDEX[suit] * 13 + rank - 1, faceDown: false };
}

export function holeCard(cardIndex = 3): Card {
  return { suit: null, rank: 0, value: 0, cardIndex, id: null, faceDown: true };
}

export function playerHand(cards: Card[], overrides: Partial<PlayerHand> = {}): PlayerHand {
  const score = cards.reduce((sum, c) => sum + c.value, 0);
  return {
    cards,
    cardIndices: cards.map((c) => c.cardIndex),
    displayScore: String(score),
    handState: 'Active',
    doubleBet: false,
    insurance: false,
    hasBlackjack: false,
    score,
    hasAce: cards.some((c) => c.rank === 1),
    betAmount: 1_000,
    winAmount: null,
    ...overrides,
  };
}

/** A hand in the player's turn: 10♠ 6♥ against the dealer's 9♣ and hole card. */
export function hand(overrides: Partial<Hand> = {}, allowedActions: HandAction[] = ['hit', 'stand', 'double']): Hand {
  return {
    id: HAND_ID,
    shoeId: SHOE_ID,
    handNumber: 1,
    baseBetAmount: 1_000,
    createdTime: '2026-01-05T10:00:00.000Z',
    finishedTime: null,
    level: 1,
    phase: 'PlayerTurn',
    activeHandIndex: 0,
    allowedActions,
    insuranceOffered: false,
    evenMoneyOffered: false,
    dealerHand: { cards: [card(9, 'Club', 1), holeCard(3)], cardIndices: [1], displayScore: '9', score: 9, hasBlackjack: false },
    playerHands: [playerHand([card(10, 'Spade', 0), card(6, 'Heart', 2)])],
    insuranceBet: 0,
    insuranceWin: 0,
    totalBetAmount: 1_000,
    winAmount: null,
    dealerBlackjack: null,
    ...overrides,
  };
}

export function shoe(overrides: Partial<Shoe> = {}): Shoe {
  return {
    id: SHOE_ID,
    playerSeed: '',
    houseSeed: '',
    houseSeedHash: 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
    handCount: 0,
    retired: false,
    retiredEarly: false,
    createdTime: '2026-01-05T10:00:00.000Z',
    retiredTime: null,
    cards: [],
    ...overrides,
  };
}

export function bonus(overrides: Partial<Bonus> = {}): Bonus {
  return {
    id: 'b0a1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
    date: '2026-01-05T10:00:00.000Z',
    redeemCode: null,
    bonusAmount: 50_000,
    status: 'Offered',
    playthrough: 0,
    playthroughTarget: 5_000_000,
    expiresAt: '2099-01-12T10:00:00.000Z',
    endedBy: null,
    endedAt: null,
    ...overrides,
  };
}

const noLimit = { value: null, pending: null };
export function limits(overrides: Partial<PlayerLimits['limits']> = {}, usage: Partial<PlayerLimits['usage']> = {}): PlayerLimits {
  return {
    limits: {
      dailyDeposit: noLimit,
      weeklyDeposit: noLimit,
      monthlyDeposit: noLimit,
      dailyLoss: noLimit,
      weeklyLoss: noLimit,
      monthlyLoss: noLimit,
      sessionReminderMinutes: noLimit,
      ...overrides,
    },
    usage: { dailyDeposit: 0, weeklyDeposit: 0, monthlyDeposit: 0, dailyLoss: 0, weeklyLoss: 0, monthlyLoss: 0, ...usage },
  };
}

export function withdrawRequest(overrides: Partial<WithdrawRequestView> = {}): WithdrawRequestView {
  return {
    id: 'w-0001',
    requestTime: '2026-01-05T10:00:00.000Z',
    amount: 20_000,
    playerId: PLAYER_ID,
    email: 'ada@example.com',
    method: 'lightning',
    status: 'Created',
    statusCode: 0,
    reference: null,
    reviewerId: null,
    decisionTime: null,
    targetAddress: 'lnbc200u1pexampleinvoice',
    paid: false,
    payout: 'None',
    payoutError: null,
    payoutTime: null,
    firstApproval: null,
    decisionReason: null,
    ...overrides,
  };
}

/** The default brand, each drawing a plain rectangle of its size. */
export function brand(overrides: Partial<Brand> = {}): Brand {
  const drawings = Object.fromEntries(
    BRAND_SVG_FIELDS.map((field) => {
      const { width, height } = BRAND_SVG_SIZES[field];
      return [field, `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}"/></svg>`];
    }),
  ) as Pick<Brand, (typeof BRAND_SVG_FIELDS)[number]>;
  return { id: 'bahati', name: 'Bahati', siteName: 'Bahati', colour: '#d9a93b', ...drawings, ...overrides };
}

/** The player 360 view with nothing in it yet (a test fills the sections it needs). */
export function playerOverview(overrides: Partial<PlayerOverview> = {}): PlayerOverview {
  return {
    playerId: PLAYER_ID, totals: { deposited: 0, withdrawn: 0, bonuses: 0 }, deposits: [], invoices: [], withdrawals: [], bonuses: [], sessions: [], protections: [], notes: [], staffActions: null,
    ...overrides,
  };
}

/** A row of the back office's players table. */
export function adminPlayer(overrides: Partial<AdminPlayer> = {}): AdminPlayer {
  return {
    id: PLAYER_ID,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    createdTime: '2026-01-05T10:00:00.000Z',
    banned: false,
    suspectLevel: 0,
    handsPlayed: 12,
    totalBetAmount: 120_000,
    level: 1,
    bank: 100_000,
    selfExclude: false,
    lastActive: '2026-01-06T09:30:00.000Z',
    ...overrides,
  };
}

export const COMMITMENT_ID = '5c0d7e1f-2a3b-4c5d-8e6f-7a8b9c0d1e2f';

const sha256Hex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A published commitment over two players and the first one's proof, hashed as the server does (contracts' texts):
 * leaves [ours a, theirs z, theirs a, ours z] (each balance in two shares), paired, then the root.
 */
export async function liabilityFixture({ shares = [12_000, 18_000], others = [25_000, 15_000], committedAt = '2026-03-01T00:00:00.000Z' } = {}): Promise<{
  commitment: LiabilityCommitmentView;
  proof: LiabilityProofView;
}> {
  const other = 'e3b0c442-98fc-4c14-9afb-f4c8996fb924';
  const ours: LiabilityLeaf[] = [
    { playerId: PLAYER_ID, balance: shares[0]!, salt: '1'.repeat(64) },
    { playerId: PLAYER_ID, balance: shares[1]!, salt: '2'.repeat(64) },
  ];
  const theirs: LiabilityLeaf[] = [
    { playerId: other, balance: others[0]!, salt: '3'.repeat(64) },
    { playerId: other, balance: others[1]!, salt: '4'.repeat(64) },
  ];
  const leaf = async (l: LiabilityLeaf): Promise<LiabilityNode> => ({ hash: await sha256Hex(liabilityLeafText(l)), sum: l.balance });
  const node = async (left: LiabilityNode, right: LiabilityNode): Promise<LiabilityNode> => ({ hash: await sha256Hex(liabilityNodeText(left, right)), sum: left.sum + right.sum });
  const [a, b, c, d] = await Promise.all([leaf(ours[0]!), leaf(theirs[1]!), leaf(theirs[0]!), leaf(ours[1]!)]);
  const left = await node(a!, b!);
  const right = await node(c!, d!);
  const root = await node(left, right);
  const commitment: LiabilityCommitmentView = { id: COMMITMENT_ID, rootHash: root.hash, total: root.sum, players: 2, position: '4812', committedAt };
  const proof: LiabilityProofView = {
    commitment,
    root,
    playerId: PLAYER_ID,
    balance: shares[0]! + shares[1]!,
    leaves: [
      { leaf: ours[0]!, path: [{ ...b!, side: 'right' }, { ...right, side: 'right' }] },
      { leaf: ours[1]!, path: [{ ...c!, side: 'left' }, { ...left, side: 'left' }] },
    ],
  };
  return { commitment, proof };
}
