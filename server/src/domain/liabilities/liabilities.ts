import { DomainError, type Decider, type DomainEvent } from '../decider';
import { type PlayerBalance, type SyncSha256Hex, buildLiabilityTree } from './merkle-sum';

/**
 * Stream `liabilities`: each commitment to what the site owes its players, a Merkle-sum tree over every bank at
 * one position of the event store (the bank read model's checkpoint). The event keeps each player's balance and
 * the two salts of their leaves, so any player's proof can be given again later; its root and total are public.
 */
export const LIABILITIES_STREAM = 'liabilities';

export type LiabilitiesEvent = DomainEvent<
  'LiabilitiesCommitted',
  {
    commitmentId: string;
    /** The event-store position the balances were read at. */
    position: string | null;
    rootHash: string;
    total: number;
    players: number;
    /** [player id, balance, first salt, second salt] of every player with a bank. */
    balances: [string, number, string, string][];
    committedBy: string;
    committedAt: string;
  }
>;

export type LiabilitiesCommand = {
  type: 'CommitLiabilities';
  commitmentId: string;
  position: string | null;
  balances: readonly PlayerBalance[];
  committedBy: string;
  now: string;
};

export interface LiabilitiesState {
  readonly commitments: ReadonlySet<string>;
}

/** The decider; hashing is injected (the domain imports no Node module). */
export function liabilitiesDecider(sha256Hex: SyncSha256Hex): Decider<LiabilitiesCommand, LiabilitiesState, LiabilitiesEvent> {
  return {
    initialState: () => ({ commitments: new Set() }),
    decide(command, state) {
      if (state.commitments.has(command.commitmentId)) return [];
      if (!/^[0-9a-f-]{36}$/.test(command.commitmentId)) throw new DomainError('ValidationFailed', 'A commitment id is a UUID.');
      const tree = buildLiabilityTree(command.balances, sha256Hex);
      return [
        {
          type: 'LiabilitiesCommitted',
          data: {
            commitmentId: command.commitmentId,
            position: command.position,
            rootHash: tree.root.hash,
            total: tree.root.sum,
            players: tree.players,
            balances: command.balances.map((b) => [b.playerId, b.balance, b.salts[0], b.salts[1]]),
            committedBy: command.committedBy,
            committedAt: command.now,
          },
        },
      ];
    },
    evolve(state, event) {
      return { commitments: new Set([...state.commitments, event.data.commitmentId]) };
    },
  };
}

/** The balances of a commitment, as the tree takes them. */
export const committedBalances = (data: LiabilitiesEvent['data']): PlayerBalance[] =>
  data.balances.map(([playerId, balance, a, z]) => ({ playerId, balance, salts: [a, z] as const }));
