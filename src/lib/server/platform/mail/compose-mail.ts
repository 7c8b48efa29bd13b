import MimeNode from 'nodemailer/lib/mime-node';

/** One mail as the app writes it; the mailer adds the sender. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
}

/** RFC 5322 2.1.1: a line holds at most 998 octets, CRLF excluded. */
const MAX_LINE_OCTETS = 998;

/**
 * How a plain-text body can travel as written: 7bit when it is ASCII, 8bit otherwise; null when a
 * line is too long or the text holds a NUL (RFC 2045 2.7, 2.8), which only a visitor's own text can.
 */
function verbatimEncoding(text: string): '7bit' | '8bit' | null {
  if (text.includes('\0') || text.split('\r\n').some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return null;
  // eslint-disable-next-line no-control-regex -- ASCII is exactly the range this tests
  return /^[\x00-\x7f]*$/.test(text) ? '7bit' : '8bit';
}

/**
 * The plain-text part, sent as written, each link whole on its line. nodemailer picks quoted-printable for
 * any line over 76 characters or any non-ASCII character, and its soft line breaks (`=` at a line's
 * end) and `=3D` cut each link apart for whoever reads the raw message: an .eml opened as text, a
 * client without MIME decoding. Written as is, every link stays whole on its line. A text that
 * cannot travel as written keeps nodemailer's choice.
 */
class PlainTextNode extends MimeNode {
  private readonly verbatim: '7bit' | '8bit' | null;

  constructor(text: string, options: { newline?: string }) {
    super('text/plain; charset=utf-8', options);
    const crlf = text.replace(/\r\n|\r|\n/g, '\r\n');
    this.verbatim = verbatimEncoding(crlf);
    this.setContent(crlf);
  }

  override getTransferEncoding(): string | false {
    return this.verbatim ?? super.getTransferEncoding();
  }
}

/**
 * The whole message: the plain-text part alone, or with an HTML part as multipart/alternative.
 * HTML goes as base64: its long lines would otherwise be quoted-printable, `href="…"` included.
 * `newline: 'unix'` writes LF line ends (files); SMTP turns every line end into CRLF itself.
 */
export function composeMail(message: MailMessage & { from: string }, { newline }: { newline?: string } = {}): MimeNode {
  const text = new PlainTextNode(message.text, { newline });
  let root: MimeNode = text;
  if (message.html) {
    root = new MimeNode('multipart/alternative', { newline });
    root.appendChild(text);
    root.createChild('text/html; charset=utf-8').setHeader('Content-Transfer-Encoding', 'base64').setContent(message.html);
  }
  root.setHeader({ From: message.from, To: message.to, Subject: message.subject });
  if (message.replyTo) root.setHeader('Reply-To', message.replyTo);
  return root;
}
