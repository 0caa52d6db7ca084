// What reading one fetched page produces; the extractors only ever see this shape.

export interface Passage {
  /** Visible text of one block; line breaks from <br> are kept as '\n'. */
  text: string;
  /** Nearest heading above the block, for context ("Sales", "Pricing"). */
  heading: string | null;
  kind: 'text' | 'heading' | 'list' | 'address' | 'row';
  /** List items when kind is 'list'. */
  items?: string[];
  /** Inside navigation, header, footer or a cookie banner. */
  boilerplate?: boolean;
}

export interface Anchor {
  /** Absolute href (mailto:/tel: kept as is). */
  href: string;
  text: string;
  /** Index into ReadPage.passages of the block holding the link, for context. */
  passage: number;
  heading: string | null;
}

export interface PageAction {
  /** The button's label ("Add to basket", "In den Warenkorb"). */
  text: string;
  disabled: boolean;
  heading: string | null;
}

export interface TableData {
  caption: string | null;
  headers: string[];
  rows: string[][];
  /** First link of each row, absolute, or null. */
  rowLinks: (string | null)[];
  heading: string | null;
}

export interface JsonLdEntity {
  /** Schema.org types without the context prefix, e.g. ['Organization', 'Corporation']. */
  types: string[];
  data: Record<string, unknown>;
}

export interface PageMetadata {
  title: string | null;
  description: string | null;
  canonical: string | null;
  lang: string | null;
  /** meta name/property → content, keys lowercased (og:title, article:published_time, author…). */
  meta: Record<string, string>;
  jsonLd: JsonLdEntity[];
  /** datetime attributes of <time> elements. */
  times: string[];
  h1: string | null;
}

/** An element the page marks as its byline: rel=author, itemprop=author, a byline or author class. */
export interface PrintedByline {
  /** How it is marked: 'rel=author', 'itemprop=author', 'class byline'… */
  marker: string;
  /** Its text, with line breaks where the page breaks lines. */
  text: string;
  /** Texts of the parts inside it that hold the names (itemprop=name, rel=author, links). */
  names: string[];
}

/** The main content, for fields computed over it ("number of words"). */
export interface MainContent {
  /** Its text, one block per line. */
  text: string;
  /** Whether Readability found an article; otherwise the page's text blocks outside its chrome. */
  isArticle: boolean;
  paragraphs: number;
  headings: number;
  links: number;
  /** Unknown (null) when no article was found: text blocks do not keep images. */
  images: number | null;
}

export interface ReadPage {
  url: string;
  status: number;
  kind: 'html' | 'text' | 'json';
  metadata: PageMetadata;
  passages: Passage[];
  anchors: Anchor[];
  tables: TableData[];
  /** Visible buttons, in page order. */
  actions: PageAction[];
  /** Key/value facts of structured documents (JSON leaves as "contact email" → value). */
  fields: { key: string; value: string }[];
  /**
   * Main content as markdown (Readability + Turndown; whole-page text when Readability finds
   * nothing). Computed on first call and cached: model-based extraction wants it, the offline
   * extractor does not.
   */
  markdown: () => string;
  /** The same main content as text and counts of its parts; read with the markdown, on first call. */
  mainContent?: () => MainContent;
  /**
   * Byline elements in document order, outside navigation, asides and comments. Read from the DOM
   * on first call: only author questions want them.
   */
  bylines?: () => PrintedByline[];
  /** Headers worth keeping for extraction (content-language). */
  contentLanguage: string | null;
}
