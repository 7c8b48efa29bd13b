import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { DEMO_HOST_EMAIL, DEMO_TOKEN } from '../src/lib/shared/demo.ts';

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
};

/** Creates the demo host and the demo guidebook once; running it again changes nothing. */
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
  await db
    .insertInto('instructions')
    .values({
      id: DEMO_INSTRUCTION_ID,
      user_id: DEMO_HOST_ID,
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
