import { isIP } from 'node:net';

/** Port: the ISO 3166-1 alpha-2 country of an IP address, or null when unknown (loopback, private, unlisted). */
export abstract class GeoLocator {
  abstract country(ip: string): string | null;
}

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

/** Whether sign-in from `ip` is refused by `BLOCKED_COUNTRIES`. */
export function isBlocked(locator: GeoLocator, blocked: ReadonlySet<string>, ip: string | undefined): { blocked: boolean; country: string | null } {
  if (!blocked.size || !ip) return { blocked: false, country: null };
  const country = locator.country(ip);
  return { blocked: country !== null && blocked.has(country), country };
}
