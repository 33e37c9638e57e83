import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '../adapters/db/test-databases';
import { TestApi } from './app.test-support';

// The end of a self-exclusion through the whole stack, with the cooling-off set to nothing: the lift asked for
// takes effect at its own moment, and from then on the standing every command is decided on has no exclusion.
describeEachDatabase('self-exclusion with SELF_EXCLUSION_COOLING_OFF_HOURS=0', (db) => {
  const api = new TestApi(db, `self_exclusion_${randomBytes(5).toString('hex')}`, { SELF_EXCLUSION_COOLING_OFF_HOURS: '0' });
  beforeAll(() => api.start());
  afterAll(() => api.stop());

  it('ends once the cooling-off has passed: deals and invoices are taken again', async () => {
    const { auth } = await api.signIn('break-over@example.com');
    await api.verifyPhone(auth);
    await api.deposit(auth, 10_000);
    expect((await api.post(auth, '/api/players/selfexclude/true')).json()).toEqual({ selfExclude: true, selfExclusionLiftsAt: null });
    expect((await api.post(auth, '/api/hands', { betAmount: 1_000 })).json()).toMatchObject({ statusCode: 403, error: 'SelfExcluded' });
    expect((await api.post(auth, '/api/players/selfexclude/false')).json()).toEqual({ selfExclude: false, selfExclusionLiftsAt: null });
    expect((await api.get(auth, '/api/players/1234')).json()).toMatchObject({ selfExclude: false, selfExclusionLiftsAt: null });
    expect((await api.post(auth, '/api/hands', { betAmount: 1_000 })).statusCode).toBe(200);
    expect((await api.post(auth, '/api/players/lightningaddinvoice', { amount: '5000' })).statusCode).toBe(200);
    // Excluding again starts a new exclusion with no end.
    expect((await api.post(auth, '/api/players/selfexclude/true')).json()).toEqual({ selfExclude: true, selfExclusionLiftsAt: null });
  });
});
