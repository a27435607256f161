// Svelte 5 types: `import type {} from 'ticketing-widgets/svelte'` adds every tag to
// `SvelteHTMLElements`: attributes, properties and `on<event-name>` handlers with their detail.
// Svelte's own handler of an event of the same name (`onchange`) is left out: intersected with ours
// it would turn the handler's event into a union without `detail`; ours has `currentTarget` typed
// as the element, as Svelte's has.
import { dashedAttributes, jsdoc, propertyPick, typeImports } from './elements.mjs';

export function svelteTypes(elements) {
  const dir = 'dist/types';
  const entries = elements.map((el) => {
    const attributes = dashedAttributes(el).map((a) => `${jsdoc(a.description, '      ')}      '${a.name}'?: ${a.type};`);
    const events = el.events.map(
      (e) => `${jsdoc(e.description, '      ')}      'on${e.name}'?: (event: ${e.type} & { currentTarget: EventTarget & ${el.className} }) => void;`,
    );
    const own = el.events.map((e) => `'on${e.name}'`).join(' | ') || 'never';
    return `    '${el.tag}': Omit<HTMLAttributes<${el.className}>, ${own}> & ${propertyPick(el)} & {
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
