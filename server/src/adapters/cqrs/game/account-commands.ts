import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AccountCommand, type AccountEvent, type AccountState, type PlayerStanding, accountDecider, accountStream } from '../../../domain/account/account';
import { DatabaseToken } from '../../../config/tokens';
import type { Database } from '../../db/database';
import { CommandPath, type CommandOutcome, type LoadedStream } from '../command-path';
import { SnapshotStore } from '../snapshots';
import { Standings } from '../money/standings';

/** Bump when AccountState's shape or any evolve changes: older snapshots are then ignored. */
export const ACCOUNT_SNAPSHOT_VERSION = 'account-2';

/** Runs commands on `account-<playerId>` through the command path, folding from snapshots. */
@Injectable()
export class AccountCommands {
  readonly snapshots: SnapshotStore<AccountState, AccountEvent>;
  private readonly logger = new Logger('AccountCommands');

  constructor(
    private readonly path: CommandPath,
    @Inject(DatabaseToken) database: Database,
    private readonly standings: Standings,
  ) {
    this.snapshots = new SnapshotStore(database.kysely, path, accountDecider, {
      version: ACCOUNT_SNAPSHOT_VERSION,
      every: 100,
      onError: (err) => this.logger.warn(`snapshot not written: ${err instanceof Error ? err.message : String(err)}`),
    });
  }

  /** Ban, self-exclusion and phone, read fresh for every command (the same source as the money commands). */
  async standing(playerId: string): Promise<PlayerStanding> {
    return (await this.standings.of(playerId)).standing;
  }

  async run(playerId: string, command: AccountCommand | ((state: AccountState) => AccountCommand), context: { correlationId: string; userId?: string }): Promise<CommandOutcome<AccountState, AccountEvent>> {
    const streamId = accountStream(playerId);
    const outcome = await this.path.handle(streamId, accountDecider, command, { userId: playerId, ...context }, { load: this.snapshots.load });
    if (outcome.events.length) await this.snapshots.saved(streamId, { state: outcome.state, revision: outcome.revision });
    return outcome;
  }

  load(playerId: string): Promise<LoadedStream<AccountState>> {
    return this.snapshots.load(accountStream(playerId));
  }
}
