import type { Migration, MigrationProvider } from 'kysely';
import { appSetting } from './0001-app-setting.ts';
import { identity } from './0002-identity.ts';
import { partnerProgramme } from './0003-partner-programme.ts';
import { knowledge } from './0004-knowledge.ts';
import { analytics } from './0005-analytics.ts';
import { searchIndex } from './0006-search-index.ts';
import { searchAnalytics } from './0007-search-analytics.ts';
import { community } from './0008-community.ts';
import { learning } from './0009-learning.ts';
import { answers } from './0010-answers.ts';
import { searchStemPrefixes } from './0011-search-stem-prefixes.ts';
import { searchTypedPrefixes } from './0012-search-typed-prefixes.ts';
import { recordPrefixes } from './0013-record-prefixes.ts';
import { learningWebhookDeliveries } from './0014-learning-webhook-deliveries.ts';
import { backgroundWork } from './0015-background-work.ts';
import { consentAndPreferences } from './0016-consent-and-preferences.ts';
import { supportCases } from './0017-support-cases.ts';
import { searchProvider } from './0018-search-provider.ts';
import { partnerLedger } from './0019-partner-ledger.ts';
import { contactSupport } from './0020-contact-support.ts';
import { agentWorkspace } from './0021-agent-workspace.ts';
import { accountDeletion } from './0023-account-deletion.ts';
import { guestContact } from './0024-guest-contact.ts';
import { chatSupport } from './0025-chat-support.ts';
import { practices } from './0026-practices.ts';
import { partnerFlowsAndResources } from './0027-partner-flows-and-resources.ts';
import { insight } from './0028-insight.ts';
import { searchUsageEvents } from './0029-search-usage-events.ts';
import { searchSlips } from './0030-search-slips.ts';
import { subscriptions } from './0031-subscriptions.ts';
import { partnerServiceJobs } from './0032-partner-service-jobs.ts';
import { caseAttachments } from './0033-case-attachments.ts';
import { partnerProgrammeAdmin } from './0035-partner-programme-admin.ts';
import { caseDescriptionAttachments } from './0037-case-description-attachments.ts';
import { deflectionWindow } from './0038-deflection-window.ts';
import { searchVisitors } from './0039-search-visitors.ts';
import { caseQueueIndexes } from './0040-case-queue-indexes.ts';
import { practiceInvitations } from './0041-practice-invitations.ts';
import { partnerConfigurationRetirement } from './0042-partner-configuration-retirement.ts';
import { subscriptionPracticeNames } from './0043-subscription-practice-names.ts';
import { insightBoundedReads } from './0044-insight-bounded-reads.ts';
import { searchHeadings } from './0045-search-headings.ts';
import { searchVocabulary } from './0046-search-vocabulary.ts';
import { caseDraftFiles } from './0047-case-draft-files.ts';
import { partnerConfigurationChanges } from './0048-partner-configuration-changes.ts';
import { partnerResourceFiles } from './0049-partner-resource-files.ts';
import { partnerChallengePrizes } from './0050-partner-challenge-prizes.ts';

/*
 * Migrations are imported statically rather than read from a folder, so the same set
 * runs under tsx, Vitest and the compiled build. Kysely applies them in name order.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-app-setting': appSetting,
  '0002-identity': identity,
  '0003-partner-programme': partnerProgramme,
  '0004-knowledge': knowledge,
  '0005-analytics': analytics,
  '0006-search-index': searchIndex,
  '0007-search-analytics': searchAnalytics,
  '0008-community': community,
  '0009-learning': learning,
  '0010-answers': answers,
  '0011-search-stem-prefixes': searchStemPrefixes,
  '0012-search-typed-prefixes': searchTypedPrefixes,
  '0013-record-prefixes': recordPrefixes,
  '0014-learning-webhook-deliveries': learningWebhookDeliveries,
  '0015-background-work': backgroundWork,
  '0016-consent-and-preferences': consentAndPreferences,
  '0017-support-cases': supportCases,
  '0018-search-provider': searchProvider,
  '0019-partner-ledger': partnerLedger,
  '0020-contact-support': contactSupport,
  '0021-agent-workspace': agentWorkspace,
  '0023-account-deletion': accountDeletion,
  '0024-guest-contact': guestContact,
  '0025-chat-support': chatSupport,
  '0026-practices': practices,
  '0027-partner-flows-and-resources': partnerFlowsAndResources,
  '0028-insight': insight,
  '0029-search-usage-events': searchUsageEvents,
  '0030-search-slips': searchSlips,
  '0031-subscriptions': subscriptions,
  '0032-partner-service-jobs': partnerServiceJobs,
  '0033-case-attachments': caseAttachments,
  '0035-partner-programme-admin': partnerProgrammeAdmin,
  '0037-case-description-attachments': caseDescriptionAttachments,
  '0038-deflection-window': deflectionWindow,
  '0039-search-visitors': searchVisitors,
  '0040-case-queue-indexes': caseQueueIndexes,
  '0041-practice-invitations': practiceInvitations,
  '0042-partner-configuration-retirement': partnerConfigurationRetirement,
  '0043-subscription-practice-names': subscriptionPracticeNames,
  '0044-insight-bounded-reads': insightBoundedReads,
  '0045-search-headings': searchHeadings,
  '0046-search-vocabulary': searchVocabulary,
  '0047-case-draft-files': caseDraftFiles,
  '0048-partner-configuration-changes': partnerConfigurationChanges,
  '0049-partner-resource-files': partnerResourceFiles,
  '0050-partner-challenge-prizes': partnerChallengePrizes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
