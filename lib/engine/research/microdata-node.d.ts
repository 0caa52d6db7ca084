declare module 'microdata-node' {
  export function toJson(html: string, options?: { base?: string }): unknown;
  export function toJsonld(html: string, options?: { base?: string }): unknown;
}
