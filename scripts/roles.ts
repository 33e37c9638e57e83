/**
 * Grants or revokes a staff role by event (`StaffRoleGranted` / `StaffRoleRevoked` on `staff-roles`,
 * through the command path, as the operator `system:roles`), or lists who has which role:
 *   npm run -s roles -- grant admin|support <email>
 *   npm run -s roles -- revoke admin|support <email>
 *   npm run -s roles -- list
 * Roles from ADMIN_EMAILS and SUPPORT_EMAILS come from the configuration and are not revoked here.
 * A running server sees a change within about a second.
 */
import { randomUUID } from 'node:crypto';
import { SetStaffRoleCommand, SetStaffRoleHandler, StaffDirectory } from '../server/src/application/admin/staff';
import { StaffRolesRepository } from '../server/src/projections/staff-roles/staff-roles.repository';
import { STAFF_ROLE_NAMES, type StaffRole } from '../server/src/domain/staff/staff-roles';
import { console_, openOperator, type Output, runWhenStarted } from './operator';

const USAGE = 'usage: npm run -s roles -- grant|revoke admin|support <email>\n       npm run -s roles -- list';

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out: Output = console_): Promise<number> {
  const [verb, role, email] = argv;
  const listing = verb === 'list' && argv.length === 1;
  if (!listing && (!(verb === 'grant' || verb === 'revoke') || !STAFF_ROLE_NAMES.includes(role as StaffRole) || !email || !/^[^\s@]+@[^\s@]+$/.test(email) || argv.length !== 3)) {
    out.error(USAGE);
    return 2;
  }
  const operator = await openOperator(env);
  try {
    const granted = new StaffRolesRepository(operator.readModels);
    if (listing) {
      await operator.runner.catchUp();
      const rows = await granted.grants();
      const fromConfig = [...[...operator.config.adminEmails].map((e) => ({ email: e, role: 'admin' })), ...[...operator.config.supportEmails].map((e) => ({ email: e, role: 'support' }))];
      for (const r of rows) out.line(`${r.email}\t${r.role}\tgranted by event`);
      for (const r of fromConfig) out.line(`${r.email}\t${r.role}\tfrom ${r.role === 'admin' ? 'ADMIN_EMAILS' : 'SUPPORT_EMAILS'}`);
      if (rows.length + fromConfig.length === 0) out.line('No staff roles.');
      return 0;
    }
    const handler = new SetStaffRoleHandler(operator.commands, operator.runner, new StaffDirectory(operator.config, granted));
    const actor = { playerId: 'system:roles', roles: ['admin' as const] };
    const result = await handler.execute(new SetStaffRoleCommand(actor, email!, role as StaffRole, verb === 'grant', `roles-${randomUUID()}`));
    const configured = (role === 'admin' ? operator.config.adminEmails : operator.config.supportEmails).has(result.email);
    if (verb === 'grant') out.line(result.changed ? `Granted ${role} to ${result.email}.` : `${result.email} already has ${role}; nothing recorded.`);
    else out.line(result.changed ? `Revoked ${role} from ${result.email}.` : `${result.email} had no ${role} granted by event; nothing recorded.`);
    if (verb === 'revoke' && configured) out.line(`${result.email} keeps ${role} through ${role === 'admin' ? 'ADMIN_EMAILS' : 'SUPPORT_EMAILS'}: remove it there.`);
    return 0;
  } finally {
    await operator.close();
  }
}

runWhenStarted(module, main);
