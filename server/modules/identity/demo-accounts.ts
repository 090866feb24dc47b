import { NO_USER_DATA, type UserData } from './user.repository.ts';

export interface DemoAccount {
  /** The subject the built-in provider signs in with; other modules seed data against it. */
  subject: string;
  firstName: string;
  lastName: string;
  email: string;
  /** One line on the built-in sign-in page saying what this account shows. */
  description: string;
  data: UserData;
}

const account = (
  subject: string,
  firstName: string,
  lastName: string,
  description: string,
  data: Partial<UserData>,
): DemoAccount => ({
  subject,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
  description,
  data: { ...NO_USER_DATA, ...data },
});

/**
 * The demo customer organisations: Mia's business, and the practice where Priya is the primary
 * contact and Sam a team member, so Priya sees Sam's cases under "Organisation's cases".
 */
export const DEMO_ORGANISATIONS = Object.freeze({
  chenBakery: 'demo-org-chen-bakery',
  ramanPartners: 'demo-org-raman-partners',
});

/** The demo people of the embedded default, one per role of spec section 6. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = Object.freeze([
  account(
    'demo-customer',
    'Mia',
    'Chen',
    'Small-business customer in Australia, with support cases in every status.',
    { market: 'AU', organisationId: DEMO_ORGANISATIONS.chenBakery },
  ),
  account(
    'demo-partner-primary',
    'Priya',
    'Raman',
    'Partner practice primary contact in Australia, silver tier, onboarding in progress.',
    {
      isPartner: true,
      isPrimaryContact: true,
      market: 'AU',
      organisationId: DEMO_ORGANISATIONS.ramanPartners,
    },
  ),
  account(
    'demo-partner-principal',
    'Oliver',
    'Hughes',
    'Partner principal contact in the UK who has personalised their experience.',
    {
      isPartner: true,
      isPrincipalContact: true,
      market: 'UK',
      partnerProductInterestClient: 'Payroll;Inventory',
      partnerProductInterestPractice: 'Advisory',
    },
  ),
  account(
    'demo-partner-member',
    'Sam',
    'Taylor',
    'Partner practice team member in New Zealand (not a primary or principal contact).',
    { isPartner: true, market: 'NZ', organisationId: DEMO_ORGANISATIONS.ramanPartners },
  ),
  account(
    'demo-partner-update-account',
    'Grace',
    'Okafor',
    'Partner primary contact in the UK, part-way through updating their account.',
    { isPartner: true, isPrimaryContact: true, market: 'UK' },
  ),
  account(
    'demo-admin',
    'Alex',
    'Morgan',
    'Site administrator who can see hidden sections (setup-viewing permission).',
    { canViewSetup: true },
  ),
  account(
    'demo-agent',
    'Jordan',
    'Lee',
    'Support agent who answers customers’ cases and partners’ queries.',
    { isAgent: true },
  ),
]);

export function demoAccount(subject: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((candidate) => candidate.subject === subject);
}
