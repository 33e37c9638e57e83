import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { DEV_AUDIENCE, DEV_ISSUER, DevIdentityProvider } from './dev-identity-provider';
import { InvalidIdTokenError } from '../../application/ports/identity';
import { InvalidSessionError, SessionTokens } from './session-tokens';
import { playerIdFor } from '../../application/players/player-id';

const dir = () => mkdtempSync(join(tmpdir(), 'bahati-id-'));
const unsigned = (payload: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;

describe('ID tokens (development provider, verified by the same path as Google)', () => {
  const provider = new DevIdentityProvider(dir());
  const verifier = provider.verifier();

  it('accepts a token it issued and returns the verified identity', async () => {
    const identity = await verifier.verify(provider.issue('Ana@Example.com', 'Ana'));
    expect(identity).toEqual({ subject: 'dev:ana@example.com', email: 'ana@example.com', name: 'Ana', picture: null });
  });

  it('refuses a token that expired beyond the five minutes of allowed clock skew', async () => {
    await expect(verifier.verify(provider.issue('ana@example.com', 'Ana', -600))).rejects.toBeInstanceOf(InvalidIdTokenError);
  });

  it('refuses a token for another audience', async () => {
    const key = (provider as unknown as { privateKey: string }).privateKey;
    const token = jwt.sign({ sub: 'x', email: 'x@example.com' }, key, { algorithm: 'RS256', keyid: 'bahati-dev-1', issuer: DEV_ISSUER, audience: 'someone-else', expiresIn: 60 });
    await expect(verifier.verify(token)).rejects.toMatchObject({ detail: expect.stringMatching(/recipient|audience/i) });
  });

  it('refuses a token signed with another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = jwt.sign({ sub: 'x', email: 'x@example.com' }, privateKey, { algorithm: 'RS256', keyid: 'bahati-dev-1', issuer: DEV_ISSUER, audience: DEV_AUDIENCE, expiresIn: 60 });
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidIdTokenError);
  });

  it('refuses an unsigned (alg: none) token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = unsigned({ sub: 'x', email: 'x@example.com', iss: DEV_ISSUER, aud: DEV_AUDIENCE, iat: now, exp: now + 60 });
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidIdTokenError);
  });

  it('refuses a token from another issuer', async () => {
    const key = (provider as unknown as { privateKey: string }).privateKey;
    const token = jwt.sign({ sub: 'x', email: 'x@example.com' }, key, { algorithm: 'RS256', keyid: 'bahati-dev-1', issuer: 'https://evil.example', audience: DEV_AUDIENCE, expiresIn: 60 });
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidIdTokenError);
  });
});

describe('session tokens', () => {
  const tokens = new SessionTokens('a'.repeat(48), 3600);

  it('round-trip the player id, e-mail and session id', () => {
    expect(tokens.verify(tokens.issue({ sub: 'p1', email: 'ana@example.com', sid: 's1' }))).toEqual({ sub: 'p1', email: 'ana@example.com', sid: 's1' });
  });

  it('refuse an expired token', () => {
    const expired = new SessionTokens('a'.repeat(48), -10).issue({ sub: 'p1', email: 'ana@example.com', sid: 's1' });
    expect(() => tokens.verify(expired)).toThrow(InvalidSessionError);
  });

  it('stop being accepted when they expire, even after being accepted before', () => {
    let now = Date.now() / 1000;
    const clocked = new SessionTokens('a'.repeat(48), 60, () => now);
    const token = clocked.issue({ sub: 'p1', email: 'ana@example.com', sid: 's1' });
    expect(clocked.verify(token)).toEqual({ sub: 'p1', email: 'ana@example.com', sid: 's1' });
    now += 59;
    expect(clocked.verify(token).sub).toBe('p1');
    now += 2;
    expect(() => clocked.verify(token)).toThrow(InvalidSessionError);
    expect(() => clocked.verify(token)).toThrow(InvalidSessionError);
  });

  it('refuse a token signed with another secret', () => {
    const forged = new SessionTokens('b'.repeat(48), 3600).issue({ sub: 'p1', email: 'ana@example.com', sid: 's1' });
    expect(() => tokens.verify(forged)).toThrow(InvalidSessionError);
  });

  it('refuse a tampered payload', () => {
    const [h, , s] = tokens.issue({ sub: 'p1', email: 'ana@example.com', sid: 's1' }).split('.');
    const body = Buffer.from(JSON.stringify({ sub: 'admin', email: 'boss@example.com', iss: 'bahati', exp: 9999999999 })).toString('base64url');
    expect(() => tokens.verify(`${h}.${body}.${s}`)).toThrow(InvalidSessionError);
  });

  it('refuse alg: none', () => {
    expect(() => tokens.verify(unsigned({ sub: 'p1', email: 'ana@example.com', iss: 'bahati', exp: 9999999999 }))).toThrow(InvalidSessionError);
  });
});

describe('player ids', () => {
  it('are stable per identity and distinct between identities', () => {
    expect(playerIdFor('dev:ana@example.com')).toBe(playerIdFor('dev:ana@example.com'));
    expect(playerIdFor('dev:ana@example.com')).not.toBe(playerIdFor('google:123'));
    expect(playerIdFor('google:123')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
