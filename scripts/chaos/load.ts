/**
 * The load of the run: players who play hands, deposit and withdraw against whichever instance they
 * pick (the other one when it is down), and an admin who approves or declines the withdrawals, now and
 * then on both instances at once. Every 200 answer is kept as an acknowledgement to check afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { Ack } from './checks';
import type { ApiInstance } from './processes';

/** A regtest address the development node pays on-chain withdrawals to. */
export const WITHDRAW_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

export interface LoadStats {
  requests: number;
  acknowledged: number;
  /** Calls that met a dead instance (connection refused or reset) or timed out: nothing acknowledged. */
  networkFailures: number;
  /** Answers other than 200 (refusals such as BankTooLow, or a 5xx). */
  refused: Record<string, number>;
  hands: number;
  deposits: number;
  withdrawals: number;
  /** Two withdrawals of 60% of the bank each, sent to both instances at once: how many of both were accepted. */
  doubleSpendAttempts: number;
  doubleSpendBothAccepted: number;
  repeatedKeys: number;
  approvals: number;
  declines: number;
  /** Players' cancels of their own pending withdrawals (they race the admin's decisions). */
  cancels: number;
  /** Things the load itself saw wrong (a repeated key answered differently, a 5xx). */
  problems: string[];
}

export function newStats(): LoadStats {
  return {
    requests: 0, acknowledged: 0, networkFailures: 0, refused: {}, hands: 0, deposits: 0, withdrawals: 0, doubleSpendAttempts: 0, doubleSpendBothAccepted: 0,
    repeatedKeys: 0, approvals: 0, declines: 0, cancels: 0, problems: [],
  };
}

