// A restaurant's logo as an image; only http(s), site paths and inline images are ever put in src.
import { isSafeImageSrc } from '../../lib/safeImage';

export function LogoImage({ src, alt, size = 48 }: { src: string; alt: string; size?: number }) {
  if (!isSafeImageSrc(src)) return <span aria-label={alt}>-</span>;
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      style={{ objectFit: 'contain', borderRadius: 6 }}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
}
