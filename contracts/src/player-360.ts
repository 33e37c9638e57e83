import { z } from 'zod';
import { AuditEntry, StaffReason } from './admin';
import { Bonus, LIMIT_KINDS } from './bonus';
import { Deposit, LightningInvoice, SessionEndReason, WithdrawRequestView } from './money-flows';
import { Sats } from './money';

/*
 * The player 360 view (GET admin/players/{id}/overview; admins and support): everything the back office knows of
 * one player, each section read from its read model. Staff notes: POST admin/players/{id}/notes.
 */

/** One sign-in: when, from which address (as the server saw it), until when its token is valid, and how it ended. */
export const PlayerSessionView = z.object({
  sessionId: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  /** How it ended: the player signed out of it, signed out everywhere, or was banned. */
  endReason: SessionEndReason.nullable(),
  /** The client's IP address at sign-in; null for sessions recorded before addresses were. */
  address: z.string().nullable(),
});
export type PlayerSessionView = z.infer<typeof PlayerSessionView>;

/** What a change of the player's own protections was: a limit (its kind), or the self-exclusion's start, lift request or cancelled lift. */
export const PROTECTION_KINDS = [...LIMIT_KINDS, 'selfExclusion', 'selfExclusionLiftRequested', 'selfExclusionLiftCancelled'] as const;
export type ProtectionKind = (typeof PROTECTION_KINDS)[number];

/** One change of a limit or of the self-exclusion, as the player made it. */
export const ProtectionChangeView = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(PROTECTION_KINDS),
  /** A limit's new value (satoshis, or minutes for the reminder); null: removed, or a self-exclusion change. */
  value: z.number().int().nullable(),
  /** When it applies (a looser limit 24 hours later, a lift at the end of its cooling-off); null when at once. */
  effectiveAt: z.string().nullable(),
});
export type ProtectionChangeView = z.infer<typeof ProtectionChangeView>;

/** A note staff left on the player. */
export const StaffNoteView = z.object({ id: z.string(), at: z.string(), staffId: z.string(), staffEmail: z.string().nullable(), note: z.string() });
export type StaffNoteView = z.infer<typeof StaffNoteView>;

/** POST admin/players/{id}/notes: the note, 3 to 500 characters once trimmed (as a staff reason). */
export const StaffNoteRequest = z.object({ note: StaffReason });
export type StaffNoteRequest = z.infer<typeof StaffNoteRequest>;
/** The answer to a note: the player's notes now, newest first. */
export const StaffNoteList = z.array(StaffNoteView);
export type StaffNoteList = z.infer<typeof StaffNoteList>;

/** The most rows of each list the overview answers (newest first); `totals` count them all. */
export const OVERVIEW_ROWS_MAX = 100;

/**
 * GET admin/players/{id}/overview. `staffActions` is null for support (the audit trail is the admins'), and support
 * sees the withdrawals as their player does: no `firstApproval`, `decisionReason` or `payoutError`.
 */
export const PlayerOverview = z.object({
  playerId: z.uuid(),
  totals: z.object({
    /** Credited deposits, on-chain and over Lightning. */
    deposited: Sats,
    /** Withdrawals requested and not declined or cancelled. */
    withdrawn: Sats,
    /** Bonuses accepted (credited). */
    bonuses: Sats,
  }),
  deposits: z.array(Deposit),
  invoices: z.array(LightningInvoice),
  withdrawals: z.array(WithdrawRequestView),
  bonuses: z.array(Bonus),
  sessions: z.array(PlayerSessionView),
  protections: z.array(ProtectionChangeView),
  notes: z.array(StaffNoteView),
  staffActions: z.array(AuditEntry).nullable(),
});
export type PlayerOverview = z.infer<typeof PlayerOverview>;
