import { type CanActivate, createParamDecorator, type ExecutionContext, ForbiddenException, Inject, Injectable, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { type Actor, isAdmin, type Role } from '../../application/actor';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { InvalidSessionError, SessionTokens } from '../identity/session-tokens';

const PUBLIC = 'bahati:public';
const ADMIN = 'bahati:admin';
/** The route needs no session. */
export const Public = () => SetMetadata(PUBLIC, true);
/** The route needs an admin session (checked here and again by the application). */
export const AdminOnly = () => SetMetadata(ADMIN, true);

type AuthedRequest = FastifyRequest & { actor?: Actor };

export const sessionRefused = () =>
  new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired or is not valid; sign in again.' });

/** The actor of a verified session token: the player, and the roles the configuration gives their e-mail. */
export function actorOf(tokens: SessionTokens, config: AppConfig, token: string): Actor {
  try {
    const claims = tokens.verify(token);
    const roles: Role[] = config.adminEmails.has(claims.email.toLowerCase()) ? ['admin'] : [];
    return { playerId: claims.sub, roles };
  } catch (err) {
    if (err instanceof InvalidSessionError) throw sessionRefused();
    throw err;
  }
}

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: SessionTokens,
    @Inject(AppConfigToken) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Sign in first: the Authorization header has no bearer token.' });
    request.actor = actorOf(this.tokens, this.config, match[1]!);
    if (this.reflector.getAllAndOverride<boolean>(ADMIN, targets) && !isAdmin(request.actor)) {
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'This needs an admin account.' });
    }
    return true;
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
