import { describe, expect, it } from '@jest/globals';
import { describeLndError } from './lnd-node';

describe("LND's errors in the log", () => {
  it('keep the status, the code and the gRPC details, and nothing of the call', () => {
    const grpc = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
      code: 14,
      details: 'No connection established',
      metadata: { macaroon: '0201036c6e64' },
      options: { macaroon: '0201036c6e64' },
    });
    const line = describeLndError([503, 'UnexpectedErrorInSubscribeToInvoices', { err: grpc }]);
    expect(line).toBe('503 UnexpectedErrorInSubscribeToInvoices No connection established');
    expect(line).not.toContain('0201036c6e64');
    expect(describeLndError([404, 'NotFound'])).toBe('404 NotFound');
    expect(describeLndError(new Error('socket hang up'))).toBe('socket hang up');
  });
});
