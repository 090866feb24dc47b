import { randomUUID } from 'node:crypto';
import {
  checkRegistrationNumber,
  EMPTY_LISTING,
  knownKeys,
  listingSlug,
  parsePracticeMarket,
  PRACTICE_SERVICES,
  resolvePlace,
  type ListingContent,
  type PracticeMarket,
} from '~core/practices';
import { setPartnerStanding } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import { directoryGazetteer } from './gazetteer/gazetteer.ts';
import { practiceMail } from './practice-mail.ts';
import {
  invalid,
  type FieldProblem,
  type PracticeUser,
  type PracticesContext,
} from './practices.context.ts';
import { recordPeopleChange, RolledBack, unlessRolledBack } from './people-entries.ts';
import { mayDecideJoining, roleOf } from './practices.policy.ts';
import * as listings from './listing.repository.ts';
import * as repository from './practices.repository.ts';

export interface NewPractice {
  name: string;
  market: string;
  registrationNumber: string;
  address: string;
  city: string;
  postcode: string;
  services: readonly string[];
  requestKey: string;
}

export type NewPracticeField =
  'name' | 'market' | 'registrationNumber' | 'address' | 'city' | 'postcode' | 'services';

export type CreateOutcome =
  | FieldProblem<NewPracticeField>
  | { kind: 'created'; practiceId: string }
  | { kind: 'exists'; practiceId: string; name: string }
  | { kind: 'member-already'; name: string };

/** The practice the new one's first tier is: every practice starts in the programme at starter. */
const FIRST_TIER = 'starter';

function checkNewPractice(input: NewPractice): FieldProblem<NewPracticeField> | undefined {
  const name = input.name.trim();
  if (name.length < 2 || name.length > 120)
    return invalid('name', 'Enter the practice’s name, 2 to 120 characters.');
  const market = parsePracticeMarket(input.market);
  if (!market) return invalid('market', 'Choose the country the practice is registered in.');
  const registration = checkRegistrationNumber(market, input.registrationNumber);
  if (!registration.ok) return invalid('registrationNumber', registration.message);
  if (input.address.trim() === '' || input.address.length > 200)
    return invalid('address', 'Enter the street address, up to 200 characters.');
  if (input.city.trim() === '' || input.city.length > 80)
    return invalid('city', 'Enter the town or city, up to 80 characters.');
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(input.postcode.trim()))
    return invalid('postcode', 'Enter the postcode: 2 to 10 letters, digits, spaces or hyphens.');
  if (knownKeys(PRACTICE_SERVICES, input.services).length === 0)
    return invalid('services', 'Choose at least one service the practice offers.');
  return undefined;
}

/**
 * Creates a practice with its creator as principal contact (and so a partner), and its listing's first draft (an
 * office where the address's town is, when the gazetteer knows it). One practice per
 * registration number: a second one is told the practice exists, so its people can ask to join.
 * The form's key makes a double submit one practice.
 */
export async function createPractice(
  context: PracticesContext,
  user: PracticeUser,
  input: NewPractice,
): Promise<CreateOutcome> {
  const problem = checkNewPractice(input);
  if (problem) return problem;
  const market = parsePracticeMarket(input.market)!;
  const registration = checkRegistrationNumber(market, input.registrationNumber);
  if (!registration.ok) return invalid('registrationNumber', registration.message);
  return unlessRolledBack(
    context.db.transaction().execute(async (trx): Promise<CreateOutcome> => {
      const again = await repository.findPracticeByRequestKey(trx, input.requestKey);
      if (again) return { kind: 'created', practiceId: again.id };
      const [membership] = await repository.listMemberships(trx, user.id);
      if (membership) return { kind: 'member-already', name: membership.name };
      const id = randomUUID();
      const at = context.now.toISOString();
      const name = input.name.trim();
      const inserted = await repository.insertPractice(trx, {
        id,
        slug: listingSlug(name, market, id.slice(0, 6)),
        name,
        market,
        registration_number: registration.normalised,
        address: input.address.trim(),
        city: input.city.trim(),
        postcode: input.postcode.trim().toUpperCase(),
        services: JSON.stringify(knownKeys(PRACTICE_SERVICES, input.services)),
        tier: FIRST_TIER,
        created_by: user.id,
        request_key: input.requestKey,
        created_at: at,
      });
      if (!inserted) {
        const sameForm = await repository.findPracticeByRequestKey(trx, input.requestKey);
        if (sameForm) return { kind: 'created', practiceId: sameForm.id };
        const existing = await repository.findPracticeByRegistration(
          trx,
          market,
          registration.normalised,
        );
        if (existing) return { kind: 'exists', practiceId: existing.id, name: existing.name };
        throw new Error('A practice insert conflicted with neither its key nor its number.');
      }
      // Another practice created by the same person at the same moment took them first.
      const joined = await repository.insertPerson(trx, {
        practice_id: id,
        user_id: user.id,
        role: 'principal',
        name: user.name,
        email: user.email,
        joined_at: at,
      });
      if (!joined)
        throw new RolledBack<CreateOutcome>({ kind: 'member-already', name: 'another practice' });
      await setPartnerStanding(
        trx,
        user.id,
        { isPartner: true, isPrimaryContact: false, isPrincipalContact: true },
        context.now,
      );
      await listings.insertListing(trx, {
        practice_id: id,
        draft: JSON.stringify(firstDraft(input, market, user.id)),
        published: null,
        listed: 0,
        moderation: 'none',
        submitted: null,
        moderation_note: null,
        updated_at: at,
        published_at: null,
      });
      return { kind: 'created', practiceId: id };
    }),
  );
}

