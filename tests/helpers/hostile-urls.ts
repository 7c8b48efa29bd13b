/**
 * Links no field may ever store (docs/security.md 16): script and data schemes however they are
 * spelt or padded, relative and protocol-relative paths, markup smuggled into a URL. Shared by
 * the XSS tests of every URL field and the contact-link tests.
 */
export const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u2028javascript:alert(1)',
  'javascript&colon;alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  '//evil.example/x',
  '/relative/path',
  'https://x.example/"><script>alert(1)</script>',
  'https://x.example/`onmouseover=alert(1)',
  'https://',
  'ftp://example.com/file',
  'blob:https://example.com/uuid',
];
