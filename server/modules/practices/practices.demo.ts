import type { Kysely } from 'kysely';
import {
  checkRegistrationNumber,
  LISTING_TIERS,
  listingFilterColumns,
  listingSlug,
  MARKET_DEFINITIONS,
  PRACTICE_CERTIFICATIONS,
  PRACTICE_INDUSTRIES,
  PRACTICE_LANGUAGES,
  PRACTICE_SERVICES,
  type ListingContent,
  type PracticeMarket,
} from '~core/practices';
import type { Database } from '~server/db/schema.ts';
import { findUserBySubject } from '~server/modules/identity';
import { largestPlaces } from './gazetteer/gazetteer.ts';
import { insertRows } from './demo.repository.ts';
import { seedDemoPracticePeople } from './people.demo.ts';
import * as repository from './practices.repository.ts';
import type { PracticesTables } from './practices.tables.ts';

/*
 * The directory's demo: about 200 listed practices across the markets, in the gazetteer's
 * largest places, written in bulk at first start (a second start finds them and writes nothing),
 * and the demo partner Priya Raman as principal contact of her own practice, with its people.
 */

const PRACTICES_PER_MARKET: Readonly<Record<PracticeMarket, number>> = {
  AU: 50,
  UK: 40,
  US: 40,
  CA: 25,
  NZ: 20,
  ZA: 15,
  SG: 10,
};

const SURNAMES = [
  'Ashworth',
  'Bennett',
  'Chen',
  'Dlamini',
  'Evans',
  'Fraser',
  'Gupta',
  'Hart',
  'Ito',
  'Jansen',
  'Kaur',
  'Lim',
  'Morrison',
  'Ngata',
  'Okafor',
  'Patel',
  'Quinn',
  'Reyes',
  'Singh',
  'Tan',
  'Usman',
  'Van Wyk',
  'Walker',
  'Xu',
  'Young',
  'Zulu',
  'Murphy',
  'Nguyen',
  'Campbell',
  'Botha',
];
const STYLES = ['Accounting', '& Co', 'Advisory', 'Bookkeeping', 'Tax & Accounts', 'Partners'];

const pick = <T>(list: readonly T[], index: number, count: number): T[] =>
  Array.from(
    { length: count },
    (_, offset) => list[(index * 7 + offset * 3) % list.length]!,
  ).filter((value, position, all) => all.indexOf(value) === position);

/** A registration number of the market's form whose check digits add up, the n-th of its kind. */
export function demoRegistrationNumber(market: PracticeMarket, n: number): string {
  const body = String(1_000_000 + n).padStart(7, '0');
  const candidates: Record<PracticeMarket, (digit: number) => string> = {
    AU: (digit) => `${10 + ((n + digit * 7) % 90)}${body}99`,
    NZ: (digit) => `94290${body}${digit}`,
    UK: () => `0${body}`,
    US: () => `12-${body}`,
    CA: (digit) => `8${body}${digit}`,
    ZA: () => `2010/${body.slice(1)}/07`,
    SG: () => `20${body}K`,
  };
  for (let digit = 0; digit < 90; digit += 1) {
    const candidate = candidates[market](digit);
    const check = checkRegistrationNumber(market, candidate);
    if (check.ok) return check.normalised;
  }
  throw new Error(`No demo ${market} registration number for ${n}`);
}

interface DemoPractice {
  practice: PracticesTables['practice'];
  person: PracticesTables['practice_person'];
  listing: PracticesTables['practice_listing'];
  content: ListingContent;
}

