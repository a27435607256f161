// Svelte 5 types: `import type {} from 'ticketing-widgets/svelte'` adds every tag to
// `SvelteHTMLElements`: attributes, properties and `on<event-name>` handlers with their detail.
import { dashedAttributes, jsdoc, propertyPick, typeImports } from './elements.mjs';

export function svelteTypes(elements) {
  const dir = 'dist/types';
  const entries = elements.map((el) => {
    const attributes = dashedAttributes(el).map((a) => `${jsdoc(a.description, '      ')}      '${a.name}'?: ${a.type};`);
    const events = el.events.map((e) => `${jsdoc(e.description, '      ')}      'on${e.name}'?: (event: ${e.type}) => void;`);
    return `    '${el.tag}': HTMLAttributes<${el.className}> & ${propertyPick(el)} & {
${[...attributes, ...events].join('\n')}
    };`;
  });
  return `// Generated from custom-elements.json by test/tools/integrations (npm run build). Do not edit.
import type { HTMLAttributes } from 'svelte/elements';
${typeImports(elements, dir)}

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${entries.join('\n')}
  }
}

export {};
`;
}
