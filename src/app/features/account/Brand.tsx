import { useSiteConfig } from '../../api/site-config';

/**
 * Logo and title from `common/config`; until they are known, the defaults — the same the
 * prerendered splash in index.html shows (scripts/prerender-shell.ts), so drawing over it changes nothing.
 */
export function Brand({ size = 'large', tagline }: { size?: 'large' | 'small'; tagline?: string }) {
  const config = useSiteConfig();
  const title = config.data?.title ?? 'Kabuto';
  const logo = config.data?.logo ?? '/icons/logo.svg';
  const px = size === 'large' ? 88 : 64;
  return (
    <div className={`brand brand--${size}`}>
      <div className="brand__logo" style={{ width: px, height: px }}>
        {logo ? <img src={logo} alt="" width={px} height={px} decoding="async" /> : null}
      </div>
      <p className="brand__title">{title}</p>
      {tagline ? <p className="brand__tagline">{tagline}</p> : null}
    </div>
  );
}
