import { userTextRenderer } from '~server/modules/content';

/** A case's Markdown (description, messages) as sanitised HTML on its way to the page. */
export const caseTextHtml = userTextRenderer('Case text');
