import { expectedHouseWinMsat } from '@bahati/contracts';
import type { Selectable } from 'kysely';
import { type RecordedEvent, compareCheckpoints } from '../../application/ports/event-store';
import type { MoneyEvent } from '../../domain/account/money';
import type { HandSettled } from '../../domain/hand/hand';
import { streamOwner } from '../../domain/streams';
import { writeRowsAsJson } from '../batch';
import { type Projection, domainEvent } from '../projection';
import type { DailyStatsTable } from './daily-stats.table';

type Day = Selectable<DailyStatsTable>;

const emptyDay = (day: string): Day => ({
  day, hands: 0, wagered: 0, returned: 0, expected_house_win_msat: 0, deposits: 0, deposit_count: 0, withdrawals: 0, withdrawal_count: 0, withdrawals_refunded: 0, checkpoint: '',
});

/** What a day row written again replaces: everything but the day. */
const DAY_COLUMNS = (Object.keys(emptyDay('')) as (keyof Day & string)[]).filter((c) => c !== 'day');

/** A copy of `day` to change: each field named (a spread of it, at every event, copied it on V8's slow path). */
const copyDay = (d: Day): Day => ({
  day: d.day, hands: d.hands, wagered: d.wagered, returned: d.returned, expected_house_win_msat: d.expected_house_win_msat, deposits: d.deposits,
  deposit_count: d.deposit_count, withdrawals: d.withdrawals, withdrawal_count: d.withdrawal_count, withdrawals_refunded: d.withdrawals_refunded,
  checkpoint: d.checkpoint,
});

function apply(day: Day, event: RecordedEvent): Day {
  const e = domainEvent<MoneyEvent | HandSettled>(event);
  const next = copyDay(day);
  next.checkpoint = event.checkpoint;
  switch (e.type) {
    case 'HandSettled':
      next.hands += 1;
      next.wagered += e.data.totalBet;
      next.returned += e.data.winAmount;
      next.expected_house_win_msat += expectedHouseWinMsat(e.data.totalBet, e.data.level);
      return next;
    case 'BitcoinDepositConfirmed':
    case 'LightningInvoiceSettled':
      next.deposits += e.data.amount;
      next.deposit_count += 1;
      return next;
    case 'WithdrawalRequested':
      next.withdrawals += e.data.amount;
      next.withdrawal_count += 1;
      return next;
    case 'WithdrawalDeclined':
    case 'WithdrawalCanceled':
      next.withdrawals_refunded += e.data.amount;
      return next;
    default:
      return day;
  }
}

/** The UTC day an event was recorded: its time is ISO 8601 in UTC (the event store's contract), so its first ten characters. */
const dayOf = (e: RecordedEvent) => e.createdAt.slice(0, 10);

/**
 * Analytics per UTC day (the day each event was recorded): hands settled, wagers and returns (gross gaming
 * revenue is their difference), the published edge's expectation on those wagers, credited deposits,
 * withdrawals requested and refunded (declined or cancelled by the player), and who played (`daily_players`). Each day row keeps the checkpoint
 * of the last event it counted: a replayed event is older and counts nothing.
 */
export const dailyStatsProjection: Projection = {
  name: 'daily-stats',
  tier: 'analytic',
  version: 1,
  writesHeld: true,
  handles: ['HandSettled', 'BitcoinDepositConfirmed', 'LightningInvoiceSettled', 'WithdrawalRequested', 'WithdrawalDeclined', 'WithdrawalCanceled'],
  tables: ['daily_players', 'daily_stats'],
  async applyBatch(trx, events, memory) {
    const counted = events.filter((e) => streamOwner(e.streamId, 'account') !== undefined);
    if (counted.length === 0) return;
    const days = new Map<string, Day | undefined>();
    for (const e of counted) {
      const day = dayOf(e);
      if (!days.has(day)) days.set(day, memory.get<Day>(day));
    }
    const unread = [...days].filter(([, d]) => d === undefined).map(([day]) => day);
    if (unread.length && !memory.complete) {
      for (const row of await trx.selectFrom('daily_stats').selectAll().where('day', 'in', unread).execute()) days.set(row.day, { ...row });
    }

    const before = new Map([...days].map(([day, row]) => [day, row ?? emptyDay(day)]));
    const now = new Map(before);
    const players = new Map<string, { day: string; player_id: string }>();
    for (const event of counted) {
      const day = dayOf(event);
      const row = now.get(day)!;
      if (compareCheckpoints(event.checkpoint, row.checkpoint || null) <= 0) continue;
      now.set(day, apply(row, event));
      if (event.type === 'HandSettled') {
        const player_id = streamOwner(event.streamId, 'account')!;
        players.set(`${day} ${player_id}`, { day, player_id });
      }
    }

    const changed = [...now.values()].filter((row) => row !== before.get(row.day));
    for (const row of changed) memory.set(row.day, row);
    await writeRowsAsJson(trx, { table: 'daily_stats', key: ['day'], update: DAY_COLUMNS }, changed);
    await writeRowsAsJson(trx, { table: 'daily_players', key: ['day', 'player_id'] }, [...players.values()]);
  },
};
