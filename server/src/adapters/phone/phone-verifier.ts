import { randomInt } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { PhoneVerifyStatus } from '@bahati/contracts';
import { PhoneVerifier } from '../../application/ports/money';

/**
 * The development stand-in: the code goes to the server log, and the dev rail
 * `GET /api/dev/phone-code?phoneNumber=` shows the last one for a number.
 */
export class LoggingPhoneVerifier extends PhoneVerifier {
  readonly kind = 'server log';
  private readonly codes = new Map<string, string>();
  private readonly logger = new Logger('PhoneVerifier');

  async start(phoneNumber: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.codes.set(phoneNumber, code);
    this.logger.log(`Verification code for ${phoneNumber}: ${code} (development stand-in: no SMS is sent)`);
  }

  async check(phoneNumber: string, code: string): Promise<PhoneVerifyStatus> {
    const expected = this.codes.get(phoneNumber);
    if (!expected || expected !== code) return 'WrongCode';
    this.codes.delete(phoneNumber);
    return 'Approved';
  }

  lastCode(phoneNumber: string): string | null {
    return this.codes.get(phoneNumber) ?? null;
  }
}
