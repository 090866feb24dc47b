import type { UserData } from '~core/gateway';
import { defineRemoteClass } from '../remote-class.ts';

const flag = (value: boolean): 'true' | 'false' => (value ? 'true' : 'false');

export const userDataUtility = defineRemoteClass({
  remoteClass: 'UserDataUtility',
  access: 'signed-in',
  methods: {
    async getUserData({ viewer }): Promise<UserData> {
      const { user } = viewer;
      return {
        UserId: user.id,
        IsPrimaryContact: flag(user.isPrimaryContact),
        IsPrincipalContact: flag(user.isPrincipalContact),
        IsPartner: flag(user.isPartner),
        Market: user.market,
        PartnerProductInterestClient: user.partnerProductInterestClient,
        PartnerProductInterestPractice: user.partnerProductInterestPractice,
      };
    },
  },
});
