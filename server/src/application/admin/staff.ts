import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StaffRolesResponse } from '@bahati/contracts';
import { STAFF_ROLE_NAMES, type StaffRole, STAFF_ROLES_STREAM, staffRolesDecider } from '../../domain/staff/staff-roles';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { type Actor, assertAdmin, type Role } from '../actor';
import { CommandPath } from '../command-path';
import { ReadModelProgress, StaffRoleReadModel } from '../ports/read-models';

/** How long the roles granted by event are trusted before they are read again (a revoked role ends within this). */
const GRANTS_TTL_MS = 1000;

/**
 * The roles of an e-mail address: those the configuration gives (ADMIN_EMAILS, SUPPORT_EMAILS) and those
 * granted by event (the `staff-roles` read model, read at most once a second and shared by every request).
 */
@Injectable()
export class StaffDirectory {
  private readonly logger = new Logger('StaffDirectory');
  private grants = new Map<string, StaffRole[]>();
  /** Staff e-mails whose player is banned: a ban lifts every staff role while it lasts. */
  private banned = new Set<string>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(
    @Inject(AppConfigToken) private readonly config: Pick<AppConfig, 'adminEmails' | 'supportEmails'>,
    private readonly granted: StaffRoleReadModel,
  ) {}

  async rolesOf(email: string): Promise<Role[]> {
    const key = email.toLowerCase();
    if (Date.now() - this.loadedAt > GRANTS_TTL_MS) await this.refresh();
    if (this.banned.has(key)) return [];
    const roles = new Set<Role>(this.grants.get(key) ?? []);
    if (this.config.adminEmails.has(key)) roles.add('admin');
    if (this.config.supportEmails.has(key)) roles.add('support');
    return STAFF_ROLE_NAMES.filter((r) => roles.has(r));
  }

  /** Reads the grants again on the next request (after a grant, a revocation or a ban in this process). */
  forget(): void {
    this.loadedAt = -Infinity;
  }

  private refresh(): Promise<void> {
    this.loading ??= this.granted
      .grants()
      .then(async (rows) => {
        const grants = new Map<string, StaffRole[]>();
        for (const { email, role } of rows) grants.set(email, [...(grants.get(email) ?? []), role]);
        const staff = new Set([...grants.keys(), ...this.config.adminEmails, ...this.config.supportEmails]);
        const banned = new Set(await this.granted.bannedAmong([...staff]));
        this.grants = grants;
        this.banned = banned;
        this.loadedAt = Date.now();
      })
      // The last known grants stay in force while the read model cannot be read.
      .catch((err: unknown) => this.logger.error(`Could not read the staff roles: ${String(err)}`))
      .finally(() => (this.loading = null));
    return this.loading;
  }
}

/**
 * Grants (true) or revokes (false) a staff role to an e-mail address: `npm run -s roles -- grant|revoke admin|support <email>`
 * runs it as the operator `system:roles` with the admin role; an admin may run it through the bus. Recorded on `staff-roles`; repeating it records nothing.
 */
export class SetStaffRoleCommand {
  constructor(readonly actor: Actor, readonly email: string, readonly role: StaffRole, readonly grant: boolean, readonly correlationId: string) {}
}

export interface StaffRoleOutcome {
  email: string;
  role: StaffRole;
  granted: boolean;
  /** False when the address already had (or already lacked) the role. */
  changed: boolean;
}

@CommandHandler(SetStaffRoleCommand)
export class SetStaffRoleHandler implements ICommandHandler<SetStaffRoleCommand, StaffRoleOutcome> {
  constructor(private readonly commands: CommandPath, private readonly progress: ReadModelProgress, private readonly directory: StaffDirectory) {}

  async execute(c: SetStaffRoleCommand): Promise<StaffRoleOutcome> {
    assertAdmin(c.actor);
    const email = c.email.trim().toLowerCase();
    const now = new Date().toISOString();
    const command = c.grant
      ? { type: 'GrantStaffRole' as const, email, role: c.role, by: c.actor.playerId, now }
      : { type: 'RevokeStaffRole' as const, email, role: c.role, by: c.actor.playerId, now };
    const outcome = await this.commands.handle(STAFF_ROLES_STREAM, staffRolesDecider, command, { correlationId: c.correlationId, userId: c.actor.playerId });
    await this.progress.waitFor(outcome.checkpoint);
    this.directory.forget();
    return { email, role: c.role, granted: c.grant, changed: outcome.events.length > 0 };
  }
}

/** The signed-in user's staff roles (none for a player). */
export class GetStaffRolesQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetStaffRolesQuery)
export class GetStaffRolesHandler implements IQueryHandler<GetStaffRolesQuery, StaffRolesResponse> {
  execute({ actor }: GetStaffRolesQuery): Promise<StaffRolesResponse> {
    return Promise.resolve({ roles: [...actor.roles] });
  }
}

export const staffHandlers = [SetStaffRoleHandler, GetStaffRolesHandler];
