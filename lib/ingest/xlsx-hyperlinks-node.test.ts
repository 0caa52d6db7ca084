import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IngestFileError } from './types';
import {
  MAX_LINKED_CELLS,
  cellKey,
  cellKeys,
  hyperlinkTargets,
  readSheetLinks,
} from './xlsx-hyperlinks-node';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-xlsx-links-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

describe('hyperlinkTargets', () => {
  it('maps the hyperlink relationships, entities decoded, and nothing else', () => {
    const rels =
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/hyperlink" Target="https://a.example/?q=1&amp;r=&#x32;" TargetMode="External"/>` +
      `<Relationship Id="rId2" Type="${REL}/drawing" Target="../drawings/drawing1.xml"/>` +
      `<pr:Relationship Target='https://b.example/Müller' Id='rId3' Type='${REL}/hyperlink'/>` +
      `</Relationships>`;
    expect([...hyperlinkTargets(rels)]).toEqual([
      ['rId1', 'https://a.example/?q=1&r=2'],
      ['rId3', 'https://b.example/Müller'],
    ]);
  });
});

describe('cellKeys', () => {
  it('gives one cell, a range, absolute refs, and nothing for what is not a ref', () => {
    expect(cellKeys('C4')).toEqual([cellKey(4, 3)]);
    expect(cellKeys('$AA$10')).toEqual([cellKey(10, 27)]);
    expect(cellKeys('B3:A2')).toEqual([cellKey(2, 1), cellKey(2, 2), cellKey(3, 1), cellKey(3, 2)]);
    for (const bad of ['', 'A0', '4C', 'Sheet2!A1', 'A1:B', 'XFE1']) expect(cellKeys(bad)).toEqual([]);
    expect(cellKeys('A1:XFD1048576')).toEqual([]); // the whole sheet: more cells than a link is worth
  });
});

describe('readSheetLinks', () => {
  const targets = new Map([
    ['rId1', 'https://a.example/'],
    ['rId2', 'https://b.example/'],
  ]);
  function sheet(padding: number): string {
    return (
      `<worksheet xmlns:r="${REL}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row>${' '.repeat(padding)}` +
      `</sheetData><hyperlinks><hyperlink ref="B2" r:id="rId1" display="A"/>` +
      `<hyperlink ref="C3:C4" rid:id="rId2"/><hyperlink ref="D5" location="Sheet2!A1"/>` +
      `<hyperlink ref="E6" r:id="rId9"/></hyperlinks></worksheet>`
    );
  }

  it('reads the list after the rows and resolves it, wherever the file is cut into chunks', async () => {
    // createReadStream reads 64 KiB at a time: put the end of <sheetData> across that boundary.
    const before = sheet(0).indexOf('</sheetData>');
    for (const cut of [0, 3, 11, 12]) {
      const file = path.join(dir, `sheet-${cut}.xml`);
      fs.writeFileSync(file, sheet(65_536 - before - cut));
      const links = await readSheetLinks(file, targets);
      expect([...links]).toEqual([
        [cellKey(2, 2), 'https://a.example/'],
        [cellKey(3, 3), 'https://b.example/'],
        [cellKey(4, 3), 'https://b.example/'],
      ]);
    }
  });

  it('reads a long list tag by tag, a tag cut by any chunk boundary', async () => {
    // 3,000 links of ~45 bytes: the list spans three 64 KiB chunks, every offset of a cut is met.
    const list = Array.from(
      { length: 3000 },
      (_, i) => `<hyperlink ref="A${i + 1}" r:id="rId${1 + (i % 2)}"/>`,
    );
    const file = path.join(dir, 'long-list.xml');
    fs.writeFileSync(
      file,
      `<worksheet xmlns:r="${REL}"><sheetData></sheetData><hyperlinks>${list.join('')}</hyperlinks></worksheet>`,
    );
    const links = await readSheetLinks(file, targets);
    expect(links.size).toBe(3000);
    expect(links.get(cellKey(2999, 1))).toBe('https://a.example/');
    expect(links.get(cellKey(3000, 1))).toBe('https://b.example/');
  });

  it('refuses links over more cells than it keeps, all ranges together', async () => {
    // Each range is under the one-range bound; together they would be a map of millions of cells.
    const columns = ['A', 'B', 'C'];
    const rows = Math.ceil(MAX_LINKED_CELLS / columns.length) + 1;
    const list = columns.map((c) => `<hyperlink ref="${c}1:${c}${rows}" r:id="rId1"/>`).join('');
    const file = path.join(dir, 'many-cells.xml');
    fs.writeFileSync(
      file,
      `<worksheet xmlns:r="${REL}"><sheetData></sheetData><hyperlinks>${list}</hyperlinks></worksheet>`,
    );
    const error = await readSheetLinks(file, targets).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestFileError);
    expect(error).toMatchObject({
      status: 413,
      message:
        "the worksheet's hyperlinks cover more than 1,000,000 cells, the limit for them; the file is refused",
    });
  });

  it('reads nothing when the sheet has no link relationships', async () => {
    const file = path.join(dir, 'plain.xml');
    fs.writeFileSync(file, sheet(10));
    expect((await readSheetLinks(file, new Map())).size).toBe(0);
  });
});
