import { type CountryCode, isSupportedCountry } from 'libphonenumber-js';
import { ORGANIZATION_TYPES, hasType, textOf } from '../json-ld';
import type { ReadPage } from '../page-types';

// National phone numbers ("0711 123456-0") only parse with a country. The best hints, in order:
// the organisation's own address, the page language's region, the domain, the language alone.

const LANGUAGE_COUNTRY: Record<string, CountryCode> = {
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  it: 'IT',
  nl: 'NL',
  pt: 'PT',
  pl: 'PL',
  sv: 'SE',
  da: 'DK',
  fi: 'FI',
  nb: 'NO',
  no: 'NO',
  cs: 'CZ',
  sk: 'SK',
  hu: 'HU',
  ro: 'RO',
  el: 'GR',
  tr: 'TR',
  ja: 'JP',
  ko: 'KR',
  zh: 'CN',
  ru: 'RU',
  uk: 'UA',
  he: 'IL',
  ar: 'SA',
  hi: 'IN',
  id: 'ID',
  th: 'TH',
  vi: 'VN',
};
const TLD_COUNTRY: Record<string, CountryCode> = { uk: 'GB', com: 'US', us: 'US', gov: 'US', edu: 'US' };

export function pageCountry(page: ReadPage): CountryCode {
  for (const entity of page.metadata.jsonLd) {
    if (!hasType(entity, ORGANIZATION_TYPES)) continue;
    const address = entity.data.address;
    const country =
      address && typeof address === 'object'
        ? textOf((address as Record<string, unknown>).addressCountry)
        : null;
    const code = asCountry(country);
    if (code) return code;
  }
  const locale = page.metadata.lang ?? page.metadata.meta['og:locale'] ?? page.contentLanguage ?? '';
  const [language, region] = locale.split(/[-_]/);
  const fromRegion = asCountry(region);
  if (fromRegion) return fromRegion;
  const tld = hostTld(page.url);
  const fromTld = tld ? (TLD_COUNTRY[tld] ?? asCountry(tld)) : null;
  if (fromTld) return fromTld;
  return LANGUAGE_COUNTRY[(language ?? '').toLowerCase()] ?? 'US';
}

function asCountry(value: string | null | undefined): CountryCode | null {
  const upper = value?.trim().toUpperCase();
  if (!upper || upper.length !== 2) return null;
  return isSupportedCountry(upper) ? upper : null;
}

function hostTld(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    if (/^[\d.]+$|^\[/.test(host)) return null;
    return host.split('.').pop() ?? null;
  } catch {
    return null;
  }
}
