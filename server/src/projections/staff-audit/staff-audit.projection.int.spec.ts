import { expect, it } from '@jest/globals';
import { EventLog, alice, bob, describeProjection, uuid } from '../projection.test-support';
import { staffAuditProjection } from './staff-audit.projection';

const t = '2026-03-01T12:00:00.000Z';
const admin = uuid(9, 'a9000000');
const withdrawal = (n: number) => uuid(n, 'f1000000');

/** A week of a back office: a ban and its lifting, a suspect level, withdrawals decided and a payout retried, and the rest. */
function history() {
  const log = new EventLog();
  const a = log.player(alice);
  const money = log.account(alice);
  return [
    a('PlayerRegistered', { playerId: alice, subject: 'dev:alice', email: 'alice@example.com', name: null, photoUrl: null, registeredAt: t }),
    a('PlayerBanned', { playerId: alice, adminId: admin, bannedAt: t, reason: 'Four accounts, one address' }),
    a('AllSessionsEnded', { playerId: alice, reason: 'ban', endedAt: t }),
    a('PlayerUnbanned', { playerId: alice, adminId: admin, unbannedAt: t }),
    a('SuspectLevelSet', { playerId: alice, level: 40, from: 12, adminId: admin, setAt: t, reason: 'Bets follow the count' }),
    // Written before levels kept where they came from: no "before".
    a('SuspectLevelSet', { playerId: alice, level: 5, adminId: admin, setAt: t }),
    money('WithdrawalRequested', { withdrawalId: withdrawal(1), method: 'lightning', amount: 20_000, target: 'lnbc1', requestedAt: t }),
    money('WithdrawalApproved', { withdrawalId: withdrawal(1), reviewerId: admin, decidedAt: t }),
    money('WithdrawalPayoutStarted', { withdrawalId: withdrawal(1), startedAt: t, startedBy: admin, attempt: 1 }),
    money('WithdrawalPayoutFailed', { withdrawalId: withdrawal(1), reason: 'no route', failedAt: t }),
    money('WithdrawalPayoutStarted', { withdrawalId: withdrawal(1), startedAt: t, startedBy: admin, attempt: 2 }),
    money('WithdrawalRequested', { withdrawalId: withdrawal(2), method: 'bitcoin', amount: 70_000, target: 'bc1q', requestedAt: t }),
    money('WithdrawalDeclined', { withdrawalId: withdrawal(2), amount: 70_000, reviewerId: admin, decidedAt: t, reason: 'Address shared with 3 accounts' }),
    money('WithdrawalRequested', { withdrawalId: withdrawal(3), method: 'bitcoin', amount: 4_000_000, target: 'bc1q', requestedAt: t }),
    money('WithdrawalFirstApproved', { withdrawalId: withdrawal(3), amount: 4_000_000, reviewerId: admin, decidedAt: t, reason: 'Player held: wins match the deposits' }),
    money('WithdrawalApproved', { withdrawalId: withdrawal(3), reviewerId: bob, decidedAt: t, firstReviewerId: admin, reason: 'Second look: address is the player’s own' }),
    money('HeldDepositReleased', { method: 'lightning', id: 'inv-1', amount: 300_000, reviewerId: admin, releasedAt: t, reason: 'Known player, source checked' }),
    money('HeldDepositRefundRequested', { method: 'bitcoin', id: 'tx9:0', amount: 500_000, target: 'bc1qback', reviewerId: admin, reason: 'Source of funds unclear', requestedAt: t }),
    money('HeldDepositRefundStarted', { method: 'bitcoin', id: 'tx9:0', startedBy: admin, attempt: 1, startedAt: t }),
    money('HeldDepositRefundFailed', { method: 'bitcoin', id: 'tx9:0', reason: 'wallet locked', failedAt: t }),
    money('HeldDepositRefundStarted', { method: 'bitcoin', id: 'tx9:0', startedBy: admin, attempt: 2, startedAt: t }),
    money('HeldDepositRefunded', { method: 'bitcoin', id: 'tx9:0', amount: 500_000, reference: 'txback', refundedAt: t }),
    log.record(`support-${alice}`, 'LedgerDayRepaired', {
      playerId: alice, date: '2026-03-01', tz: '+03:00', from: t, to: t, upToRevision: 9, missing: ['e1:0'], extra: [], changed: ['e2:0', 'e3:0'],
      repairedBy: bob, repairedAt: t, reason: 'Row edited in the database',
    }),
    log.record(`support-${alice}`, 'PlayerReadModelsRebuilt', {
      playerId: alice, upToRevision: 12, bank: { from: 900_000, to: 50_000 }, ledger: { missing: [], extra: [], changed: [] },
      reason: 'Bank row edited in the database', repairedBy: admin, repairedAt: t,
    }),
    log.record(`support-${alice}`, 'StaffNoteAdded', { playerId: alice, note: 'Called about a late deposit', by: bob, at: t }),
    log.record('redeem-code-WELCOME25', 'RedeemCodeCreated', {
      code: 'WELCOME25', bonusAmount: 25_000, playthroughTarget: 3_125_000, maxRedemptions: 100, expiresAt: null, minBank: 0, createdBy: admin, createdAt: t,
    }),
    log.record('brand-bahati', 'BrandCreated', { brand: { id: 'bahati', name: 'Bahati' }, createdBy: 'system:brand-seed', createdAt: t }),
    log.record('brand-simba', 'BrandCreated', { brand: { id: 'simba', name: 'Simba' }, createdBy: admin, createdAt: t }),
    log.record('brand-simba', 'BrandRetired', { brandId: 'simba', reason: 'Campaign over', retiredBy: admin, retiredAt: t }),
    log.record('liabilities-c1', 'LiabilitiesCommitted', { commitmentId: 'c1', position: '9:1', rootHash: 'a'.repeat(64), total: 90_000, players: 2, balances: [], committedBy: 'system:liabilities', committedAt: t }),
    log.record('liabilities-c2', 'LiabilitiesCommitted', { commitmentId: 'c2', position: '9:2', rootHash: 'b'.repeat(64), total: 91_000, players: 2, balances: [], committedBy: admin, committedAt: t }),
    log.record('staff-roles', 'StaffRoleGranted', { email: 'sam@example.com', role: 'support', grantedBy: admin, grantedAt: t }),
    log.record('staff-roles', 'StaffRoleRevoked', { email: 'sam@example.com', role: 'support', revokedBy: admin, revokedAt: t }),
  ];
}

