import { fold } from '../decider';
import { DeciderSpecification } from '../decider.test-support';
import { type AccountCommand, type AccountEvent, accountDecider } from './account';
import { type BonusTerms, bonusConsequences } from './bonus';
import type { NextShoe } from './game';
import type { PlayerStanding } from './standing';
import { ALL_BITCOIN_SATS } from './money';

const t0 = '2026-01-01T10:00:00.000Z';
const days = (n: number) => new Date(Date.parse(t0) + n * 86_400_000).toISOString();
const standing: PlayerStanding = { banned: false, selfExcluded: false, phoneVerified: true };
const terms = (bonusId = 'b1', over: Partial<BonusTerms> = {}): BonusTerms => ({ bonusId, maxSats: 1_000_000, playthrough: 'deposit100', offerDays: 30, ...over });
const playerSeed = 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=';
const houseSeed = '+Yvho1636bx9wZVffymhGK79VZSKV8Yxzqpuz6NZh1s=';
const shoe = (n: number): NextShoe => ({ shoeId: `00000000-0000-4000-8000-00000000000${n}`, houseSeed, houseSeedHash: `hash-${n}` });

const invoice = (id: string, amount: number): AccountEvent => ({
  type: 'LightningInvoiceCreated', data: { invoiceId: id, amount, paymentRequest: `lnbcrt-${id}`, paymentHash: id, createdAt: t0, expiresAt: days(1) },
});
const settle = (id: string, amountPaid: number, bonusId = 'b1'): AccountCommand => ({ type: 'SettleLightningInvoice', invoiceId: id, amountPaid, bonus: terms(bonusId), maxBank: ALL_BITCOIN_SATS, now: t0 });
const accept = (bonusId = 'b1', now = t0): AccountCommand => ({ type: 'AcceptBonus', bonusId, standing, now });
const decline = (bonusId = 'b1'): AccountCommand => ({ type: 'DeclineBonus', bonusId, standing, now: t0 });
const deal = (bet: number, handId = `hand-${bet}`): AccountCommand => ({
  type: 'DealHand', handId, bet, playerSeed, randomPlayerSeed: playerSeed, standing, requirePhone: false, next: shoe(2), now: t0,
});

const given = DeciderSpecification.for(accountDecider);

const types = (events: AccountEvent[]) => events.map((e) => e.type);

describe('the first-deposit bonus', () => {
  it('is offered on the first credited deposit: 100% of it, target 100 × (bonus + deposit), open 30 days', () => {
    given([invoice('i1', 20_000)]).when(settle('i1', 20_000)).then((events, after) => {
      expect(events[1]).toEqual({
        type: 'BonusOffered', data: { bonusId: 'b1', depositAmount: 20_000, bonusAmount: 20_000, playthroughTarget: 4_000_000, offeredAt: t0, expiresAt: days(30) },
      });
      expect(after.bank).toBe(20_000);
    });
  });

  it('is capped at BONUS_MAX_SATS, and the other reading sets the target at 125 × bonus', () => {
    given([invoice('i1', 3_000_000)])
      .when({ ...settle('i1', 3_000_000), bonus: terms('b1', { maxSats: 1_000_000, playthrough: 'bonus125' }) } as AccountCommand)
      .then((capped) => expect(capped[1]).toMatchObject({ type: 'BonusOffered', data: { depositAmount: 3_000_000, bonusAmount: 1_000_000, playthroughTarget: 125_000_000 } }));
  });

  it('is offered once: a later deposit offers nothing', () => {
    given([invoice('i1', 20_000), invoice('i2', 5_000)])
      .when(settle('i1', 20_000, 'b1'))
      .when(settle('i2', 5_000, 'b2'))
      .then((events) => expect(types(events)).toEqual(['LightningInvoiceSettled']));
  });

  it('credits the bank when accepted (ledger Bonus) and moves nothing when declined', () => {
    given([invoice('i1', 20_000)]).when(settle('i1', 20_000)).when(accept()).then((events, after) => {
      expect(events).toEqual([{ type: 'BonusAccepted', data: { bonusId: 'b1', amount: 20_000, playthroughTarget: 4_000_000, redeemCode: null, acceptedAt: t0 } }]);
      expect(after.bank).toBe(40_000);
    });
    given([invoice('i1', 20_000)]).when(settle('i1', 20_000)).when(decline()).then((events, after) => {
      expect(types(events)).toEqual(['BonusDeclined']);
      expect(after.bank).toBe(20_000);
    });
  });

  it('can be accepted or declined only while it is offered', () => {
    const accepted = given([invoice('i1', 20_000)]).when(settle('i1', 20_000)).when(accept());
    accepted.when(accept()).thenThrows('BonusNotOffered');
    accepted.when(decline()).thenThrows('BonusNotOffered');
    const offered = given([invoice('i1', 20_000)]).when(settle('i1', 20_000));
    offered.when(accept('nope')).thenThrows('NotFound');
    offered.when(accept('b1', days(31))).thenThrows('BonusNotOffered');
    offered.when({ type: 'AcceptBonus', bonusId: 'b1', standing: { ...standing, banned: true }, now: t0 }).thenThrows('Banned');
  });

  it('expires after its 30 days when the sweep comes by, and not before', () => {
    given([invoice('i1', 20_000)]).when(settle('i1', 20_000)).when({ type: 'ExpireBonuses', now: days(29) }).thenNothingHappened();
    given([invoice('i1', 20_000)]).when(settle('i1', 20_000)).when({ type: 'ExpireBonuses', now: days(30) }).then((events, after) => {
      expect(events).toEqual([{ type: 'BonusExpired', data: { bonusId: 'b1', expiredAt: days(30) } }]);
      expect(after.bonus.bonuses.get('b1')?.status).toBe('Expired');
    });
  });
});

