import type { PriceFigure } from '@bahati/contracts';

/** The current BTC price in US dollars, and where it came from. */
export abstract class PriceSource {
  abstract current(): Promise<PriceFigure>;
}
