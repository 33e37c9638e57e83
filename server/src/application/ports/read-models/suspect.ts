import type { SuspectRecordView } from '@bahati/contracts';
import type { Page } from './page';

/** The `suspect` read model as admins and support read it. */
export abstract class SuspectReadModel {
  /** The suspect level now (0 for a player nothing was recorded for). */
  abstract suspectLevel(playerId: string): Promise<number>;
  /** The player's suspect records, newest first. */
  abstract suspectRecords(playerId: string, offset: number, limit: number): Promise<Page<SuspectRecordView>>;
}
