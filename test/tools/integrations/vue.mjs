// Vue 3 types: `import type {} from 'ticketing-widgets/vue'` registers every tag in Vue's
// `GlobalComponents`, so `vue-tsc` with `strictTemplates` checks props (`.prop` bindings and
// attributes) and `@event` handlers with their CustomEvent detail.
import { dashedAttributes, pascal, typeImports } from './elements.mjs';

export function vueTypes(elements) {
  const dir = 'dist/types';
  const entries = elements.map((el) => {
    // Typed with the element as `target`, as `currentTarget` would be: `$event.target.value`.
    const events = el.events.map((e) => `'${e.name}': ${e.type} & { target: ${el.className} }`).join('; ');
    const props = el.properties.map((p) => `'${p.name}'`).join(' | ') || 'never';
    // Vue's own `onChange` (a plain Event) would win over ours in `@change`: left out, ours added.
    const handlers = el.events.map((e) => `on${pascal(e.name)}?: (event: ${e.type} & { target: ${el.className} }) => void`);
    // Attributes Vue cannot map to their property by camelizing (`nonce` for `restNonce`, `for` for
    // `htmlFor`); `per-page` is Vue's `perPage`, typed as the property (bind `:per-page="3"`).
    const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
    const attributes = dashedAttributes(el)
      .filter((a) => a.fieldName !== undefined && camel(a.name) !== a.fieldName)
      .map((a) => `'${a.name}'?: ${a.type}`);
    const own = el.events.map((e) => `'on${pascal(e.name)}'`).join(' | ') || 'never';
    return `    '${el.tag}': DefineCustomElement<${el.className}, { ${events} }, ${props}, ${own}, { ${[...handlers, ...attributes].join('; ')} }>;`;
  });
  return `// Generated from custom-elements.json by test/tools/integrations (npm run build). Do not edit.
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
${typeImports(elements, dir)}

type EventMap = { [event: string]: Event };

/** Vue's recommended typing of a custom element that is not built with Vue. */
type DefineCustomElement<
  Element extends HTMLElement,
  Events extends EventMap,
  Props extends keyof Element,
  Own extends string,
  Extra extends object,
> = new () => Element & {
  /** @deprecated For template type checking only; not on the element. */
  $props: Omit<HTMLAttributes, Own> & Partial<Pick<Element, Props>> & Extra & PublicProps;
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
