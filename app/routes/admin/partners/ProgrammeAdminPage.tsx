import type { ReactNode } from 'react';
import type { MetaArgs } from 'react-router';
import { useFormResult } from '~app/components/community/CommunityForm.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { PartnerAdminNav } from './PartnerAdminNav.tsx';

/* What every page of the programme's administration draws around its own sections. */

/** The `meta` export of a programme admin page: its heading as title, never indexed. */
export function programmeAdminMeta(heading: string) {
  return ({ matches }: MetaArgs) => pageMeta(matches, () => heading, { noIndex: true });
}

export function ProgrammeAdminPage({
  heading,
  children,
}: {
  heading: string;
  children: ReactNode;
}) {
  return (
    <div className={communityStyles.page}>
      <h1 className={communityStyles.title}>{heading}</h1>
      <PartnerAdminNav />
      {children}
    </div>
  );
}

/** What a form's last sending changed, announced where the form is. */
export function FormOutcome({ formId }: { formId: string }) {
  const { done } = useFormResult(formId);
  return done ? (
    <p role="status" className={communityStyles.notice}>
      {done.message}
    </p>
  ) : null;
}

/** A section of an admin page, titled by its heading. */
export function AdminSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={communityStyles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={communityStyles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
