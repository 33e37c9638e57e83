import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable, SetMetadata, UnauthorizedException, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { InvalidSessionError, SessionTokens } from '../identity/session-tokens';
import { AppConfigToken, type AppConfig } from '../../config/tokens';
import { Inject } from '@nestjs/common';

/** The signed-in user of a request. */
export interface Principal {
  playerId: string;
  email: string;
  isAdmin: boolean;
}

const PUBLIC = 'bahati:public';
const ADMIN = 'bahati:admin';
/** The route needs no session. */
export const Public = () => SetMetadata(PUBLIC, true);
/** The route needs an admin session (enforced here, not only hidden in the client). */
export const AdminOnly = () => SetMetadata(ADMIN, true);

type AuthedRequest = FastifyRequest & { principal?: Principal };

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
    try {
      const claims = this.tokens.verify(match[1]!);
      request.principal = { playerId: claims.sub, email: claims.email, isAdmin: this.config.adminEmails.has(claims.email.toLowerCase()) };
    } catch (err) {
      if (err instanceof InvalidSessionError) {
        throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired or is not valid; sign in again.' });
      }
      throw err;
    }
    if (this.reflector.getAllAndOverride<boolean>(ADMIN, targets) && !request.principal.isAdmin) {
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'This needs an admin account.' });
    }
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthedRequest>().principal;
  if (!principal) throw new UnauthorizedException();
  return principal;
});
