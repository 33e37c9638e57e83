import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { HttpException, Logger } from '@nestjs/common';
import { DomainError } from '../../domain/decider';
import { ErrorsFilter, redactSecrets } from './errors.filter';

/** What the filter answers to `exception`, and what it logs. */
function answer(exception: unknown, routeOptions?: { bodyLimit: number }): { status: number; body: Record<string, unknown>; log: string } {
  const lines: string[] = [];
  jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void lines.push(String(message)));
  let status = 0;
  let body: Record<string, unknown> = {};
  const reply = {
    status(code: number) {
      status = code;
      return reply;
    },
    send(payload: Record<string, unknown>) {
      body = payload;
      return reply;
    },
  };
  const request = { method: 'POST', url: '/api/players/lightningaddinvoice', routeOptions };
  const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }) } as unknown as ArgumentsHost;
  new ErrorsFilter().catch(exception, host);
  return { status, body, log: lines.join('\n') };
}

describe('the answer to an outside service failing', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('is a plain 503 when the service cannot be reached, with the detail only in the log', () => {
    const err = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('getaddrinfo ENOTFOUND lnd.internal.example'), { code: 'ENOTFOUND' }) });
    const { status, body, log } = answer(err);
    expect(status).toBe(503);
    expect(body).toEqual({ statusCode: 503, error: 'ServiceUnavailable', message: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/ENOTFOUND|lnd\.internal|fetch failed/);
    expect(log).toContain('fetch failed');
  });

  it("is a plain 503 when the Lightning node answers ln-service's 503", () => {
    const { status, body, log } = answer([503, 'UnexpectedErrorCreatingInvoice', { err: { details: 'connect ECONNREFUSED 10.0.0.5:10009' } }]);
    expect(status).toBe(503);
    expect(JSON.stringify(body)).not.toContain('10.0.0.5');
    expect(log).toContain('10.0.0.5:10009');
  });

  it("does not pass on an outside service's own 4xx text", () => {
    const { status, body } = answer(Object.assign(new Error('Esplora https://esplora.internal.example/address/x: not found'), { statusCode: 404 }));
    expect(status).toBe(500);
    expect(body).toMatchObject({ error: 'InternalError' });
    expect(JSON.stringify(body)).not.toContain('esplora.internal');
  });

  it('keeps credentials out of the log line', () => {
    const { log } = answer(new Error('Bitcoin Core getblockcount: connect to http://rpcuser:hunter2@10.0.0.7:8332 failed; Authorization: Bearer abc.def.ghi'));
    expect(log).toContain('10.0.0.7:8332');
    expect(log).not.toMatch(/hunter2|rpcuser|abc\.def\.ghi/);
  });

  it('still tells a client what was wrong with its own malformed request', () => {
    const { status, body } = answer(Object.assign(new Error("Body is not valid JSON but content-type is set to 'application/json'"), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }));
    expect(status).toBe(400);
    expect(body.message).toContain('not valid JSON');
  });
});

describe("the answer to Fastify's refusal of a body", () => {
  // Nest hands Fastify's errors over as an HttpException with only the status and Fastify's text.
  it('names a body over the route limit PayloadTooLarge, with the limit', () => {
    const { status, body } = answer(new HttpException('Request body is too large', 413), { bodyLimit: 256 * 1024 });
    expect(status).toBe(413);
    expect(body).toEqual({ statusCode: 413, error: 'PayloadTooLarge', message: 'The request body is larger than this route accepts (256 KB).' });
    const raw = answer(Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }), { bodyLimit: 1024 * 1024 });
    expect(raw.body).toEqual({ statusCode: 413, error: 'PayloadTooLarge', message: 'The request body is larger than this route accepts (1024 KB).' });
  });

  it('names a body that is not JSON UnsupportedMediaType', () => {
    const { status, body } = answer(new HttpException('Unsupported Media Type', 415));
    expect(status).toBe(415);
    expect(body).toEqual({ statusCode: 415, error: 'UnsupportedMediaType', message: 'The request body must be JSON, sent with Content-Type: application/json.' });
  });
});

describe('redactSecrets', () => {
  it('masks JWTs and macaroon-length hex', () => {
    const text = redactSecrets(`token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln macaroon ${'ab'.repeat(64)}`);
    expect(text).toBe('token [jwt] macaroon [hex]');
  });
});

describe('the answer to a refusal', () => {
  it("carries the refusal's detail beside its code, and no detail key when there is none", () => {
    const mismatch = answer(new DomainError('InvalidPaymentRequest', 'The amounts differ.', { reason: 'AmountMismatch', requested: 5000, amount: 7000 }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      statusCode: 400, error: 'InvalidPaymentRequest', message: 'The amounts differ.', detail: { reason: 'AmountMismatch', requested: 5000, amount: 7000 },
    });
    const usedUp = answer(new DomainError('CodeAlreadyRedeemed', 'Used up.', { reason: 'UsedUp' }));
    expect(usedUp.status).toBe(409);
    expect(usedUp.body.detail).toEqual({ reason: 'UsedUp' });
    expect(answer(new DomainError('BankTooLow')).body).not.toHaveProperty('detail');
  });
});
