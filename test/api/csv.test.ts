// CSV as spreadsheets read it safely (api/export/csv.ts): RFC 4180 and OWASP's CSV-injection rules.
import { expect } from '@open-wc/testing';
import { csvField, neutralizeFormula, toCsv } from '../../src/api/export/csv.js';

describe('toCsv', () => {
  it('starts with a BOM, ends every record with CRLF, quotes text and doubles quotes', () => {
    expect(toCsv(['Name', 'Price'], [['Zoë "Z" Müller', 12.5]])).to.equal('\uFEFF"Name","Price"\r\n"Zoë ""Z"" Müller",12.5\r\n');
  });

  it('keeps commas and line breaks inside a quoted field (one record, not two)', () => {
    expect(toCsv(['Note'], [['a, b\r\nc\nd']], { bom: false })).to.equal('"Note"\r\n"a, b\r\nc\nd"\r\n');
  });

  it('neutralises every formula start OWASP names, and only at the start', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralizeFormula(`${start}SUM(A1)`)).to.equal(`'${start}SUM(A1)`);
    expect(neutralizeFormula('A=1')).to.equal('A=1');
    // Behind whitespace an importing app may trim, and in full-width forms.
    for (const start of [' =', '\n=', '\u00a0=', '\u3000+', '\ufeff@', ' \t-', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'])
      expect(neutralizeFormula(`${start}1+1`), JSON.stringify(start)).to.equal(`'${start}1+1`);
    expect(neutralizeFormula(' Paris = Berlin')).to.equal(' Paris = Berlin');
    expect(csvField('=HYPERLINK("http://x.example","y")')).to.equal('"\'=HYPERLINK(""http://x.example"",""y"")"');
  });

  it('writes numbers as numbers (a negative price is no formula), booleans as words, null as empty', () => {
    expect([csvField(-5), csvField(Number.NaN), csvField(true, { yes: 'Ja' }), csvField(false), csvField(null)]).to.deep.equal(['-5', '', '"Ja"', '"no"', '']);
  });
});
