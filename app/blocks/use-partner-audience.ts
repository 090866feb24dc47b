import { audienceValueOf } from '~core/ui';
import { useViewer } from '../viewer.ts';
import { useRemoteMethod } from './use-remote-method.ts';

/**
 * The audience section value of the home page's partner section, from the audience lookup's
 * isPartner (spec 4). A guest is no partner and is never looked up; a failed lookup leaves the
 * value undecided, which keeps the section hidden.
 */
export function usePartnerAudience(): { settled: boolean; value: string | undefined } {
  const { isGuest } = useViewer();
  const { state } = useRemoteMethod(
    'getAudience',
    {},
    { enabled: !isGuest, source: 'AudienceProvider.getAudience' },
  );
  if (isGuest) return { settled: true, value: audienceValueOf(false) };
  if (state.status === 'loading') return { settled: false, value: undefined };
  return {
    settled: true,
    value: state.status === 'ready' ? audienceValueOf(state.data.isPartner) : undefined,
  };
}
