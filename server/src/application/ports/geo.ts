/** The ISO 3166-1 alpha-2 country of an IP address, or null when unknown (loopback, private, unlisted). */
export abstract class GeoLocator {
  abstract country(ip: string): string | null;
}

/** Whether sign-in from `ip` is refused by `BLOCKED_COUNTRIES`. */
export function isBlocked(locator: GeoLocator, blocked: ReadonlySet<string>, ip: string | undefined): { blocked: boolean; country: string | null } {
  if (!blocked.size || !ip) return { blocked: false, country: null };
  const country = locator.country(ip);
  return { blocked: country !== null && blocked.has(country), country };
}
