import { forwardRef, type ComponentProps } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useLocalizePath } from '@/i18n/use-localized-path';

type LinkProps = Omit<ComponentProps<typeof Link>, 'to'> & { to: string };
type NavLinkProps = Omit<ComponentProps<typeof NavLink>, 'to'> & { to: string };

/** A router link that keeps the current language prefix: `to="/game"` → `/sw/game`. */
export const LocalizedLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocalizedLink({ to, ...rest }, ref) {
  const localize = useLocalizePath();
  return <Link ref={ref} to={localize(to)} {...rest} />;
});

export const LocalizedNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function LocalizedNavLink(
  { to, ...rest },
  ref,
) {
  const localize = useLocalizePath();
  return <NavLink ref={ref} to={localize(to)} {...rest} />;
});
