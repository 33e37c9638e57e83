import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { apiErrorCode } from '@/lib/api';
import { selectJwt, type SessionRootState } from '@/lib/session';

const PhoneVerifyDialog = lazy(() => import('./phone-verify-dialog'));

/*
 * One phone challenge at a time, app-wide. A screen that gets PhoneVerifyRequired (or sees an
 * unverified player) awaits `open()`; the host in the root layout shows the dialog and resolves
 * true once the phone is verified, false when the player closes it.
 */
interface Pending {
  promise: Promise<boolean>;
  resolve: (verified: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function openChallenge(): Promise<boolean> {
  if (pending) return pending.promise;
  let resolve!: (verified: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  pending = { promise, resolve };
  emit();
  return promise;
}

function settleChallenge(verified: boolean) {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(verified);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isOpen = () => pending !== null;

export interface PhoneChallenge {
  /** Shows the phone verification dialog; resolves true once verified, false if dismissed. */
  open: () => Promise<boolean>;
  /** Whether the dialog is showing right now. */
  isOpen: boolean;
}

/**
 * For any screen: `const phone = usePhoneChallenge(); if (await phone.open()) retry();`
 * (the game screen on PhoneVerifyRequired, deposit and withdraw on theirs).
 */
export function usePhoneChallenge(): PhoneChallenge {
  const open = useSyncExternalStore(subscribe, isOpen, isOpen);
  return useMemo(() => ({ open: openChallenge, isOpen: open }), [open]);
}

/** Mounted once in the root layout. Signing out dismisses a challenge in progress. */
export function PhoneChallengeHost() {
  const open = useSyncExternalStore(subscribe, isOpen, isOpen);
  const jwt = useSelector((state: SessionRootState) => selectJwt(state));
  useEffect(() => {
    if (!jwt && pending) settleChallenge(false);
  }, [jwt]);
  if (!open || !jwt) return null;
  return (
    <Suspense fallback={null}>
      <PhoneVerifyDialog onClose={() => settleChallenge(false)} onVerified={() => settleChallenge(true)} />
    </Suspense>
  );
}

/** The player closed the phone dialog instead of verifying: the action did not happen. */
export class PhoneChallengeDismissed extends Error {
  constructor() {
    super('Phone verification was dismissed');
    this.name = 'PhoneChallengeDismissed';
  }
}

/**
 * Runs a server action behind the phone challenge: an unverified player (`verified: false`) is
 * challenged first, and a `PhoneVerifyRequired` answer opens the dialog and retries once after
 * success. Throws `PhoneChallengeDismissed` when the player closes the dialog.
 */
export async function runWithPhoneChallenge<T>(run: () => Promise<T>, options: { verified?: boolean } = {}): Promise<T> {
  if (options.verified === false && !(await openChallenge())) throw new PhoneChallengeDismissed();
  try {
    return await run();
  } catch (error) {
    if (apiErrorCode(error) !== 'PhoneVerifyRequired') throw error;
    if (!(await openChallenge())) throw new PhoneChallengeDismissed();
    return run();
  }
}