describeProjection(staffAuditProjection, (spec) => {
  it('lists every staff decision with who, on whom, why, and before and after', async () => {
    await spec.given(...history()).then({
      staff_actions: [
        { action: 'Ban', staff_id: admin, subject: alice, player_id: alice, reason: 'Four accounts, one address', before: 'active', after: 'banned' },
        { action: 'Unban', staff_id: admin, subject: alice, reason: null, before: 'banned', after: 'active' },
        { action: 'SuspectLevel', subject: alice, reason: 'Bets follow the count', before: '12', after: '40' },
        { action: 'SuspectLevel', subject: alice, reason: null, before: null, after: '5' },
        { action: 'WithdrawalApproved', staff_id: admin, subject: withdrawal(1), player_id: alice, before: 'Created', after: 'Approved' },
        { action: 'PayoutRetried', staff_id: admin, subject: withdrawal(1), player_id: alice, before: 'Failed', after: 'attempt 2' },
        { action: 'WithdrawalDeclined', subject: withdrawal(2), amount: 70_000, reason: 'Address shared with 3 accounts', after: 'Declined' },
        { action: 'WithdrawalFirstApproved', staff_id: admin, subject: withdrawal(3), amount: 4_000_000, reason: 'Player held: wins match the deposits', before: 'Created', after: 'FirstApproval' },
        { action: 'WithdrawalApproved', staff_id: bob, subject: withdrawal(3), reason: 'Second look: address is the player’s own', before: 'FirstApproval', after: 'Approved' },
        { action: 'HeldDepositReleased', staff_id: admin, subject: 'inv-1', player_id: alice, amount: 300_000, reason: 'Known player, source checked', before: 'Held', after: 'Credited' },
        { action: 'HeldDepositRefunded', staff_id: admin, subject: 'tx9:0', player_id: alice, amount: 500_000, reason: 'Source of funds unclear', before: 'Held', after: 'Returned' },
        { action: 'PayoutRetried', staff_id: admin, subject: 'tx9:0', player_id: alice, before: 'Failed', after: 'attempt 2' },
        { action: 'LedgerDayRepaired', staff_id: bob, subject: alice, player_id: alice, reason: 'Row edited in the database', before: null, after: '2026-03-01 (UTC+03:00)' },
        { action: 'ReadModelsRebuilt', staff_id: admin, subject: alice, reason: 'Bank row edited in the database', before: '900000', after: '50000' },
        { action: 'StaffNote', staff_id: bob, subject: alice, player_id: alice, reason: 'Called about a late deposit', before: null, after: null },
        { action: 'RedeemCodeCreated', subject: 'WELCOME25', player_id: null, amount: 25_000, before: null, after: null },
        { action: 'BrandCreated', subject: 'simba', after: 'Simba' },
        { action: 'BrandRetired', staff_id: admin, subject: 'simba', player_id: null, reason: 'Campaign over', before: 'offered', after: 'retired' },
        { action: 'LiabilitiesCommitted', staff_id: admin, subject: 'c2', player_id: null, amount: 91_000, after: 'b'.repeat(64) },
        { action: 'RoleGranted', subject: 'sam@example.com', before: null, after: 'support' },
        { action: 'RoleRevoked', subject: 'sam@example.com', before: 'support', after: null },
      ],
    });
  });

  it('leaves out what no staff member did: a payout’s or a refund’s first attempt, the brand seeded at start-up', async () => {
    const rows = await spec.given(...history()).then({}).then(() => spec.rows('staff_actions'));
    expect(rows.filter((r) => r.action === 'PayoutRetried')).toHaveLength(2);
    expect(rows.filter((r) => r.subject === 'bahati')).toHaveLength(0);
  });

  spec.itIsTheSameWhateverTheBatches(history, (rows) => expect(rows.staff_actions).toHaveLength(21));
});
