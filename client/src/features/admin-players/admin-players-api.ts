import type { BanResponse, Hand, PlayerOverview, PlayerPage, StaffNoteList, SuspectLevelResponse, SuspectRecordPage } from '@bahati/contracts';
import { api } from '@/lib/api';
import { staffApi } from '@/lib/staff';

export interface PageArgs {
  playerId: string;
  offset: number;
  limit: number;
}

export interface HandPage {
  items: Hand[];
  /** From the answer's X-Total-Count. */
  total: number;
}

type Lifecycle<T> = {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: T }>;
};

/** Every cached page of the players table shows the change at once (the server answered after its read model had it). */
async function patchPlayerRows<T>({ dispatch, getState, queryFulfilled }: Lifecycle<T>, patch: (data: T) => { id: string; banned?: boolean; suspectLevel?: number }) {
  try {
    const { data } = await queryFulfilled;
    const change = patch(data);
    const state = getState() as Parameters<typeof staffApi.util.selectCachedArgsForQuery>[0];
    for (const args of staffApi.util.selectCachedArgsForQuery(state, 'getPlayers')) {
      dispatch(
        staffApi.util.updateQueryData('getPlayers', args, (page: PlayerPage) => {
          for (const row of page.items) if (row.id === change.id) Object.assign(row, change.banned === undefined ? {} : { banned: change.banned }, change.suspectLevel === undefined ? {} : { suspectLevel: change.suspectLevel });
        }),
      );
    }
  } catch {
    // The row shows the refusal.
  }
}

export const adminPlayersApi = api.injectEndpoints({
  endpoints: (build) => ({
    setBanned: build.mutation<BanResponse, { playerId: string; banned: boolean; reason?: string }>({
      query: ({ playerId, banned, reason }) => ({ url: `players/${encodeURIComponent(playerId)}/${banned ? 'ban' : 'unban'}`, method: 'POST', body: reason === undefined ? {} : { reason } }),
      invalidatesTags: (result, _error, { playerId }) => (result ? [{ type: 'PlayerOverview', id: playerId }] : []),
      onQueryStarted: (_args, lifecycle) => patchPlayerRows(lifecycle, (data) => ({ id: data.id, banned: data.banned })),
    }),
    setSuspectLevel: build.mutation<SuspectLevelResponse, { playerId: string; level: string; reason: string }>({
      // The level goes as checked at the field (a whole number 0-100); the server decides again and answers 400 otherwise.
      query: ({ playerId, level, reason }) => ({ url: `players/${encodeURIComponent(playerId)}/suspect/${encodeURIComponent(level)}`, method: 'POST', body: { reason } }),
      invalidatesTags: (result, _error, { playerId }) => (result ? [{ type: 'SuspectRecord', id: playerId }, { type: 'PlayerOverview', id: playerId }] : []),
      onQueryStarted: (_args, lifecycle) => patchPlayerRows(lifecycle, (data) => ({ id: data.id, suspectLevel: data.suspectLevel })),
    }),
    getSuspectRecords: build.query<SuspectRecordPage, PageArgs>({
      query: ({ playerId, offset, limit }) => ({ url: `players/${encodeURIComponent(playerId)}/suspect`, params: { offset, limit } }),
      providesTags: (_result, _error, { playerId }) => [{ type: 'SuspectRecord', id: playerId }],
    }),
    getPlayerOverview: build.query<PlayerOverview, string>({
      query: (playerId) => `admin/players/${encodeURIComponent(playerId)}/overview`,
      providesTags: (_result, _error, playerId) => [{ type: 'PlayerOverview', id: playerId }],
    }),
    addStaffNote: build.mutation<StaffNoteList, { playerId: string; note: string }>({
      query: ({ playerId, note }) => ({ url: `admin/players/${encodeURIComponent(playerId)}/notes`, method: 'POST', body: { note } }),
      // The answer is the notes now: the view shows them without asking again.
      onQueryStarted: async ({ playerId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            adminPlayersApi.util.updateQueryData('getPlayerOverview', playerId, (view) => {
              view.notes = data;
            }),
          );
        } catch {
          // The form shows the refusal.
        }
      },
    }),
    getPlayerHands: build.query<HandPage, PageArgs>({
      query: ({ playerId, offset, limit }) => ({ url: `players/${encodeURIComponent(playerId)}/hands`, params: { offset, limit } }),
      transformResponse: (items: Hand[], meta) => {
        const total = Number((meta as { response?: Response } | undefined)?.response?.headers.get('x-total-count'));
        return { items, total: Number.isFinite(total) ? total : items.length };
      },
    }),
  }),
});

export const { useSetBannedMutation, useSetSuspectLevelMutation, useGetSuspectRecordsQuery, useGetPlayerHandsQuery, useGetPlayerOverviewQuery, useAddStaffNoteMutation } = adminPlayersApi;
