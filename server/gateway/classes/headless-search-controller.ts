import { headlessEndpoints, searchOrganizationId } from '~core/headless-protocol';
import type { HeadlessConfiguration, SearchUserContext } from '~core/gateway';
import { searchSettings, searchSettingsForHub } from '~core/search';
import type { Viewer } from '~server/modules/identity';
import { searchTokenKey, signSearchToken } from '~server/modules/search-token';
import { invalidParams } from '../gateway-error.ts';
import { defineRemoteClass } from '../remote-class.ts';

/*
 * Audiences of the content catalogue (content/catalogue.yaml): partners are the accountants and
 * bookkeepers the partner programme serves; every other signed-in user is a customer.
 */
function audiencesOf(viewer: Viewer): string[] {
  if (viewer.isGuest) return [];
  return viewer.user.isPartner ? ['accountants-and-bookkeepers'] : ['small-business'];
}

export const headlessSearchController = defineRemoteClass({
  remoteClass: 'HeadlessSearchController',
  access: 'anyone',
  methods: {
    async getHeadlessConfiguration({ viewer, config, now, visitorKey }, { searchHub }) {
      const settings = searchSettingsForHub(config, searchHub);
      if (settings === undefined) {
        const hubs = searchSettings(config).map((known) => known.searchHub);
        throw invalidParams(
          'getHeadlessConfiguration',
          `searchHub must be one of ${hubs.join(', ')}, not '${searchHub}'.`,
        );
      }
      const { token, expiresAt } = signSearchToken(
        searchTokenKey(config.sessionSecret),
        { searchHub, userId: viewer.user?.id ?? null, visitorKey: visitorKey() },
        now,
      );
      const configuration: HeadlessConfiguration = {
        accessToken: token,
        organizationId: searchOrganizationId(config.prefix, config.siteUrl),
        searchHub: settings.searchHub,
        pipeline: settings.pipeline,
        engineId: settings.engineId,
        expiresAt: expiresAt.toISOString(),
        endpoints: headlessEndpoints(config.siteUrl),
      };
      return JSON.stringify(configuration);
    },

    async getCurrentUserContext({ viewer }): Promise<SearchUserContext> {
      return {
        isGuest: viewer.isGuest,
        userId: viewer.user?.id ?? null,
        isPartner: viewer.user?.isPartner ?? false,
        market: viewer.user?.market ?? null,
        audiences: audiencesOf(viewer),
      };
    },
  },
});
