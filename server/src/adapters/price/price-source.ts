import type { PriceFigure } from '@bahati/contracts';
import { PriceSource } from '../../application/ports/price';

/** The configured fixed price, marked as such. */
export class FixedPriceSource extends PriceSource {
  constructor(
    private readonly usdPerBtc: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async current(): Promise<PriceFigure> {
    return { value: this.usdPerBtc, source: 'fixed', fixed: true, asOf: this.now().toISOString() };
  }
}
