import { useTranslation } from 'react-i18next';

/**
 * The arrow of a Previous / Next (or Back) control, pointing the way the page reads: previous points left (‹) in a
 * left-to-right language and right (›) in Arabic and Urdu. The glyph is chosen here and isolated left to right, so
 * neither the Unicode mirroring of ‹ › nor a CSS flip can turn it a second time.
 */
export function DirectionArrow({ to, className }: { to: 'previous' | 'next'; className?: string }) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const pointsLeft = (to === 'previous') !== rtl;
  return (
    <span aria-hidden="true" dir="ltr" className={className} data-arrow={pointsLeft ? 'left' : 'right'}>
      {pointsLeft ? '‹' : '›'}
    </span>
  );
}
