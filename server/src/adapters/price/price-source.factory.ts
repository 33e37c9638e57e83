import type { AppConfig } from '../../config/config';
import { HttpPriceSource } from './http-price-source';
import type { PriceSource } from '../../application/ports/price';
import { FixedPriceSource } from './price-source';

/** PRICE_SOURCE=fixed: the configured price; otherwise PRICE_URL with the fixed price as fallback. */
export function priceSourceFor(config: AppConfig): PriceSource {
  const fixed = new FixedPriceSource(config.fixedBtcPrice);
  return config.price.source === 'fixed' ? fixed : new HttpPriceSource(config.price.url, fixed, { cacheMs: config.price.cacheSeconds * 1000 });
}
