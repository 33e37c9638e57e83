import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TwilioPhoneVerifier } from './twilio-verifier';

const SID = 'AC' + '0'.repeat(32);
const SERVICE = 'VA' + '1'.repeat(32);
const TOKEN = 'secret-token';

/** A local server speaking Twilio Verify v2's request and response shapes. */
describe('the Twilio Verify adapter', () => {
  let server: Server;
  let verifier: TwilioPhoneVerifier;
  const requests: { path: string; auth: string | undefined; form: URLSearchParams }[] = [];
  const pending = new Map<string, string>();

  const body = (req: IncomingMessage) => new Promise<string>((r) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => r(s));
  });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const form = new URLSearchParams(await body(req));
      requests.push({ path: req.url!, auth: req.headers.authorization, form });
      res.setHeader('content-type', 'application/json');
      const to = form.get('To') ?? '';
      if (req.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
      }
      if (req.method === 'POST' && req.url === `/v2/Services/${SERVICE}/Verifications`) {
        if (!/^\+\d{8,15}$/.test(to)) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ code: 60200, message: 'Invalid parameter `To`', status: 400, more_info: 'https://www.twilio.com/docs/errors/60200' }));
        }
        pending.set(to, '123456');
        res.statusCode = 201;
        return res.end(JSON.stringify({ sid: 'VE' + '2'.repeat(32), service_sid: SERVICE, account_sid: SID, to, channel: 'sms', status: 'pending', valid: false }));
      }
      if (req.method === 'POST' && req.url === `/v2/Services/${SERVICE}/VerificationCheck`) {
        if (to === '+15550000500') {
          res.statusCode = 500;
          return res.end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }));
        }
        const expected = pending.get(to);
        if (!expected) {
          res.statusCode = 404;
          return res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
        }
        const ok = form.get('Code') === expected;
        if (ok) pending.delete(to);
        res.statusCode = 200;
        return res.end(JSON.stringify({ sid: 'VE' + '2'.repeat(32), service_sid: SERVICE, to, channel: 'sms', status: ok ? 'approved' : 'pending', valid: ok }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 20404, message: 'Not found', status: 404 }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    verifier = new TwilioPhoneVerifier({ accountSid: SID, authToken: TOKEN, verifyServiceSid: SERVICE, baseUrl });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('starts an SMS verification with the account credentials', async () => {
    await verifier.start('+14155550100');
    const req = requests.at(-1)!;
    expect(req.path).toBe(`/v2/Services/${SERVICE}/Verifications`);
    expect(req.form.get('To')).toBe('+14155550100');
    expect(req.form.get('Channel')).toBe('sms');
  });

  it('maps approved, pending and missing verifications to the spec statuses', async () => {
    await verifier.start('+14155550101');
    expect(await verifier.check('+14155550101', '000000')).toBe('WrongCode');
    expect(await verifier.check('+14155550101', '123456')).toBe('Approved');
    expect(requests.at(-1)!.form.get('Code')).toBe('123456');
    expect(await verifier.check('+14155550101', '123456')).toBe('WrongCode');
    expect(await verifier.check('+15550000500', '123456')).toBe('UnknownTwilioError');
  });

  it('passes Twilio errors on starting, with their code', async () => {
    await expect(verifier.start('12')).rejects.toMatchObject({ code: 60200, status: 400 });
    const wrongToken = new TwilioPhoneVerifier({ accountSid: SID, authToken: 'nope', verifyServiceSid: SERVICE, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    await expect(wrongToken.start('+14155550102')).rejects.toMatchObject({ status: 401 });
  });
});
