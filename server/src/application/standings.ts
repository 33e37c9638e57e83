import { Injectable } from '@nestjs/common';
import type { PlayerStanding } from '../domain/account/standing';
import { playerDecider, type PlayerState, playerStream, selfExcludedAt } from '../domain/player/player';
import { DomainError } from '../domain/decider';
import { remember } from './remember';
import { CommandPath, type LoadedStream } from './command-path';

/** What an account command needs to know about the player, and the player stream revision it came from. */
export interface CurrentStanding {
  standing: PlayerStanding;
  player: PlayerState;
  /** Revision of the player stream's last event folded into `standing`: pass it as the append's condition. */
  revision: number;
  /** Taken from memory without reading the stream (it may be behind; the append's condition catches that). */
  remembered: boolean;
}

/**
 * What an account command needs to know about the player: ban, self-exclusion and the verified phone,
 * all folded from the player stream `player-<id>` (where the admin's and the player's flags are recorded).
 * `current` may answer from memory: the account command then appends on condition that the player stream
 * is still at the revision the standing came from, so a ban or a new phone is never missed.
 */
@Injectable()
export class Standings {
  private readonly cache = new Map<string, LoadedStream<PlayerState>>();
  private readonly cacheSize = 10_000;

  constructor(private readonly commands: CommandPath) {}

  /** Read fresh from the player stream (the events after the state this process remembers). */
  async of(playerId: string): Promise<CurrentStanding> {
    return this.current(playerId, { fresh: true });
  }

  async current(playerId: string, options: { fresh: boolean }): Promise<CurrentStanding> {
    const known = this.cache.get(playerId);
    let loaded: LoadedStream<PlayerState>;
    let remembered = false;
    if (known && !options.fresh) {
      loaded = known;
      remembered = true;
    } else {
      loaded = await this.commands.load(playerStream(playerId), playerDecider, known);
      remember(this.cache, playerId, { state: loaded.state, revision: loaded.revision }, this.cacheSize);
    }
    const player = loaded.state;
    if (!player.registered || loaded.revision === null) throw new DomainError('InvalidPlayer', 'No such player; sign in again.');
    return {
      player,
      revision: loaded.revision,
      remembered,
      // A requested lift ends the exclusion by the passing of time, with no event: it is judged at this moment.
      standing: { banned: player.banned, selfExcluded: selfExcludedAt(player, new Date().toISOString()), phoneVerified: player.verifiedPhoneNumber !== null },
    };
  }
}
