import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import type { AdminPlayer, LedgerType, WithdrawalRisk, WithdrawRequestView } from '@bahati/contracts';
import { type Actor, assertAdmin } from '../actor';
import { LedgerReadModel, PlayerReadModel, SuspectReadModel, WithdrawalsReadModel } from '../ports/read-models';
import { MoneyServices } from './money-services';

const DAY_MS = 86_400_000;
const EVER = { from: new Date(0), to: new Date(Date.UTC(9999, 0, 1)) };

/** A request an admin still has to act on: in review, or approved with a payout that failed. */
const inReview = (w: WithdrawRequestView) => w.status === 'Created' || (w.status === 'Approved' && w.payout === 'Failed');

/** The ledger's lines of a kind, summed: what a player put in, took out, won or lost at the table, and was given. */
export function ledgerFigures(byType: readonly { type: LedgerType; amount: number }[]) {
  const sum = (...types: LedgerType[]) => byType.filter((t) => types.includes(t.type)).reduce((s, t) => s + t.amount, 0);
  return {
    deposited: sum('BitcoinDeposit', 'LightningDeposit'),
    withdrawn: -sum('Withdraw', 'WithdrawRefund'),
    gameNet: sum('Bet', 'Double', 'Split', 'InsuranceBet', 'InsuranceWin', 'Win', 'Push', 'EvenMoney'),
    bonuses: sum('Bonus'),
  };
}

/**
 * What an admin weighs before paying each request in review: the player's standing and suspect level with the
 * newest records, the account's age, every satoshi in and out, and the other players who withdrew to the same
 * Bitcoin address — four accounts paying one wallet show here.
 */
export class GetWithdrawalRiskQuery {
  constructor(readonly actor: Actor, readonly now: Date = new Date()) {}
}

@QueryHandler(GetWithdrawalRiskQuery)
export class GetWithdrawalRiskHandler implements IQueryHandler<GetWithdrawalRiskQuery, WithdrawalRisk[]> {
  constructor(
    private readonly withdrawals: WithdrawalsReadModel,
    private readonly players: PlayerReadModel,
    private readonly ledger: LedgerReadModel,
    private readonly suspects: SuspectReadModel,
    private readonly money: MoneyServices,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  async execute({ actor, now }: GetWithdrawalRiskQuery): Promise<WithdrawalRisk[]> {
    assertAdmin(actor);
    const all = await this.withdrawals.withdrawRequests();
    const open = all.filter(inReview);
    if (open.length === 0) return [];
    const review = this.config.withdrawalReview;

    // Every request's destination, and who paid to each (a cancelled or declined request still names its wallet).
    const destination = new Map(all.map((w) => [w.id, this.money.targets.destinationOf(w.method, w.targetAddress)]));
    const payers = new Map<string, Map<string, { email: string | null; requests: number }>>();
    for (const w of all) {
      const key = destination.get(w.id)!;
      const byPlayer = payers.get(key) ?? new Map();
      const seen = byPlayer.get(w.playerId) ?? { email: w.email, requests: 0 };
      byPlayer.set(w.playerId, { ...seen, requests: seen.requests + 1 });
      payers.set(key, byPlayer);
    }

    const profiles = new Map<string, Promise<{ player: AdminPlayer | null; money: ReturnType<typeof ledgerFigures>; records: WithdrawalRisk['latestSuspect'] }>>();
    const profileOf = (playerId: string) => {
      let found = profiles.get(playerId);
      if (!found) {
        found = (async () => {
          const [page, day, suspect] = await Promise.all([
            this.players.players({ q: playerId }, 0, 1),
            this.ledger.ledgerPage(playerId, EVER.from, EVER.to, { offset: 0, limit: 1 }),
            this.suspects.suspectRecords(playerId, 0, 3),
          ]);
          return {
            player: page.items.find((p) => p.id === playerId) ?? null,
            money: ledgerFigures(day.byType),
            records: suspect.items.map((r) => ({ time: r.time, reason: r.reason, suspectChange: r.suspectChange })),
          };
        })();
        profiles.set(playerId, found);
      }
      return found;
    };

    return Promise.all(
      open.map(async (w): Promise<WithdrawalRisk> => {
        const { player, money, records } = await profileOf(w.playerId);
        const others = [...(payers.get(destination.get(w.id)!) ?? new Map()).entries()]
          .filter(([id]) => id !== w.playerId)
          .map(([id, p]) => ({ playerId: id, email: p.email, requests: p.requests }));
        const created = player ? Date.parse(player.createdTime) : NaN;
        return {
          withdrawalId: w.id,
          playerId: w.playerId,
          email: player?.email ?? w.email,
          createdTime: player?.createdTime ?? null,
          accountAgeDays: Number.isNaN(created) ? null : Math.max(0, Math.floor((now.getTime() - created) / DAY_MS)),
          banned: player?.banned ?? false,
          selfExcluded: player?.selfExclude ?? false,
          suspectLevel: player?.suspectLevel ?? 0,
          latestSuspect: records,
          ...money,
          bank: player?.bank ?? 0,
          sharedWith: others,
          approvalsNeeded: w.amount > review.secondApprovalAbove ? 2 : 1,
          heldForReview: w.status === 'Created' && (player?.suspectLevel ?? 0) >= review.holdSuspectLevel,
          holdLevel: review.holdSuspectLevel,
        };
      }),
    );
  }
}
