import { z } from 'zod';
/**
 * Proof of liabilities: the shapes of a Merkle-sum tree over every player's bank and the check a player (or the
 * browser, or a short stock Python script) runs on their own proof. Each player's balance is split in two secret
 * shares, each a leaf committing to a per-player, per-day salt of its own, the player's id and the share; an inner
 * node hashes both children's hashes and both sums separately. The verifier adds the sums itself, never taking one
 * from the tree: a node that claims less than its children hold (the larger child's sum instead of both) leads to
 * another root. A player's proof holds both of their leaves with their paths, and the shares add up to the balance.
 * Siblings in a proof are shares of other players, or sums of several: never anyone's balance. Hashes are SHA-256,
 * in lowercase hex, of the plain texts below (UTF-8).
 */

export interface LiabilityLeaf {
  playerId: string;
  /** Satoshis, a whole number ≥ 0. */
  balance: number;
  /** 64 lowercase hex characters, secret to the player (per player and per day). */
  salt: string;
}

export interface LiabilityNode {
  hash: string;
  sum: number;
}

/** One step up from a node: its sibling, and on which side the sibling lies. */
export interface LiabilityProofStep extends LiabilityNode {
  side: 'left' | 'right';
}

/** One leaf of a player and its way up to the root. */
export interface LiabilityLeafProof {
  leaf: LiabilityLeaf;
  path: LiabilityProofStep[];
}

/** A player's proof: the root it is in, the player's balance, and each of the player's leaves with its path. */
export interface LiabilityProof {
  root: LiabilityNode;
  playerId: string;
  balance: number;
  leaves: LiabilityLeafProof[];
}

/** SHA-256 of a UTF-8 text as lowercase hex: synchronous on the server, WebCrypto's promise in the browser. */
export type Sha256Hex = (text: string) => string | Promise<string>;

export const liabilityLeafText = (leaf: LiabilityLeaf): string => `bahati-leaf|${leaf.salt}|${leaf.playerId}|${leaf.balance}`;
export const liabilityNodeText = (left: LiabilityNode, right: LiabilityNode): string => `bahati-node|${left.hash}|${left.sum}|${right.hash}|${right.sum}`;

const HEX64 = /^[0-9a-f]{64}$/;
const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Whether `leafProof` puts its leaf in the tree of `root` (hash and total); every sum must be a whole number ≥ 0. */
export async function verifyLiabilityLeaf(leafProof: LiabilityLeafProof, root: LiabilityNode, sha256Hex: Sha256Hex): Promise<boolean> {
  const { leaf, path } = leafProof;
  if (!whole(leaf.balance) || !HEX64.test(leaf.salt) || !path.every((s) => whole(s.sum) && HEX64.test(s.hash))) return false;
  let node: LiabilityNode = { hash: await sha256Hex(liabilityLeafText(leaf)), sum: leaf.balance };
  for (const step of path) {
    const sibling = { hash: step.hash, sum: step.sum };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256Hex(liabilityNodeText(left, right)), sum: left.sum + right.sum };
  }
  return node.hash === root.hash && node.sum === root.sum && Number.isSafeInteger(node.sum);
}

/** Whether `proof` puts the player's whole balance in the tree of `root`: every leaf of theirs in it, their shares adding up to the balance. */
export async function verifyLiabilityProof(proof: LiabilityProof, root: LiabilityNode, sha256Hex: Sha256Hex): Promise<boolean> {
  if (!whole(proof.balance) || proof.leaves.length === 0) return false;
  if (proof.leaves.some((l) => l.leaf.playerId !== proof.playerId)) return false;
  if (proof.leaves.reduce((sum, l) => sum + l.leaf.balance, 0) !== proof.balance) return false;
  if (new Set(proof.leaves.map((l) => l.leaf.salt)).size !== proof.leaves.length) return false;
  for (const leaf of proof.leaves) if (!(await verifyLiabilityLeaf(leaf, root, sha256Hex))) return false;
  return true;
}

/** A published commitment (GET liabilities, public): its root hash and total, how many players, the event-store position it was read at. */
export const LiabilityCommitmentView = z.object({
  id: z.string(),
  rootHash: z.string(),
  total: z.number().int(),
  players: z.number().int(),
  position: z.string().nullable(),
  committedAt: z.string(),
});
export type LiabilityCommitmentView = z.infer<typeof LiabilityCommitmentView>;
export const LiabilityCommitmentList = z.array(LiabilityCommitmentView);

// Every schema here is built by calls that start with `z.` (the client's bundler drops them as pure: no zod in the browser).
const ProofNode = z.object({ hash: z.string(), sum: z.number().int() });
/** GET players/liabilities/proof?commitment=<id|latest>: the player's own proof (JSON to download and check). */
export const LiabilityProofView = z.object({
  commitment: LiabilityCommitmentView,
  root: ProofNode,
  playerId: z.string(),
  balance: z.number().int(),
  leaves: z.array(
    z.object({
      leaf: z.object({ playerId: z.string(), balance: z.number().int(), salt: z.string() }),
      path: z.array(z.object({ hash: z.string(), sum: z.number().int(), side: z.enum(['left', 'right']) })),
    }),
  ),
});
export type LiabilityProofView = z.infer<typeof LiabilityProofView>;

/** The query of GET players/liabilities/proof. */
export const LiabilityProofQuery = z.object({ commitment: z.union([z.literal('latest'), z.uuid('commitment is a commitment id or latest')]).default('latest') });
export type LiabilityProofQuery = z.output<typeof LiabilityProofQuery>;

/**
 * GET admin/reserves: what a watch-only server can see of the bitcoin held for the players, beside what it owes
 * them. On chain: the confirmed unspent outputs paying our deposit addresses (the chain port); Lightning: the node's
 * channel balance (local side) and its on-chain wallet. It cannot see the cold wallet nor prove that we control
 * these coins: that takes the operator's signatures (docs/operations.md).
 */
export const ReservesView = z.object({
  /** When the sources were read (ISO 8601). */
  checkedAt: z.string(),
  onChain: z.object({
    /** Satoshis in confirmed unspent outputs of the deposit addresses. */
    confirmed: z.number().int(),
    outputs: z.number().int(),
    /** Deposit addresses asked about. */
    addresses: z.number().int(),
    /** Which chain source answered (e.g. bitcoin-core, esplora, dev). */
    source: z.string(),
  }),
  /** Null when the node could not be read (`error` says why). */
  lightning: z
    .object({
      /** Satoshis on our side of open channels. */
      channels: z.number().int(),
      /** Satoshis in the node's confirmed on-chain wallet. */
      wallet: z.number().int(),
      source: z.string(),
    })
    .nullable(),
  /** On chain plus Lightning, satoshis. */
  total: z.number().int(),
  /** The newest commitment, or null before the first. */
  liabilities: z.nullable(LiabilityCommitmentView),
  /** Every bank now (the bank read model), satoshis. */
  banksNow: z.number().int(),
  /** total ÷ the newest commitment's total (null without a commitment or when it is 0). */
  ratio: z.number().nullable(),
  /** What could not be read, in words (a source down); empty when all answered. */
  errors: z.array(z.string()),
});
export type ReservesView = z.infer<typeof ReservesView>;
