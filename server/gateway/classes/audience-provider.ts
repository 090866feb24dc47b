import { mayUsePartnerProgramme } from '~server/modules/partners';
import { defineRemoteClass } from '../remote-class.ts';

export const audienceProvider = defineRemoteClass({
  remoteClass: 'AudienceProvider',
  access: 'anyone',
  methods: {
    async getAudience({ viewer }) {
      return { isPartner: mayUsePartnerProgramme(viewer) };
    },
  },
});