describe('a withdrawal request while the first-deposit bonus is still offered (no free roll on a withdrawn deposit)', () => {
  const withdraw = (amount = 10_000, withdrawalId = 'w1', now = days(1)): AccountCommand => ({
    type: 'RequestWithdrawal', withdrawalId, method: 'bitcoin', amount, target: 'bcrt1qexample', standing, minimumBitcoin: 1_000, now,
  });
  const offered = () => given([invoice('i1', 10_000)]).when(settle('i1', 10_000));
  const lapsed = () => offered().when(withdraw());
  const refusedBecauseLapsed = (command: AccountCommand) =>
    lapsed().when(command).thenThrows('BonusNotOffered', 'lapsed when you requested a withdrawal on 2026-01-02');

  it('lapses the offer in the same events as the WithdrawalRequested: Expired, ended by the withdrawal', () => {
    offered().when(withdraw()).then((events, after) => {
      expect(events).toEqual([
        { type: 'WithdrawalRequested', data: { withdrawalId: 'w1', method: 'bitcoin', amount: 10_000, target: 'bcrt1qexample', requestedAt: days(1) } },
        { type: 'BonusOfferLapsed', data: { bonusId: 'b1', withdrawalId: 'w1', lapsedAt: days(1) } },
      ]);
      expect(after.bonus.bonuses.get('b1')).toMatchObject({ status: 'Expired', expiresAt: null, endedBy: 'withdrawal', endedAt: days(1) });
      expect(after.bank).toBe(0);
    });
  });

  it('lapses it whatever the amount withdrawn, and before the RequestKeyRecorded of a keyed request', () => {
    const keyed = { ...withdraw(1_000), requestKey: { key: 'k1', fingerprint: 'withdraw:1000', ref: 'w1' } } as AccountCommand;
    offered().when(keyed).then((events, after) => {
      expect(types(events)).toEqual(['WithdrawalRequested', 'BonusOfferLapsed', 'RequestKeyRecorded']);
      expect(after.bank).toBe(9_000);
    });
  });

  it('refuses to accept the lapsed offer with BonusNotOffered saying it lapsed at the withdrawal, and emits nothing', () => {
    refusedBecauseLapsed(accept('b1', days(2)));
    expect(lapsed().state().bank).toBe(0);
  });

  it('refuses to decline the lapsed offer the same way', () => {
    refusedBecauseLapsed({ ...decline(), now: days(2) } as AccountCommand);
  });

  it('is left alone by the expiry sweep once lapsed', () => {
    lapsed().when({ type: 'ExpireBonuses', now: days(31) }).then((events, after) => {
      expect(events).toEqual([]);
      expect(after.bonus.bonuses.get('b1')).toMatchObject({ status: 'Expired', endedBy: 'withdrawal', endedAt: days(1) });
    });
  });

  it('leaves an accepted bonus untouched: the withdrawal is refused (PlaythroughRequirementNotMet) and nothing lapses', () => {
    const accepted = offered().when(accept());
    accepted.when(withdraw(5_000)).thenThrows('PlaythroughRequirementNotMet');
    expect(accepted.state().bonus.bonuses.get('b1')).toMatchObject({ status: 'Accepted', endedBy: null, endedAt: null });
  });

  it('does not lapse a declined or an expired offer again, nor a second time on the next withdrawal', () => {
    offered().when(decline()).when(withdraw()).then((events, after) => {
      expect(types(events)).toEqual(['WithdrawalRequested']);
      expect(after.bonus.bonuses.get('b1')).toMatchObject({ status: 'Declined', endedBy: null, endedAt: t0 });
    });
    offered().when({ type: 'ExpireBonuses', now: days(30) }).when(withdraw(10_000, 'w1', days(31))).then((events, after) => {
      expect(types(events)).toEqual(['WithdrawalRequested']);
      expect(after.bonus.bonuses.get('b1')).toMatchObject({ status: 'Expired', endedBy: null, endedAt: days(30) });
    });
    offered().when(withdraw(4_000, 'w1')).when(withdraw(4_000, 'w2', days(2))).then((events) => expect(types(events)).toEqual(['WithdrawalRequested']));
  });

  it('leaves an offer already past its time to the expiry sweep', () => {
    offered().when(withdraw(10_000, 'w1', days(31))).when({ type: 'ExpireBonuses', now: days(31) }).then((events, after) => {
      expect(events).toEqual([{ type: 'BonusExpired', data: { bonusId: 'b1', expiredAt: days(31) } }]);
      expect(after.bonus.bonuses.get('b1')).toMatchObject({ status: 'Expired', endedBy: null });
    });
  });
});

