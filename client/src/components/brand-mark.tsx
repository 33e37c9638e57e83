import { useBrand } from '@/lib/brand/brand-provider';

/**
 * The brand's logo (its 48×48 drawing) at `size` px. Decorative unless `alt` names it; the space is
 * kept while the brand loads, so nothing moves when it arrives.
 */
export function BrandMark({ size = 40, alt = '' }: { size?: number; alt?: string }) {
  const { images } = useBrand();
  if (!images) return <span style={{ display: 'inline-block', width: size, height: size, flex: 'none' }} aria-hidden="true" />;
  return <img src={images.logoSvg} width={size} height={size} alt={alt} style={{ display: 'block', flex: 'none' }} draggable={false} />;
}
