import { findContentTeam } from '~server/modules/content';
import { defineRemoteClass } from '../remote-class.ts';

export const tracking = defineRemoteClass({
  remoteClass: 'Tracking',
  access: 'anyone',
  methods: {
    /*
     * A record without a team, or no record at all, answers '' rather than 404: the browser
     * uses '' for any failure (spec 8), and a 404 would only be reported as an error.
     */
    async getTeamValue({ db }, { recordId }) {
      return (await findContentTeam(db, recordId)) ?? '';
    },
  },
});
