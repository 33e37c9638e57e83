import { generateKeyPairSync, createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { IdTokenVerifier } from '../../application/ports/identity';
import { CertsIdTokenVerifier } from './id-token-verifier';

export const DEV_ISSUER = 'https://dev-identity.bahati.local';
export const DEV_AUDIENCE = 'bahati-dev';
const KID = 'bahati-dev-1';

/**
 * The development identity provider: signs Google-shaped RS256 ID tokens with a local key kept
 * under the data folder. Never available with NODE_ENV=production.
 */
export class DevIdentityProvider {
  private readonly privateKey: string;
  private readonly publicKey: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'dev-identity-key.pem');
    if (!existsSync(file)) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    }
    this.privateKey = readFileSync(file, 'utf8');
    this.publicKey = createPublicKey(this.privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }

  issue(email: string, name?: string, ttlSeconds = 600): string {
    const normalized = email.trim().toLowerCase();
    return jwt.sign(
      { sub: normalized, email: normalized, email_verified: true, name: name ?? normalized.split('@')[0] },
      this.privateKey,
      { algorithm: 'RS256', keyid: KID, issuer: DEV_ISSUER, audience: DEV_AUDIENCE, expiresIn: ttlSeconds },
    );
  }

  verifier(): IdTokenVerifier {
    const certs = { [KID]: this.publicKey };
    return new CertsIdTokenVerifier(async () => certs, DEV_AUDIENCE, [DEV_ISSUER], 'dev');
  }
}
