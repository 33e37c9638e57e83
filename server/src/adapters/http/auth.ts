import { type CanActivate, createParamDecorator, type ExecutionContext, ForbiddenException, Inject, Injectable, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { type Actor, isAdmin, isStaff } from '../../application/actor';
import { StaffDirectory } from '../../application/admin/staff';
import { SessionDirectory } from '../../application/players/sessions';
import { InvalidSessionError, SessionTokens } from '../identity/session-tokens';
import { type AppConfig, AppConfigToken } from '../../config/tokens';

const PUBLIC = 'bahati:public';
const ADMIN = 'bahati:admin';
const STAFF = 'bahati:staff';
const OPERATOR = 'bahati:operator';
/** The route needs no session. */
export const Public = () => SetMetadata(PUBLIC, true);
/** The route needs an admin session (checked here and again by the application). */
export const AdminOnly = () => SetMetadata(ADMIN, true);
/** The route needs an admin or support session (checked here and again by the application). */
export const StaffOnly = () => SetMetadata(STAFF, true);
/**
 * An operator's page (health details, the API description): open outside production, where it helps
 * development; an admin session in production, where it would show strangers the deployment's insides.
 */
export const OperatorOnly = () => SetMetadata(OPERATOR, true);

type AuthedRequest = FastifyRequest & { actor?: Actor };

export const sessionRefused = () =>
  new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired or is not valid; sign in again.' });

/** The claims of a verified session token (401 when it is not valid). */
export function sessionOf(tokens: SessionTokens, token: string): { playerId: string; email: string; sessionId: string | null } {
  try {
    const claims = tokens.verify(token);
    return { playerId: claims.sub, email: claims.email, sessionId: claims.sid ?? null };
  } catch (err) {
    if (err instanceof InvalidSessionError) throw sessionRefused();
    throw err;
  }
}

/**
 * The session of a verified token, if it is still open: 401 when the token names no session (issued before
 * sessions were recorded: signing in again gives one) or its session ended (logout, logout everywhere,
 * ban) — at most a second after the end was answered, on any instance.
 */
export async function openSession(sessions: SessionDirectory, session: { playerId: string; sessionId: string | null }): Promise<string> {
  if (!session.sessionId || !(await sessions.isOpen(session.sessionId, session.playerId))) throw sessionRefused();
  return session.sessionId;
}

const forbidden = (message: string) => new ForbiddenException({ statusCode: 403, error: 'Forbidden', message });

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: SessionTokens,
    private readonly staff: StaffDirectory,
    @Inject(AppConfigToken) private readonly config: AppConfig,
    private readonly sessions: SessionDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const operator = this.reflector.getAllAndOverride<boolean>(OPERATOR, targets);
    if (operator && !this.config.production) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    request.actor = await this.actorOf(request);
    if ((operator || this.reflector.getAllAndOverride<boolean>(ADMIN, targets)) && !isAdmin(request.actor)) throw forbidden('This needs an admin account.');
    if (this.reflector.getAllAndOverride<boolean>(STAFF, targets) && !isStaff(request.actor)) throw forbidden('This needs an admin or support account.');
    return true;
  }

  /** The actor of the request's bearer token, with its roles (401 without a valid one). */
  async actorOf(request: FastifyRequest): Promise<Actor> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Sign in first: the Authorization header has no bearer token.' });
    const session = sessionOf(this.tokens, match[1]!);
    // The session must be open; the actor's roles are the configuration's for the e-mail and those granted by event.
    const [sessionId, roles] = await Promise.all([openSession(this.sessions, session), this.staff.rolesOf(session.email)]);
    return { playerId: session.playerId, roles, sessionId };
  }

  /**
   * Guards the operator pages Nest does not route (the OpenAPI document and its UI): nothing outside
   * production, an admin session in production. Throws the same 401 / 403 as a guarded route.
   */
  async operatorOnly(request: FastifyRequest): Promise<void> {
    if (!this.config.production) return;
    if (!isAdmin(await this.actorOf(request))) throw forbidden('This needs an admin account.');
  }
}

/** The signed-in actor of the request. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = context.switchToHttp().getRequest<AuthedRequest>().actor;
  if (!actor) throw new UnauthorizedException();
  return actor;
});

/** The request's id (`x-request-id` or a fresh one): the correlation id of the events it causes. */
export const CorrelationId = createParamDecorator((_: unknown, context: ExecutionContext): string => String(context.switchToHttp().getRequest<FastifyRequest>().id));
