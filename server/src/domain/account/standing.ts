/** What the player stream says about the player, passed in with every account command. */
export interface PlayerStanding {
  banned: boolean;
  selfExcluded: boolean;
  phoneVerified: boolean;
}
