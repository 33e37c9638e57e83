import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The jwt is the only client-side session state; the player itself is server data cached by RTK Query. */
export const JWT_STORAGE_KEY = 'jwt';

export interface SessionState {
  jwt: string | null;
  /** Set when the server answered 401: the shell sends the player to the sign-in page. */
  expired: boolean;
  /** The player signed out themselves: guarded pages send them home, not to the sign-in page. */
  signedOutByPlayer: boolean;
  /** The last session ended with a 401 (not a sign-out): the sign-in page says so until the next sign-in. */
  ended: boolean;
  /** The session ended with a ban: the shell sends the player to the suspension page, not to sign-in. */
  suspended: boolean;
  /** This tab asked the server to end the session: the push saying it ended is this tab's own sign-out, not news. */
  signingOut: boolean;
}

export interface SessionRootState {
  session: SessionState;
}

export function readStoredJwt(): string | null {
  try {
    return window.localStorage.getItem(JWT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeStoredJwt(jwt: string | null): void {
  try {
    if (jwt) window.localStorage.setItem(JWT_STORAGE_KEY, jwt);
    else window.localStorage.removeItem(JWT_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts for this tab only.
  }
}

const initialState: SessionState = { jwt: null, expired: false, signedOutByPlayer: false, ended: false, suspended: false, signingOut: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      state.jwt = action.payload;
      state.expired = false;
      state.signedOutByPlayer = false;
      state.ended = false;
      state.suspended = false;
      state.signingOut = false;
    },
    signOutStarted(state) {
      state.signingOut = true;
    },
    signedOut(state) {
      state.jwt = null;
      state.expired = false;
      state.signedOutByPlayer = true;
      state.ended = false;
      state.signingOut = false;
    },
    /** `banned`: the live push said a ban ended it. */
    sessionExpired(state, action: PayloadAction<{ banned?: boolean } | undefined>) {
      state.jwt = null;
      state.expired = true;
      state.ended = true;
      state.suspended = action.payload?.banned === true;
      state.signingOut = false;
    },
    expiryHandled(state) {
      state.expired = false;
    },
  },
});

export const { signedIn, signOutStarted, signedOut, sessionExpired, expiryHandled } = sessionSlice.actions;

export const selectJwt = (state: SessionRootState) => state.session.jwt;
export const selectIsSignedIn = (state: SessionRootState) => state.session.jwt !== null;
export const selectSessionExpired = (state: SessionRootState) => state.session.expired;
export const selectSessionEnded = (state: SessionRootState) => state.session.ended;
export const selectSuspended = (state: SessionRootState) => state.session.suspended;
export const selectSigningOut = (state: SessionRootState) => state.session.signingOut;
export const selectSignedOutByPlayer = (state: SessionRootState) => state.session.signedOutByPlayer;

/**
 * Calls `onEnded` when another tab of this browser forgets the token this tab holds (a sign-out there, or a
 * sign-out everywhere): tabs share the token, so its session is over here too. Answers how to stop listening.
 */
export function watchTokenInOtherTabs(currentJwt: () => string | null, onEnded: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== JWT_STORAGE_KEY) return;
    const held = currentJwt();
    if (held !== null && event.newValue !== held) onEnded();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