export interface Player {
  email: string;
  id: string;
  jwt: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, read loosely by the driver
type Answer = { status: number; body: any };

/** A small seeded generator (mulberry32): the same run makes the same choices, whatever the timing. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Load {
  readonly acks: Ack[] = [];
  readonly stats = newStats();
  stopping = false;

  constructor(private readonly instances: readonly ApiInstance[]) {}

  /** One call to `instance`; a network failure answers null. */
  async call(instance: ApiInstance, method: string, path: string, options: { jwt?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<(Answer & { requestId: string }) | null> {
    const requestId = randomUUID();
    this.stats.requests++;
    try {
      const answer = await instance.call(method, path, { ...options, requestId });
      if (answer.status !== 200 && answer.status !== 201) {
        const code = `${answer.status} ${typeof answer.body === 'object' && answer.body ? String(answer.body.error ?? '') : ''}`.trim();
        this.stats.refused[code] = (this.stats.refused[code] ?? 0) + 1;
        if (answer.status >= 500) this.stats.problems.push(`${method} ${path} on ${instance.name} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      }
      return { ...answer, requestId };
    } catch {
      this.stats.networkFailures++;
      return null;
    }
  }

  /** Calls an instance chosen by `pick`, then the other one if the first is down. */
  async callAny(pick: number, method: string, path: string, options: { jwt?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const first = this.instances[pick % this.instances.length]!;
    const answer = await this.call(first, method, path, options);
    if (answer) return { answer, instance: first };
    const second = this.instances[(pick + 1) % this.instances.length]!;
    return { answer: await this.call(second, method, path, options), instance: second };
  }

  private ack(ack: Ack) {
    this.acks.push(ack);
    this.stats.acknowledged++;
  }

  /** A player's loop until the load stops: mostly hands, with deposits, withdrawals and double-spend attempts. */
  async player(p: Player, seed: number): Promise<void> {
    const random = rng(seed);
    const pick = () => Math.floor(random() * 2);
    let bank = 0;
    while (!this.stopping) {
      const r = random();
      if (bank < 20_000 || r < 0.06) bank = (await this.deposit(p, pick(), random)) ?? bank;
      else if (r < 0.14) bank = (await this.withdraw(p, pick(), random, bank)) ?? bank;
      else if (r < 0.17) bank = (await this.doubleSpend(p, bank)) ?? bank;
      else if (r < 0.2) bank = (await this.cancel(p, pick())) ?? bank;
      else bank = (await this.hand(p, pick, random)) ?? bank;
      // Read the bank when an answer did not say it (a refusal, an instance down).
      if (bank <= 0) {
        const { answer } = await this.callAny(pick(), 'GET', '/api/players/bank', { jwt: p.jwt });
        if (answer?.status === 200) bank = answer.body as number;
        else await new Promise((res) => setTimeout(res, 100));
      }
    }
  }

  /** A keyed invoice, sometimes asked again on the other instance, then paid through the rail of the instance that made it. */
  private async deposit(p: Player, pick: number, random: () => number): Promise<number | null> {
    const amount = 20_000 + Math.floor(random() * 80_000);
    const key = randomUUID();
    const headers = { 'idempotency-key': key };
    const { answer, instance } = await this.callAny(pick, 'POST', '/api/players/lightningaddinvoice', { jwt: p.jwt, body: { amount: String(amount) }, headers });
    if (answer?.status !== 200) return null;
    const invoiceId = answer.body.id as string;
    this.ack({ kind: 'invoice', requestId: answer.requestId, playerId: p.id, key, invoiceId });
    if (random() < 0.25) {
      this.stats.repeatedKeys++;
      const again = await this.callAny(pick + 1, 'POST', '/api/players/lightningaddinvoice', { jwt: p.jwt, body: { amount: String(amount) }, headers });
      if (again.answer?.status === 200 && again.answer.body.id !== invoiceId) {
        this.stats.problems.push(`invoice key ${key} answered ${invoiceId}, then ${String(again.answer.body.id)}`);
      }
    }
    const settled = await this.call(instance, 'POST', '/api/dev/lightning/settle', { body: { paymentRequest: answer.body.paymentRequest } });
    if (settled?.status !== 200) return null;
    this.ack({ kind: 'settle', requestId: settled.requestId, playerId: p.id, invoiceId });
    this.stats.deposits++;
    return null;
  }

  /** A keyed on-chain withdrawal of up to a quarter of the bank; a quarter of them sent to both instances at once. */
  private async withdraw(p: Player, pick: number, random: () => number, bank: number): Promise<number | null> {
    const amount = Math.max(1_000, Math.floor((random() * bank) / 4));
    const key = randomUUID();
    const send = (which: number) =>
      this.callAny(which, 'POST', '/api/players/withdraw', { jwt: p.jwt, body: { amount, address: WITHDRAW_ADDRESS }, headers: { 'idempotency-key': key } });
    const twice = random() < 0.25;
    if (twice) this.stats.repeatedKeys++;
    const answers = (await Promise.all(twice ? [send(pick), send(pick + 1)] : [send(pick)])).map((a) => a.answer);
    let newBank: number | null = null;
    for (const answer of answers) {
      if (answer?.status !== 200) continue;
      this.ack({ kind: 'withdraw', requestId: answer.requestId, playerId: p.id, key, bank: answer.body as number });
      if (newBank !== null && newBank !== answer.body) this.stats.problems.push(`withdrawal key ${key} answered ${newBank}, then ${String(answer.body)}`);
      newBank = answer.body as number;
    }
    if (newBank !== null) this.stats.withdrawals++;
    return newBank;
  }

  /** Two withdrawals of 60% of the bank each, one to each instance, at the same moment: the bank covers one. */
  private async doubleSpend(p: Player, bank: number): Promise<number | null> {
    const amount = Math.max(1_000, Math.floor(bank * 0.6));
    this.stats.doubleSpendAttempts++;
    const answers = await Promise.all(
      [0, 1].map((i) => {
        const key = randomUUID();
        return this.call(this.instances[i]!, 'POST', '/api/players/withdraw', { jwt: p.jwt, body: { amount, address: WITHDRAW_ADDRESS }, headers: { 'idempotency-key': key } }).then(
          (answer) => ({ answer, key }),
        );
      }),
    );
    let newBank: number | null = null;
    let accepted = 0;
    for (const { answer, key } of answers) {
      if (answer?.status !== 200) continue;
      accepted++;
      this.ack({ kind: 'withdraw', requestId: answer.requestId, playerId: p.id, key, bank: answer.body as number });
      newBank = newBank === null ? (answer.body as number) : Math.min(newBank, answer.body as number);
    }
    if (accepted === 2) this.stats.doubleSpendBothAccepted++;
    this.stats.withdrawals += accepted;
    return newBank;
  }

  /** Cancels the player's newest request still in review, if any: the admin may be deciding it at the same moment. */
  private async cancel(p: Player, pick: number): Promise<number | null> {
    const { answer: list } = await this.callAny(pick, 'GET', '/api/players/withdrawrequests', { jwt: p.jwt });
    const pending = list?.status === 200 ? (list.body as { id: string; status: string }[]).find((w) => w.status === 'Created') : undefined;
    if (!pending) return null;
    const { answer } = await this.callAny(pick + 1, 'POST', `/api/players/withdrawrequests/${pending.id}/cancel`, { jwt: p.jwt });
    if (answer?.status !== 200) return null;
    this.ack({ kind: 'cancel', requestId: answer.requestId, playerId: p.id, withdrawalId: pending.id });
    this.stats.cancels++;
    return answer.body.bank as number;
  }

  /** Deals (or picks up the hand in play) and plays it out with random choices among the moves allowed. */
  private async hand(p: Player, pick: () => number, random: () => number): Promise<number | null> {
    const bet = 1_000 * (1 + Math.floor(random() * 5));
    const { answer } = await this.callAny(pick(), 'POST', '/api/hands', { jwt: p.jwt, body: { betAmount: bet, playerSeed: null } });
    let hand: { id: string; phase: string; allowedActions: string[] } | null = null;
    let bank: number | null = null;
    if (answer?.status === 200) {
      this.ack({ kind: 'hand', requestId: answer.requestId, playerId: p.id, bank: answer.body.bank });
      hand = answer.body.hand;
      bank = answer.body.bank;
    } else if (answer && answer.body?.error === 'ActiveHand') {
      hand = await this.handInPlay(p, pick());
    }
    for (let step = 0; hand && hand.phase !== 'Settled' && step < 12 && !this.stopping; step++) {
      const moves = hand.allowedActions;
      if (!moves.length) break;
      const choice = moves.includes('stand') && random() < 0.55 ? 'stand' : moves[Math.floor(random() * moves.length)]!;
      const next = (await this.callAny(pick(), 'PUT', `/api/hands/${choice}`, { jwt: p.jwt })).answer;
      if (next?.status === 200) {
        this.ack({ kind: 'hand', requestId: next.requestId, playerId: p.id, bank: next.body.bank });
        hand = next.body.hand;
        bank = next.body.bank ?? bank;
      } else {
        // Refused (the bank moved) or the instance went down: read the hand as it now stands.
        hand = await this.handInPlay(p, pick());
      }
    }
    if (hand?.phase === 'Settled') this.stats.hands++;
    return bank;
  }

  private async handInPlay(p: Player, pick: number): Promise<{ id: string; phase: string; allowedActions: string[] } | null> {
    const me = (await this.callAny(pick, 'GET', '/api/players/1234', { jwt: p.jwt })).answer;
    const id = me?.status === 200 ? (me.body.activeHandId as string | null) : null;
    if (!id) return null;
    const hand = (await this.callAny(pick, 'GET', `/api/hands/${id}`, { jwt: p.jwt })).answer;
    return hand?.status === 200 ? hand.body : null;
  }

  /** The admin: every second or so, decides the waiting requests; a third of the approvals go to both instances at once. */
  async admin(jwt: string, seed: number): Promise<void> {
    const random = rng(seed);
    while (!this.stopping) {
      const { answer } = await this.callAny(Math.floor(random() * 2), 'GET', '/api/players/adminwithdrawrequests', { jwt });
      const waiting = answer?.status === 200 ? (answer.body as { id: string; playerId: string; status: string }[]).filter((w) => w.status === 'Created').slice(0, 6) : [];
      await Promise.all(
        waiting.map(async (w) => {
          const approve = random() < 0.7;
          const path = `/api/players/${approve ? 'approve' : 'decline'}withdrawrequest?id=${w.id}`;
          const both = approve && random() < 0.33;
          // Every decision gives its reason, so a player the detector holds for review is decided like any other.
          const body = { reason: approve ? 'Reviewed by the chaos run' : 'Declined by the chaos run' };
          const answers = await Promise.all((both ? [0, 1] : [Math.floor(random() * 2)]).map((i) => this.call(this.instances[i]!, 'PUT', path, { jwt, body })));
          for (const a of answers) {
            if (a?.status !== 200) continue;
            this.ack({ kind: approve ? 'approve' : 'decline', requestId: a.requestId, playerId: w.playerId, withdrawalId: w.id });
            if (approve) this.stats.approvals++;
            else this.stats.declines++;
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 500 + random() * 1000));
    }
  }
}