function firstDraft(input: NewPractice, market: PracticeMarket, userId: string): ListingContent {
  const place = resolvePlace(directoryGazetteer(), input.city, market);
  return {
    ...EMPTY_LISTING,
    services: knownKeys(PRACTICE_SERVICES, input.services),
    staffShown: [userId],
    offices:
      place && place.market === market
        ? [
            {
              label: 'Main office',
              address: `${input.address.trim()}, ${input.city.trim()} ${input.postcode.trim().toUpperCase()}`,
              place: input.city.trim(),
              lat: place.lat,
              lon: place.lon,
              hours: {},
            },
          ]
        : [],
  };
}

export type JoinOutcome = { kind: 'asked' } | { kind: 'member-already' } | { kind: 'not-found' };

/** Asks a practice's principal contact to let the user in, by e-mail and on the manage page. */
export async function askToJoin(
  context: PracticesContext,
  user: PracticeUser,
  practiceId: string,
): Promise<JoinOutcome> {
  return context.db.transaction().execute(async (trx) => {
    const practice = await repository.findPracticeById(trx, practiceId);
    if (!practice) return { kind: 'not-found' };
    const people = await repository.listPeople(trx, practiceId);
    if (roleOf(people, user.id)) return { kind: 'member-already' };
    const previous = await repository.findJoinRequest(trx, practiceId, user.id);
    if (previous) return { kind: 'asked' };
    const requestId = randomUUID();
    await repository.insertJoinRequest(trx, {
      id: requestId,
      practice_id: practiceId,
      user_id: user.id,
      name: user.name,
      email: user.email,
      status: 'pending',
      created_at: context.now.toISOString(),
      decided_at: null,
      decided_by: null,
    });
    const principals = people.filter((person) => person.role === 'principal');
    await queueMail(
      trx,
      principals.map((principal) =>
        practiceMail(
          `practice-join:${requestId}:${principal.user_id}`,
          principal.email,
          `${user.name} asks to join ${practice.name}`,
          [
            `Hello ${principal.name},`,
            '',
            `${user.name} (${user.email}) asks to join ${practice.name} on the partner portal.`,
            '',
            `To let them in or decline: ${context.links.manage}`,
          ],
        ),
      ),
      context.now,
    );
    return { kind: 'asked' };
  });
}

export type DecideJoinOutcome =
  { kind: 'decided' } | { kind: 'not-allowed' } | { kind: 'gone' } | { kind: 'member-elsewhere' };

/**
 * The principal contact lets a person in (as a member, who becomes a partner) or declines; the
 * person is told. Someone who joined another practice meanwhile is not let in.
 */
export async function decideJoinRequest(
  context: PracticesContext,
  user: PracticeUser,
  practiceId: string,
  requestId: string,
  approve: boolean,
): Promise<DecideJoinOutcome> {
  return unlessRolledBack(
    context.db.transaction().execute(async (trx): Promise<DecideJoinOutcome> => {
      const people = await repository.listPeople(trx, practiceId);
      if (!mayDecideJoining(roleOf(people, user.id))) return { kind: 'not-allowed' };
      const at = context.now.toISOString();
      const request = await repository.decideJoinRequest(trx, practiceId, requestId, {
        status: approve ? 'approved' : 'declined',
        by: user.id,
        at,
      });
      if (!request) return { kind: 'gone' };
      const practice = await repository.findPracticeById(trx, practiceId);
      if (approve) {
        const joined = await repository.insertPerson(trx, {
          practice_id: practiceId,
          user_id: request.user_id,
          role: 'member',
          name: request.name,
          email: request.email,
          joined_at: at,
        });
        if (!joined) throw new RolledBack<DecideJoinOutcome>({ kind: 'member-elsewhere' });
        await setPartnerStanding(
          trx,
          request.user_id,
          { isPartner: true, isPrimaryContact: false, isPrincipalContact: false },
          context.now,
        );
        await recordPeopleChange(trx, {
          practiceId,
          action: 'joined',
          email: request.email,
          personName: request.name,
          role: 'member',
          actor: user,
          at,
        });
      }
      await queueMail(
        trx,
        [
          practiceMail(
            `practice-join-decided:${request.id}`,
            request.email,
            `Your request to join ${practice?.name ?? 'the practice'}`,
            [
              `Hello ${request.name},`,
              '',
              approve
                ? `${user.name} let you in: you are now one of the people of ${practice?.name}. Its listing and leads: ${context.links.manage}`
                : `${user.name} declined your request to join ${practice?.name}.`,
            ],
          ),
        ],
        context.now,
      );
      return { kind: 'decided' };
    }),
  );
}

/** The requests to join the practice waiting for its principal contact; none for others. */
export async function listJoinRequests(
  context: Pick<PracticesContext, 'db'>,
  user: PracticeUser,
  practiceId: string,
) {
  const people = await repository.listPeople(context.db, practiceId);
  if (!mayDecideJoining(roleOf(people, user.id))) return [];
  return (await repository.listPendingJoinRequests(context.db, practiceId)).map((request) => ({
    id: request.id,
    name: request.name,
    email: request.email,
    createdAt: request.created_at,
  }));
}