function demoPractice(
  market: PracticeMarket,
  index: number,
  serial: number,
  at: string,
): DemoPractice {
  const country = MARKET_DEFINITIONS[market].country;
  const places = largestPlaces(country, 12);
  const place = places[index % places.length]!;
  const second = places[(index + 3) % places.length]!;
  const name = `${SURNAMES[serial % SURNAMES.length]} ${STYLES[serial % STYLES.length]}`;
  const id = `demo-practice-${String(serial).padStart(3, '0')}`;
  const tier = LISTING_TIERS[serial % LISTING_TIERS.length]!.key;
  // Offices spread a few kilometres around the town's centre, so results differ in distance.
  const jitter = (seed: number) => (((seed * 37) % 21) - 10) / 250;
  const office = (at2: typeof place, label: string, seed: number) => ({
    label,
    address: `${10 + (seed % 90)} ${['High', 'Main', 'Station', 'Queen', 'King'][seed % 5]} Street, ${at2.name}`,
    place: at2.name,
    lat: at2.lat + jitter(seed),
    lon: at2.lon + jitter(seed + 5),
    hours: {
      mon: { opens: '09:00', closes: '17:00' },
      tue: { opens: '09:00', closes: '17:00' },
      wed: { opens: '09:00', closes: '17:00' },
      thu: { opens: '09:00', closes: '17:00' },
      fri: { opens: '09:00', closes: '16:00' },
    },
  });
  const content: ListingContent = {
    description: `${name} looks after the books, tax and payroll of small businesses in ${place.name}. We move you onto the software, keep your records up to date and tell you where your cash is going.`,
    services: pick(PRACTICE_SERVICES, serial, 3).map((choice) => choice.key),
    industries: pick(PRACTICE_INDUSTRIES, serial, 2).map((choice) => choice.key),
    languages: [
      'en',
      ...pick(PRACTICE_LANGUAGES.slice(1), serial, serial % 3).map((choice) => choice.key),
    ],
    certifications: pick(PRACTICE_CERTIFICATIONS, serial, serial % 3).map((choice) => choice.key),
    offices:
      serial % 4 === 0
        ? [office(place, 'Main office', serial), office(second, 'Branch', serial + 11)]
        : [office(place, 'Main office', serial)],
    staffShown: [id],
    logo: null,
  };
  const slug = listingSlug(name, market, id.slice(-3));
  return {
    practice: {
      id,
      slug,
      name,
      market,
      registration_number: demoRegistrationNumber(market, serial),
      address: content.offices[0]!.address,
      city: place.name,
      postcode: '',
      services: JSON.stringify(content.services),
      tier,
      created_by: id,
      request_key: `demo:${id}`,
      created_at: at,
    },
    person: {
      practice_id: id,
      user_id: id,
      role: 'principal',
      name: `${SURNAMES[serial % SURNAMES.length]} (demo)`,
      email: `hello@${slug}.example.com`,
      joined_at: at,
    },
    listing: {
      practice_id: id,
      draft: JSON.stringify(content),
      published: JSON.stringify(content),
      listed: 1,
      moderation: 'none',
      submitted: null,
      moderation_note: null,
      updated_at: at,
      published_at: at,
    },
    content,
  };
}

export async function seedDemoPractices(
  db: Kysely<Database>,
  issuer: string,
  now: Date = new Date(),
): Promise<void> {
  if (!(await repository.findPracticeById(db, 'demo-practice-000')))
    await seedDemoDirectory(db, issuer, now);
  await seedDemoPracticePeople(db, issuer, now);
}

async function seedDemoDirectory(db: Kysely<Database>, issuer: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const demo: DemoPractice[] = [];
  let serial = 0;
  for (const market of Object.keys(PRACTICES_PER_MARKET) as PracticeMarket[])
    for (let index = 0; index < PRACTICES_PER_MARKET[market]; index += 1)
      demo.push(demoPractice(market, index, serial++, at));
  const priya = await findUserBySubject(db, issuer, 'demo-partner-primary');
  const raman = demo[0]!;
  raman.practice.name = 'Raman Partners';
  raman.practice.tier = 'silver';
  raman.practice.slug = listingSlug('Raman Partners', 'AU', '000');
  if (priya) {
    raman.person = {
      ...raman.person,
      user_id: priya.id,
      name: `${priya.firstName} ${priya.lastName}`,
      email: priya.email ?? raman.person.email,
    };
    raman.content = {
      ...raman.content,
      staffShown: [priya.id],
      description: raman.content.description.replace(/^\S+ \S+/, 'Raman Partners'),
    };
    raman.listing = {
      ...raman.listing,
      draft: JSON.stringify(raman.content),
      published: JSON.stringify(raman.content),
    };
  }
  await db.transaction().execute(async (trx) => {
    await insertRows(
      trx,
      'practice',
      demo.map((each) => each.practice),
    );
    await insertRows(
      trx,
      'practice_person',
      demo.map((each) => each.person),
    );
    await insertRows(
      trx,
      'practice_listing',
      demo.map((each) => each.listing),
    );
    await insertRows(
      trx,
      'practice_directory_office',
      demo.flatMap((each) =>
        each.content.offices.map((office, index) => ({
          id: `${each.practice.id}:${index}`,
          practice_id: each.practice.id,
          lat: office.lat,
          lon: office.lon,
          ...listingFilterColumns({ ...each.content, tier: each.practice.tier }),
        })),
      ),
    );
  });
}
