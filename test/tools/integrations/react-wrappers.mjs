// React ≤ 18 wrappers (`ticketing-widgets/react`) through @lit/react: React before 19 sets every
// prop as an attribute and cannot listen to custom events, so each element gets a component whose
// props are the element's properties and whose `on<PascalEvent>` props are its events.
// One module per element (`ticketing-widgets/react/<tag>.js`), which registers its element; the
// index only re-exports them and, like them, is not listed in `sideEffects`, so a bundler keeps
// just the wrappers an app uses and their elements: one wrapper from the index no longer brings
// all ten.
import { pascal, relativeModule, typeImports } from './elements.mjs';

const DIR = 'dist/react';
const HEADER = '// Generated from custom-elements.json by test/tools/integrations (npm run build). Do not edit.';

const eventMap = (el) => el.events.map((e) => `on${pascal(e.name)}: '${e.name}'`).join(', ');

/** `dist/react/<tag>.js`: the element's registration and its wrapper. */
export function reactWrapperJs(el) {
  return `${HEADER}
import * as React from 'react';
import { createComponent } from '@lit/react';
import { ${el.className} as ${el.className}Element } from '${relativeModule(DIR, el.module)}';

export const ${el.className} = createComponent({
  tagName: '${el.tag}',
  elementClass: ${el.className}Element,
  react: React,
  events: { ${eventMap(el)} },
  displayName: '${el.className}',
});
`;
}

/** `dist/react/<tag>.d.ts` */
export function reactWrapperDts(el) {
  const events = el.events.map((e) => `  on${pascal(e.name)}: EventName<${e.type}>;`).join('\n');
  return `${HEADER}
import type { EventName, ReactWebComponent } from '@lit/react';
${typeImports([el], DIR, (name) => `${name}Element`)}

/** <${el.tag}> as a React component: ${el.summary.replace(/\*\//g, '')} */
export declare const ${el.className}: ReactWebComponent<${el.className}Element, {
${events}
}>;
`;
}

/** `dist/react/index.js` and `index.d.ts`: every wrapper, re-exported. */
export function reactWrappersIndex(elements) {
  return `${HEADER}
${elements.map((el) => `export { ${el.className} } from './${el.tag}.js';`).join('\n')}
`;
}
