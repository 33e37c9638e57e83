import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import { main as ledgerDay } from '../../../scripts/ledger-day';
import { main as reconcile } from '../../../scripts/reconcile';
import { openOperator, type Output } from '../../../scripts/operator';
import { main as roles } from '../../../scripts/roles';
import { accountStream } from '../domain/account/account';
import { playerStream } from '../domain/player/player';
import { supportStream } from '../domain/support/support';
import { STAFF_ROLES_STREAM } from '../domain/staff/staff-roles';

jest.setTimeout(120_000);

/** Captures what a command prints. */
function capture(): Output & { text: () => string } {
  const lines: string[] = [];
  return { line: (t) => lines.push(t), error: (t) => lines.push(t), text: () => lines.join('\n') };
}

const meta = { correlationId: 'operator-spec' };

describe('the operator commands (embedded database)', () => {
  const env = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bahati-operator-')), LOG_LEVEL: 'silent', SUPPORT_EMAILS: 'desk@example.com' } as NodeJS.ProcessEnv;
  const playerId = randomUUID();
  const when = '2026-03-01T10:00:00.000Z';

  it('finds a deleted ledger row of a day, repairs it once, and finds the player by e-mail or id', async () => {
    const seed = await openOperator(env);
    await seed.store.appendToStream(playerStream(playerId), [
      { id: randomUUID(), type: 'PlayerRegistered', data: { playerId, subject: 'dev:ops@example.com', email: 'ops@example.com', name: null, photoUrl: null, registeredAt: when }, metadata: meta },
    ]);
    await seed.store.appendToStream(accountStream(playerId), [
      { id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 5_000, settledAt: when }, metadata: meta },
      { id: randomUUID(), type: 'LightningInvoiceSettled', data: { invoiceId: 'i2', amount: 7_000, settledAt: when }, metadata: meta },
    ]);
    await seed.runner.catchUp();
    const [deposit] = await seed.store.readStream(accountStream(playerId));
    const date = deposit!.createdAt.slice(0, 10);
    await seed.database.kysely.deleteFrom('ledger_entries').where('id', '=', `${deposit!.id}:0`).execute();
    await seed.close();

    const usage = capture();
    expect(await ledgerDay(['--player', 'ops@example.com'], env, usage)).toBe(2);
    expect(usage.text()).toMatch(/usage: npm run -s ledger:day/);
    expect(await ledgerDay(['--player', 'ops@example.com', '--date', '2026-02-30'], env, capture())).toBe(2);
    expect(await ledgerDay(['--player', 'ops@example.com', '--date', date, '--tz', '+99:00'], env, capture())).toBe(2);
    const unknown = capture();
    expect(await ledgerDay(['--player', 'nobody@example.com', '--date', date], env, unknown)).toBe(1);
    expect(unknown.text()).toMatch(/No player/);

    const check = capture();
    expect(await ledgerDay(['--player', 'OPS@example.com', '--date', date], env, check)).toBe(3);
    expect(check.text()).toMatch(/2 lines from the events, 1 rows in the read model: they differ/);
    expect(check.text()).toContain(`${deposit!.id}:0`);

    const repair = capture();
    expect(await ledgerDay(['--player', playerId, '--date', date, '--tz', '+00:00', '--repair', '--reason', 'A deposit row was deleted', '--json'], env, repair)).toBe(0);
    expect(JSON.parse(repair.text())).toMatchObject({ repaired: true, fixed: { missing: [{ id: `${deposit!.id}:0`, amount: 5_000 }] }, report: { matches: true } });
    const again = capture();
    expect(await ledgerDay(['--player', playerId, '--date', date, '--repair', '--reason', 'Checking again'], env, again)).toBe(0);
    expect(again.text()).toMatch(/Nothing to repair/);

    const after = await openOperator(env);
    try {
      expect((await after.store.readStream(supportStream(playerId))).map((e) => [e.type, e.metadata.userId])).toEqual([['LedgerDayRepaired', 'system:ledger-day']]);
    } finally {
      await after.close();
    }
  });

  it('reconciles banks, ledgers and events: a changed bank row is a line and exit 1, its repair needs a reason and mends it', async () => {
    // The player of the test above: a bank of 12,000 from two deposits.
    const clean = capture();
    expect(await reconcile([], env, clean)).toBe(0);
    expect(clean.text()).toMatch(/^0 of 1 players differ \(checked .+ in \d+ ms\)\.$/);

    const seed = await openOperator(env);
    await seed.database.kysely.updateTable('banks').set({ bank: 99_000 }).where('player_id', '=', playerId).execute();
    await seed.close();

    const found = capture();
    expect(await reconcile([], env, found)).toBe(1);
    expect(found.text().split('\n')).toEqual([
      `${playerId}  ops@example.com  bank=99000  ledger=12000  events=12000  rows(missing=0 extra=0 changed=0)  wrong=bank`,
      expect.stringMatching(/^1 of 1 players differ/),
    ]);
    expect(await reconcile(['--repair', playerId], env, capture())).toBe(2);
    expect(await reconcile(['--repair', 'nobody', '--reason', 'x'], env, capture())).toBe(2);

    const repaired = capture();
    expect(await reconcile(['--repair', playerId, '--reason', 'bank row edited'], env, repaired)).toBe(0);
    expect(repaired.text()).toBe(`Player ${playerId}: bank 99000 -> 12000; ledger rows 0 written, 0 removed, 0 corrected (recorded as PlayerReadModelsRebuilt).`);
    expect(await reconcile(['--json'], env, capture())).toBe(0);

    const after = await openOperator(env);
    try {
      const recorded = (await after.store.readStream(supportStream(playerId))).filter((e) => e.type === 'PlayerReadModelsRebuilt');
      expect(recorded.map((e) => [e.metadata.userId, (e.data as { reason: string }).reason])).toEqual([['system:reconcile', 'bank row edited']]);
    } finally {
      await after.close();
    }
  });

  it('grants, lists and revokes staff roles by event', async () => {
    const usage = capture();
    expect(await roles(['grant', 'owner', 'x@example.com'], env, usage)).toBe(2);
    expect(await roles(['grant', 'support'], env, capture())).toBe(2);

    const granted = capture();
    expect(await roles(['grant', 'admin', 'Chief@Example.com'], env, granted)).toBe(0);
    expect(granted.text()).toBe('Granted admin to chief@example.com.');
    const twice = capture();
    expect(await roles(['grant', 'admin', 'chief@example.com'], env, twice)).toBe(0);
    expect(twice.text()).toMatch(/already has admin/);

    const listed = capture();
    expect(await roles(['list'], env, listed)).toBe(0);
    expect(listed.text()).toContain('chief@example.com\tadmin\tgranted by event');
    expect(listed.text()).toContain('desk@example.com\tsupport\tfrom SUPPORT_EMAILS');

    const revoked = capture();
    expect(await roles(['revoke', 'admin', 'chief@example.com'], env, revoked)).toBe(0);
    expect(revoked.text()).toBe('Revoked admin from chief@example.com.');
    const configured = capture();
    expect(await roles(['revoke', 'support', 'desk@example.com'], env, configured)).toBe(0);
    expect(configured.text()).toMatch(/keeps support through SUPPORT_EMAILS/);

    const check = await openOperator(env);
    try {
      expect((await check.store.readStream(STAFF_ROLES_STREAM)).map((e) => [e.type, e.metadata.userId])).toEqual([['StaffRoleGranted', 'system:roles'], ['StaffRoleRevoked', 'system:roles']]);
    } finally {
      await check.close();
    }
  });
});
