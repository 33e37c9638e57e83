import { describe, expect, it } from '@jest/globals';
import { isBlocked } from '../../application/ports/geo';
import { GeoIpLiteLocator, NoGeoLocator } from './geo-locator';

describe('geolocation', () => {
  const geo = new GeoIpLiteLocator();

  it('finds the country of a public address, IPv4-mapped included', () => {
    expect(geo.country('8.8.8.8')).toBe('US');
    expect(geo.country('::ffff:8.8.8.8')).toBe('US');
  });

  it('gives loopback, private and malformed addresses no country', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', 'not-an-ip', '']) expect(geo.country(ip)).toBeNull();
  });

  it('blocks only listed countries', () => {
    expect(isBlocked(geo, new Set(['US']), '8.8.8.8')).toEqual({ blocked: true, country: 'US' });
    expect(isBlocked(geo, new Set(['FR']), '8.8.8.8')).toEqual({ blocked: false, country: 'US' });
    expect(isBlocked(geo, new Set(['US']), '127.0.0.1').blocked).toBe(false);
    expect(isBlocked(new NoGeoLocator(), new Set(), '8.8.8.8').blocked).toBe(false);
  });
});
