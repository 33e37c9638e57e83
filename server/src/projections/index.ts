import type { Projection } from './projection';
import { playersProjection } from './players/players.projection';

/** Every read model the server keeps. */
export const allProjections: readonly Projection[] = [playersProjection];
