import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AccountCommands } from '../account-commands';
import { BonusReadModel } from '../ports/read-models';

const SWEEP_EVERY_MS = 15 * 60 * 1000;

/** Expires the bonus offers whose time is up: at start-up and every 15 minutes. */
@Injectable()
export class BonusExpiry implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('BonusExpiry');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly accounts: AccountCommands,
    private readonly bonuses: BonusReadModel,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.sweep().catch((err) => this.logger.error(`Sweep failed: ${String(err)}`)), SWEEP_EVERY_MS);
    this.timer.unref();
    void this.sweep().catch((err) => this.logger.error(`Sweep failed: ${String(err)}`));
  }

  beforeApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  /** Expires every offer past its time; answers how many accounts changed. One sweep at a time. */
  sweep(now = new Date()): Promise<number> {
    this.running ??= this.expire(now).finally(() => (this.running = null));
    return this.running;
  }

  private async expire(now: Date): Promise<number> {
    let changed = 0;
    for (const playerId of await this.bonuses.playersWithExpiredOffers(now)) {
      const outcome = await this.accounts.run(playerId, { type: 'ExpireBonuses', now: now.toISOString() }, { correlationId: 'bonus-expiry', userId: 'system:bonus-expiry' });
      if (outcome.events.length) changed++;
    }
    return changed;
  }
}
