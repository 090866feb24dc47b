import { z } from 'zod';
import { REGIONS } from '~core/regions';
import { CONSENT_GROUP_CODES } from './groups.ts';

/** A choice as the banner reports it to the server, to be kept as a consent record. */
export const consentRecordSchema = z.object({
  visitorId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'visitorId: 8 to 64 letters, digits or -'),
  groups: z.array(z.enum(CONSENT_GROUP_CODES)).max(CONSENT_GROUP_CODES.length),
  method: z.enum(['accept-all', 'reject-all', 'choose']),
  policyVersion: z.number().int().min(1).max(10_000),
  region: z.enum(REGIONS),
  globalPrivacyControl: z.boolean().default(false),
  csrfToken: z.string().optional(),
});
export type ConsentRecordInput = z.output<typeof consentRecordSchema>;
