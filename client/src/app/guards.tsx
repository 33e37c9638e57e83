import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorPanel } from '@/components/error-panel';
import { PageLoader } from '@/components/spinner';
import { useCurrentPlayer } from '@/lib/current-player';
import { useStaffRoles } from '@/lib/staff';
import { useLocalizePath } from '@/i18n/use-localized-path';
import { selectSignedOutByPlayer } from '@/lib/session';
import { useAppSelector } from './hooks';
import { lazyScreen } from './lazy-screen';

/**
 * Signed-out players go to /authentication. Use as a layout route
 * (`{ element: <RequireAuth />, children: [...] }`) or around one element.
 * The player is loaded before the children render.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const localize = useLocalizePath();
  const { isSignedIn, player, isLoading, refetch } = useCurrentPlayer();
  const signedOutByPlayer = useAppSelector(selectSignedOutByPlayer);

  if (!isSignedIn && signedOutByPlayer) return <Navigate to={localize('/')} replace />;
  if (!isSignedIn) return <Navigate to={localize('/authentication')} replace state={{ from: location.pathname }} />;
  if (isLoading) return <PageLoader label={t('common.loading')} />;
  if (!player) return <ErrorPanel onRetry={() => void refetch()} />;
  return children ?? <Outlet />;
}

/** Admin screens: RequireAuth, and players without the isAdmin flag go home. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const localize = useLocalizePath();
  const { player } = useCurrentPlayer();
  return (
    <RequireAuth>
      {player && !player.isAdmin ? <Navigate to={localize('/')} replace /> : (children ?? <Outlet />)}
    </RequireAuth>
  );
}

function StaffGate({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { isStaff, isLoading, isError, refetch } = useStaffRoles();
  if (isLoading) return <PageLoader label={t('common.loading')} />;
  if (isError) return <ErrorPanel onRetry={refetch} />;
  if (!isStaff) return <Navigate to={localize('/')} replace />;
  return children ?? <Outlet />;
}

/**
 * The screens support may open too (players, hand audits, a ledger day): RequireAuth, and anyone
 * without a staff role (admin or support) goes home. Each screen shows only what the role may do;
 * the server refuses the rest.
 */
export function RequireStaff({ children }: { children?: ReactNode }) {
  return (
    <RequireAuth>
      <StaffGate>{children}</StaffGate>
    </RequireAuth>
  );
}

const SELF_EXCLUDED_NOTICE = lazyScreen(() => import('@/features/content/self-excluded-page'));

/**
 * The screens that take a bet or a deposit (the table, deposits): a self-excluded player sees the
 * self-excluded notice in their place from the first render, never a table with Deal or a deposit form.
 * The server refuses those commands all the same; this spares the player a screen that cannot work.
 * `handInPlay`: the table stays open while a hand dealt before the exclusion is unfinished, so its stake is
 * not left stranded (the server lets it be played out, and refuses the next deal).
 */
export function RefuseSelfExcluded({ children, handInPlay = false }: { children?: ReactNode; handInPlay?: boolean }) {
  const { player } = useCurrentPlayer();
  if (player?.selfExclude && !(handInPlay && player.activeHandId)) return SELF_EXCLUDED_NOTICE;
  return children ?? <Outlet />;
}
