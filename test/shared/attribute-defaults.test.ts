/**
 * What a removed attribute reads as: its own property's default, never that of a property or state
 * of the same name that owns no attribute.
 */
import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { removedAttributeValue } from '../../src/shared/attribute-defaults.js';

class Sample extends LitElement {
  static override properties = {
    // Declared first so that a name-only match would find it before `mode`'s attribute.
    tone: { state: true },
    mode: { attribute: 'tone' },
    perPage: { attribute: 'per-page', type: Number },
    open: { type: Boolean },
  };
  declare tone: string;
  declare mode: string;
  declare perPage: number;
  declare open: boolean;
  constructor() {
    super();
    this.tone = 'private default';
    this.mode = 'list';
    this.perPage = 10;
    this.open = false;
  }
}
customElements.define('attribute-defaults-sample', Sample);

describe('removedAttributeValue', () => {
  const el = new Sample();

  it('reads the default of the property that owns the attribute, not a state of the same name', () => {
    expect(removedAttributeValue(el, 'tone')).to.equal('list');
  });

  it('reads a number default as its attribute text, and a boolean or unknown attribute as null', () => {
    expect(removedAttributeValue(el, 'per-page')).to.equal('10');
    expect(removedAttributeValue(el, 'open')).to.equal(null);
    expect(removedAttributeValue(el, 'no-such-attribute')).to.equal(null);
  });
});
