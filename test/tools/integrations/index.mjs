// `node test/tools/integrations/index.mjs` (the last step of `npm run build`, after the manifest):
// writes the framework integrations into dist/ from custom-elements.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { integrationFiles } from './write-plan.mjs';

const root = process.cwd();
const manifest = JSON.parse(readFileSync(path.join(root, 'custom-elements.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const [file, content] of integrationFiles(manifest, pkg)) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
}
console.log('integrations: React 19 JSX, React wrappers, Vue, Svelte types and editor data written to dist/');
