// Writes the upload-memory benchmark's files (bench/upload-memory-bench.ts), in a process of its own
// so the hundreds of MB of text built here are not garbage the measured process could reuse.
// Usage: node write-upload-files.mjs <dir> xlsx <rows> <limits JSON> | <dir> csv <MB>; prints {file, rows}.
// The XLSX has every part the reader keeps in memory filled to just under its cap (limits JSON, from
// lib/ingest/xlsx-part-limits.ts): the largest workbook the upload accepts, as far as memory goes.
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';

const [dir, kind, sizeArg, limitsArg = '{}'] = process.argv.slice(2);
const rows = Number(sizeArg);
const limits = JSON.parse(limitsArg);
const MARGIN = 64 * 1024;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

const url = (i) => `https://site-${i}.example.com/`;

/** `count` pieces of `unit(i)`, joined, cut off once `bytes` is reached. */
function fill(bytes, count, unit) {
  const out = [];
  let length = 0;
  for (let i = 0; i < count && length < bytes; i++) {
    const piece = unit(i);
    out.push(piece);
    length += piece.length;
  }
  return out.join('');
}

function sharedStrings() {
  // The rows' URLs, then rich strings up to the run cap, then plain ones up to the string and byte caps.
  const head = fill(Infinity, rows, (i) => `<si><t>${url(i)}</t></si>`);
  const richCount = Math.floor((limits.maxRuns - 1) / 10);
  const rich = fill(
    Infinity,
    richCount,
    () => `<si>${'<r><rPr><b/><sz val="11"/></rPr><t>run</t></r>'.repeat(10)}</si>`,
  );
  const open = `<sst xmlns="${MAIN}">`;
  const used = open.length + head.length + rich.length + 10 + MARGIN;
  const left = limits.maxStrings - 1 - rows - richCount;
  const each = Math.max(1, Math.floor((limits.sharedStringsBytes - used) / left) - '<si><t></t></si>'.length);
  const plain = fill(
    limits.sharedStringsBytes - used,
    left,
    (i) => `<si><t>${String(i).padEnd(each, '-')}</t></si>`,
  );
  return `${open}${head}${rich}${plain}</sst>`;
}

function sheet() {
  const body = fill(Infinity, rows, (i) => `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>${i}</v></c></row>`);
  return `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Website</t></is></c></row>${body}</sheetData></worksheet>`;
}

async function writeXlsx(file) {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sites" sheetId="1" r:id="rId1"/></sheets><definedNames>` +
      fill(
        limits.workbookBytes - MARGIN,
        Infinity,
        (i) => `<definedName name="name${i}">Sites!$A$${i + 1}</definedName>`,
      ) +
      '</definedNames></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      fill(
        limits.workbookRelsBytes - MARGIN,
        Infinity,
        (i) => `<Relationship Id="rX${i}" Type="${REL}/customXml" Target="../customXml/item${i}.xml"/>`,
      ) +
      '</Relationships>',
  );
  zip.file(
    'xl/styles.xml',
    `<styleSheet xmlns="${MAIN}"><numFmts>` +
      fill(
        limits.stylesBytes - MARGIN,
        Infinity,
        (i) => `<numFmt numFmtId="${164 + i}" formatCode="0.${'0'.repeat(i % 20)}"/>`,
      ) +
      '</numFmts><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>',
  );
  zip.file('xl/sharedStrings.xml', sharedStrings());
  zip.file('xl/worksheets/sheet1.xml', sheet());
  zip.file(
    'xl/worksheets/_rels/sheet1.xml.rels',
    `<Relationships xmlns="${PKG}">` +
      fill(
        limits.sheetRelsBytes - MARGIN,
        Infinity,
        (i) =>
          `<Relationship Id="rId${i}" Type="${REL}/hyperlink" Target="${url(i)}" TargetMode="External"/>`,
      ) +
      '</Relationships>',
  );
  await new Promise((resolve, reject) =>
    zip
      .generateNodeStream({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles: true })
      .pipe(fs.createWriteStream(file))
      .on('finish', resolve)
      .on('error', reject),
  );
  return rows;
}

/** One URL and a note per row, to the size asked. */
async function writeCsv(file) {
  const csv = fs.createWriteStream(file);
  const csvBytes = Number(sizeArg) * 1024 * 1024;
  let written = 0;
  let csvRows = 0;
  csv.write('Website,Notes\n');
  while (written < csvBytes) {
    const line = `${url(csvRows)},"a note of some length for row ${csvRows}, as exports carry"\n`;
    written += line.length;
    csvRows++;
    if (!csv.write(line)) await new Promise((resolve) => csv.once('drain', resolve));
  }
  await new Promise((resolve) => csv.end(resolve));
  return csvRows;
}

const file = path.join(dir, kind === 'xlsx' ? 'largest.xlsx' : 'large.csv');
const written = kind === 'xlsx' ? await writeXlsx(file) : await writeCsv(file);
console.log(JSON.stringify({ file, rows: written }));