describe('playthrough', () => {
  const accepted = () =>
    given([invoice('i1', 10_000)])
      .when({ type: 'CommitShoe', next: shoe(1), now: t0 })
      .when(settle('i1', 10_000))
      .when(accept());

  it('counts every stake toward the accepted bonus', () => {
    accepted().when(deal(1_000)).then((events, after) => {
      expect(events.filter((e) => e.type === 'WagerCounted')).toEqual([{ type: 'WagerCounted', data: { bonusId: 'b1', amount: 1_000, playthrough: 1_000 } }]);
      expect(after.bonus.bonuses.get('b1')?.playthrough).toBe(1_000);
    });
  });

  it('locks withdrawals while a bonus is accepted', () => {
    accepted()
      .when({ type: 'RequestWithdrawal', withdrawalId: 'w1', method: 'lightning', amount: 5_000, target: 'lnbcrt1', standing, minimumBitcoin: 1_000, now: t0 })
      .thenThrows('PlaythroughRequirementNotMet');
  });

  it('completes the bonus at its target, and the rest of a stake counts toward the next accepted one', () => {
    const redeem: AccountCommand = { type: 'RedeemBonus', bonusId: 'b2', code: 'WELCOME', amount: 500, playthroughTarget: 10_000, minBank: 1, standing, now: t0 };
    given([invoice('i1', 10_000)])
      .when({ type: 'CommitShoe', next: shoe(1), now: t0 })
      .when(settle('i1', 10_000))
      .when({ ...accept(), now: t0 })
      .when(redeem)
      .then((_e, after) => expect(after.bonus.accepted).toEqual(['b1', 'b2']));
    const small = { ...terms('b1'), maxSats: 10 };
    given([invoice('i1', 10_000)])
      .when({ type: 'CommitShoe', next: shoe(1), now: t0 })
      .when({ ...settle('i1', 10_000), bonus: small } as AccountCommand)
      .when(accept())
      .when(redeem)
      .when(deal(5_000))
      .then((events, after) => {
        // Target of b1: 100 × (10 + 10_000) = 1_001_000; the first 5_000 all go to it.
        expect(events.filter((e) => e.type === 'WagerCounted')).toEqual([{ type: 'WagerCounted', data: { bonusId: 'b1', amount: 5_000, playthrough: 5_000 } }]);
        expect(after.bonus.accepted).toEqual(['b1', 'b2']);
      });
    const quick: AccountCommand = { type: 'RedeemBonus', bonusId: 'b3', code: 'QUICK', amount: 100, playthroughTarget: 300, minBank: 1, standing, now: t0 };
    given([invoice('i1', 10_000)])
      .when({ type: 'CommitShoe', next: shoe(1), now: t0 })
      .when(settle('i1', 10_000))
      .when(decline())
      .when(quick)
      .when(redeem)
      .when(deal(1_000))
      .then((events, after) => {
        expect(events.filter((e) => e.type === 'WagerCounted' || e.type === 'BonusCompleted')).toEqual([
          { type: 'WagerCounted', data: { bonusId: 'b3', amount: 300, playthrough: 300 } },
          { type: 'BonusCompleted', data: { bonusId: 'b3', completedAt: t0 } },
          { type: 'WagerCounted', data: { bonusId: 'b2', amount: 700, playthrough: 700 } },
        ]);
        expect(after.bonus.bonuses.get('b3')?.status).toBe('Complete');
        expect(after.bonus.accepted).toEqual(['b2']);
      });
  });

  it('is forgiven when a command leaves the bank at 0 with no hand in play and no withdrawal in review', () => {
    const state = given([invoice('i1', 1_000)]).when(settle('i1', 1_000)).when(accept()).state();
    const settled = [{ type: 'HandSettled', data: {} }];
    const at = (bankAfter: number, handInPlayAfter: boolean, withdrawalInReviewAfter: boolean) =>
      bonusConsequences(settled, state, { bankAfter, handInPlayAfter, withdrawalInReviewAfter: () => withdrawalInReviewAfter, terms: null, now: t0 });
    expect(at(0, false, false)).toEqual([{ type: 'BonusForgiven', data: { bonusId: 'b1', forgivenAt: t0 } }]);
    expect(at(0, true, false)).toEqual([]);
    expect(at(1, false, false)).toEqual([]);
    expect(at(0, false, true)).toEqual([]);
    const forgiven = fold(accountDecider.evolve, state, [{ type: 'BonusForgiven', data: { bonusId: 'b1', forgivenAt: t0 } }]);
    expect(forgiven.bonus.bonuses.get('b1')?.status).toBe('Forgiven');
    expect(forgiven.bonus.accepted).toEqual([]);
  });

  it('stakes the whole bank on a hand without forgiving: the stake is still in play', () => {
    accepted().when(deal(20_000)).then((events) => expect(types(events)).not.toContain('BonusForgiven'));
  });
});

