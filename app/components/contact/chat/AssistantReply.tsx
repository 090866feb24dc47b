import { useEffect, useMemo, useRef } from 'react';
import { searchSettings } from '~core/search';
import { GeneratedAnswer } from '../../answer/GeneratedAnswer.tsx';
import { useGeneratedAnswer } from '../../answer/useGeneratedAnswer.ts';
import { useResultSettings } from '../../search/result-settings.ts';
import { useRegion } from '~app/region/RegionProvider.tsx';
import { useSite } from '~app/site.ts';

/**
 * The assistant's answer to the visitor's latest question, streamed with its citations by the
 * same answer service and component as the search page. When the stream ends it tells the
 * chat the answer's id (to keep it in the transcript), or that no answer came.
 */
export function AssistantReply({
  question,
  onAnswered,
  onFailed,
}: {
  question: string;
  onAnswered(answerId: string): void;
  onFailed(): void;
}) {
  const site = useSite();
  const settings = useResultSettings();
  const searchHub = useMemo(
    () =>
      site
        ? (searchSettings(site.config).find((candidate) => candidate.mode === 'support')
            ?.searchHub ?? '')
        : '',
    [site],
  );
  const answer = useGeneratedAnswer({ searchHub, question, userRegion: useRegion()?.region });
  const told = useRef(false);
  const { phase, answerId } = answer.state;
  useEffect(() => {
    if (told.current) return;
    if (phase === 'done' && answerId) {
      told.current = true;
      onAnswered(answerId);
    } else if (phase === 'failed') {
      told.current = true;
      onFailed();
    }
  }, [phase, answerId, onAnswered, onFailed]);
  if (!settings) return null;
  return (
    <GeneratedAnswer
      state={answer.state}
      client={answer.client}
      settings={settings}
      headingLevel={3}
    />
  );
}
