import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { PlayerPushEvent, SessionEndReason } from '@bahati/contracts';
import { type AccountEvent, bankDelta } from '../../domain/account/account';
import type { PlayerEvent } from '../../domain/player/player';
import { streamOwner } from '../../domain/streams';
import { EventStoreToken } from '../../config/tokens';
import type { EventStore, RecordedEvent, Subscription } from '../ports/event-store';
import { BankReadModel, ReadModelProgress } from '../ports/read-models';
import { SessionDirectory } from '../players/sessions';

type Listener = (event: PlayerPushEvent) => void;
/** A stream's own way to end itself (the HTTP response), called when the server shuts down. */
type Ender = () => void;

/** The session a stream was opened with, and what to do once that session has ended (a logout, a logout everywhere, a ban). */
export interface ListeningSession {
  sessionId: string;
  /** `reason`: what ended it, when the event that did is known (a ban sends the screen to the suspension page). */
  onEnded: (reason?: SessionEndReason) => void;
}

/** What a player's screens are told about an event of their streams (sent once the read models hold it; the bank last). */
export function pushEventsOf(event: { type: string; data: unknown }): PlayerPushEvent[] {
  const e = event as AccountEvent | PlayerEvent;
  switch (e.type) {
    case 'LightningInvoiceSettled':
      return [{ type: 'InvoiceSettled', id: e.data.invoiceId, amount: e.data.amount }];
    case 'LightningInvoiceCanceled':
      return [{ type: 'InvoiceCanceled', id: e.data.invoiceId }];
    case 'BitcoinDepositDetected':
      return [{ type: 'DepositDetected', transactionId: e.data.txid, vout: e.data.vout, amount: e.data.amount }];
    case 'BitcoinDepositConfirmed':
      return [{ type: 'DepositConfirmed', transactionId: e.data.txid, vout: e.data.vout, amount: e.data.amount }];
    case 'WithdrawalRequested':
      return [{ type: 'WithdrawalChanged', id: e.data.withdrawalId, status: 'Created' }];
    case 'WithdrawalApproved':
    case 'WithdrawalPaid':
      return [{ type: 'WithdrawalChanged', id: e.data.withdrawalId, status: 'Approved' }];
    case 'WithdrawalDeclined':
      return [{ type: 'WithdrawalChanged', id: e.data.withdrawalId, status: 'Declined' }];
    case 'WithdrawalCanceled':
      return [{ type: 'WithdrawalChanged', id: e.data.withdrawalId, status: 'Canceled' }];
    case 'PhoneVerified':
      return [{ type: 'PhoneVerified', phoneNumber: e.data.phoneNumber }];
    case 'SelfExclusionChanged':
    case 'SelfExclusionLiftRequested':
    case 'SelfExclusionLiftCancelled':
      return [{ type: 'SelfExclusionChanged' }];
    case 'BonusOffered':
    case 'BonusAccepted':
    case 'BonusDeclined':
    case 'BonusExpired':
    case 'BonusOfferLapsed':
    case 'BonusCompleted':
    case 'BonusForgiven':
      return [{ type: 'BonusChanged', id: e.data.bonusId }];
    default:
      return [];
  }
}

/** How long the subscription stays after the last listener left (a page reconnecting finds it running). */
const LINGER_MS = 30_000;

/**
 * Server push for the player's screens, driven by a live subscription to the event store — so an
 * invoice settled or a deposit credited by any server instance reaches the player's open page.
 *
 * The subscription reads every event of the log, so it runs only while some page listens (and
 * `LINGER_MS` after the last one left): a server whose players are at the table, with no money
 * screen open, reads nothing for it.
 */
