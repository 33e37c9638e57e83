import { type Actor, isStaff } from '../actor';
import { type HandRecord, HandsReadModel } from '../ports/read-models/hands';
import { ReadModelProgress } from '../ports/read-models/progress';

/**
 * A hand's record (once settled) and whose hand it is. A hand in play is not in the hands read model: its player
 * is the one whose active hand it is (the players' statistics, an analytic read model about a second behind under
 * load). A staff reader it does not know yet waits for the analytic read models to catch up; a player's own hand in
 * play is found in their own account by the caller, so a player never makes them hurry.
 */
export async function handOwner(
  hands: HandsReadModel, progress: ReadModelProgress, actor: Actor, handId: string,
): Promise<{ record: HandRecord | null; playerId: string | null }> {
  const record = await hands.hand(handId);
  if (record) return { record, playerId: record.playerId };
  let playerId = await hands.playerOfHandInPlay(handId);
  if (playerId === null && isStaff(actor)) {
    await progress.caughtUpAll();
    playerId = await hands.playerOfHandInPlay(handId);
  }
  return { record: null, playerId };
}
