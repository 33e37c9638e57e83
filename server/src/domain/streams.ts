/** The stream categories whose id ends in the id of the player they belong to. */
const STREAM_OWNERS = { account: /^account-(.+)$/, player: /^player-(.+)$/ } as const;
export type StreamCategory = keyof typeof STREAM_OWNERS;

/** The id a stream belongs to (`account-<playerId>` → the player id), or undefined for a stream of another category. */
export function streamOwner(streamId: string, category: StreamCategory): string | undefined {
  return STREAM_OWNERS[category].exec(streamId)?.[1];
}
