import { Injectable } from '@nestjs/common';
import type { PlayerStanding } from '../../../domain/account/account';
import { playerDecider, type PlayerState, playerStream } from '../../../domain/player/player';
import { DomainError } from '../../../domain/decider';
import { MoneyRepository } from '../../read-models/money.repository';
import { CommandPath } from '../command-path';

/**
 * What an account command needs to know about the player: the phone from the player stream (read at
 * once, so a just-verified player can deposit), and the flags admins and the player set.
 */
@Injectable()
export class Standings {
  constructor(
    private readonly commands: CommandPath,
    private readonly money: MoneyRepository,
  ) {}

  async of(playerId: string): Promise<{ standing: PlayerStanding; player: PlayerState }> {
    const { state: player } = await this.commands.load(playerStream(playerId), playerDecider);
    if (!player.registered) throw new DomainError('InvalidPlayer', 'No such player; sign in again.');
    const flags = await this.money.flags(playerId);
    const extra = player as PlayerState & { banned?: boolean; selfExcluded?: boolean };
    return {
      player,
      standing: {
        banned: extra.banned ?? flags?.banned ?? false,
        selfExcluded: extra.selfExcluded ?? flags?.selfExclude ?? false,
        phoneVerified: player.verifiedPhoneNumber !== null,
      },
    };
  }
}
