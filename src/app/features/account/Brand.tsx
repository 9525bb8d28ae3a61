import { useSiteConfig } from '../../components/useSiteConfig';

/** Logo and title from `common/config`; nothing is shown until they are known. */
export function Brand({ size = 'large', tagline }: { size?: 'large' | 'small'; tagline?: string }) {
  const config = useSiteConfig();
  const title = config.data?.title ?? (config.isError ? 'Kabuto' : undefined);
  const logo = config.data?.logo ?? (config.isError ? '/icons/logo.svg' : undefined);
  const px = size === 'large' ? 88 : 64;
  return (
    <div className={`brand brand--${size}`}>
      <div className="brand__logo" style={{ width: px, height: px }}>
        {logo ? <img src={logo} alt="" width={px} height={px} decoding="async" /> : null}
      </div>
      <p className="brand__title">{title ?? '\u00a0'}</p>
      {tagline ? <p className="brand__tagline">{tagline}</p> : null}
    </div>
  );
}
