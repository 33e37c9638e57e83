/** The stream categories whose id ends in the id of what they belong to: a player (`account-`, `player-`) or a brand (`brand-`). */
const STREAM_OWNERS = { account: /^account-(.+)$/, player: /^player-(.+)$/, brand: /^brand-(.+)$/ } as const;
export type StreamCategory = keyof typeof STREAM_OWNERS;

/** The id a stream belongs to (`account-<playerId>` → the player id, `brand-<id>` → the brand id), or undefined for a stream of another category. */
export function streamOwner(streamId: string, category: StreamCategory): string | undefined {
  return STREAM_OWNERS[category].exec(streamId)?.[1];
}
