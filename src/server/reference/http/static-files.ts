import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { requestOrigin } from '../../shared/origin.js';
import type { Exchange } from './exchange.js';

/** A directory served under a URL prefix (`/`, `/dist/`). */
export interface StaticRoot {
  prefix: string;
  dir: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Headers of every non-REST response. WordPress announces its REST root on every front-end page
 * (rest_output_link_header), 404s included; clients such as the proxy discover it from there.
 */
function baseHeaders(exchange: Exchange): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
    // Bundles are loaded as module scripts from other origins, which fetch in CORS mode.
    'Access-Control-Allow-Origin': '*',
    Link: `<${requestOrigin(exchange.req)}/wp-json/>; rel="https://api.w.org/"`,
  };
}

export function sendText(exchange: Exchange, status: number, text: string, extra: Record<string, string> = {}): void {
  const body = Buffer.from(`${text}\n`, 'utf8');
  exchange.send(
    status,
    {
      ...baseHeaders(exchange),
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(body.length),
      ...extra,
    },
    body,
  );
}

function normalizePrefix(prefix: string): string {
  const withLead = prefix.startsWith('/') ? prefix : `/${prefix}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

/**
 * Decoded path segments below the root, or null for anything that could leave it: encoded
 * slashes or backslashes, NUL, `.`/`..` segments (also percent-encoded), malformed escapes.
 */
function safeSegments(rawRest: string): string[] | null {
  if (/%(2f|5c|00)/i.test(rawRest) || rawRest.includes('\\')) return null;
  const segments: string[] = [];
  for (const raw of rawRest.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || segment.includes('\0') || segment.includes('/')) return null;
    segments.push(segment);
  }
  return segments;
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** Where a request path lands, resolved through symlinks, or null when it is not a servable file. */
async function resolveFile(dir: string, segments: string[]): Promise<{ file: string; viaDirectory: boolean } | null> {
  try {
    const rootReal = await fs.realpath(dir);
    const target = path.resolve(rootReal, ...segments);
    if (!inside(rootReal, target)) return null;
    let real = await fs.realpath(target);
    const viaDirectory = (await fs.stat(real)).isDirectory();
    if (viaDirectory) real = await fs.realpath(path.join(real, 'index.html'));
    // Checked after every realpath: a symlink may point anywhere.
    if (!inside(rootReal, real) || !(await fs.stat(real)).isFile()) return null;
    return { file: real, viaDirectory };
  } catch {
    return null; // missing root, missing file, dangling link
  }
}

/**
 * Serves a file from the root with the longest matching prefix; answers 404 for everything it
 * cannot or must not serve (including traversal attempts, so they learn nothing).
 */
export async function serveStatic(exchange: Exchange, roots: readonly StaticRoot[]): Promise<void> {
  if (exchange.method !== 'GET' && exchange.method !== 'HEAD') {
    sendText(exchange, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    return;
  }
  const candidates = roots.map((root) => ({ prefix: normalizePrefix(root.prefix), dir: root.dir })).sort((a, b) => b.prefix.length - a.prefix.length);
  const { path: rawPath, search } = exchange;
  const bare = candidates.find((root) => root.prefix !== '/' && `${rawPath}/` === root.prefix);
  if (bare) {
    exchange.send(301, { ...baseHeaders(exchange), Location: `${bare.prefix}${search}`, 'Content-Length': '0' });
    return;
  }
  const root = candidates.find((candidate) => rawPath.startsWith(candidate.prefix));
  const segments = root ? safeSegments(rawPath.slice(root.prefix.length)) : null;
  const found = root && segments ? await resolveFile(root.dir, segments) : null;
  if (!found) {
    sendText(exchange, 404, 'Not Found');
    return;
  }
  // A directory reached without its trailing slash: redirect so relative URLs in index.html work.
  if (found.viaDirectory && !rawPath.endsWith('/')) {
    // Collapse leading slashes: `//host/dir` would otherwise be an off-site redirect.
    const location = `/${rawPath.replace(/^\/+/, '')}/${search}`;
    exchange.send(301, { ...baseHeaders(exchange), Location: location, 'Content-Length': '0' });
    return;
  }
  const stat = await fs.stat(found.file);
  exchange.writeHead(200, {
    ...baseHeaders(exchange),
    'Content-Type': contentTypeOf(found.file),
    'Content-Length': String(stat.size),
    'Last-Modified': stat.mtime.toUTCString(),
  });
  if (exchange.method === 'HEAD') {
    exchange.res.end();
    return;
  }
  const stream = createReadStream(found.file);
  stream.on('error', () => exchange.res.destroy());
  stream.pipe(exchange.res);
}
