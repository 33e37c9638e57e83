import type { FastifyReply, FastifyRequest } from 'fastify';
import { findControlCharacter } from '../../application/text-check';

/**
 * The one input normaliser of the API, a Fastify `preValidation` hook: every string of the parsed body,
 * the query string and the path parameters of an `/api` request is checked before any handler sees it.
 * A NUL, another control character or a lone surrogate is answered 400 `ValidationFailed` naming the
 * field, so no such text can reach a command, an event or the database. Bodies may hold tabs and line
 * breaks (a brand's drawing spans lines); query strings and path parameters hold none.
 */
export async function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!request.url.startsWith('/api')) return undefined;
  const where: Array<[unknown, boolean, string]> = [
    [request.params, false, 'in the path'],
    [request.query, false, 'in the query'],
    [request.body, true, ''],
  ];
  for (const [value, multiLine, place] of where) {
    const issue = findControlCharacter(value, { multiLine });
    if (!issue) continue;
    const message = place ? `${issue.path} (${place}) ${issue.message}` : `${issue.path}: ${issue.message}`;
    // Fastify's way to answer early from an async hook: send, then return the reply.
    return reply.status(400).send({ statusCode: 400, error: 'ValidationFailed', message, issues: [issue] });
  }
  return undefined;
}
