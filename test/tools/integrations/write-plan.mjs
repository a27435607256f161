// Which generated file goes where; kept apart from the writing so tests can check the plan in memory.
import { vscodeCustomData, webTypes } from './editor-data.mjs';
import { elementsOf } from './elements.mjs';
import { reactJsxTypes } from './react-jsx.mjs';
import { reactWrapperDts, reactWrapperJs, reactWrappersIndex } from './react-wrappers.mjs';
import { svelteTypes } from './svelte.mjs';
import { vueTypes } from './vue.mjs';

/** @returns {Array<[string, string]>} [path relative to the package root, content] */
export function integrationFiles(manifest, pkg) {
  const elements = elementsOf(manifest);
  return [
    ['dist/types/react-jsx.d.ts', reactJsxTypes(elements)],
    ['dist/types/vue.d.ts', vueTypes(elements)],
    ['dist/types/svelte.d.ts', svelteTypes(elements)],
    ['dist/react/index.js', reactWrappersIndex(elements)],
    ['dist/react/index.d.ts', reactWrappersIndex(elements)],
    ...elements.flatMap((el) => [
      [`dist/react/${el.tag}.js`, reactWrapperJs(el)],
      [`dist/react/${el.tag}.d.ts`, reactWrapperDts(el)],
    ]),
    ['dist/vscode.html-custom-data.json', `${JSON.stringify(vscodeCustomData(elements), null, 2)}\n`],
    ['dist/web-types.json', `${JSON.stringify(webTypes(elements, pkg), null, 2)}\n`],
  ];
}
