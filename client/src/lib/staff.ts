import type { AdminPlayer, PlayerPage, PlayerRoleFilter, PlayerSort, SortDirection, StaffRole, StaffRolesResponse } from '@bahati/contracts';
import { useSelector } from 'react-redux';
import { api } from './api';
import { selectJwt, type SessionRootState } from './session';

export interface PlayerSearch {
  /** Part of an e-mail address (any case), or a whole player id. */
  q?: string;
  offset?: number;
  limit?: number;
  sort?: PlayerSort;
  dir?: SortDirection;
  suspectMin?: number;
  banned?: 'yes' | 'no';
  role?: PlayerRoleFilter;
  activeDays?: number;
}

/** The search's query string: only what is set. */
const searchParams = ({ q = '', offset = 0, limit, ...filters }: PlayerSearch) =>
  Object.fromEntries(Object.entries({ q, offset, limit, ...filters }).filter(([, value]) => value !== undefined));

/**
 * What the staff screens share: the signed-in user's roles (the header, the guards and the admin
 * screens show only what the role may open) and the players read model (the players table, the
 * support screen's player search, a player named in a hand audit or a suspect record).
 */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaffRoles: build.query<StaffRolesResponse, void>({
      query: () => 'admin/roles',
      keepUnusedDataFor: 600,
    }),
    getPlayers: build.query<PlayerPage, PlayerSearch>({
      query: (search) => ({ url: 'players', params: searchParams(search) }),
      providesTags: (result) => [
        { type: 'AdminPlayer' as const, id: 'LIST' },
        ...(result?.items ?? []).map((player) => ({ type: 'AdminPlayer' as const, id: player.id })),
      ],
    }),
  }),
});

export const { useGetPlayersQuery } = staffApi;

export interface StaffRoles {
  roles: readonly StaffRole[];
  /** Decides: bans, suspect levels, withdrawals, codes, brands, analytics. */
  isAdmin: boolean;
  /** Admin or support: reads players, hands, audits and ledgers, repairs a ledger day. */
  isStaff: boolean;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The signed-in user's staff roles (none for a player or a visitor). */
export function useStaffRoles(): StaffRoles {
  const jwt = useSelector((state: SessionRootState) => selectJwt(state));
  const query = staffApi.useGetStaffRolesQuery(undefined, { skip: !jwt });
  const roles = (jwt && query.data?.roles) || [];
  return {
    roles,
    isAdmin: roles.includes('admin'),
    isStaff: roles.length > 0,
    isLoading: jwt !== null && query.isLoading,
    isError: jwt !== null && query.isError,
    refetch: () => void query.refetch(),
  };
}

/** One player of the read model by id (a whole id matches exactly one), or undefined while unknown. */
export function usePlayerById(id: string | null | undefined): { player: AdminPlayer | undefined; isLoading: boolean; isError: boolean; notFound: boolean; error: unknown; refetch: () => void } {
  const query = useGetPlayersQuery({ q: id ?? '', limit: 1 }, { skip: !id });
  const player = query.data?.items.find((p) => p.id === id);
  return {
    player,
    isLoading: query.isLoading,
    isError: query.isError,
    notFound: query.isSuccess && !player,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
