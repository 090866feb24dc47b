import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, ATTACHMENTS_FIELD } from '~core/cases';
import { ATTACHMENT_ACCEPT } from '~core/validation';
import styles from '../community/community.module.css';
import { FileField } from '../community/CommunityFormFields.tsx';
import caseStyles from './cases.module.css';

/** A file on a case as the pages get it (the cases module's CaseAttachmentView). */
export interface AttachmentItem {
  id: string;
  fileName: string;
  size: string;
  url: string;
}

/** What a file input on a case form takes, said next to it. */
export const ATTACHMENT_HINT = `Up to ${ATTACHMENT_MAX_FILES} files of at most ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB each: PDFs, images (PNG, JPEG, GIF, WebP) or text files.`;

/** A message's files, each a download link naming its size. */
export function AttachmentList({
  files,
  label,
}: {
  files: readonly AttachmentItem[];
  label: string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className={caseStyles.attachments} aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} download={file.fileName}>
            {file.fileName}
          </a>{' '}
          <span className={caseStyles.attachmentSize}>({file.size})</span>
        </li>
      ))}
    </ul>
  );
}

/** The file input of a reply form (inside a CommunityForm sent as multipart/form-data). */
export function ReplyAttachmentsField() {
  return (
    <FileField
      name={ATTACHMENTS_FIELD}
      label="Attach files"
      hint={ATTACHMENT_HINT}
      accept={ATTACHMENT_ACCEPT}
      multiple
    />
  );
}

/**
 * The files a raise flow keeps for its case before it is sent, each a download naming its size
 * and, on the review step, a button that takes it off (a submit of the flow's form, so it works
 * without JavaScript; it says which file it removes).
 */
export function DraftFileList({
  files,
  removable,
}: {
  files: readonly AttachmentItem[];
  removable: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <ul className={caseStyles.draftFiles} aria-label="Files attached to this case">
      {files.map((file) => (
        <li key={file.id}>
          <span>
            <a href={file.url} download={file.fileName}>
              {file.fileName}
            </a>{' '}
            <span className={caseStyles.attachmentSize}>({file.size})</span>
          </span>
          {removable ? (
            <button
              type="submit"
              name="intent"
              value={`remove-file:${file.id}`}
              className={styles.quietButton}
              aria-label={`Remove ${file.fileName}`}
            >
              Remove
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
