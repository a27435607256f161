/**
 * A value going away, as a framework makes it go when a binding does (the attribute removed, or the
 * property set to undefined as React 19 and @lit/react do, or to null), gives the property its
 * documented default back (custom-elements.json), as a native element's does, and the element
 * keeps rendering. Lit alone left null, which no reader expected: `<event-list>` threw in render
 * when `from-date` went away.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../src/index.js';
import { useReferenceServer } from '../helpers/element.js';

interface ManifestAttribute {
  name: string;
  fieldName?: string;
  default?: string;
  type?: { text: string };
}
interface ManifestDeclaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: ManifestAttribute[];
}

const manifest = (await (await fetch('/custom-elements.json')).json()) as { modules: Array<{ declarations?: ManifestDeclaration[] }> };
const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.customElement && d.tagName);

/** The manifest's default as a value: `''`, `'clock'`, `10`, `false`, `null`; undefined when it gives none. */
function defaultOf(attribute: ManifestAttribute): unknown {
  return attribute.default === undefined ? undefined : JSON.parse(attribute.default.replace(/^'(.*)'$/, '"$1"'));
}

/** A value unlike the default: a number, a present boolean, else a word. */
function sampleFor(attribute: ManifestAttribute): string {
  const type = attribute.type?.text ?? '';
  if (type.includes('boolean')) return '';
  if (type.includes('number')) return '2';
  return 'other';
}

describe('a value going away', () => {
  let base = '';
  useReferenceServer((_server, restBase) => (base = restBase));

  it('the manifest lists elements and their attributes', () => {
    expect(elements.length).to.be.greaterThan(8);
  });

  for (const declaration of elements) {
    const tag = declaration.tagName!;
    const attributes = (declaration.attributes ?? []).filter((a) => a.fieldName && a.name !== 'base-url');
    it(`<${tag}>: each property goes back to its default, and the element renders on`, async () => {
      const el = await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(`<${tag} base-url="${base}"></${tag}>`);
      await waitUntil(() => !el.hasAttribute('pending'), `<${tag}> loads`, { timeout: 8000 });
      const properties = el as unknown as Record<string, unknown>;
      const ways: Array<[string, (attribute: ManifestAttribute) => void]> = [
        ['attribute removed', (attribute) => el.removeAttribute(attribute.name)],
        ['property set to undefined', (attribute) => (properties[attribute.fieldName!] = undefined)],
        ['property set to null', (attribute) => (properties[attribute.fieldName!] = null)],
      ];
      for (const attribute of attributes) {
        for (const [way, clear] of ways) {
          el.setAttribute(attribute.name, sampleFor(attribute));
          await el.updateComplete;
          clear(attribute);
          await el.updateComplete;
          expect(properties[attribute.fieldName!], `${attribute.name}: ${way}`).to.deep.equal(defaultOf(attribute));
          // As on a native element, a removed attribute stays removed (Lit would reflect the default back as
          // `from=""`); but the seat map's entries go on under its default name, which its attribute shows.
          if (way === 'attribute removed' && !(tag === 'bus-seat-map' && attribute.name === 'name'))
            expect(el.getAttribute(attribute.name), `${attribute.name} stays removed`).to.equal(null);
          await waitUntil(() => !el.hasAttribute('pending'), `<${tag}> settles after ${attribute.name} went`, { timeout: 8000 });
        }
      }
      expect(el.shadowRoot!.childElementCount, 'still rendering').to.be.greaterThan(0);
    });
  }
});
