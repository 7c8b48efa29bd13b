/**
 * Limits of a name, an address and a message someone leaves us (the contact form, docs/product.md
 * §5, and a guest's extra request), apart from their schemas (schemas/contact.ts, schemas/order.ts):
 * a guest island that imported a schema would bring zod to every guest's phone (docs/performance.md
 * "Guest islands without zod").
 */
export const CONTACT_NAME_MAX = 100;
/** RFC 5321 caps a forward path at 254 characters. */
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;
