// File names of the staff lists' downloads (shared/staff/download.ts), made from attribute values.
import { expect } from '@open-wc/testing';
import { fileNamePart } from '../../src/shared/staff/download.js';

describe('fileNamePart', () => {
  it('keeps letters, digits and single dashes; no path separator, reserved character or dot survives', () => {
    expect(fileNamePart('../..\\C:/bus<7>|"?*.csv')).to.equal('C-bus-7-csv');
    expect(fileNamePart('Fête d’été 2026')).to.equal('Fete-d-ete-2026');
    expect(fileNamePart('مسافرون')).to.equal('');
  });

  it('never ends in a dash when it is cut to 60 characters', () => {
    const part = fileNamePart(`${'a'.repeat(59)} b`);
    expect(part).to.equal('a'.repeat(59));
  });
});