describe('money parked in a withdrawal in review while a bonus is played', () => {
  const settled: AccountEvent = { type: 'LightningInvoiceSettled', data: { invoiceId: 'i1', amount: 10_000, settledAt: t0 } };
  const redeemed: AccountEvent = { type: 'BonusAccepted', data: { bonusId: 'r1', amount: 2_500, playthroughTarget: 50_000, redeemCode: 'WELCOME', acceptedAt: t0 } };
  const parked: AccountEvent = { type: 'WithdrawalRequested', data: { withdrawalId: 'w1', method: 'bitcoin', amount: 12_500, target: 'bcrt1qexample', requestedAt: t0 } };
  // The bank is at 0, but the 12,500 asked for is still the player's until the request is decided.
  const bankAtZero = () => given([invoice('i1', 10_000), settled, redeemed, parked]);

  it('is not a bank at zero: nothing is forgiven, and a cancel brings the money back with the bonus still to play through', () => {
    bankAtZero().when({ type: 'CommitShoe', next: shoe(1), now: t0 }).then((events, after) => {
      expect(types(events)).not.toContain('BonusForgiven');
      expect(after.bonus.accepted).toEqual(['r1']);
    });
    bankAtZero().when({ type: 'CancelWithdrawal', withdrawalId: 'w1', standing, now: t0 }).then((events, after) => {
      expect(types(events)).toEqual(['WithdrawalCanceled']);
      expect(after.bank).toBe(12_500);
      expect(after.bonus.accepted).toEqual(['r1']);
    });
  });

  it('forgives the bonus once the request is approved and the bank is left at zero', () => {
    bankAtZero()
      .when({ type: 'ApproveWithdrawal', withdrawalId: 'w1', reviewerId: 'admin', secondApprovalAbove: 1_000_000, heldForReview: false, now: t0 })
      .then((events, after) => {
        expect(types(events)).toEqual(['WithdrawalApproved', 'BonusForgiven']);
        expect(after.bonus.bonuses.get('r1')?.status).toBe('Forgiven');
      });
  });
});

