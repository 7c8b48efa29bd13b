import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { DEMO_HOST_EMAIL, DEMO_TOKEN } from '@shared/demo.ts';

const DEMO_HOST_ID = 'demo-host';
const DEMO_INSTRUCTION_ID = 'demo-instruction';

/** The demo guidebook, in the entity shape of docs/product.md §3. */
const demoInstruction = {
  nameInstruction: 'Seaside Cottage',
  address: 'Obala 12, 21000 Split, Croatia',
  addressUrl: 'https://www.google.com/maps/@43.5081,16.4402,18z',
  code: '4821',
  boxes: [
    {
      id: 1735689600000,
      title: 'Find the blue door',
      paragraph: '<p>The cottage is the third house on the left after the bakery. Look for the <strong>blue door</strong>.</p>',
      imageUrl: '',
    },
    {
      id: 1735689600001,
      title: 'Open the lock box',
      paragraph: '<p>The key box hangs to the right of the door. Enter the code <span data-marker="lockbox"></span> and pull the lever.</p>',
      imageUrl: '',
    },
    {
      id: 1735689600002,
      title: 'Make yourself at home',
      paragraph: '<p>Leave the key box closed behind you. Towels are in the hallway cupboard.</p>',
      imageUrl: '',
    },
  ],
  manualBoxes: [
    { id: 1735689600100, paragraph: '<p>The nearest beach is a 4-minute walk down the stairs behind the house.</p>', imageUrl: '' },
  ],
  phone: '+385 91 555 0101',
  whatsapp: 'https://wa.me/385915550101',
  viber: '',
  telegram: '',
  facebook: '',
  instagram: '',
  wifiName: 'SeasideCottage',
  wifiPassword: 'sunny-days-ahead',
  wifiSecurity: 'WPA',
  selectedHouseRules: [2, 1, 3, 4, 5],
  textGreating: '<p>Welcome! We hope you enjoy the sea breeze. Message us any time.</p>',
  photoGreating: '',
  hostName: 'Ana',
  selectedTheme: '#fff',
  taxiLink: 'https://www.uber.com',
  rentCarLink: '',
  foodLink: 'https://wolt.com',
  parkingLink: 'https://www.openstreetmap.org/?mlat=43.5085&mlon=16.4410#map=19/43.5085/16.4410',
  brandingTitle: '',
  // The host's recommendations nearby, favourites first on the guest page; made-up names.
  places: [
    { id: 1735689600200, name: 'Bakery at the Corner', category: 'eat', note: '<p>Warm burek and fresh bread from 6 in the morning. Go early: the cherry strudel sells out.</p>', mapUrl: '', lat: 43.5087, lng: 16.4391, address: 'Obala 4, Split', website: '', phone: '', imageUrl: '', pick: true },
    { id: 1735689600201, name: 'Konoba Old Stone', category: 'eat', note: '<p>Family tavern: grilled fish, black risotto and house wine. Book a table on weekends.</p>', mapUrl: '', lat: 43.5071, lng: 16.4423, address: 'Put Firula 8, Split', website: '', phone: '+385 21 555 0142', imageUrl: '', pick: false },
    { id: 1735689600202, name: 'Harbour Coffee Bar', category: 'coffee', note: '<p>Espresso on the terrace with a view of the boats.</p>', mapUrl: '', lat: 43.5093, lng: 16.4378, address: 'Obala 1, Split', website: '', phone: '', imageUrl: '', pick: false },
    { id: 1735689600203, name: 'Pebble Cove Beach', category: 'beach', note: '<p>A quiet pebble beach down the stairs behind the house. Bring water shoes.</p>', mapUrl: '', lat: 43.5061, lng: 16.4413, address: 'Setaliste uz more, Split', website: '', phone: '', imageUrl: '', pick: true },
    { id: 1735689600204, name: 'Old Town Bell Tower', category: 'see', note: '<p>Climb the tower at sunset for the view over the roofs and the islands.</p>', mapUrl: '', lat: 43.5079, lng: 16.4386, address: 'Old Town Square, Split', website: 'https://example.com/bell-tower', phone: '', imageUrl: '', pick: false },
    { id: 1735689600205, name: 'Seafront Pharmacy', category: 'health', note: '<p>Open every day until 20:00; the night pharmacy is in the centre.</p>', mapUrl: '', lat: 43.5098, lng: 16.4415, address: 'Obala 20, Split', website: '', phone: '', imageUrl: '', pick: false },
  ],
};

/**
 * Creates the demo host, the demo's team and the demo guidebook once; running it again changes
 * nothing. The team and its owner's membership take the host's id, as db/migrations/0018-teams.ts
 * gives a host made before teams, so a database seeded before that migration and one seeded after
 * hold the same rows.
 */
export async function seedDemo(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: DEMO_HOST_ID,
      name: 'Ana (demo host)',
      email: DEMO_HOST_EMAIL,
      // No password: the demo host owns the demo guidebook but cannot sign in.
      password_hash: null,
      google_id: null,
      picture: '',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.insertInto('teams').values({ id: DEMO_HOST_ID, name: 'Ana (demo host)', created_at: now, updated_at: now }).onConflict((oc) => oc.doNothing()).execute();
  await db
    .insertInto('memberships')
    .values({ id: DEMO_HOST_ID, team_id: DEMO_HOST_ID, user_id: DEMO_HOST_ID, role: 'owner', may_see_secrets: 1, invited_by: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('instructions')
    .values({
      id: DEMO_INSTRUCTION_ID,
      user_id: DEMO_HOST_ID,
      team_id: DEMO_HOST_ID,
      token: DEMO_TOKEN,
      is_free: 1,
      version: 1,
      data: JSON.stringify(demoInstruction),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
