import { Logger } from '@nestjs/common';
import type { PriceFigure } from '@bahati/contracts';
import { PriceSource } from '../../application/ports/price';
import { FixedPriceSource } from './price-source';

/** Reads a USD price from Coinbase's `{data:{amount}}`, CoinGecko's `{bitcoin:{usd}}`, or a bare number. */
export function parsePrice(body: unknown): number | null {
  const b = body as { data?: { amount?: unknown }; bitcoin?: { usd?: unknown } } | number | null;
  const raw = typeof b === 'number' ? b : (b?.data?.amount ?? b?.bitcoin?.usd);
  const value = typeof raw === 'string' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * A public price source (`PRICE_URL`) behind a cache; when it cannot be reached or answers nonsense the
 * configured fixed price is used, marked `fixed`, and the source is tried again after the cache period.
 */
export class HttpPriceSource extends PriceSource {
  private cached: { figure: PriceFigure; until: number } | null = null;
  private inFlight: Promise<PriceFigure> | null = null;
  private readonly logger = new Logger('Price');

  constructor(
    private readonly url: string,
    private readonly fallback: FixedPriceSource,
    private readonly options: { cacheMs?: number; timeoutMs?: number; now?: () => number } = {},
  ) {
    super();
  }

  current(): Promise<PriceFigure> {
    const now = (this.options.now ?? Date.now)();
    if (this.cached && this.cached.until > now) return Promise.resolve(this.cached.figure);
    this.inFlight ??= this.fetchPrice(now).finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async fetchPrice(now: number): Promise<PriceFigure> {
    let figure: PriceFigure;
    try {
      const res = await fetch(this.url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 2000), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const value = parsePrice(await res.json());
      if (value === null) throw new Error('no price in the answer');
      figure = { value, source: new URL(this.url).host, fixed: false, asOf: new Date(now).toISOString() };
    } catch (err) {
      // The host only: a price URL may carry an API key in its query string.
      this.logger.warn(`Price source ${new URL(this.url).host} unavailable (${err instanceof Error ? err.message : String(err)}); using the fixed price`);
      figure = await this.fallback.current();
    }
    this.cached = { figure, until: now + (this.options.cacheMs ?? 60_000) };
    return figure;
  }
}
