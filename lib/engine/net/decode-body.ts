// Charset detection in the order browsers use (WHATWG "encoding sniffing"): byte-order mark,
// then the Content-Type charset, then a <meta> / XML declaration in the first bytes. TextDecoder
// knows the WHATWG labels, so "latin1" or "iso-8859-1" decode as windows-1252, as browsers do.

const PRESCAN_BYTES = 4096;
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([a-zA-Z0-9_.:-]+)/i;

export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match?.[1] ?? null;
}

/** The WHATWG encoding name the body should be decoded with. */
export function detectCharset(buf: Uint8Array, contentType: string | null | undefined): string {
  const bom = charsetFromBom(buf);
  if (bom) return bom;
  const fromHeader = supportedEncoding(charsetFromContentType(contentType));
  if (fromHeader) return fromHeader;
  if (isMarkup(contentType)) {
    const head = Buffer.from(buf.buffer, buf.byteOffset, Math.min(buf.byteLength, PRESCAN_BYTES)).toString(
      'latin1',
    );
    const declared = META_CHARSET.exec(head)?.[1] ?? XML_ENCODING.exec(head)?.[1];
    const fromMeta = supportedEncoding(declared ?? null);
    // A <meta> can't truthfully claim UTF-16: the bytes that spelled it were ASCII.
    if (fromMeta) return fromMeta.startsWith('utf-16') ? 'utf-8' : fromMeta;
  }
  return looksLikeUtf8(buf) ? 'utf-8' : 'windows-1252';
}

export function decodeBody(buf: Uint8Array, contentType: string | null | undefined): string {
  const charset = detectCharset(buf, contentType);
  if (charset === 'windows-1252') return decodeWindows1252(buf);
  // TextDecoder strips a matching BOM itself.
  return decoderFor(charset).decode(buf);
}

// Node 20's TextDecoder decodes windows-1252 as plain Latin-1, turning 0x80-0x9F (€, curly
// quotes, dashes) into C1 control characters; those 32 bytes are mapped here by hand.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(buf: Uint8Array): string {
  const text = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('latin1');
  return text.replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80] ?? ch);
}

function charsetFromBom(buf: Uint8Array): string | null {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf-8';
  if (buf[0] === 0xfe && buf[1] === 0xff) return 'utf-16be';
  if (buf[0] === 0xff && buf[1] === 0xfe) return 'utf-16le';
  return null;
}

function isMarkup(contentType: string | null | undefined): boolean {
  if (!contentType) return true;
  return /html|xml/i.test(contentType);
}

const decoders = new Map<string, TextDecoder>();

function decoderFor(charset: string): TextDecoder {
  let decoder = decoders.get(charset);
  if (!decoder) {
    decoder = new TextDecoder(charset);
    decoders.set(charset, decoder);
  }
  return decoder;
}

/** Normalised encoding name for a label, or null when TextDecoder does not know it. */
function supportedEncoding(label: string | null): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function looksLikeUtf8(buf: Uint8Array): boolean {
  try {
    // stream: a body cut at the byte cap may end inside a multi-byte character.
    new TextDecoder('utf-8', { fatal: true }).decode(buf, { stream: true });
    return true;
  } catch {
    return false;
  }
}
