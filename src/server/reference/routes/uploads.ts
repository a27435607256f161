import { createHash } from 'node:crypto';
import type { Exchange } from '../http/exchange.js';
import type { Media, Seed } from '../seed/types.js';

/**
 * `/wp-content/uploads/…` for the seeded attachments: small generated SVG placeholders, so the demo
 * shows images without network access. Anything else under uploads is a 404, as on a real site.
 */
export const UPLOADS_PREFIX = '/wp-content/uploads/';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function placeholderSvg(media: Media): string {
  const hue = createHash('sha1').update(media.file).digest()[0] ?? 0;
  const { width, height } = media;
  const label = escapeXml(media.label);
  const size = Math.round(Math.min(width / Math.max(8, media.label.length * 0.6), height / 4));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${(hue * 360) / 256} 55% 45%)"/>` +
    `<stop offset="1" stop-color="hsl(${((hue * 360) / 256 + 40) % 360} 60% 30%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" ` +
    `font-size="${size}" fill="#fff">${label}</text></svg>\n`
  );
}

/** Answers the request if it is for a seeded upload; returns false to let the caller go on. */
export function serveUpload(exchange: Exchange, seed: Seed): boolean {
  if (!exchange.path.startsWith(UPLOADS_PREFIX)) return false;
  let file: string;
  try {
    file = decodeURIComponent(exchange.path.slice(UPLOADS_PREFIX.length));
  } catch {
    return false;
  }
  const media = [...seed.media.values()].find((candidate) => candidate.file === file);
  if (!media || (exchange.method !== 'GET' && exchange.method !== 'HEAD')) return false;
  const body = Buffer.from(placeholderSvg(media), 'utf8');
  exchange.send(
    200,
    {
      'Content-Type': 'image/svg+xml',
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': '*',
    },
    body,
  );
  return true;
}
