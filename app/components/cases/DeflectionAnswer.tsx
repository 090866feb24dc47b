import { GeneratedAnswer } from '../answer/GeneratedAnswer.tsx';
import { useGeneratedAnswer } from '../answer/useGeneratedAnswer.ts';
import { useResultSettings } from '../search/result-settings.ts';
import { useRegion } from '~app/region/RegionProvider.tsx';
import { supportSearchHub } from '~core/search';
import { useSiteConfig } from '~app/site.ts';

/**
 * The generated answer grounded in the help content, for the question being raised: the same
 * answer service and component as the search page, asked with the case's subject. It streams
 * in the browser, so without JavaScript the step shows the search results alone.
 */
export function DeflectionAnswer({ question }: { question: string }) {
  const settings = useResultSettings();
  const config = useSiteConfig();
  const searchHub = config ? supportSearchHub(config) : '';
  const answer = useGeneratedAnswer({ searchHub, question, userRegion: useRegion()?.region });
  if (!settings) return null;
  return (
    <GeneratedAnswer
      state={answer.state}
      client={answer.client}
      settings={settings}
      sourcesInNewTab
    />
  );
}
