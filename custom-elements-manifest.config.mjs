// `npm run analyze` (part of `npm run build`): writes custom-elements.json from the JSDoc tags
// (@summary, @slot, @event {Type} name, @csspart, @cssproperty) on the element classes, then makes it
// describe the published package: `dist/*.js` paths (the tarball has no `src/`), and one definition
// per tag where `defineElement('tag', Class)` registers it (the analyzer alone only sees the
// generic `customElements.define(tag, constructor)` inside the helper).

import { existsSync } from 'node:fs';
import { posix } from 'node:path';

/** `defineElement('event-list', EventList)` calls of a module: [tag, class name][] */
function registrations(ts, node, found = []) {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineElement') {
    const [tag, cls] = node.arguments;
    if (tag && cls && ts.isStringLiteral(tag) && ts.isIdentifier(cls)) found.push([tag.text, cls.text]);
  }
  // forEachChild stops at the first truthy return: walk every child.
  ts.forEachChild(node, (child) => {
    registrations(ts, child, found);
  });
  return found;
}

const distPath = (path) => path.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');

/**
 * A module reference as the analyzer writes it (`src/x.ts`, `/src/x.js` for a superclass, `./x.js`
 * or `../x.js` relative to the referring module) as the package path it is built to; others (`lit`) as they are.
 */
function packagePath(reference, referrer) {
  let path = reference;
  if (path.startsWith('/src/')) path = path.slice(1);
  else if (path.startsWith('./') || path.startsWith('../')) path = posix.join(posix.dirname(referrer), path);
  return path.startsWith('src/') ? distPath(path) : reference;
}

function registerTags() {
  return {
    name: 'ticketing-widgets-registrations',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isSourceFile(node)) return;
      for (const [tag, cls] of registrations(ts, node)) {
        moduleDoc.exports ??= [];
        moduleDoc.exports.push({ kind: 'custom-element-definition', name: tag, declaration: { name: cls } });
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      const declaredIn = new Map();
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) declaredIn.set(declaration.name, mod.path);
      }
      for (const mod of customElementsManifest.modules) {
        // The helper's own generic `customElements.define(tag, constructor)` is not a tag.
        mod.exports = (mod.exports ?? []).filter((e) => !(e.kind === 'custom-element-definition' && mod.path === 'src/shared/define.ts'));
        for (const e of mod.exports) {
          if (e.kind === 'custom-element-definition' && e.declaration && !e.declaration.module) {
            e.declaration.module = declaredIn.get(e.declaration.name) ?? mod.path;
          }
        }
      }
      // Every reference to a source file becomes the published module it is built to.
      const rewrite = (value, referrer) => {
        if (Array.isArray(value)) value.forEach((item) => rewrite(item, referrer));
        else if (value && typeof value === 'object') {
          for (const [key, inner] of Object.entries(value)) {
            if ((key === 'path' || key === 'module') && typeof inner === 'string') value[key] = packagePath(inner, referrer);
            else rewrite(inner, referrer);
          }
        }
      };
      for (const mod of customElementsManifest.modules) rewrite(mod, mod.path);
      // Type-only modules (models, wire shapes) build to no JavaScript: the package has no such file,
      // and nothing may point at one. (Only known after a build; `npm run docs` alone keeps them all.)
      if (existsSync('dist/index.js')) {
        customElementsManifest.modules = customElementsManifest.modules.filter((mod) => existsSync(mod.path));
        for (const mod of customElementsManifest.modules) {
          mod.exports = (mod.exports ?? []).filter((e) => !e.declaration?.module?.startsWith('dist/') || existsSync(e.declaration.module));
        }
      }
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/server/**', 'src/**/*.test.ts', 'src/**/*.test-support.ts'],
  outdir: '.',
  litelement: true,
  plugins: [registerTags()],
};
