import { useEffect, useState } from 'react';
import {
  BANNED_WORDS_MESSAGE,
  BANNED_WORDS_RESOURCE_PATH,
  bannedWordsLoader,
  containsBannedWords,
  type BannedWordsList,
} from '~core/community';

/** Loaded once per page session, the first time a community form shows (spec 5). */
const loadList = bannedWordsLoader(() => fetch(BANNED_WORDS_RESOURCE_PATH));

function passAll(): undefined {
  return undefined;
}

/**
 * The banned-words check in the browser, so a refused text is flagged before it is sent: the
 * message for a text that may not be posted, undefined for one that may. Until the list has
 * loaded (and when it cannot load) everything passes here; the server checks every post anyway.
 */
export function useBannedWordCheck(): (text: string) => string | undefined {
  const [check, setCheck] = useState<(text: string) => string | undefined>(() => passAll);
  useEffect(() => {
    let live = true;
    void loadList().then((list: BannedWordsList) => {
      if (live)
        setCheck(
          () => (text: string) =>
            containsBannedWords(list, text) ? BANNED_WORDS_MESSAGE : undefined,
        );
    });
    return () => {
      live = false;
    };
  }, []);
  return check;
}
