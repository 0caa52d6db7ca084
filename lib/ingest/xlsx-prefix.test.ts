import { describe, expect, it } from 'vitest';
import { rootTagEnd, spreadsheetMlPrefix, unprefixPart, unprefixTags } from './xlsx-prefix';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

describe('rootTagEnd', () => {
  it('skips the declaration, comments and a doctype', () => {
    const xml = `${DECLARATION}<!-- made by a tool --><!DOCTYPE sst><x:sst xmlns:x="${MAIN}" count="1"><x:si/>`;
    expect(xml.slice(0, rootTagEnd(xml) + 1)).toBe(
      `${DECLARATION}<!-- made by a tool --><!DOCTYPE sst><x:sst xmlns:x="${MAIN}" count="1">`,
    );
  });

  it('is -1 until the whole root tag is there', () => {
    for (const head of [
      '',
      '<',
      DECLARATION.slice(0, 20),
      DECLARATION,
      `${DECLARATION}<x:sst xmlns:x="${MAIN}"`,
    ]) {
      expect(rootTagEnd(head)).toBe(-1);
    }
  });
});

describe('spreadsheetMlPrefix', () => {
  it('finds the prefix bound to SpreadsheetML, transitional or strict', () => {
    expect(spreadsheetMlPrefix(`<x:workbook xmlns:r="urn:r" xmlns:x="${MAIN}">`)).toBe('x');
    expect(
      spreadsheetMlPrefix(`<s:worksheet\n  xmlns:s = 'http://purl.oclc.org/ooxml/spreadsheetml/main'>`),
    ).toBe('s');
  });

  it('is null for the default namespace, other prefixes and no namespace', () => {
    expect(spreadsheetMlPrefix(`<workbook xmlns="${MAIN}" xmlns:r="urn:r">`)).toBeNull();
    expect(
      spreadsheetMlPrefix(
        `<workbook xmlns="${MAIN}" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">`,
      ),
    ).toBeNull();
    expect(spreadsheetMlPrefix('<workbook>')).toBeNull();
  });
});

describe('unprefixTags and unprefixPart', () => {
  it('take the prefix off start, end and empty tags, and nothing else', () => {
    const xml = `<x:row r="1"><x:c r="A1" t="s" x14ac:dyDescent="0.25"><x:v>0</x:v></x:c><x:c r="B1"/><mc:AlternateContent/></x:row>`;
    expect(unprefixTags(xml, 'x')).toBe(
      `<row r="1"><c r="A1" t="s" x14ac:dyDescent="0.25"><v>0</v></c><c r="B1"/><mc:AlternateContent/></row>`,
    );
    expect(unprefixTags('<xy:c/><x:c/>', 'x')).toBe('<xy:c/><c/>');
  });

  it('leave a part without a prefix exactly as it was', () => {
    const plain = `${DECLARATION}<sst xmlns="${MAIN}"><si><t>x:y &lt;x:z</t></si></sst>`;
    expect(unprefixPart(plain)).toBe(plain);
    expect(
      unprefixPart(`${DECLARATION}<x:sst xmlns:x="${MAIN}"><x:si><x:t>Müller</x:t></x:si></x:sst>`),
    ).toBe(`${DECLARATION}<sst xmlns:x="${MAIN}"><si><t>Müller</t></si></sst>`);
  });
});
