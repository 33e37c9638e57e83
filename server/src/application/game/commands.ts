import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ActionResponse, HAND_ACTION_NAMES, type HandAction, type HandActionResponse, type NextShoe, type RetireShoeResponse } from '@bahati/contracts';
import type { AccountEvent, AccountState } from '../../domain/account/account';
import { handView, shoeView } from '../../domain/account/game-view';
import type { PlayerAction } from '../../domain/hand/decide';
import { DomainError } from '../../domain/decider';
import { houseSeedHash } from '../../domain/fairness';
import type { Actor } from '../actor';
import { AccountCommands } from '../account-commands';
import { GameSettings, SeedSource, sha256 } from './seed-source';

const ACTIONS: Record<HandAction, PlayerAction> = HAND_ACTION_NAMES;

export class DealHandCommand {
  constructor(readonly actor: Actor, readonly betAmount: number, readonly playerSeed: string | null, readonly correlationId: string) {}
}
export class PlayHandCommand {
  constructor(readonly actor: Actor, readonly action: HandAction, readonly correlationId: string) {}
}
export class RetireShoeCommand {
  constructor(readonly actor: Actor, readonly correlationId: string) {}
}
/** Commits a shoe for the player unless one is; with `houseSeed` (development only) retires the current shoe and commits one with that seed. */
export class CommitShoeCommand {
  constructor(readonly actor: Actor, readonly correlationId: string, readonly houseSeed?: string) {}
}

function nextShoeOf(events: readonly AccountEvent[]): NextShoe | null {
  const retired = events.findIndex((e) => e.type === 'ShoeRetired');
  if (retired < 0) return null;
  const committed = events.slice(retired).find((e) => e.type === 'ShoeCommitted');
  return committed && committed.type === 'ShoeCommitted' ? { id: committed.data.shoeId, houseSeedHash: committed.data.houseSeedHash } : null;
}

/** The response of a hand action, from the account state after the append (never from a read model). */
function handResponse(state: AccountState, events: readonly AccountEvent[], now: string): HandActionResponse {
  const meta = state.game.handMeta;
  if (!meta) throw new DomainError('NoActiveHand', 'There is no hand in play; deal a new one.');
  const settled = events.find((e) => e.type === 'HandSettled');
  return {
    hand: handView(state.game.hand, meta, state.bank, now),
    bank: state.bank,
    winAmount: settled && settled.type === 'HandSettled' ? settled.data.winAmount : null,
    nextShoe: nextShoeOf(events),
  };
}

@CommandHandler(DealHandCommand)
export class DealHandHandler implements ICommandHandler<DealHandCommand, ActionResponse> {
  constructor(private readonly accounts: AccountCommands, private readonly seeds: SeedSource, private readonly settings: GameSettings) {}

  async execute(c: DealHandCommand): Promise<ActionResponse> {
    const now = new Date().toISOString();
    // Drawn for every deal, used only when it starts a shoe (the player seed) or ends one (the next shoe).
    const seeds = { randomPlayerSeed: this.seeds.playerSeed(), next: this.seeds.nextShoe() };
    const handId = randomUUID();
    const { before, state, events } = await this.accounts.run(
      c.actor.playerId,
      (_state, standing) => ({ type: 'DealHand', handId, bet: c.betAmount, playerSeed: c.playerSeed, standing, requirePhone: this.settings.requirePhoneToPlay, now, ...seeds }),
      { correlationId: c.correlationId },
    );
    const response = handResponse(state, events, now);
    // The hand's shoe: committed in this command, or the one in use before it.
    const shoeId = response.hand.shoeId;
    const committed = events.find((e) => e.type === 'ShoeCommitted' && e.data.shoeId === shoeId);
    const started = events.find((e) => e.type === 'ShoeStarted');
    const shoe = before.game.shoe;
    return {
      ...response,
      playerSeed: started && started.type === 'ShoeStarted' ? started.data.playerSeed : (shoe?.playerSeed ?? ''),
      houseSeedHash: committed && committed.type === 'ShoeCommitted' ? committed.data.houseSeedHash : (shoe?.houseSeedHash ?? ''),
    };
  }
}

@CommandHandler(PlayHandCommand)
export class PlayHandHandler implements ICommandHandler<PlayHandCommand, HandActionResponse> {
  constructor(private readonly accounts: AccountCommands, private readonly seeds: SeedSource) {}

  async execute(c: PlayHandCommand): Promise<HandActionResponse> {
    const now = new Date().toISOString();
    const next = this.seeds.nextShoe();
    const { state, events } = await this.accounts.run(
      c.actor.playerId,
      (_state, standing) => ({ type: 'PlayHand', action: ACTIONS[c.action], standing, next, now }),
      { correlationId: c.correlationId },
    );
    return handResponse(state, events, now);
  }
}

@CommandHandler(RetireShoeCommand)
export class RetireShoeHandler implements ICommandHandler<RetireShoeCommand, RetireShoeResponse> {
  constructor(private readonly accounts: AccountCommands, private readonly seeds: SeedSource) {}

  async execute(c: RetireShoeCommand): Promise<RetireShoeResponse> {
    const now = new Date().toISOString();
    const nextShoe = this.seeds.nextShoe();
    const { before, events } = await this.accounts.run(c.actor.playerId, (_state, standing) => ({ type: 'RetireShoe', standing, next: nextShoe, now }), {
      correlationId: c.correlationId,
    });
    const old = before.game.shoe;
    const retired = events.find((e) => e.type === 'ShoeRetired');
    const next = nextShoeOf(events);
    if (!old || !retired || retired.type !== 'ShoeRetired' || !next) throw new Error('retiring a shoe must retire it and commit the next');
    return {
      retired: shoeView({
        id: old.shoeId, playerSeed: old.playerSeed, houseSeed: retired.data.houseSeed, houseSeedHash: old.houseSeedHash, handCount: retired.data.handCount,
        retired: true, retiredEarly: true, createdTime: old.committedAt, retiredTime: now,
      }),
      next,
    };
  }
}

@CommandHandler(CommitShoeCommand)
export class CommitShoeHandler implements ICommandHandler<CommitShoeCommand, NextShoe & { checkpoint: string | null }> {
  constructor(private readonly accounts: AccountCommands, private readonly seeds: SeedSource) {}

  async execute(c: CommitShoeCommand): Promise<NextShoe & { checkpoint: string | null }> {
    const now = new Date().toISOString();
    const next = c.houseSeed
      ? { shoeId: randomUUID(), houseSeed: c.houseSeed, houseSeedHash: houseSeedHash(c.houseSeed, sha256) }
      : this.seeds.nextShoe();
    const { state, checkpoint } = await this.accounts.run(
      c.actor.playerId,
      { type: 'CommitShoe', next, replace: c.houseSeed !== undefined, now },
      { correlationId: c.correlationId },
    );
    const shoe = state.game.shoe!;
    return { id: shoe.shoeId, houseSeedHash: shoe.houseSeedHash, checkpoint };
  }
}

export const gameCommandHandlers = [DealHandHandler, PlayHandHandler, RetireShoeHandler, CommitShoeHandler];