describe('a first-deposit offer after the deposit was played (no free roll on a lost deposit)', () => {
  const funded = () => given([invoice('i1', 10_000), invoice('i2', 5_000)]).when({ type: 'CommitShoe', next: shoe(1), now: t0 }).when(settle('i1', 10_000));

  it('is accepted only while the bank holds the deposit it matches; the offer stays open', () => {
    const played = funded().when(deal(4_000));
    played.when(accept()).thenThrows('BonusNotOffered', 'holds 6000');
    expect(played.state().bonus.bonuses.get('b1')?.status).toBe('Offered');
    played.when(settle('i2', 5_000, 'b2')).when(accept()).then((events, after) => {
      expect(types(events)).toEqual(['BonusAccepted']);
      expect(after.bank).toBe(21_000);
    });
  });

  it('says which deposit and which bank, for the player’s message', () => {
    try {
      accountDecider.decide(accept(), funded().when(deal(4_000)).state());
      throw new Error('accepted');
    } catch (e) {
      expect(e).toMatchObject({ code: 'BonusNotOffered', detail: { reason: 'DepositSpent', deposit: 10_000, bank: 6_000 } });
    }
  });

  it('leaves a redeemed code alone: it matches no deposit', () => {
    const bank = funded().when(deal(9_000)).state().bank;
    expect(bank).toBe(1_000);
    funded().when(deal(9_000)).when(decline()).when({
      type: 'RedeemBonus', bonusId: 'r1', code: 'WELCOME', amount: 2_500, playthroughTarget: 50_000, minBank: 1, standing, now: t0,
    }).then((events) => expect(types(events)).toEqual(['BonusAccepted']));
  });
});

describe('redeeming a code', () => {
  const redeem = (over: Partial<Extract<AccountCommand, { type: 'RedeemBonus' }>> = {}): AccountCommand => ({
    type: 'RedeemBonus', bonusId: 'r1', code: 'WELCOME', amount: 2_500, playthroughTarget: 50_000, minBank: 1, standing, now: t0, ...over,
  });

  it('accepts and credits at once, naming the code', () => {
    given([invoice('i1', 1_000)]).when(settle('i1', 1_000)).when(decline()).when(redeem()).then((events, after) => {
      expect(events).toEqual([{ type: 'BonusAccepted', data: { bonusId: 'r1', amount: 2_500, playthroughTarget: 50_000, redeemCode: 'WELCOME', acceptedAt: t0 } }]);
      expect(after.bank).toBe(3_500);
    });
  });

  it('refuses a bank below the minimum, banned and self-excluded players', () => {
    given([]).when(redeem()).thenThrows('BankTooLowToRedeem');
    const funded = given([invoice('i1', 1_000)]).when(settle('i1', 1_000));
    funded.when(redeem({ minBank: 1_001 })).thenThrows('BankTooLowToRedeem');
    funded.when(redeem({ standing: { ...standing, banned: true } })).thenThrows('Banned');
    funded.when(redeem({ standing: { ...standing, selfExcluded: true } })).thenThrows('SelfExcluded');
  });
});
