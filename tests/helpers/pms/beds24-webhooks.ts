/**
 * Beds24's Booking Webhook, as the Beds24 stand-in sends it (docs/decisions/029-pms-connectors.md,
 * "What the systems' documentation says", and Beds24's wiki, Property Access): set per property
 * by the host (Settings → Properties → Access → Booking Webhook): a URL and a custom header. Version
 * 2 POSTs `{ timeStamp, booking, infoItems, invoiceItems, messages }` as JSON on every booking made,
 * changed or cancelled, with the booking's personal data; version 1 sends a GET without a body.
 * Beds24 signs nothing: the custom header the host pasted is all it carries.
 */
export interface Beds24WebhookSetting {
  url: string;
  /** The custom header line as pasted, "Name: value"; empty for none. */
  header: string;
  version: 1 | 2;
}

export interface Beds24WebhookDelivery {
  propertyId: number;
  bookingId: number;
  method: 'GET' | 'POST';
  status: number;
}

export interface Beds24Webhooks {
  /** The property's Booking Webhook as the host set it; null: none. */
  set(propertyId: number, setting: Beds24WebhookSetting | null): void;
  deliveries: Beds24WebhookDelivery[];
  /** Resolves once every webhook sent so far has its answer. */
  settled(): Promise<void>;
  /** The stand-in's call when a booking changes: `json` is the booking as V2 sends it. */
  changed(propertyId: number, bookingId: number, json: Record<string, unknown>): void;
}

function headersOf(setting: Beds24WebhookSetting): Record<string, string> {
  const colon = setting.header.indexOf(':');
  return colon > 0 ? { [setting.header.slice(0, colon).trim()]: setting.header.slice(colon + 1).trim() } : {};
}

export function beds24Webhooks(): Beds24Webhooks {
  const settings = new Map<number, Beds24WebhookSetting>();
  const deliveries: Beds24WebhookDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();

  function send(propertyId: number, bookingId: number, setting: Beds24WebhookSetting, json: Record<string, unknown>) {
    const method = setting.version === 2 ? 'POST' : 'GET';
    const body = method === 'POST' ? JSON.stringify({ timeStamp: new Date().toISOString(), booking: json, infoItems: [], invoiceItems: [], messages: [] }) : undefined;
    const headers = { ...headersOf(setting), ...(body ? { 'content-type': 'application/json' } : {}) };
    const sending = fetch(setting.url, { method, headers, body })
      .then(async (response) => {
        await response.arrayBuffer();
        deliveries.push({ propertyId, bookingId, method, status: response.status });
      })
      .catch(() => undefined);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  return {
    set(propertyId, setting) {
      if (setting === null) settings.delete(propertyId);
      else settings.set(propertyId, setting);
    },
    deliveries,
    async settled() {
      await Promise.allSettled([...inFlight]);
    },
    changed(propertyId, bookingId, json) {
      const setting = settings.get(propertyId);
      if (setting) send(propertyId, bookingId, setting, json);
    },
  };
}
