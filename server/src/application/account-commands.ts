import { Injectable, Logger } from '@nestjs/common';
import { type AccountCommand, type AccountEvent, type AccountState, accountDecider, accountStream } from '../domain/account/account';
import type { PlayerStanding } from '../domain/account/standing';
import { playerStream } from '../domain/player/player';
import { SnapshotRepository } from './ports/snapshots';
import { type CommandContext, CommandPath, type CommandOutcome, type EventCodec, type LoadedStream } from './command-path';
import { SnapshotStore } from './snapshots';
import { Standings } from './standings';
import { accountEventCodec, accountSnapshotCodec } from './account-at-rest';
import { HouseSeedVault } from './game/house-seed-vault';

/** Bump when AccountState's shape, its stored form or any evolve changes: older snapshots are then ignored. */
export const ACCOUNT_SNAPSHOT_VERSION = 'account-11';

/**
 * Runs every command on `account-<playerId>` (hands, shoes, deposits, withdrawals) through the command
 * path, folding from snapshots. The account state and the player's
 * standing come from memory when this process has them, so a hand action usually costs one round trip:
 * the append, which expects the account's revision and requires the player stream to be unchanged.
 * Anything that moved in between (another instance, a deposit, a ban) refuses that append, and the
 * command is decided again on fresh reads; a refusal is only answered once fresh reads confirm it.
 */
@Injectable()
export class AccountCommands {
  readonly snapshots: SnapshotStore<AccountState, AccountEvent>;
  /** Accounts are stored with the house seed of the shoe in play sealed (see `account-at-rest.ts`). */
  private readonly codec: EventCodec<AccountEvent>;
  private readonly logger = new Logger('AccountCommands');

  constructor(
    private readonly path: CommandPath,
    snapshots: SnapshotRepository,
    private readonly standings: Standings,
    vault: HouseSeedVault,
  ) {
    this.codec = accountEventCodec(vault);
    this.snapshots = new SnapshotStore(snapshots, path, accountDecider, {
      version: ACCOUNT_SNAPSHOT_VERSION,
      every: 100,
      onError: (err) => this.logger.warn(`snapshot not written: ${err instanceof Error ? err.message : String(err)}`),
      events: this.codec,
      state: accountSnapshotCodec(vault),
    });
  }

  /**
   * Decides `command` on the account's state and the player's standing (ban, self-exclusion, phone) and
   * appends its events atomically, on condition that the player stream has not moved since the standing
   * was read.
   */
  run(
    playerId: string,
    command: AccountCommand | ((state: AccountState, standing: PlayerStanding) => AccountCommand),
    context: CommandContext,
  ): Promise<CommandOutcome<AccountState, AccountEvent>> {
    const streamId = accountStream(playerId);
    return this.path.handle(streamId, accountDecider, command, { userId: playerId, ...context }, {
      load: (id, o) => this.snapshots.load(id, o),
      depends: async ({ fresh }) => {
        const current = await this.standings.current(playerId, { fresh });
        return { value: current.standing, condition: { streamId: playerStream(playerId), revision: current.revision }, remembered: current.remembered };
      },
      codec: this.codec,
      // Remembered before the next command of this process on the account runs, so it decides without reading.
      afterAppend: (o) => this.snapshots.saved(streamId, { state: o.state as AccountState, revision: o.revision }),
    });
  }

  /** The account folded up to its last event (read, not only remembered). */
  load(playerId: string): Promise<LoadedStream<AccountState>> {
    return this.snapshots.load(accountStream(playerId), { fresh: true });
  }
}
