import { Logger } from '@nestjs/common';
import type { PhoneVerifyStatus } from '@bahati/contracts';
import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient';
import { PhoneVerifier } from '../../application/ports/money';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  verifyServiceSid: string;
  /** Replaces https://verify.twilio.com (a test server, or a proxy). */
  baseUrl?: string;
}

/** Sends every request to `baseUrl` instead of Twilio's host, keeping path, auth and form encoding. */
class RebasedRequestClient extends RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const original = new URL(opts.uri);
    const rebased = new URL(`${original.pathname}${original.search}`, this.baseUrl);
    return super.request({ ...opts, uri: rebased.toString() });
  }
}

/** Twilio Verify v2: an SMS code per number, checked by Twilio. */
export class TwilioPhoneVerifier extends PhoneVerifier {
  readonly kind = 'twilio';
  private readonly client: ReturnType<typeof twilio>;
  private readonly logger = new Logger('Twilio');

  constructor(private readonly settings: TwilioSettings) {
    super();
    this.client = twilio(settings.accountSid, settings.authToken, settings.baseUrl ? { httpClient: new RebasedRequestClient(settings.baseUrl) } : { timeout: 10_000 });
  }

  private get service() {
    return this.client.verify.v2.services(this.settings.verifyServiceSid);
  }

  async start(phoneNumber: string): Promise<void> {
    await this.service.verifications.create({ to: phoneNumber, channel: 'sms' });
  }

  async check(phoneNumber: string, code: string): Promise<PhoneVerifyStatus> {
    try {
      const result = await this.service.verificationChecks.create({ to: phoneNumber, code });
      if (result.status === 'approved') return 'Approved';
      if (result.status === 'pending') return 'WrongCode';
      this.logger.warn(`Verify check for ${phoneNumber} answered status ${result.status}`);
      return 'UnknownTwilioError';
    } catch (err) {
      // 404: no pending verification (expired, or too many attempts): the code cannot be right any more.
      if ((err as { status?: number }).status === 404) return 'WrongCode';
      this.logger.error(`Verify check for ${phoneNumber} failed: ${err instanceof Error ? err.message : String(err)}`);
      return 'UnknownTwilioError';
    }
  }
}
