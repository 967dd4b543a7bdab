// The centre image of a QR: the restaurant's logo when the browser may draw it into a canvas and still
// export it (same origin or CORS-enabled), else the product's logo, so the PNG download never fails.
import { useEffect, useState } from 'react';
import { isSafeImageSrc } from '../../lib/safeImage';
import { PRODUCT_LOGO } from './qrContent';

export function useDrawableLogo(logo: string | undefined): string {
  const [src, setSrc] = useState(PRODUCT_LOGO);
  useEffect(() => {
    if (!isSafeImageSrc(logo)) return;
    let live = true;
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => live && setSrc(logo);
    img.onerror = () => live && setSrc(PRODUCT_LOGO);
    img.src = logo;
    return () => {
      live = false;
    };
  }, [logo]);
  return src;
}
