import { VerifyCodeRequest } from './money-flows';

describe('an SMS code sent to be checked', () => {
  it.each(['123456', ' 123456 ', '123 456', '123-456', '12 34 56'])('keeps the six digits of %j', (code) => {
    expect(VerifyCodeRequest.parse({ code })).toEqual({ code: '123456' });
  });

  it.each(['12345', '1234567', '12a456', ''])('refuses %j', (code) => {
    expect(VerifyCodeRequest.safeParse({ code }).success).toBe(false);
  });
});
