// The package as users install it: `npm pack` of the built repo, unpacked into a throwaway app's
// node_modules (its dependencies linked from this repo's node_modules, which hold the same versions).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @returns {{ app: string, pkgDir: string, files: string[], manifest: any, pkg: any, tarball: string, cleanup(): void }} */
export function installPacked() {
  const work = mkdtempSync(path.join(tmpdir(), 'tw-pack-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [{ filename, files }] = JSON.parse(out);
  const tarball = path.join(work, filename);
  const app = path.join(work, 'app');
  const pkgDir = path.join(app, 'node_modules', 'ticketing-widgets');
  mkdirSync(pkgDir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', pkgDir, '--strip-components=1']);
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '.bin' || name === '.cache' || name === 'ticketing-widgets' || name.startsWith('.')) continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(app, 'node_modules', name));
  }
  return {
    app,
    pkgDir,
    tarball,
    files: files.map((f) => f.path),
    pkg: JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')),
    manifest: JSON.parse(readFileSync(path.join(pkgDir, 'custom-elements.json'), 'utf8')),
    cleanup: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** The tags the manifest defines, each with the published module that registers it. */
export function definitions(manifest) {
  return manifest.modules.flatMap((mod) =>
    (mod.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => ({ tag: e.name, module: mod.path, declaration: e.declaration })),
  );
}
