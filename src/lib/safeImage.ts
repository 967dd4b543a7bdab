// Which image addresses may be put in an <img src> or drawn into a canvas: http(s), a path on this site, or
// an inline PNG/JPEG/GIF/WebP. Anything else (javascript:, protocol-relative //host, SVG data) is never used.
const SAFE_IMAGE = /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpeg|gif|webp);base64,)/i;

export function isSafeImageSrc(src: string | null | undefined): src is string {
  return typeof src === 'string' && SAFE_IMAGE.test(src);
}
