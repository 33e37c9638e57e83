import { type LiabilityLeaf, type LiabilityNode, type LiabilityProof, type LiabilityProofStep, liabilityLeafText, liabilityNodeText } from '@bahati/contracts';

/** SHA-256 of a UTF-8 text in lowercase hex (injected: the domain does no I/O and imports no Node module). */
export type SyncSha256Hex = (text: string) => string;

export interface PlayerBalance {
  playerId: string;
  /** Satoshis, a whole number ≥ 0. */
  balance: number;
  /** The player's two salts of the day (64 lowercase hex characters each), secret to the player. */
  salts: readonly [string, string];
}

export interface LiabilityTree {
  root: LiabilityNode;
  /** How many players the tree holds. */
  players: number;
  /** The proof of a player in the tree; undefined for one who is not. */
  proof(playerId: string): LiabilityProof | undefined;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The player's first share of their balance, from their secret salts: a whole number from 0 to the balance. */
export function firstShare(balance: number, salts: readonly [string, string], sha256Hex: SyncSha256Hex): number {
  return Number(BigInt(`0x${sha256Hex(`bahati-share|${salts[0]}|${salts[1]}`)}`) % BigInt(balance + 1));
}

/**
 * Builds the Merkle-sum tree of every player's balance (contracts/src/liabilities.ts has the hashing and the
 * check). Each balance is split in two shares (`firstShare` and the rest), each its own leaf. Players are put in
 * the order of their first leaf's hash (new every day with the salts) and the leaves are laid out so that one
 * player's first share is paired with the next player's second share: nobody's proof holds both shares of
 * another player at its first level (with three players or more), and no sibling is anyone's balance. An odd
 * level is evened with a zero node.
 */
export function buildLiabilityTree(balances: readonly PlayerBalance[], sha256Hex: SyncSha256Hex): LiabilityTree {
  const ids = new Set<string>();
  for (const b of balances) {
    if (!Number.isSafeInteger(b.balance) || b.balance < 0) throw new Error(`A balance is a whole number of satoshis ≥ 0 (${b.playerId}: ${b.balance})`);
    if (!b.salts.every((s) => HEX64.test(s)) || b.salts[0] === b.salts[1]) throw new Error('Each player has two different salts of 64 lowercase hex characters');
    if (ids.has(b.playerId)) throw new Error(`${b.playerId} is in the tree twice`);
    ids.add(b.playerId);
  }
  const split = balances
    .map((b) => {
      const first = firstShare(b.balance, b.salts, sha256Hex);
      const a: LiabilityLeaf = { playerId: b.playerId, balance: first, salt: b.salts[0] };
      const z: LiabilityLeaf = { playerId: b.playerId, balance: b.balance - first, salt: b.salts[1] };
      return { a, z, order: sha256Hex(liabilityLeafText(a)) };
    })
    .sort((x, y) => (x.order < y.order ? -1 : x.order > y.order ? 1 : 0));
  // [P1a, P2z, P2a, P3z, …, Pna, P1z]: pairs (P1a, P2z), (P2a, P3z), …, (Pna, P1z).
  const ordered: LiabilityLeaf[] = split.flatMap((p, i) => [p.a, split[(i + 1) % split.length]!.z]);
  const filler = (level: number, i: number): LiabilityNode => ({ hash: sha256Hex(`bahati-filler|${level}|${i}`), sum: 0 });
  const levels: LiabilityNode[][] = [ordered.length ? ordered.map((l) => ({ hash: sha256Hex(liabilityLeafText(l)), sum: l.balance })) : [filler(0, 0)]];
  while (levels.at(-1)!.length > 1) {
    const level = levels.at(-1)!;
    const next: LiabilityNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1] ?? filler(levels.length - 1, i + 1);
      next.push({ hash: sha256Hex(liabilityNodeText(left, right)), sum: left.sum + right.sum });
    }
    levels.push(next);
  }
  const root = levels.at(-1)![0]!;
  const positions = new Map<string, number[]>();
  ordered.forEach((l, i) => positions.set(l.playerId, [...(positions.get(l.playerId) ?? []), i]));
  const balanceOf = new Map(balances.map((b) => [b.playerId, b.balance]));
  const pathOf = (start: number): LiabilityProofStep[] => {
    let i = start;
    return levels.slice(0, -1).map((level, depth) => {
      const right = i % 2 === 0;
      const sibling = right ? (level[i + 1] ?? filler(depth, i + 1)) : level[i - 1]!;
      i = Math.floor(i / 2);
      return { hash: sibling.hash, sum: sibling.sum, side: right ? 'right' : 'left' };
    });
  };
  return {
    root,
    players: balances.length,
    proof(playerId) {
      const at = positions.get(playerId);
      if (!at) return undefined;
      return { root, playerId, balance: balanceOf.get(playerId)!, leaves: at.map((i) => ({ leaf: ordered[i]!, path: pathOf(i) })) };
    },
  };
}
