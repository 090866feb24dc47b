import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';

/**
 * Whether a form is already on its way, known at once. The navigation state that disables the
 * button arrives with the next render, which a double click outruns: its second click would
 * send the form again and its refusal ("decided already") would replace the first's outcome.
 * The mark clears once the router is idle again, after the answer or any other navigation.
 */
export function useSubmitOnce(): { alreadySent: () => boolean; markSent: () => void } {
  const sent = useRef(false);
  const navigation = useNavigation();
  const { key } = useLocation();
  useEffect(() => {
    if (navigation.state === 'idle') sent.current = false;
  }, [navigation.state, key]);
  return {
    alreadySent: () => sent.current,
    markSent: () => {
      sent.current = true;
    },
  };
}
