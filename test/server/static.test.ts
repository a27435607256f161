// The static file server: content types, directory index, and refusals of every way out of a root.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, after, describe, test } from 'node:test';
import type { RunningReference } from '../../src/server/reference/index.js';
import { request, startReferenceApi } from './helpers.js';

const SECRET = 'TOP-SECRET-PACKAGE-JSON';
let base: string;
let api: RunningReference;

before(async () => {
  // base/package.json and base/secret.txt sit next to the served roots, as the repo's package.json does.
  base = mkdtempSync(path.join(tmpdir(), 'tw-static-'));
  const demo = path.join(base, 'demo');
  const distDir = path.join(base, 'dist');
  mkdirSync(path.join(demo, 'examples'), { recursive: true });
  mkdirSync(path.join(distDir, 'cdn'), { recursive: true });
  writeFileSync(path.join(base, 'package.json'), `{"name":"${SECRET}"}`);
  writeFileSync(path.join(base, 'secret.txt'), SECRET);
  writeFileSync(path.join(demo, 'index.html'), '<!doctype html><title>demo</title>');
  writeFileSync(path.join(demo, 'examples', 'index.html'), '<!doctype html><title>examples</title>');
  writeFileSync(path.join(demo, 'style.css'), 'body{}');
  writeFileSync(path.join(demo, 'data.json'), '{}');
  writeFileSync(path.join(demo, 'logo.svg'), '<svg/>');
  writeFileSync(path.join(demo, 'pixel.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(demo, 'app.mjs'), 'export {};');
  writeFileSync(path.join(distDir, 'index.js'), 'export const x = 1;');
  writeFileSync(path.join(distDir, 'index.js.map'), '{"version":3}');
  writeFileSync(path.join(distDir, 'cdn', 'ticketing-widgets.js'), '/* bundle */');
  symlinkSync(path.join(base, 'secret.txt'), path.join(demo, 'leak.txt'));
  symlinkSync(base, path.join(distDir, 'up'));
  api = await startReferenceApi({
    port: 0,
    staticRoots: [
      { prefix: '/', dir: demo },
      { prefix: '/dist/', dir: distDir },
    ],
  });
});

after(async () => {
  await api.close();
  rmSync(base, { recursive: true, force: true });
});

describe('static files', () => {
  test('content types for the file kinds the demo uses', async () => {
    const expected = {
      '/': 'text/html; charset=utf-8',
      '/index.html': 'text/html; charset=utf-8',
      '/style.css': 'text/css; charset=utf-8',
      '/data.json': 'application/json; charset=utf-8',
      '/logo.svg': 'image/svg+xml',
      '/pixel.png': 'image/png',
      '/app.mjs': 'text/javascript; charset=utf-8',
      '/dist/index.js': 'text/javascript; charset=utf-8',
      '/dist/index.js.map': 'application/json; charset=utf-8',
      '/dist/cdn/ticketing-widgets.js': 'text/javascript; charset=utf-8',
    };
    for (const [file, type] of Object.entries(expected)) {
      const res = await request(api.url, file);
      assert.equal(res.status, 200, file);
      assert.equal(res.headers['content-type'], type, file);
    }
    assert.equal((await request(api.url, '/dist/index.js')).body, 'export const x = 1;');
  });

  test('directories serve index.html, and redirect to the trailing slash first', async () => {
    const redirect = await request(api.url, '/examples');
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers['location'], '/examples/');
    const index = await request(api.url, '/examples/');
    assert.equal(index.status, 200);
    assert.match(index.body, /examples/);
    assert.equal((await request(api.url, '/dist')).headers['location'], '/dist/');
    assert.equal((await request(api.url, '/missing.html')).status, 404);
    assert.equal((await request(api.url, '/dist/missing.js')).status, 404);
    const head = await request(api.url, '/style.css', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal((await request(api.url, '/style.css', { method: 'POST' })).status, 405);
  });

  test('no way out of a root: dot segments, encoded slashes and dots, backslashes, symlinks', async () => {
    const attempts = [
      '/..%2fpackage.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/dist/../package.json',
      '/../package.json',
      '/dist/%2e%2e/package.json',
      '/%2e%2e%2fpackage.json',
      '/..%5cpackage.json',
      '/..\\package.json',
      '/dist/..%2f..%2fpackage.json',
      '/leak.txt',
      '/dist/up/secret.txt',
      '/dist/up/package.json',
      '/%00/package.json',
      '/.%2e/package.json',
      '/dist/%252e%252e/package.json',
      `/${base.slice(1)}/package.json`,
    ];
    for (const attempt of attempts) {
      const res = await request(api.url, attempt);
      assert.notEqual(res.status, 200, attempt);
      assert.ok(!res.body.includes(SECRET), attempt);
    }
  });
});
