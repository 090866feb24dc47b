import { getOnboardingCtaDetail, getUpdateAccountFlowDetails } from '~server/modules/partners';
import { defineRemoteClass } from '../remote-class.ts';

export const partnerController = defineRemoteClass({
  remoteClass: 'PartnerController',
  access: 'partner',
  methods: {
    getOnboardingCTADetail: ({ db, viewer }) => getOnboardingCtaDetail(db, viewer.user.id),
    getUpdateAccountFlowDetails: ({ db, viewer }) =>
      getUpdateAccountFlowDetails(db, viewer.user.id),
  },
});
