// React ≤ 18 wrappers (`ticketing-widgets/react`) through @lit/react: React before 19 sets every
// prop as an attribute and cannot listen to custom events, so each element gets a component whose
// props are the element's properties and whose `on<PascalEvent>` props are its events.
import { pascal, relativeModule, typeImports } from './elements.mjs';

const eventMap = (el) => el.events.map((e) => `on${pascal(e.name)}: '${e.name}'`).join(', ');

export function reactWrappersJs(elements) {
  const dir = 'dist/react';
  const imports = elements.map((el) => `import { ${el.className} as ${el.className}Element } from '${relativeModule(dir, el.module)}';`);
  const components = elements.map(
    (el) => `export const ${el.className} = createComponent({
  tagName: '${el.tag}',
  elementClass: ${el.className}Element,
  react: React,
  events: { ${eventMap(el)} },
  displayName: '${el.className}',
});`,
  );
  return `// Generated from custom-elements.json by test/tools/integrations (npm run build). Do not edit.
import * as React from 'react';
import { createComponent } from '@lit/react';
${imports.join('\n')}

${components.join('\n\n')}
`;
}

export function reactWrappersDts(elements) {
  const dir = 'dist/react';
  const components = elements.map((el) => {
    const events = el.events.map((e) => `  on${pascal(e.name)}: EventName<${e.type}>;`).join('\n');
    return `/** <${el.tag}> as a React component: ${el.summary.replace(/\*\//g, '')} */
export declare const ${el.className}: ReactWebComponent<${el.className}Element, {
${events}
}>;`;
  });
  return `// Generated from custom-elements.json by test/tools/integrations (npm run build). Do not edit.
import type { EventName, ReactWebComponent } from '@lit/react';
${typeImports(elements, dir, (name) => `${name}Element`)}

${components.join('\n\n')}
`;
}
