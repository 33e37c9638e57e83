import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { LiabilityCommitmentView, LiabilityProofView } from '@bahati/contracts';
import { LIABILITIES_STREAM, committedBalances, liabilitiesDecider } from '../../domain/liabilities/liabilities';
import { type LiabilityTree, buildLiabilityTree } from '../../domain/liabilities/merkle-sum';
import { type Actor, assertAdmin } from '../actor';
import { CommandPath } from '../command-path';
import { NotFoundError } from '../errors';
import { remember } from '../remember';
import { LiabilitiesReadModel, type LiabilityCommitmentRow, ReadModelProgress } from '../ports/read-models';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const decider = liabilitiesDecider(sha256Hex);
const view = (c: LiabilityCommitmentRow): LiabilityCommitmentView => ({ id: c.id, rootHash: c.rootHash, total: c.total, players: c.players, position: c.position, committedAt: c.committedAt });

/**
 * Proof of liabilities: commits to every bank at one position of the event store (a Merkle-sum tree, each
 * balance in two shares salted with fresh random salts; `LiabilitiesCommitted` on its own stream
 * `liabilities-<id>`), lists the commitments, and gives each player their own proof of any commitment.
 */
@Injectable()
export class Liabilities {
  /** Trees rebuilt from a commitment's balances, by commitment (the newest few). */
  private readonly trees = new Map<string, LiabilityTree>();

  constructor(
    private readonly commands: CommandPath,
    private readonly readModels: LiabilitiesReadModel,
    private readonly progress: ReadModelProgress,
  ) {}

  async commit(committedBy: string, correlationId: string): Promise<LiabilityCommitmentView> {
    const { position, banks } = await this.readModels.banksNow();
    const commitmentId = randomUUID();
    const balances = banks.map((b) => ({ ...b, salts: [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')] as const }));
    const outcome = await this.commands.handle(
      `${LIABILITIES_STREAM}-${commitmentId}`,
      decider,
      { type: 'CommitLiabilities', commitmentId, position, balances, committedBy, now: new Date().toISOString() },
      { correlationId, userId: committedBy },
    );
    const event = outcome.events[0]!;
    this.trees.set(commitmentId, buildLiabilityTree(committedBalances(event.data), sha256Hex));
    await this.progress.waitFor(outcome.checkpoint);
    return { id: commitmentId, rootHash: event.data.rootHash, total: event.data.total, players: event.data.players, position, committedAt: event.data.committedAt };
  }

  async list(limit = 60): Promise<LiabilityCommitmentView[]> {
    return (await this.readModels.commitments(limit)).map(view);
  }

  async proof(playerId: string, which: string): Promise<LiabilityProofView> {
    const commitment = which === 'latest' ? (await this.readModels.commitments(1))[0] : await this.readModels.commitment(which);
    if (!commitment) throw new NotFoundError('NotFound', 'No commitment of our liabilities yet.');
    let tree = this.trees.get(commitment.id);
    if (!tree) {
      tree = buildLiabilityTree(await this.readModels.balances(commitment.id), sha256Hex);
      remember(this.trees, commitment.id, tree, 3);
    }
    const proof = tree.proof(playerId);
    if (!proof) throw new NotFoundError('NotFound', 'Your bank was empty at this commitment: nothing of yours is in it.');
    return { commitment: view(commitment), ...proof };
  }
}

/** An admin commits now (besides the daily commitment). */
export class CommitLiabilitiesCommand {
  constructor(readonly actor: Actor, readonly correlationId: string) {}
}

@CommandHandler(CommitLiabilitiesCommand)
export class CommitLiabilitiesHandler implements ICommandHandler<CommitLiabilitiesCommand, LiabilityCommitmentView> {
  constructor(private readonly liabilities: Liabilities) {}
  execute({ actor, correlationId }: CommitLiabilitiesCommand) {
    assertAdmin(actor);
    return this.liabilities.commit(actor.playerId, correlationId);
  }
}

/** The published commitments, newest first (anyone). */
export class GetLiabilityCommitmentsQuery {}

@QueryHandler(GetLiabilityCommitmentsQuery)
export class GetLiabilityCommitmentsHandler implements IQueryHandler<GetLiabilityCommitmentsQuery, LiabilityCommitmentView[]> {
  constructor(private readonly liabilities: Liabilities) {}
  execute() {
    return this.liabilities.list();
  }
}

/** The signed-in player's proof of a commitment (`latest` or its id). */
export class GetLiabilityProofQuery {
  constructor(readonly actor: Actor, readonly commitment: string) {}
}

@QueryHandler(GetLiabilityProofQuery)
export class GetLiabilityProofHandler implements IQueryHandler<GetLiabilityProofQuery, LiabilityProofView> {
  constructor(private readonly liabilities: Liabilities) {}
  execute({ actor, commitment }: GetLiabilityProofQuery) {
    return this.liabilities.proof(actor.playerId, commitment);
  }
}

/**
 * The daily commitment: once a day, at LIABILITIES_COMMIT_HOUR (UTC), unless one was made since that hour (by any
 * instance, or by an admin). Checked every ten minutes.
 */
@Injectable()
export class LiabilitiesSchedule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Liabilities');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly liabilities: Liabilities,
    private readonly readModels: LiabilitiesReadModel,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap() {
    if (this.config.liabilitiesCommitHour === null) return;
    this.timer = setInterval(() => void this.tick(), 10 * 60_000);
    this.timer.unref();
  }

  beforeApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Commits when today's hour has passed and nothing was committed since; answers the new commitment, or null. */
  async tick(now = new Date()): Promise<LiabilityCommitmentView | null> {
    const hour = this.config.liabilitiesCommitHour;
    if (hour === null) return null;
    const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
    if (now < due) return null;
    try {
      const [last] = await this.readModels.commitments(1);
      if (last && Date.parse(last.committedAt) >= due.getTime()) return null;
      const commitment = await this.liabilities.commit('system:liabilities', `liabilities-${due.toISOString()}`);
      this.logger.log(`Committed to ${commitment.total} sats owed to ${commitment.players} players (root ${commitment.rootHash})`);
      return commitment;
    } catch (err) {
      this.logger.error(`The daily commitment failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}

export const liabilitiesHandlers = [Liabilities, LiabilitiesSchedule, CommitLiabilitiesHandler, GetLiabilityCommitmentsHandler, GetLiabilityProofHandler];
