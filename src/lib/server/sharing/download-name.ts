/**
 * A file name made from the guidebook's name: "Seaside Cottage" → "seaside-cottage-qr.png". The
 * plain `filename` is ASCII (accents dropped) for old clients; `filename*` (RFC 6266/8187) keeps
 * letters of any script, so "Ζεστό σπίτι" still downloads under its own name.
 */
export function contentDisposition(name: string, suffix: string, extension: string): string {
  const ascii = slug(name.normalize('NFKD').replace(/\p{M}/gu, ''), /[^a-z0-9]+/g) || 'guidebook';
  const unicode = slug(name.normalize('NFC'), /[^\p{L}\p{N}]+/gu) || 'guidebook';
  const file = (base: string) => `${base}-${suffix}.${extension}`;
  return `attachment; filename="${file(ascii)}"; filename*=UTF-8''${encodeRfc8187(file(unicode))}`;
}

/** Lower case, runs of anything else as one hyphen, at most 60 characters, no edge hyphens. */
function slug(value: string, separators: RegExp): string {
  return Array.from(value.toLowerCase().replace(separators, '-'))
    .slice(0, 60)
    .join('')
    .replace(/^-+|-+$/g, '');
}

/** encodeURIComponent leaves ' ( ) * unescaped, which RFC 8187's attr-char does not allow. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
