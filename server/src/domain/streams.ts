/** The stream categories whose id ends in the id of what they belong to: a player (`account-`, `player-`) or a brand (`brand-`). */
const STREAM_PREFIXES = { account: 'account-', player: 'player-', brand: 'brand-' } as const;
export type StreamCategory = keyof typeof STREAM_PREFIXES;

/**
 * The id a stream belongs to (`account-<playerId>` → the player id, `brand-<id>` → the brand id), or undefined for a stream of another category.
 * A prefix test rather than a regular expression: projections ask this several times for every event they read.
 */
export function streamOwner(streamId: string, category: StreamCategory): string | undefined {
  const prefix = STREAM_PREFIXES[category];
  if (streamId.length <= prefix.length || !streamId.startsWith(prefix)) return undefined;
  const owner = streamId.slice(prefix.length);
  // As /^account-(.+)$/ would: no line terminator in the id.
  return owner.includes('\n') || owner.includes('\r') || owner.includes('\u2028') || owner.includes('\u2029') ? undefined : owner;
}
