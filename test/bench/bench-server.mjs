// The benchmarks' HTTP server on 127.0.0.1 (ephemeral port): the page under test, the package's
// build, the in-page measuring scripts of test/bench/, and a bench-specific API. Shared by the
// seat-map and event-list benchmarks.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.map': 'application/json; charset=utf-8' };

/**
 * Serves `/` (the page), `/dist/**` (the package's build), `/bench/<name>` for each of `scripts`
 * (files in test/bench/), and hands everything else to `api(req, url, res, send)`, which returns
 * true when it answered. Anything else is a WordPress-style 404, remembered in `unexpected`.
 */
export async function startBenchServer({ root, pageHtml, scripts, api }) {
  const dist = path.join(root, 'dist');
  const unexpected = [];
  const send = (res, status, headers, body) => {
    res.writeHead(status, { 'Content-Length': body ? Buffer.byteLength(body) : 0, ...headers });
    res.end(body);
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { Allow: 'GET, HEAD' }, '');
      if (url.pathname === '/' || url.pathname === '/index.html') {
        return send(res, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }, pageHtml);
      }
      if (url.pathname === '/favicon.ico') return send(res, 204, {}, '');
      const script = url.pathname.startsWith('/bench/') ? url.pathname.slice('/bench/'.length) : null;
      if (script !== null && scripts.includes(script)) {
        return send(res, 200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-store' }, await readFile(path.join(root, 'test', 'bench', script)));
      }
      if (url.pathname.startsWith('/dist/')) {
        const file = path.join(dist, decodeURIComponent(url.pathname.slice('/dist/'.length)));
        const type = TYPES[path.extname(file)];
        if (!file.startsWith(dist + path.sep) || !type) return send(res, 404, {}, '');
        const body = await readFile(file).catch(() => null);
        if (body === null) return send(res, 404, {}, '');
        return send(res, 200, { 'Content-Type': type, 'Cache-Control': 'no-store' }, body);
      }
      if (await api(req, url, res, send)) return;
      unexpected.push(`${req.method} ${url.pathname}${url.search}`);
      return send(
        res,
        404,
        { 'Content-Type': 'application/json; charset=UTF-8' },
        JSON.stringify({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }),
      );
    } catch (error) {
      if (!res.headersSent) send(res, 500, {}, String(error));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    unexpected,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
