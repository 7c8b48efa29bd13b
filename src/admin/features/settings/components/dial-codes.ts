/**
 * Country calling codes for the phone field (SPEC §2 Settings: "phone with country code"). One
 * entry per code; countries sharing a code are named together. The list favours holiday-rental
 * markets; "Other" lets a host type any code into the number itself.
 */
export interface DialCode {
  code: string;
  /** Shown in the select. */
  label: string;
  /** ISO 3166 regions that use it, to preselect from the browser's language. */
  regions: readonly string[];
}

export const DIAL_CODES: readonly DialCode[] = [
  { code: '+1', label: '+1 United States, Canada', regions: ['US', 'CA'] },
  { code: '+7', label: '+7 Kazakhstan', regions: ['KZ'] },
  { code: '+20', label: '+20 Egypt', regions: ['EG'] },
  { code: '+27', label: '+27 South Africa', regions: ['ZA'] },
  { code: '+30', label: '+30 Greece', regions: ['GR'] },
  { code: '+31', label: '+31 Netherlands', regions: ['NL'] },
  { code: '+32', label: '+32 Belgium', regions: ['BE'] },
  { code: '+33', label: '+33 France', regions: ['FR'] },
  { code: '+34', label: '+34 Spain', regions: ['ES'] },
  { code: '+36', label: '+36 Hungary', regions: ['HU'] },
  { code: '+39', label: '+39 Italy', regions: ['IT'] },
  { code: '+40', label: '+40 Romania', regions: ['RO'] },
  { code: '+41', label: '+41 Switzerland', regions: ['CH'] },
  { code: '+43', label: '+43 Austria', regions: ['AT'] },
  { code: '+44', label: '+44 United Kingdom', regions: ['GB'] },
  { code: '+45', label: '+45 Denmark', regions: ['DK'] },
  { code: '+46', label: '+46 Sweden', regions: ['SE'] },
  { code: '+47', label: '+47 Norway', regions: ['NO'] },
  { code: '+48', label: '+48 Poland', regions: ['PL'] },
  { code: '+49', label: '+49 Germany', regions: ['DE'] },
  { code: '+52', label: '+52 Mexico', regions: ['MX'] },
  { code: '+55', label: '+55 Brazil', regions: ['BR'] },
  { code: '+60', label: '+60 Malaysia', regions: ['MY'] },
  { code: '+61', label: '+61 Australia', regions: ['AU'] },
  { code: '+62', label: '+62 Indonesia', regions: ['ID'] },
  { code: '+64', label: '+64 New Zealand', regions: ['NZ'] },
  { code: '+65', label: '+65 Singapore', regions: ['SG'] },
  { code: '+66', label: '+66 Thailand', regions: ['TH'] },
  { code: '+81', label: '+81 Japan', regions: ['JP'] },
  { code: '+84', label: '+84 Vietnam', regions: ['VN'] },
  { code: '+90', label: '+90 Türkiye', regions: ['TR'] },
  { code: '+91', label: '+91 India', regions: ['IN'] },
  { code: '+212', label: '+212 Morocco', regions: ['MA'] },
  { code: '+351', label: '+351 Portugal', regions: ['PT'] },
  { code: '+353', label: '+353 Ireland', regions: ['IE'] },
  { code: '+354', label: '+354 Iceland', regions: ['IS'] },
  { code: '+356', label: '+356 Malta', regions: ['MT'] },
  { code: '+357', label: '+357 Cyprus', regions: ['CY'] },
  { code: '+358', label: '+358 Finland', regions: ['FI'] },
  { code: '+359', label: '+359 Bulgaria', regions: ['BG'] },
  { code: '+381', label: '+381 Serbia', regions: ['RS'] },
  { code: '+382', label: '+382 Montenegro', regions: ['ME'] },
  { code: '+385', label: '+385 Croatia', regions: ['HR'] },
  { code: '+386', label: '+386 Slovenia', regions: ['SI'] },
  { code: '+387', label: '+387 Bosnia and Herzegovina', regions: ['BA'] },
  { code: '+389', label: '+389 North Macedonia', regions: ['MK'] },
  { code: '+420', label: '+420 Czechia', regions: ['CZ'] },
  { code: '+421', label: '+421 Slovakia', regions: ['SK'] },
  { code: '+971', label: '+971 United Arab Emirates', regions: ['AE'] },
];

/** Sentinel of the select: the code is part of the typed number (or there is none). */
export const OTHER_CODE = '';

/** The code of the browser's region (en-GB → +44), else +1. */
export function defaultDialCode(languages: readonly string[] = navigator.languages ?? [navigator.language]): string {
  for (const language of languages) {
    const region = language.split('-')[1]?.toUpperCase();
    const match = region ? DIAL_CODES.find((entry) => entry.regions.includes(region)) : undefined;
    if (match) return match.code;
  }
  return '+1';
}

/**
 * "+385 91 555 0101" → { code: '+385', number: '91 555 0101' }. The longest known code that
 * prefixes the digits wins, so "+38591…" without a space splits the same way. A number with an
 * unknown code is kept whole under "Other".
 */
export function splitPhone(phone: string, fallbackCode: string): { code: string; number: string } {
  const value = phone.trim();
  if (!value) return { code: fallbackCode, number: '' };
  if (!value.startsWith('+')) return { code: OTHER_CODE, number: value };
  const digits = value.slice(1).replace(/\D/g, '');
  const known = [...DIAL_CODES].sort((a, b) => b.code.length - a.code.length).find((entry) => digits.startsWith(entry.code.slice(1)));
  if (!known) return { code: OTHER_CODE, number: value };
  // Drop the code's digits (and any separators among them) from the front of the typed value.
  let rest = value.slice(1);
  let toDrop = known.code.length - 1;
  while (toDrop > 0 && rest) {
    if (/\d/.test(rest[0]!)) toDrop -= 1;
    rest = rest.slice(1);
  }
  return { code: known.code, number: rest.trim() };
}

/** The stored form: "<code> <number>", or '' when no number was typed. */
export function joinPhone(code: string, number: string): string {
  const trimmed = number.trim();
  if (!trimmed) return '';
  return code ? `${code} ${trimmed}` : trimmed;
}
