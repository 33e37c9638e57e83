import type { CoachHandReport } from '@bahati/contracts';
import { api } from '@/lib/api';

export const coachApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The coach's report of a settled hand; `ready` false until the read model has judged it (the table asks again). */
    getCoachHand: build.query<CoachHandReport, string>({
      query: (handId) => `players/coach/hands/${handId}`,
    }),
  }),
});

export const { useGetCoachHandQuery } = coachApi;
