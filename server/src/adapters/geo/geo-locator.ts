import { isIP } from 'node:net';
import { GeoLocator } from '../../application/ports/geo';

/** Used when no country is blocked: nothing to look up, and geoip-lite's data is never loaded. */
export class NoGeoLocator extends GeoLocator {
  country(): string | null {
    return null;
  }
}

/** geoip-lite: a maintained GeoLite2 country database shipped inside the package (loaded on first use). */
export class GeoIpLiteLocator extends GeoLocator {
  private lookup: ((ip: string) => { country: string } | null) | null = null;

  country(ip: string): string | null {
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    if (!isIP(plain)) return null;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- ~100 MB of tables: load only when blocking is configured
    this.lookup ??= (require('geoip-lite') as typeof import('geoip-lite')).lookup;
    const country = this.lookup(plain)?.country;
    return country ? country.toUpperCase() : null;
  }
}
