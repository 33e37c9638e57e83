import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '@/lib/api';
import {
  JWT_STORAGE_KEY,
  readStoredJwt,
  sessionExpired,
  sessionSlice,
  signedIn,
  signedOut,
  writeStoredJwt,
} from '@/lib/session';

const listener = createListenerMiddleware();

listener.startListening({
  actionCreator: signedIn,
  effect: (action, { dispatch }) => {
    writeStoredJwt(action.payload);
    // Nothing cached under another player's token may survive a sign-in.
    dispatch(api.util.resetApiState());
  },
});

listener.startListening({
  matcher: isAnyOf(signedOut, sessionExpired),
  effect: (_action, { dispatch }) => {
    writeStoredJwt(null);
    dispatch(api.util.resetApiState());
  },
});

export function makeStore(jwt: string | null = readStoredJwt()) {
  return configureStore({
    reducer: {
      [sessionSlice.reducerPath]: sessionSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    preloadedState: { session: { jwt, expired: false, signedOutByPlayer: false, ended: false, suspended: false, signingOut: false } },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export const store = makeStore();
setupListeners(store.dispatch);

// Signing out in one tab signs out the others.
window.addEventListener('storage', (event) => {
  if (event.key !== JWT_STORAGE_KEY && event.key !== null) return;
  const jwt = readStoredJwt();
  if (jwt === store.getState().session.jwt) return;
  store.dispatch(jwt ? signedIn(jwt) : signedOut());
});

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
