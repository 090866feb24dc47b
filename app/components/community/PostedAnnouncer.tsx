import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageStore } from '../ui/page-store.ts';
import {
  announcePost,
  focusPost,
  NOTHING_POSTED,
  posted,
  postedTarget,
  takePendingPost,
} from './posted.ts';

/**
 * On a page that takes posts: once a posting form's redirect lands here, focus moves to the
 * new post (`pageTarget` names the page's own post, for a new discussion or idea) and a polite
 * live region says it was posted, so keyboard and screen-reader users land on it too.
 */
export function PostedAnnouncer({ pageTarget }: { pageTarget: string }) {
  const location = useLocation();
  const { message } = usePageStore(posted, NOTHING_POSTED);

  useEffect(() => {
    const pending = takePendingPost();
    if (!pending) return;
    const target = postedTarget(pending, location, pageTarget);
    const element = target ? document.getElementById(target) : null;
    if (!element) return;
    focusPost(element);
    announcePost(pending.kind);
  }, [location, pageTarget]);

  return (
    <p role="status" className="visually-hidden">
      {message}
    </p>
  );
}
