// React 19 JSX types: `import type {} from 'ticketing-widgets/react-jsx'` adds every tag to
// `React.JSX.IntrinsicElements` with its attributes, properties (React 19 sets them as properties
// after hydration) and `on<event-name>` handlers typed with their CustomEvent detail.
import { dashedAttributes, jsdoc, propertyPick, typeImports } from './elements.mjs';

export function reactJsxTypes(elements) {
  const dir = 'dist/types';
  const blocks = elements.map((el) => {
    const attributes = dashedAttributes(el).map((a) => `${jsdoc(a.description, '    ')}    '${a.name}'?: ${a.type};`);
    const events = el.events.map((e) => `${jsdoc(e.description, '    ')}    'on${e.name}'?: (event: ${e.type}) => void;`);
    return `${jsdoc(el.summary, '  ')}  export type ${el.className}JsxProps = React.DetailedHTMLProps<React.HTMLAttributes<${el.className}>, ${el.className}> &
  ${propertyPick(el)} & {
    /** Global HTML attribute \`class\` (React 19 passes it through to custom elements). */
    class?: string;
${[...attributes, ...events].join('\n')}
  };`;
  });
  return `// Generated from custom-elements.json by test/tools/integrations (npm run build). Do not edit.
import type * as React from 'react';
${typeImports(elements, dir)}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elements.map((el) => `      '${el.tag}': TicketingWidgetsJsx.${el.className}JsxProps;`).join('\n')}
    }
  }
}

export declare namespace TicketingWidgetsJsx {
${blocks.join('\n\n')}
}
`;
}
