import { RdfaParser } from 'rdfa-streaming-parser';

// RDFa (vocab/typeof/property) items as JSON-LD-shaped objects, so the same readers take them as
// JSON-LD and microdata: rdfa-streaming-parser gives RDF triples, which are folded back into one
// object per subject ({'@type': 'Product', offers: {'@type': 'Offer', price: '19.50'}}). Only
// schema.org terms are kept (OpenGraph's RDFa is the meta tags, read in <head>). The parser runs only
// on pages that declare RDFa items, since it is a second pass over the HTML.

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const SCHEMA = /^https?:\/\/schema\.org\//;
const MAX_DEPTH = 5;

interface Term {
  termType: string;
  value: string;
}
interface Triple {
  subject: Term;
  predicate: Term;
  object: Term;
}

export function parseRdfa(html: string, baseUrl: string): Record<string, unknown>[] {
  if (!/\btypeof\s*=/i.test(html)) return [];
  const triples: Triple[] = [];
  try {
    // Typed against readable-stream's Transform, whose types are not installed: the three calls used.
    const parser = new RdfaParser({ baseIRI: baseUrl, contentType: 'text/html' }) as unknown as {
      on(event: 'data' | 'error', listener: (value: Triple) => void): void;
      write(chunk: string): void;
      end(): void;
    };
    // htmlparser2 underneath is synchronous: every triple is out when end() returns.
    parser.on('data', (t: Triple) => triples.push(t));
    parser.on('error', () => undefined);
    parser.write(html);
    parser.end();
  } catch {
    return [];
  }
  const bySubject = new Map<string, Triple[]>();
  const objects = new Set<string>();
  for (const t of triples) {
    const isType = t.predicate.value === RDF_TYPE;
    if (!isType && !SCHEMA.test(t.predicate.value)) continue;
    if (isType && !SCHEMA.test(t.object.value)) continue;
    const list = bySubject.get(t.subject.value) ?? [];
    list.push(t);
    bySubject.set(t.subject.value, list);
    if (!isType && t.object.termType !== 'Literal') objects.add(t.object.value);
  }
  const roots = [...bySubject.keys()].filter((s) => !objects.has(s));
  return roots.map((s) => toObject(s, bySubject, 0)).filter((o) => Object.keys(o).length > 0);
}

function toObject(subject: string, bySubject: Map<string, Triple[]>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const t of bySubject.get(subject) ?? []) {
    const key = t.predicate.value === RDF_TYPE ? '@type' : t.predicate.value.replace(SCHEMA, '');
    const value =
      key === '@type'
        ? t.object.value.replace(SCHEMA, '')
        : t.object.termType !== 'Literal' && bySubject.has(t.object.value) && depth < MAX_DEPTH
          ? toObject(t.object.value, bySubject, depth + 1)
          : t.object.value;
    const existing = out[key];
    out[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}
