// Vue 3 types: `import type {} from 'ticketing-widgets/vue'` registers every tag in Vue's
// `GlobalComponents`, so `vue-tsc` with `strictTemplates` checks props (`.prop` bindings and
// attributes) and `@event` handlers with their CustomEvent detail.
import { typeImports } from './elements.mjs';

export function vueTypes(elements) {
  const dir = 'dist/types';
  const entries = elements.map((el) => {
    const events = el.events.map((e) => `'${e.name}': ${e.type}`).join('; ');
    const props = el.properties.map((p) => `'${p.name}'`).join(' | ') || 'never';
    return `    '${el.tag}': DefineCustomElement<${el.className}, { ${events} }, ${props}>;`;
  });
  return `// Generated from custom-elements.json by test/tools/integrations (npm run build). Do not edit.
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
${typeImports(elements, dir)}

type EventMap = { [event: string]: Event };

/** Vue's recommended typing of a custom element that is not built with Vue. */
type DefineCustomElement<Element extends HTMLElement, Events extends EventMap, Props extends keyof Element> = new () => Element & {
  /** @deprecated For template type checking only; not on the element. */
  $props: HTMLAttributes & Partial<Pick<Element, Props>> & PublicProps;
  /** @deprecated For template type checking only; not on the element. */
  $emit: EmitFn<{ [K in keyof Events]: (event: Events[K]) => void }>;
};

declare module 'vue' {
  interface GlobalComponents {
${entries.join('\n')}
  }
}

export {};
`;
}
