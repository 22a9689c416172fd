import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv';

describe('the CSV writer', () => {
  it('neutralises every text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ['@SUM(A1)', '+1', '-1+2', '\tx', '\rx']) {
      expect(csvField(start, ';').startsWith("'") || csvField(start, ';').startsWith(`"'`)).toBe(
        true,
      );
    }
    expect(csvField('Le Horla')).toBe('Le Horla');
  });

  it('keeps numbers, booleans and null as values, and quotes by the separator', () => {
    expect(csvLine([-3, true, null, 'a,b', 'a;b'])).toBe('-3,true,,"a,b",a;b\r\n');
    expect(csvLine(['a,b', 'a;b'], ';')).toBe('a,b;"a;b"\r\n');
    expect(csvField('dit "oui"\nfin')).toBe('"dit ""oui""\nfin"');
  });
});
