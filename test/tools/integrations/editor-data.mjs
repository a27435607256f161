// Editor data: VS Code's HTML custom data (`html.customData`) and JetBrains web-types, so HTML files
// get completion and hover docs for every tag, attribute, event, slot and CSS part.

export function vscodeCustomData(elements) {
  return {
    version: 1.1,
    tags: elements.map((el) => ({
      name: el.tag,
      description: [
        el.summary,
        el.events.length ? `Events: ${el.events.map((e) => e.name).join(', ')}.` : '',
        el.slots.length ? `Slots: ${el.slots.map((s) => s.name || '(default)').join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      attributes: el.attributes.map((a) => {
        const values = [...a.type.matchAll(/'([^']+)'/g)].map((m) => ({ name: m[1] }));
        return { name: a.name, description: a.description, ...(values.length && { values }) };
      }),
    })),
  };
}

export function webTypes(elements, pkg) {
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: elements.map((el) => ({
          name: el.tag,
          description: el.summary,
          source: { module: `./${el.module}`, symbol: el.className },
          attributes: el.attributes.map((a) => ({ name: a.name, description: a.description, value: { type: a.type } })),
          js: {
            properties: el.properties.map((p) => ({ name: p.name, description: p.description, type: p.type })),
            events: el.events.map((e) => ({ name: e.name, description: e.description, type: e.type })),
          },
          slots: el.slots.map((s) => ({ name: s.name, description: s.description })),
          css: { parts: el.cssParts, properties: el.cssProperties },
        })),
      },
    },
  };
}
