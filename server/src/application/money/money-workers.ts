import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { MoneyServices } from './money-services';
import { BitcoinDeposits } from './bitcoin-deposits';
import { LightningDeposits } from './lightning-deposits';

/** Background work: the invoice subscription, chain polling, and the invoice reconciliation/expiry sweep. */
@Injectable()
export class MoneyWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MoneyWorkers');
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly backends: MoneyServices,
    private readonly bitcoin: BitcoinDeposits,
    private readonly lightning: LightningDeposits,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap() {
    if (this.backends.hasLightning) {
      this.unsubscribe = this.backends.lightning.subscribe((update) => {
        void this.lightning.onUpdate(update).catch((err) => this.logger.error(`Invoice ${update.id}: ${String(err)}`));
      });
    }
    const every = (ms: number, job: () => Promise<unknown>, name: string) => {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        job()
          .catch((err) => this.logger.warn(`${name}: ${err instanceof Error ? err.message : String(err)}`))
          .finally(() => (running = false));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    if (this.backends.chain) every(this.config.bitcoin.pollSeconds * 1000, () => this.bitcoin.poll(), 'Chain poll');
    every(30_000, () => this.lightning.reconcile(), 'Invoice reconciliation');
  }

  beforeApplicationShutdown() {
    for (const t of this.timers) clearInterval(t);
    this.unsubscribe?.();
  }
}
