import type { BonusDecisionResponse } from '@bahati/contracts';
import { api } from '@/lib/api';

/** The answer's bank goes to the header at once, and its bonus replaces the row it decided. */
async function applyDecision(
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: BonusDecisionResponse }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(api.util.upsertQueryData('getBank', undefined, data.bank));
    dispatch(api.util.updateQueryData('getBonuses', undefined, (rows) => rows.map((row) => (row.id === data.bonus.id ? data.bonus : row))));
  } catch {
    // The screen says what went wrong; the list reloads either way.
  }
}

/** Spec "Bonuses screen": accepting or declining an offer; the list reloads after either (spec §4). */
export const bonusesApi = api.injectEndpoints({
  endpoints: (build) => ({
    acceptBonus: build.mutation<BonusDecisionResponse, string>({
      query: (id) => ({ url: `players/acceptbonus/${encodeURIComponent(id)}`, method: 'POST' }),
      // Accepting credits the bonus: the ledger has a new line.
      invalidatesTags: ['Bonus', 'Ledger'],
      onQueryStarted: (_id, lifecycle) => applyDecision(lifecycle),
    }),
    declineBonus: build.mutation<BonusDecisionResponse, string>({
      query: (id) => ({ url: `players/declinebonus/${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: ['Bonus'],
      onQueryStarted: (_id, lifecycle) => applyDecision(lifecycle),
    }),
  }),
});

export const { useAcceptBonusMutation, useDeclineBonusMutation } = bonusesApi;