@Injectable()
export class PlayerEventsHub implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PlayerEvents');
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly sessions = new Map<Listener, ListeningSession>();
  private readonly enders = new Set<Ender>();
  private subscription: Subscription | null = null;
  /** Starts and stops of the subscription, one after the other. */
  private changing: Promise<void> = Promise.resolve();
  private linger: NodeJS.Timeout | null = null;
  private shutDown = false;

  constructor(
    @Inject(EventStoreToken) private readonly store: EventStore,
    private readonly projections: ReadModelProgress,
    private readonly banks: BankReadModel,
    private readonly directory: SessionDirectory,
  ) {}

  async beforeApplicationShutdown() {
    this.shutDown = true;
    if (this.linger) clearTimeout(this.linger);
    await this.sync();
  }

  /**
   * Adds a listener for the player's events; resolves, with the function that removes it, once every
   * event appended from then on will reach it (the subscription is running). With a `session`, its
   * `onEnded` is called (on every instance) once that session has ended, so a stream never outlives the
   * sign-in it came with.
   */
  async listen(playerId: string, listener: Listener, session?: ListeningSession): Promise<() => void> {
    let set = this.listeners.get(playerId);
    if (!set) this.listeners.set(playerId, (set = new Set()));
    set.add(listener);
    if (session) this.sessions.set(listener, session);
    const remove = () => {
      set.delete(listener);
      this.sessions.delete(listener);
      if (!set.size && this.listeners.get(playerId) === set) this.listeners.delete(playerId);
      if (this.listeners.size === 0 && !this.linger) {
        this.linger = setTimeout(() => {
          this.linger = null;
          void this.sync();
        }, LINGER_MS);
        this.linger.unref();
      }
    };
    try {
      await this.sync();
    } catch (err) {
      remove();
      throw err;
    }
    return remove;
  }

  /** Starts the subscription when someone listens, stops it when no one has for LINGER_MS (or at shutdown). */
  private sync(): Promise<void> {
    const step = this.changing.then(async () => {
      const wanted = !this.shutDown && (this.listeners.size > 0 || this.linger !== null);
      if (wanted && !this.subscription) {
        this.subscription = this.store.subscribeToAll({
          after: await this.store.headCheckpoint(),
          onEvent: (event) => this.deliver(event),
          onError: (err) => this.logger.error(`Subscription failed: ${err instanceof Error ? err.message : String(err)}`),
        });
      } else if (!wanted && this.subscription) {
        const running = this.subscription;
        this.subscription = null;
        await running.stop();
      }
    });
    // A failed start (the database unreachable) is the caller's to report; the next listener tries again.
    this.changing = step.catch(() => undefined);
    return step;
  }

  /** `end` closes a stream (its HTTP response) when the server shuts down: see `endStreams`. Answers how to forget it. */
  endOnShutdown(end: Ender): () => void {
    this.enders.add(end);
    return () => this.enders.delete(end);
  }

  /**
   * Ends every open stream, so the HTTP server can close once the requests in flight are answered; each client
   * reconnects (with backoff) to an instance that is still serving.
   */
  endStreams(): number {
    const open = [...this.enders];
    this.enders.clear();
    for (const end of open) end();
    return open.length;
  }

  private async deliver(event: RecordedEvent) {
    const account = streamOwner(event.streamId, 'account');
    const playerId = account ?? streamOwner(event.streamId, 'player');
    if (playerId === undefined) return;
    const set = this.listeners.get(playerId);
    if (!set?.size) return;
    if (event.type === 'SessionEnded' || event.type === 'AllSessionsEnded') return this.endSessions(playerId, set, event);
    const messages = pushEventsOf(event);
    const bankMoved = account !== undefined && bankDelta({ type: event.type, data: event.data } as AccountEvent) !== 0;
    if (!messages.length && !bankMoved) return;
    // A screen told of a change reloads what shows it: only once the read models hold the change.
    await this.projections.waitFor(event.checkpoint);
    if (bankMoved) messages.push({ type: 'BankChanged', bank: await this.banks.bank(account) });
    for (const m of messages) for (const l of set) l(m);
  }

  /** Ends the player's streams whose session the read model (once it holds the event) no longer has open. */
  private async endSessions(playerId: string, set: ReadonlySet<Listener>, event: RecordedEvent) {
    const reason = event.type === 'SessionEnded' ? 'logout' : (event.data as { reason: SessionEndReason }).reason;
    await this.projections.waitFor(event.checkpoint);
    for (const listener of [...set]) {
      const session = this.sessions.get(listener);
      if (!session) continue;
      this.directory.forget(session.sessionId);
      if (!(await this.directory.isOpen(session.sessionId, playerId))) session.onEnded(reason);
    }
  }
}
